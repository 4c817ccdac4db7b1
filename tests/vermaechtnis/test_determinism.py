"""Determinism (V-I2): a game depends only on (seed, game index); batches split anywhere
give the same records, and play_game equals the batch row."""

from __future__ import annotations

import numpy as np
import pytest

import strategies
from simcore.vermaechtnis import layout as S
from simcore.vermaechtnis.game import play_batch, play_game
from simcore.vermaechtnis.rules import RuleSet

GAME = "vermaechtnis"
MIX = ["weighted", "random", "chaser", "pairs"]


def seats(players: int, names=None):
    return strategies.seat_arrays(strategies.resolve(names or MIX[:players], players, GAME), GAME)


@pytest.mark.nojit
def test_V_I2_same_seed_same_game():
    driver = strategies.driver_for(GAME)
    sids, params = seats(3)
    a = play_game(driver, sids, params, 3, seed=11, game=5)
    b = play_game(driver, sids, params, 3, seed=11, game=5)
    assert len(a.log) > 50 and a.state[S.DAY] == 9  # a whole game: nine days
    assert np.array_equal(a.state, b.state) and np.array_equal(a.log, b.log)
    assert np.array_equal(a.records, b.records)


@pytest.mark.nojit
def test_batch_split_small():
    driver = strategies.driver_for(GAME)
    sids, params = seats(4)
    whole = play_batch(driver, sids, params, 5, 4, seed=3)
    left = play_batch(driver, sids, params, 2, 4, seed=3)
    right = play_batch(driver, sids, params, 3, 4, seed=3, first_game=2)
    assert np.array_equal(whole, np.concatenate([left, right]))


@pytest.mark.parametrize("split", [1, 77, 199])
@pytest.mark.parametrize("players", [2, 4])
def test_batch_split_anywhere_gives_the_same_records(players, split):
    driver = strategies.driver_for(GAME)
    sids, params = seats(players)
    rules = RuleSet(grey_sides=True)
    whole = play_batch(driver, sids, params, 200, players, seed=5, rules=rules)
    left = play_batch(driver, sids, params, split, players, seed=5, rules=rules)
    right = play_batch(driver, sids, params, 200 - split, players, 5, split, rules)
    assert np.array_equal(whole, np.concatenate([left, right]))
    one = play_batch(driver, sids, params, 1, players, 5, split, rules)
    assert np.array_equal(one[0], whole[split])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_game_records_equal_batch_rows(players):
    driver = strategies.driver_for(GAME)
    sids, params = seats(players)
    rec = play_batch(driver, sids, params, 10, players, seed=21, first_game=100)
    for i in range(10):
        g = play_game(driver, sids, params, players, seed=21, game=100 + i)
        assert np.array_equal(g.records[:players], rec[i])
        assert not g.records[players:].any()


def test_different_seeds_and_games_differ():
    driver = strategies.driver_for(GAME)
    sids, params = seats(4, ["random"])
    logs = {play_game(driver, sids, params, 4, seed=1, game=g).log.tobytes() for g in range(30)}
    assert len(logs) == 30
    a = play_batch(driver, sids, params, 50, 4, seed=1)
    b = play_batch(driver, sids, params, 50, 4, seed=2)
    assert not np.array_equal(a, b)
