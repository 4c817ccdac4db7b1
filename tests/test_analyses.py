"""Balance analyses: hand-computed statistics on small frames, and real runs vs direct polars."""

import json

import numpy as np
import polars as pl
import pytest
from scipy import stats

from analyses.compare import rate_differences, sweep_parameter
from analyses.equality import equal_share_tests
from analyses.intervals import newcombe_diff, wilson, wilson_expr
from analyses.rates import mask_win_rates, win_rates
from analyses.rundata import find_runs, run_frame
from analyses.shape import shape_means
from simcore.core.contract.games import get_game
from simcore.core.errors import InputError
from tests.report_fixtures import write_frame_run, write_run


def frame(rows):
    """rows: (game_id, seat, start_character, winner, palaces, gold, rounds, end_reason)."""
    cols = [
        "game_id",
        "seat",
        "start_character",
        "winner",
        "palaces",
        "gold",
        "rounds",
        "end_reason",
    ]
    df = pl.DataFrame(rows, schema=cols, orient="row")
    return df.with_columns(pl.lit("r").alias("run"), pl.lit(2, dtype=pl.Int8).alias("players"))


def test_wilson_matches_textbook_and_vectorised_form():
    lo, hi = wilson(5, 10)  # Newcombe (1998), table I: 5/10 -> 0.2366 to 0.7634
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    d = pl.DataFrame({"w": [0, 5, 81, 263], "n": [10, 10, 263, 263]})
    elo, ehi = wilson_expr(pl.col("w"), pl.col("n"))
    got = d.select(elo.alias("lo"), ehi.alias("hi"))
    for (w, n), (a, b) in zip(d.iter_rows(), got.iter_rows(), strict=True):
        assert (a, b) == pytest.approx(wilson(w, n), abs=1e-12)


def test_newcombe_difference_matches_the_paper():
    lo, hi = newcombe_diff(56, 70, 48, 80)  # Newcombe (1998) example (a), method 10
    assert (round(lo, 4), round(hi, 4)) == (0.0524, 0.3339)


def test_win_rates_by_hand():
    # Two-player games: A wins 2 of its 3 games, B wins 1 of 3.
    rows = [
        (0, 0, "A", True, 3, 10, 9, "field10"),
        (0, 1, "B", False, 1, 20, 9, "field10"),
        (1, 0, "B", True, 4, 5, 10, "field10"),
        (1, 1, "A", False, 2, 7, 10, "field10"),
        (2, 0, "A", True, 7, 1, 8, "palaces"),
        (2, 1, "B", False, 0, 30, 8, "palaces"),
    ]
    r = win_rates(frame(rows).lazy(), "start_character")
    a = r.filter(pl.col("start_character") == "A").row(0, named=True)
    assert (a["wins"], a["n"], a["fair"]) == (2, 3, 0.5)
    assert a["rate"] == pytest.approx(2 / 3)
    assert (a["lo"], a["hi"]) == pytest.approx(wilson(2, 3))
    assert a["fair_inside"]  # three games cannot tell 2/3 from 1/2
    s = shape_means(frame(rows).lazy(), get_game("maharaja").shape).row(0, named=True)
    assert s["games"] == 3
    assert s["rounds_mean"] == pytest.approx(9.0)
    assert s["winner_palaces_mean"] == pytest.approx((3 + 4 + 7) / 3)
    assert s["rest_gold_mean"] == pytest.approx((20 + 7 + 30) / 3)


def test_held_characters_use_the_bitmask():
    # Bit k = character k (Mogul=0, Merchant=1); seat 0 of game 0 holds both and wins.
    df = pl.DataFrame(
        {
            "run": ["r"] * 4,
            "players": pl.Series([2] * 4, dtype=pl.Int8),
            "game_id": [0, 0, 1, 1],
            "characters_held": pl.Series([0b11, 0b100, 0b1, 0b10], dtype=pl.Int8),
            "winner": [True, False, False, True],
        }
    )
    (mask,) = get_game("maharaja").mask_keys
    h = {
        r["characters_held"]: (r["wins"], r["n"])
        for r in mask_win_rates(df.lazy(), mask).iter_rows(named=True)
        if r["n"]
    }
    assert h == {"Mogul": (1, 2), "Merchant": (2, 2), "Sadhu": (0, 1)}


