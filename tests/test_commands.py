"""The one `palace-lab run` line builder (simcore/core/store/commands.py): every line it
writes is one the CLI parses back to the same settings, numbers exactly, and a manifest
field that cannot enter a line is named instead of printed."""

from __future__ import annotations

import shlex

import cli
from simcore.core.store.commands import RunLine, manifest_line, replay_command, run_command


def _parsed(line: str) -> dict:
    """The `run` command's parameters as click reads `line` (nothing is run)."""
    args = shlex.split(line)
    assert args[:2] == ["palace-lab", "run"]
    ctx = cli.cli.commands["run"].make_context("run", args[2:])
    return ctx.params


def _manifest(**over) -> dict:
    m = {"game": "maharaja", "players": 3, "games": 9000, "seed": 11, "chunk_size": 3000,
         "stopping": {"target_ci": 0.0125},
         "strategies": [{"name": "weighted", "params": {"char_noise": 0.123456789}}] * 3,
         "variants": [], "rules_changed": {"deal": "random"},
         "chunks": [{"n_games": 3000, "status": "done"}, {"n_games": 3000, "status": "done"},
                    {"n_games": 3000, "status": "pending"}]}  # fmt: skip
    return m | over


def test_a_run_line_parses_back_to_its_settings(tmp_path):
    line = RunLine(4, 300, 7, 100, "weighted,random,weighted,random", "maharaja", 0.02,
                   variants=("yogi",), sets=("deal=random",), data=("board=b.json",))  # fmt: skip
    p = _parsed(line.text(tmp_path / "a run", resume=True))
    assert (p["game"], p["players"], p["games"], p["seed"], p["chunk"]) == (
        "maharaja", 4, 300, 7, 100)  # fmt: skip
    assert p["target_ci"] == 0.02 and p["resume"] and p["out"] == str(tmp_path / "a run")
    assert p["strategy"] == "weighted,random,weighted,random"
    assert list(p["sets"]) == ["deal=random"] and list(p["variants"]) == ["yogi"]


def test_a_continued_run_keeps_its_games_and_rule_and_every_digit(tmp_path):
    p = _parsed(run_command(tmp_path, _manifest(), resume=True))
    assert p["games"] == 9000 and p["target_ci"] == 0.0125 and p["resume"]
    assert p["strategy"] == "weighted:char_noise=0.123456789"  # repr, not 6 digits


def test_a_replay_plays_the_finished_chunks_without_the_stopping_rule(tmp_path):
    line = manifest_line(_manifest(), played=True)
    assert line.games == 6000 and line.target_ci is None  # 2 of 3 chunks done, by hand
    p = _parsed(replay_command(_manifest(), tmp_path))
    assert p["games"] == 6000 and p["target_ci"] is None and not p["resume"]


def test_a_field_that_cannot_enter_a_line_is_named(tmp_path):
    assert (
        run_command(tmp_path, _manifest(seed=-1)) == "not reproducible from its manifest (seed -1)"
    )
    bad = _manifest(strategies=[{"name": "weighted; rm -rf ~"}] * 3)
    assert replay_command(bad, tmp_path).startswith("not reproducible from its manifest (strat")
    nan = _manifest(strategies=[{"name": "weighted", "params": {"x": float("nan")}}] * 3)
    assert run_command(tmp_path, nan) == "not reproducible from its manifest (strategies nan)"


def test_the_default_game_is_left_out_of_a_new_runs_line(tmp_path):
    from jobs.run_job import run_command as new_run_command
    from simcore.core.contract.games import default_game

    text = new_run_command(4, 300, 0, "weighted", 100, None, (), (), None, tmp_path)
    assert text.startswith("palace-lab run --players 4 --games 300 --seed 0 ")
    assert _parsed(text)["game"] == default_game()
