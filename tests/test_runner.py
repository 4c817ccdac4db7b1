"""The batch runner: run directories, resume, refusals, and the same rows whatever the split.

Expected rows come from play_batch directly (the engine's own batch API), never from
the runner's output; schema types are the results contract's.
"""

from __future__ import annotations

import json

import numpy as np
import polars as pl
import pytest

import strategies
from jobs.batch import BatchSpec, play_chunk_parquet, run_config
from jobs.executors import LocalExecutor
from jobs.runner import RunInterrupted, RunPlan, execute, open_run
from simcore.core.errors import InputError
from simcore.core.store.manifest import seal
from simcore.core.store.results_io import read_manifest, scan_run
from simcore.maharaja.enums import CHARACTER_NAMES, END_REASON_NAMES
from simcore.maharaja.game import play_batch
from simcore.maharaja.game_data import default_board
from simcore.maharaja.records import REC
from simcore.maharaja.rules import RuleSet

PLAYERS = 3


def make_plan(out, games=90, chunk=20, seed=4, rules=None, resume=False, task=None) -> RunPlan:
    rules = rules or RuleSet(first_chooser=-1)
    seats = strategies.resolve(["random"], PLAYERS)
    sids, params = strategies.seat_arrays(seats)
    names = tuple(s.name for s in seats)
    spec = BatchSpec.of("maharaja", PLAYERS, seed, rules, default_board(), sids, params, names)
    info = [{"seat": i, "name": n, "params": {}} for i, n in enumerate(names)]
    return RunPlan(out, run_config(spec, info, "default"), games, chunk, PLAYERS,
                   task or play_chunk_parquet, spec, "test", resume)  # fmt: skip


def run(plan, workers=1):
    return execute(plan, open_run(plan), LocalExecutor(workers))


def rows(out) -> pl.DataFrame:
    return scan_run(out).collect().sort("game_id", "seat")


def test_rows_match_the_engine_and_the_contract(tmp_path, driver):
    plan = make_plan(tmp_path / "r", games=50, chunk=15)
    run(plan)
    df = rows(tmp_path / "r")
    spec = plan.spec
    rec = play_batch(driver, spec.sids, spec.params, 50, PLAYERS, spec.seed, 0, spec.rules)
    flat = rec.reshape(50 * PLAYERS, -1)
    col = {n: flat[:, i] for i, n in enumerate(REC.RECORD_COLUMNS)}
    assert df.height == 50 * PLAYERS
    assert df["game_id"].to_list() == np.repeat(np.arange(50), PLAYERS).tolist()
    assert df["seat"].to_list() == list(range(PLAYERS)) * 50
    for name in ("palaces", "gold", "rank", "rounds", "first_order", "characters_held"):
        assert df[name].to_list() == col[name].tolist(), name
    assert df["start_character"].to_list() == [CHARACTER_NAMES[k] for k in col["start_character"]]
    assert df["end_reason"].to_list() == [END_REASON_NAMES[k] for k in col["end_reason"]]
    assert df["winner"].to_list() == (col["rank"] == 0).tolist()
    # one winner per game (M-E2), and the contract's types
    assert df.group_by("game_id").agg(pl.col("winner").sum())["winner"].to_list() == [1] * 50
    want = {"game_id": pl.Int64, "seat": pl.Int8, "players": pl.Int8, "strategy": pl.String,
            "start_character": pl.String, "end_character": pl.String, "characters_held": pl.Int8,
            "first_order": pl.Int8, "palaces": pl.Int8, "gold": pl.Int32, "rank": pl.Int8,
            "winner": pl.Boolean, "rounds": pl.Int8, "end_reason": pl.String,
            "fees_paid": pl.Int32, "errors": pl.Int16, "variant_short": pl.Boolean,
            "variant_several": pl.Boolean, "rule_first_chooser": pl.Int32}  # fmt: skip
    assert {k: df.schema[k] for k in want} == want
    assert df["rule_first_chooser"].unique().to_list() == [-1]
    assert not df["variant_short"].any()


def test_manifest_records_the_configuration(tmp_path):
    run(make_plan(tmp_path / "r", games=45, chunk=20, rules=RuleSet(palace_cost=11)))
    m = read_manifest(tmp_path / "r")
    assert m["format"] == "palace-lab-run/1" and m["status"] == "complete"
    assert (m["players"], m["games"], m["seed"], m["chunk_size"]) == (PLAYERS, 45, 4, 20)
    assert m["rules_changed"] == {"palace_cost": 11}
    assert m["rules"]["palace_cost"] == 11
    assert len(m["board"]["sha256"]) == 64 and m["board"]["source"] == "default"
    assert [(c["first_game"], c["n_games"]) for c in m["chunks"]] == [(0, 20), (20, 20), (40, 5)]
    assert all(c["status"] == "done" and c["seconds"] >= 0 for c in m["chunks"])
    assert m["finished"] and m["created"] and m["package_version"]
    df = rows(tmp_path / "r")
    assert df["rule_palace_cost"].unique().to_list() == [11]