def test_equality_test_is_pearson_when_every_key_plays_every_game():
    # Seat 0 wins 7 of 10 two-player games: Pearson X2 = (7-5)^2/5 + (3-5)^2/5 = 1.6, 1 df.
    rows = [
        (g, s, "x", (s == 0) == (g < 7), 0, 0, 10, "field10") for g in range(10) for s in (0, 1)
    ]
    (t,) = equal_share_tests(frame(rows).lazy(), "seat")
    assert (t.games, t.df) == (10, 1)
    assert t.statistic == pytest.approx(1.6)
    assert t.p_value == pytest.approx(stats.chi2.sf(1.6, 1))


def test_equality_test_holds_its_level_when_characters_vary_per_game():
    # Null data: 4 of 6 characters per game, a uniformly random winner. The test should
    # reject about 5% of such samples (200 samples: 1.5%..10% is > 2 sd either side).
    rng = np.random.default_rng(7)
    rejections = 0
    for _ in range(200):
        games = 150
        chars = np.array([rng.permutation(6)[:4] for _ in range(games)])
        win = rng.integers(0, 4, games)
        df = pl.DataFrame(
            {
                "run": "r",
                "players": pl.Series([4] * games * 4, dtype=pl.Int8),
                "game_id": np.repeat(np.arange(games), 4),
                "start_character": [f"c{c}" for c in chars.ravel()],
                "winner": (np.tile(np.arange(4), games) == np.repeat(win, 4)),
            }
        )
        (t,) = equal_share_tests(df.lazy(), "start_character")
        assert t.df == 5
        rejections += t.significant
    assert 0.015 <= rejections / 200 <= 0.10


def test_rate_differences_and_sweep_detection():
    rates = pl.DataFrame(
        {
            "run": ["base", "new"],
            "players": [4, 4],
            "k": ["x", "x"],
            "wins": [48, 56],
            "n": [80, 70],
            "rate": [48 / 80, 56 / 70],
        }
    )
    (d,) = rate_differences(rates, "k", {4: "base"}).iter_rows(named=True)
    assert d["diff"] == pytest.approx(0.2)
    assert (round(d["lo"], 4), round(d["hi"], 4)) == (0.0524, 0.3339)
    assert d["significant"]
    rules = [{"palace_cost": v, "gold": 2} for v in (10, 11, 12)]
    assert sweep_parameter([(4, r) for r in rules]) == "palace_cost"
    rules[1]["gold"] = 3
    assert sweep_parameter([(4, r) for r in rules]) is None
    assert sweep_parameter([(4, r) for r in rules[:2]]) is None  # two runs are no sweep


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("runs")
    write_run(root / "a", players=4, games=600, seed=3, chunk_size=250)
    write_run(root / "b", players=4, games=500, seed=4, sets=("palace_cost=11",))
    return root


def test_real_runs_agree_with_direct_polars(two_runs):
    runs = find_runs([two_runs])
    assert [r.label for r in runs] == ["basic game", "palace_cost=11"]
    lf = pl.concat([run_frame(r) for r in runs], how="diagonal_relaxed")
    got = win_rates(lf, "start_character")
    direct = pl.read_parquet(str(two_runs / "a" / "chunks" / "*.parquet"))
    assert direct["game_id"].n_unique() == 600
    for name, g in direct.group_by("start_character"):
        row = got.filter((pl.col("run") == "basic game") & (pl.col("start_character") == name[0]))
        assert row["wins"].item() == g["winner"].sum()
        assert row["n"].item() == g.height
    # One winner per game, so the character wins add up to the games.
    assert got.filter(pl.col("run") == "basic game")["wins"].sum() == 600


def test_bad_inputs_are_one_line_errors(tmp_path, two_runs):
    with pytest.raises(InputError, match="no runs found"):
        find_runs([tmp_path])
    with pytest.raises(InputError, match="not a directory"):
        find_runs([tmp_path / "missing"])
    other = write_frame_run(
        tmp_path / "other",
        frame([(0, 0, "A", True, 1, 1, 1, "field10"), (0, 1, "B", False, 1, 1, 1, "field10")]),
        2,
        game="another-game",
    )
    with pytest.raises(InputError, match="different games"):
        find_runs([two_runs / "a", other])
    m = json.loads((other / "manifest.json").read_text())
    (other / "manifest.json").write_text(json.dumps(m | {"format": "x/9"}))
    with pytest.raises(InputError, match="format"):
        find_runs([other])
    (other / "manifest.json").write_text(json.dumps(m | {"game": "maharaja"}))
    (other / "chunks" / "chunk-000000.parquet").unlink()
    with pytest.raises(InputError, match="missing"):
        find_runs([other])
