"""Every registered game through the generic layers (OpenSpiel-style: the same tests over
every game, here Maharaja, any later game and the tests' toy game): a run through the
CLI, its results contract (also for a batch of no games), determinism across chunk
splits, a report, and the listings.
"""

from __future__ import annotations

import json

import numpy as np
import polars as pl
import pytest

import strategies
from jobs.batch import BatchSpec, play_chunk
from simcore.core.contract.games import games
from tests.cli_run import run_cli

GAMES = sorted(games())


def test_at_least_two_real_games_and_the_toy_one():
    assert "maharaja" in GAMES and "toy" in GAMES


def test_every_built_in_game_is_an_entry_point_of_its_own_plugin():
    """pyproject.toml declares each game in simcore/ the way a game package does
    (examples/palace-lab-dice), naming the module that registers it."""
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    entries = project["project"]["entry-points"]["palace_lab.games"]
    built_in = {p.name for p in (root / "simcore").iterdir() if (p / "plugin.py").is_file()}
    assert entries == {name: f"simcore.{name}.plugin" for name in built_in}
    assert built_in <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_run_writes_the_results_contract(capsys, tmp_path, game):
    g = games()[game]
    out = tmp_path / "run"
    players = g.min_players
    code, text, err = run_cli(capsys, "run", "--game", game, "--players", str(players),
                              "--games", "60", "--chunk-size", "25", "--strategy", "random",
                              "--out", str(out))  # fmt: skip
    assert code == 0, err
    assert f"win rate by {g.primary.label}" in text
    m = json.loads((out / "manifest.json").read_text())
    assert m["game"] == game and m["players"] == players and m["status"] == "complete"
    df = pl.read_parquet(str(out / "chunks" / "*.parquet"))
    assert df.height == 60 * players and df["game_id"].n_unique() == 60
    for col in ("game_id", "seat", "players", "strategy", "winner", "rank", "errors"):
        assert col in df.columns, col
    for key in g.keys:
        assert key.column in df.columns, key.column
    # every game hands out exactly one win (shared first places split it)
    win = pl.col("win_share") if "win_share" in df.columns else pl.col("winner").cast(float)
    per_game = df.group_by("game_id").agg(win.sum().alias("w"))["w"].to_numpy()
    assert np.allclose(per_game, 1.0)
    assert (df.filter(pl.col("winner"))["rank"] == 0).all()
    assert df["errors"].sum() == 0


@pytest.mark.parametrize("game", GAMES)
def test_chunks_do_not_change_results(game):
    g = games()[game]
    n = g.max_players
    seats = strategies.resolve([strategies.default_strategy(game)], n, game)
    sids, params = strategies.seat_arrays(seats, game)
    spec = BatchSpec.of(game, n, 5, g.default_rules(), g.default_data(), sids, params)
    whole = play_chunk(spec, 0, 12)
    parts = np.concatenate([play_chunk(spec, 0, 5), play_chunk(spec, 5, 7)])
    assert np.array_equal(whole, parts)
    assert not np.array_equal(whole, play_chunk(BatchSpec.of(
        game, n, 6, g.default_rules(), g.default_data(), sids, params), 0, 12))  # fmt: skip


@pytest.mark.parametrize("game", GAMES)
def test_report_over_a_run_names_the_game_keys(capsys, tmp_path, game):
    g = games()[game]
    run = tmp_path / "run"
    code, _, err = run_cli(capsys, "run", "--game", game, "--games", "200", "--chunk-size",
                           "100", "--strategy", "random", "--out", str(run))  # fmt: skip
    assert code == 0, err
    code, text, err = run_cli(capsys, "report", str(run), "--out", str(tmp_path / "r.html"))
    assert code == 0, err
    html = (tmp_path / "r.html").read_text()
    assert g.title.split(" (")[0] in html
    assert f"Win rate by {g.primary.label}" in html
    for note in g.notes:
        assert note[:40] in html


@pytest.mark.parametrize("game", GAMES)
def test_listings_and_one_game(capsys, game):
    g = games()[game]
    code, out, err = run_cli(capsys, "rules", "--game", game)
    assert code == 0, err
    assert [line.split()[0] for line in out.splitlines()] == list(g.rule_docs)
    code, out, _ = run_cli(capsys, "strategies", "--game", game)
    assert code == 0 and "random" in out and "(default)" in out
    code, out, err = run_cli(capsys, "play", "--game", game, "--strategy", "random", "--json")
    assert code == 0, err
    assert [json.loads(line) for line in out.splitlines()]  # JSON lines, at least one event
    code, out, _ = run_cli(capsys, "games")
    assert code == 0 and any(line.split()[0] == game for line in out.splitlines())


@pytest.mark.parametrize("game", GAMES)
def test_a_batch_of_no_games_is_an_empty_table_with_the_full_schema(game):
    """The results schema does not depend on how many games a batch holds: 0 games give
    no rows and exactly the columns and types of a batch that was played, with a variant
    on and a rule changed (so its variant and rule columns too)."""
    g = games()[game]
    n = g.min_players
    rules = g.default_rules().with_variants(sorted(g.variants)[:1])
    if example := getattr(rules, "OVERRIDE_EXAMPLE", ""):
        rules = rules.with_overrides([example])
    g.check_rules(rules, n)
    seats = strategies.resolve(["random"], n, game)
    sids, params = strategies.seat_arrays(seats, game)
    driver = strategies.driver_for(game)
    names = tuple(s.name for s in seats)
    played = g.play_batch(driver, sids, params, 3, n, 1, 0, rules, g.default_data())
    none = g.play_batch(driver, sids, params, 0, n, 1, 0, rules, g.default_data())
    assert none.shape == (0, *played.shape[1:])
    full = g.records_table(played, 0, names, rules)
    empty = g.records_table(none, 0, names, rules)
    assert full.num_rows == 3 * n and empty.num_rows == 0
    assert empty.schema == full.schema
    if example:
        assert f"rule_{example.split('=')[0]}" in empty.column_names


def test_an_unknown_game_is_one_line(capsys):
    code, _, err = run_cli(capsys, "run", "--game", "chess")
    assert code == 2 and "unknown game 'chess'" in err and len(err.strip().splitlines()) == 1
