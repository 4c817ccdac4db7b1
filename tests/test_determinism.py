"""Determinism: a game's outcome depends only on (seed, game index).

Every random draw of a game and of its strategies comes from counter-based streams
keyed by (seed, game, stream) (simcore/core/nb/rng_nb.py), so replaying a game, splitting
a batch anywhere, or spreading it over worker processes must give the same games.
"""

from __future__ import annotations

import numpy as np
import pytest

import strategies
from jobs.batch import BatchSpec, play_chunk
from jobs.parallel import chunks, run_chunks
from simcore.core.contract.games import games
from simcore.maharaja.game import play_batch, play_game
from simcore.maharaja.game_data import default_board
from simcore.maharaja.rules import RuleSet
from strategies.search import search_rungs


def seats(players: int, name: str = "random") -> tuple[np.ndarray, np.ndarray]:
    return strategies.seat_arrays(strategies.resolve([name], players))


def same_game(a, b) -> bool:
    return (
        np.array_equal(a.state, b.state)
        and np.array_equal(a.log, b.log)
        and np.array_equal(a.records, b.records)
    )


@pytest.mark.nojit
def test_same_seed_same_game(driver):
    """Replaying (seed, game) gives the identical log, final state and records."""
    sids, params = seats(3)
    a = play_game(driver, sids, params, 3, seed=11, game=5)
    b = play_game(driver, sids, params, 3, seed=11, game=5)
    assert len(a.log) > 0 and a.state[0] > 0  # a real game was played (round > 0)
    assert same_game(a, b)


@pytest.mark.parametrize("short", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_same_seed_same_game_every_player_count(driver, players, short):
    sids, params = seats(players)
    rules = RuleSet(short_game=short)
    for game in (0, 1, 1000003):
        a = play_game(driver, sids, params, players, seed=2**31, game=game, rules=rules)
        b = play_game(driver, sids, params, players, seed=2**31, game=game, rules=rules)
        assert same_game(a, b), (players, game)


@pytest.mark.nojit
def test_batch_split_small(driver):
    """A few games, split once: also checked as plain Python (NUMBA_DISABLE_JIT=1)."""
    sids, params = seats(4)
    whole = play_batch(driver, sids, params, 5, 4, seed=3)
    parts = [play_batch(driver, sids, params, 2, 4, seed=3), None]
    parts[1] = play_batch(driver, sids, params, 3, 4, seed=3, first_game=2)
    assert np.array_equal(whole, np.concatenate(parts))


@pytest.mark.parametrize("split", [1, 37, 100, 199])
@pytest.mark.parametrize("players", [2, 5])
def test_batch_split_does_not_matter(driver, players, split):
    """Games 0..N-1 in one batch equal games 0..k-1 then k..N-1 (first_game offset)."""
    sids, params = seats(players)
    n = 200
    whole = play_batch(driver, sids, params, n, players, seed=5)
    left = play_batch(driver, sids, params, split, players, seed=5, first_game=0)
    right = play_batch(driver, sids, params, n - split, players, seed=5, first_game=split)
    assert whole.shape == (n, players, whole.shape[2])
    assert np.array_equal(whole, np.concatenate([left, right]))
    # any single game, played alone in a batch of one
    for g in (0, split - 1, split, n - 1):
        if 0 <= g < n:
            one = play_batch(driver, sids, params, 1, players, seed=5, first_game=g)
            assert np.array_equal(one[0], whole[g])


def test_batch_order_does_not_matter(driver):
    """Games in reverse order, one batch each, equal the forward batch."""
    sids, params = seats(3)
    whole = play_batch(driver, sids, params, 30, 3, seed=8, first_game=500)
    back = [play_batch(driver, sids, params, 1, 3, seed=8, first_game=500 + g) for g in range(30)]
    assert np.array_equal(whole, np.concatenate(back[::-1])[::-1])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_play_game_records_equal_batch_rows(driver, players):
    """play_game's records for game g are play_batch's row g (same engine, same streams)."""
    sids, params = seats(players)
    for rules in (RuleSet(), RuleSet(short_game=True)):
        rec = play_batch(driver, sids, params, 12, players, seed=21, first_game=100, rules=rules)
        for i in range(12):
            g = play_game(driver, sids, params, players, seed=21, game=100 + i, rules=rules)
            assert np.array_equal(g.records[:players], rec[i]), (players, i)
            assert not g.records[players:].any()  # seats beyond the table stay empty


def test_worker_processes_do_not_change_results(driver):
    """The same games in uneven chunks on two worker processes (jobs.parallel)."""
    sids, params = seats(4)
    spec = BatchSpec.of("maharaja", 4, 9, RuleSet(), default_board(), sids, params)
    whole = play_batch(driver, sids, params, 120, 4, seed=9)
    parts = list(run_chunks(play_chunk, spec, chunks(120, 37), workers=2))
    assert [len(p) for p in parts] == [37, 37, 37, 9]
    assert np.array_equal(whole, np.concatenate(parts))


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ((1, 0), (2, 0)),  # another seed
        ((1, 0), (1, 1)),  # another game of the same seed
        ((1, 0), (0, 1)),  # seed and game swapped
        ((3, 0), (3 + 2**32, 0)),  # seeds that agree in their low 32 bits
        ((3, 5), (3, 5 + 2**32)),  # game indices that agree in their low 32 bits
    ],
)
def test_different_seeds_give_different_games(driver, a, b):
    sids, params = seats(4)
    ga = play_game(driver, sids, params, 4, seed=a[0], game=a[1])
    gb = play_game(driver, sids, params, 4, seed=b[0], game=b[1])
    assert not np.array_equal(ga.log, gb.log)  # False also when the lengths differ


def test_games_of_a_batch_are_distinct(driver):
    """Each game draws from its own streams: 40 games of one seed, 40 different logs."""
    sids, params = seats(4)
    logs = {play_game(driver, sids, params, 4, seed=1, game=g).log.tobytes() for g in range(40)}
    assert len(logs) == 40
    rec = play_batch(driver, sids, params, 40, 4, seed=1)
    other = play_batch(driver, sids, params, 40, 4, seed=2)
    assert not np.array_equal(rec, other)


SEARCH_RUNGS = [
    pytest.param(g, text, id=f"{g}-{text}")
    for g in sorted(games())
    for text in sorted({r.strategy for rs in search_rungs(g).values() for r in rs})
]


@pytest.mark.parametrize(("game", "text"), SEARCH_RUNGS)
def test_a_search_rung_replays_its_games_whatever_the_split(game, text):
    """A recommended search (issue 30) is reproducible from the seed: the same games
    replayed, and a batch split anywhere gives the same records (its rollout seeds come
    from the seat's own stream)."""
    spec = games()[game]
    players = spec.default_players
    known = strategies.strategies(game)
    other = "weighted" if "weighted" in known else strategies.default_strategy(game)
    names = [text] + [other] * (players - 1)
    sids, params = strategies.seat_arrays(strategies.resolve(names, players, game), game)
    d = strategies.driver_for(game)
    rules, data = spec.default_rules(), spec.default_data()
    whole = spec.play_batch(d, sids, params, 3, players, 5, 0, rules, data)
    again = spec.play_batch(d, sids, params, 3, players, 5, 0, rules, data)
    head = spec.play_batch(d, sids, params, 1, players, 5, 0, rules, data)
    tail = spec.play_batch(d, sids, params, 2, players, 5, 1, rules, data)
    assert whole.any()
    assert np.array_equal(whole, again)
    assert np.array_equal(whole, np.concatenate([head, tail]))
