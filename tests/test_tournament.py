"""palace-lab tournament: seat rotations on common seeds, pairwise counts, and a
Plackett–Luce rating that puts a clearly stronger strategy first."""

import json

import numpy as np
import polars as pl
import pytest

from analyses.tournament import (
    Games,
    load_games,
    pairwise,
    plackett_luce,
    reference,
    win_rates,
)
from analyses.tournament import rating as tournament_rating
from jobs.tournament_plan import parse_strategies, schedule
from tests.cli_run import run_cli


def test_schedule_rotations():
    # k >= players: every 3-subset of 4 strategies, 3 rotations each
    s = schedule(4, 3)
    assert len(s) == 4 * 3
    assert [0, 1, 2] in s and [1, 2, 0] in s and [2, 0, 1] in s
    # k < players: each strategy once plus one extra, grouped, in every rotation
    assert schedule(3, 4)[:4] == [[0, 0, 1, 2], [0, 1, 2, 0], [1, 2, 0, 0], [2, 0, 0, 1]]
    assert len(schedule(3, 4)) == 3 * 4
    assert schedule(2, 4) == [[0, 0, 1, 1], [0, 1, 1, 0], [1, 1, 0, 0], [1, 0, 0, 1]]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("k", [2, 3, 4, 5, 6])
def test_schedule_seats_every_strategy_equally_often_in_every_seat(players, k):
    tables = np.array(schedule(k, players))
    assert tables.shape[1] == players
    counts = np.zeros((k, players), dtype=int)
    for t in tables:
        np.add.at(counts, (t, np.arange(players)), 1)
    assert (counts == counts[0, 0]).all() and counts[0, 0] > 0, counts
    # no table leaves a strategy out while giving another two extra seats
    for t in tables:
        c = np.bincount(t, minlength=k)
        assert c.max() - c.min() <= 1


def test_tables_share_one_seed_and_bad_names_write_nothing(capsys, tmp_path):
    out = tmp_path / "t"
    code, _, err = run_cli(capsys, "tournament", "--strategies", "random,random:char_noise=0",
                           "--players", "3", "--games", "60", "--chunk-size", "30", "--boots",
                           "20", "--out", str(out))  # fmt: skip
    # random has no char_noise parameter: refused before anything is written
    assert code == 2 and not out.exists(), err
    code, _, err = run_cli(capsys, "tournament", "--strategies", "weighted,weighted:palace=1",
                           "--players", "2", "--games", "60", "--chunk-size", "30", "--boots",
                           "20", "--out", str(out))  # fmt: skip
    assert code == 0, err
    meta = json.loads((out / "tournament.json").read_text())
    assert [t["seats"] for t in meta["tables"]] == [[0, 1], [1, 0]]
    seeds = {json.loads((out / t["folder"] / "manifest.json").read_text())["seed"]
             for t in meta["tables"]}  # fmt: skip
    assert len(seeds) == 1


def test_rotation_of_identical_strategies_is_identical(capsys, tmp_path):
    # identical strategies under two labels: every seating plays the same games, seat for seat
    out = tmp_path / "t"
    code, _, err = run_cli(capsys, "tournament", "--strategies",
                           "random,random:x=1,random:y=2", "--players", "3", "--games", "10",
                           "--out", str(out))  # fmt: skip
    assert code == 2  # unknown parameters are refused: one line, nothing written
    assert not out.exists()
    out2 = tmp_path / "t2"
    # same registered strategy under two labels (weighted with its default value spelled out)
    code, _, err = run_cli(capsys, "tournament", "--strategies",
                           "weighted,weighted:char_noise=0", "--players", "3", "--games", "40",
                           "--chunk-size", "20", "--boots", "10", "--out", str(out2))  # fmt: skip
    assert code == 0, err
    meta = json.loads((out2 / "tournament.json").read_text())
    frames = [pl.read_parquet(str(out2 / t["folder"] / "chunks" / "*.parquet"))
              .sort("game_id", "seat").drop("strategy") for t in meta["tables"]]  # fmt: skip
    assert len(frames) == 6  # [a, a, b] and [a, b, b], three rotations each
    for f in frames[1:]:
        assert f.equals(frames[0])


