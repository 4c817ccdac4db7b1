"""Fair play (V-I1): the only hidden information is the order of the draw pile. Before
every decision the undrawn pile is shuffled on a copy of the state; every registered
strategy must give the same answer, leave the same scratch and draw the same random
numbers on both. Counting the pile's composition stays allowed (it is not changed)."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

import strategies
from simcore.vermaechtnis import layout as S
from simcore.vermaechtnis.enums import DK_ACTION
from simcore.vermaechtnis.nb.game_nb import DONE, SCRATCH_SIZE
from simcore.vermaechtnis.rules import RuleSet
from strategies.vermaechtnis.kit.sig import DECIDE_SIG
from strategies.vermaechtnis.weighted import DEFAULTS, weighted_decide_nb

from .state_builder import answer, ask, started

GAME = "vermaechtnis"
NAMES = sorted(strategies.strategies(GAME))


def scrambled(state: np.ndarray, noise: np.random.Generator) -> np.ndarray:
    """A copy with the undrawn part of the pile in another order."""
    copy = state.copy()
    lo, hi = int(state[S.DECK_POS]), int(state[S.DECK_N])
    copy[S.DECK + lo : S.DECK + hi] = noise.permutation(state[S.DECK + lo : S.DECK + hi])
    return copy


def first_leak(decide, params: np.ndarray, players: int, rules: RuleSet, games: int = 3):
    """Where a decision first depends on the pile's order, or None."""
    noise = np.random.default_rng(players)
    checked = changed = 0
    for game in range(games):
        g = started(players, seed=13, game=game, rules=rules)
        rng = np.arange(1, S.MAX_SEATS + 1, dtype=np.uint64).reshape(-1, 1) * np.uint64(99)
        scratch = np.zeros((S.MAX_SEATS, SCRATCH_SIZE), dtype=np.int64)
        while True:
            kind, seat = ask(g)
            if kind == DONE:
                break
            other = scrambled(g.state, noise)
            changed += int(not np.array_equal(other, g.state))
            rng_b, scr_b = rng[seat].copy(), scratch[seat].copy()
            out = np.zeros(1, dtype=np.int64)
            ret_b = decide(kind, seat, other, g.c, g.r, params, rng_b, scr_b, out)
            ret = decide(kind, seat, g.state, g.c, g.r, params, rng[seat], scratch[seat], out)
            where = f"game {game}, kind {kind}, seat {seat}"
            if ret != ret_b:
                return f"answer differs: {where}"
            if not np.array_equal(scratch[seat], scr_b):
                return f"scratch differs: {where}"
            if not np.array_equal(rng[seat], rng_b):
                return f"random stream differs: {where}"
            answer(g, ret)
            checked += 1
    assert checked > 100 and changed > checked // 2, (checked, changed)
    return None


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(("players", "grey"), [(2, True), (3, False), (4, False)])
def test_V_I1_the_pile_order_never_changes_a_decision(name, players, grey):
    s = strategies.strategies(GAME)[name]
    # with the table block (who plays each seat is public; `lookahead` models them)
    mates = ["chaser", "pairs", "weighted"][: players - 1]
    params = strategies.seat_arrays(strategies.resolve([name, *mates], players, GAME), GAME)[1][0]
    assert first_leak(s.decide, params, players, RuleSet(grey_sides=grey)) is None


@njit(DECIDE_SIG, cache=False)
def _peeking_decide_nb(kind, seat, state, cards, rules, params, rng, scratch, out):
    """`weighted`, except that it takes gold when the next card drawn is a vase."""
    ret = weighted_decide_nb(kind, seat, state, cards, rules, params, rng, scratch, out)
    nxt = state[S.DECK + state[S.DECK_POS]] if state[S.DECK_POS] < state[S.DECK_N] else -1
    if kind == DK_ACTION and nxt >= 30:
        return 100
    return ret


def test_V_I1_the_check_catches_a_strategy_that_reads_the_pile_order():
    leak = first_leak(_peeking_decide_nb, DEFAULTS.copy(), 4, RuleSet())
    assert leak is not None and "answer differs" in leak
