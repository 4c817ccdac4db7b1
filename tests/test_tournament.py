"""palace-lab tournament: seat rotations on common seeds, pairwise counts, and a
Plackett–Luce rating that puts a clearly stronger strategy first."""

import json

import numpy as np
import polars as pl
import pytest

from analyses.tournament import Games, load_games, pairwise, plackett_luce, schedule
from tests.cli_run import run_cli


def test_schedule_rotations():
    # k >= players: every 3-subset of 4 strategies, 3 rotations each
    s = schedule(4, 3)
    assert len(s) == 4 * 3
    assert [0, 1, 2] in s and [1, 2, 0] in s and [2, 0, 1] in s
    # k < players: the list is cycled and rotated; identical rotations played once
    assert schedule(3, 4) == [[0, 1, 2, 0], [1, 2, 0, 0], [2, 0, 0, 1], [0, 0, 1, 2]]
    assert schedule(2, 4) == [[0, 1, 0, 1], [1, 0, 1, 0]]


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
    # three identical strategies: every rotation plays the same games, seat for seat
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
    assert len(frames) == 3
    for f in frames[1:]:
        assert f.equals(frames[0])


def test_rating_puts_weighted_above_random(capsys, tmp_path):
    out = tmp_path / "t"
    code, _, err = run_cli(capsys, "tournament", "--strategies", "random,weighted",
                           "--players", "4", "--games", "150", "--chunk-size", "75",
                           "--boots", "50", "--out", str(out))  # fmt: skip
    assert code == 0, err
    g = load_games(out)
    assert len(g.rank) == 2 * 150  # [r,w,r,w] and [w,r,w,r]
    order = np.argsort(g.rank, axis=1, kind="stable")
    gamma = plackett_luce(np.take_along_axis(g.strat, order, axis=1), 2)
    assert gamma[1] > gamma[0]
    html = (out / "report.html").read_text()
    rating = html.split("<h3>Rating", 1)[1]
    assert rating.index("<td>weighted</td>") < rating.index("<td>random</td>")
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