def test_rating_puts_weighted_above_random(capsys, tmp_path):
    out = tmp_path / "t"
    code, _, err = run_cli(capsys, "tournament", "--strategies", "random,weighted",
                           "--players", "4", "--games", "150", "--chunk-size", "75",
                           "--boots", "50", "--out", str(out))  # fmt: skip
    assert code == 0, err
    g = load_games(out)
    assert len(g.rank) == 4 * 150  # the four rotations of [r, r, w, w]
    order = np.argsort(g.rank, axis=1, kind="stable")
    gamma = plackett_luce(np.take_along_axis(g.strat, order, axis=1), 2)
    assert gamma[1] > gamma[0]
    html = (out / "report.html").read_text()
    rating = html.split("<h3>Rating", 1)[1]
    assert rating.index("<td>weighted</td>") < rating.index("<td>random</td>")
    assert "chance to finish ahead of weighted" in html  # anchored to weighted, not a mean
    rt = tournament_rating(g, boots=20)
    row = {r["strategy"]: r for r in rt.iter_rows(named=True)}
    assert row["weighted"]["ahead"] == pytest.approx(0.5) and row["weighted"]["rating"] == 0
    assert row["random"]["ahead"] < 0.5
    assert (out / "report_charts" / "tournament-rating.png").is_file()


def test_plackett_luce_recovers_known_strengths():
    # simulate rankings from known strengths and check the MM fit recovers them
    rng = np.random.default_rng(1)
    true = np.array([0.5, 0.3, 0.2])
    orders = []
    for _ in range(4000):
        items, out = [0, 1, 2], []
        while items:
            w = true[items] / true[items].sum()
            out.append(items.pop(rng.choice(len(items), p=w)))
        orders.append(out)
    fit = plackett_luce(np.array(orders), 3)
    assert fit == pytest.approx(true, abs=0.03)


def test_pairwise_counts_by_hand():
    g = Games(["a", "b"], 3, np.array([[0, 1, 1], [1, 0, 1]]), np.array([[0, 1, 2], [2, 1, 0]]),
              np.array([0, 0]), [])  # fmt: skip
    ahead, met = pairwise(g)
    # game 1: a first, ahead of both b; game 2: a second, ahead of the b last, behind the b first
    assert met[0, 1] == 4 and met[1, 0] == 4
    assert ahead[0, 1] == 3 and ahead[1, 0] == 1


@pytest.mark.slow
def test_reordered_strategies_give_identical_win_rates(capsys, tmp_path):
    # same seed, strategies listed in two orders: same tables, same seeds, same figures
    rates = []
    for i, names in enumerate(("weighted,house-network,random", "random,weighted,house-network")):
        out = tmp_path / f"t{i}"
        code, _, err = run_cli(capsys, "tournament", "--strategies", names, "--players", "4",
                               "--games", "12", "--chunk-size", "12", "--boots", "5",
                               "--out", str(out))  # fmt: skip
        assert code == 0, err
        g = load_games(out)
        # every strategy fills the same number of seats (12 tables x 4 seats / 3)
        assert sorted(win_rates(g)["n"].to_list()) == [12 * 16] * 3
        rates.append(win_rates(g).sort("strategy"))
    assert rates[0].equals(rates[1])


def test_parse_strategies_is_order_free():
    assert parse_strategies("b,a,c") == parse_strategies("c,b,a") == ["a", "b", "c"]


def test_reference_is_the_default_else_strongest_non_random():
    gamma = np.array([0.5, 0.3, 0.2])
    assert reference(["random", "chaser", "weighted"], gamma, "weighted") == 2
    # without weighted: the strongest that is not random, even if random fits higher
    assert reference(["random", "chaser", "house-network"], gamma) == 1
    assert reference(["random", "random:x=1"], np.array([0.4, 0.6])) == 1


def test_rating_with_few_games_and_no_bootstrap():
    # two games, one strategy never ahead: no crash, NaN intervals without a bootstrap
    g = Games(["a", "weighted"], 2, np.array([[0, 1], [1, 0]]), np.array([[1, 0], [0, 1]]),
              np.array([0, 0]), [], "weighted")  # fmt: skip
    rt = tournament_rating(g, boots=0)
    row = {r["strategy"]: r for r in rt.iter_rows(named=True)}
    assert row["weighted"]["ahead"] == pytest.approx(0.5)
    assert row["a"]["ahead"] < 0.01
    assert np.isnan(row["a"]["ahead_lo"])
    rt = tournament_rating(g, boots=3)
    assert rt["ahead_lo"].is_not_nan().all()
