"""Fair play (V-I1): the only hidden information is the order of the draw pile
(simcore/vermaechtnis/hidden.py shuffles the undrawn pile). The generic test
(tests/test_fair_play.py) runs every registered strategy with it shuffled before every
decision; counting the pile's composition stays allowed (it is not changed). Here: the
shuffle keeps the composition, and a strategy that reads the next card is caught."""

from __future__ import annotations

import numpy as np
from numba import njit

from simcore.vermaechtnis import layout as S
from simcore.vermaechtnis.enums import DK_ACTION
from simcore.vermaechtnis.hidden import redraw_hidden
from simcore.vermaechtnis.rules import RuleSet
from strategies.vermaechtnis.weighted import DEFAULTS, weighted_decide_nb
from tests.fair_play import first_leak

from .state_builder import started

GAME = "vermaechtnis"


def test_V_I1_only_the_undrawn_piles_order_is_redrawn():
    g = started(4, seed=3, game=0)
    lo, hi = S.DECK + int(g.state[S.DECK_POS]), S.DECK + int(g.state[S.DECK_N])
    assert hi - lo > 20  # most of the pile is still face down at the start
    other = redraw_hidden(g.state, g.r, 0, np.random.default_rng(1))
    public = np.ones(S.STATE_SIZE, dtype=bool)
    public[lo:hi] = False
    assert np.array_equal(other[public], g.state[public])
    assert sorted(other[lo:hi]) == sorted(g.state[lo:hi])
    assert not np.array_equal(other[lo:hi], g.state[lo:hi])


@njit(cache=False)  # lazy: compiled by its test, not at each xdist worker's collection
def _peeking_decide_nb(kind, seat, state, cards, rules, params, rng, scratch, out):
    """`weighted`, except that it takes gold when the next card drawn is a vase."""
    ret = weighted_decide_nb(kind, seat, state, cards, rules, params, rng, scratch, out)
    nxt = state[S.DECK + state[S.DECK_POS]] if state[S.DECK_POS] < state[S.DECK_N] else -1
    if kind == DK_ACTION and nxt >= 30:
        return 100
    return ret


def test_V_I1_the_check_catches_a_strategy_that_reads_the_pile_order():
    leak = first_leak(GAME, _peeking_decide_nb, DEFAULTS.copy(), 4, RuleSet())
    assert leak is not None and "answer differs" in leak