def test_payouts_column_is_the_run_row_as_text(tmp_path):
    rules = RuleSet(first_chooser=-1).with_overrides(["payouts.3=12,6,1"])
    run(make_plan(tmp_path / "r", games=5, chunk=5, rules=rules))
    assert rows(tmp_path / "r")["rule_payouts"].unique().to_list() == ["12,6,1"]


def test_one_and_two_workers_give_the_same_files(tmp_path):
    run(make_plan(tmp_path / "a", games=120, chunk=25), workers=1)
    run(make_plan(tmp_path / "b", games=120, chunk=25), workers=2)
    assert rows(tmp_path / "a").equals(rows(tmp_path / "b"))
    # another chunk size splits the same games differently: same rows
    run(make_plan(tmp_path / "c", games=120, chunk=7), workers=2)
    assert rows(tmp_path / "a").equals(rows(tmp_path / "c"))


@pytest.mark.slow
def test_dask_local_cluster_gives_the_same_rows(tmp_path):
    distributed = pytest.importorskip("distributed")
    from jobs.executors import DaskExecutor

    run(make_plan(tmp_path / "a", games=200, chunk=50), workers=1)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:  # fmt: skip
        ex = DaskExecutor(cluster.scheduler_address)
        try:
            plan = make_plan(tmp_path / "d", games=200, chunk=50)
            execute(plan, open_run(plan), ex)
        finally:
            ex.close()
    assert ex.workers == 2
    assert rows(tmp_path / "a").equals(rows(tmp_path / "d"))


class _Interrupt:
    """A task that raises KeyboardInterrupt (Ctrl-C) when asked for the chunk at game `at`."""

    def __init__(self, at):
        self.at = at

    def __call__(self, spec, first, count):
        if first == self.at:
            raise KeyboardInterrupt
        return play_chunk_parquet(spec, first, count)


def test_interrupt_then_resume_equals_an_uninterrupted_run(tmp_path):
    run(make_plan(tmp_path / "whole", games=100, chunk=20))
    out = tmp_path / "r"
    with pytest.raises(RunInterrupted) as e:
        run(make_plan(out, games=100, chunk=20, task=_Interrupt(60)))
    assert e.value.games_done == 60
    m = read_manifest(out)
    assert m["status"] == "interrupted"
    assert [c["status"] for c in m["chunks"]] == ["done"] * 3 + ["pending"] * 2
    assert rows(out).height == 60 * PLAYERS  # an interrupted run gives what it has
    run(make_plan(out, games=100, chunk=20, resume=True))
    assert read_manifest(out)["status"] == "complete"
    assert rows(out).equals(rows(tmp_path / "whole"))


def test_resume_redoes_missing_and_half_written_chunks(tmp_path):
    run(make_plan(tmp_path / "whole", games=100, chunk=20))
    out = tmp_path / "r"
    run(make_plan(out, games=100, chunk=20))
    # a SIGKILL-like state: one file gone, one truncated, a stray temporary, manifest stale
    (out / "chunks/chunk-000001.parquet").unlink()
    bad = out / "chunks/chunk-000003.parquet"
    bad.write_bytes(bad.read_bytes()[:100])
    (out / "chunks/.tmp-chunk-000004.parquet.123").write_bytes(b"junk")
    m = json.loads((out / "manifest.json").read_text())
    m["status"] = "running"
    (out / "manifest.json").write_text(json.dumps(seal(m)))  # as the killed run wrote it
    keep = (out / "chunks/chunk-000000.parquet").stat().st_mtime_ns
    result = run(make_plan(out, games=100, chunk=20, resume=True))
    assert result.games_played == 40  # only the two broken chunks were played again
    assert (out / "chunks/chunk-000000.parquet").stat().st_mtime_ns == keep
    assert not list((out / "chunks").glob(".tmp-*"))
    assert rows(out).equals(rows(tmp_path / "whole"))


def test_resume_with_another_configuration_is_refused(tmp_path):
    out = tmp_path / "r"
    run(make_plan(out, games=40, chunk=20))
    before = (out / "manifest.json").read_text()
    with pytest.raises(InputError, match=r"seed: 4 -> 5"):
        run(make_plan(out, games=40, chunk=20, seed=5, resume=True))
    with pytest.raises(InputError, match=r"rules.palace_cost: 12 -> 11"):
        rules = RuleSet(first_chooser=-1, palace_cost=11)
        run(make_plan(out, games=40, chunk=20, rules=rules, resume=True))
    assert (out / "manifest.json").read_text() == before


@pytest.mark.parametrize("case", ["other run", "not empty", "resume nothing"])
def test_output_directory_refusals_write_nothing(tmp_path, case):
    out = tmp_path / "r"
    if case == "other run":
        run(make_plan(out, games=20, chunk=20))
    elif case == "not empty":
        out.mkdir()
        (out / "notes.txt").write_text("mine")
    before = sorted(p.name for p in tmp_path.rglob("*"))
    with pytest.raises(InputError):
        run(make_plan(out, games=20, chunk=20, resume=case == "resume nothing"))
    assert sorted(p.name for p in tmp_path.rglob("*")) == before


def test_scan_run_on_a_directory_without_a_run(tmp_path):
    with pytest.raises(InputError, match="holds no run"):
        scan_run(tmp_path)
