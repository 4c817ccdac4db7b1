"""What a seat may not see (T-I1): the other hands and the draw pile's order, and the
engine's future randomness (reshuffles). Public (T-I2): hand sizes, the special cards'
holders, and the cards each seat took from the display and has not provably played since
(`layout.KNOWN`). `redraw_hidden` deals everything else anew for the fair-play tests
(tests/test_fair_play.py once the game is registered): every strategy must decide the
same on the copy.
"""

from __future__ import annotations

import numpy as np

from . import layout as S
from .data_layout import MAX_KINDS


def redraw_hidden(
    state: np.ndarray, rules: np.ndarray, seat: int, rng: np.random.Generator
) -> np.ndarray:
    """A copy in which the pile and the unknown part of every other hand are one uniform
    redeal of the same cards (hand sizes and known cards kept); the seat's own hand, the
    table and the scores are untouched."""
    copy = state.copy()
    n = int(state[S.N_PLAYERS])
    nk = int(state[S.N_KINDS])
    others = [q for q in range(n) if q != seat]
    pool = [int(k) for k in state[S.PILE : S.PILE + int(state[S.PILE_N])]]
    unknown = {}
    for q in others:
        hand = state[S.HAND + q * MAX_KINDS : S.HAND + q * MAX_KINDS + nk]
        known = state[S.KNOWN + q * MAX_KINDS : S.KNOWN + q * MAX_KINDS + nk]
        free = hand - known
        unknown[q] = int(free.sum())
        for k in np.flatnonzero(free):
            pool += [int(k)] * int(free[k])
    pool_arr = rng.permutation(np.array(pool, dtype=np.int64))
    at = 0
    for q in others:
        base = S.HAND + q * MAX_KINDS
        copy[base : base + nk] = state[S.KNOWN + q * MAX_KINDS : S.KNOWN + q * MAX_KINDS + nk]
        for k in pool_arr[at : at + unknown[q]]:
            copy[base + k] += 1
        at += unknown[q]
    rest = pool_arr[at:]
    copy[S.PILE : S.PILE + len(rest)] = rest
    copy[S.RNG] = int(rng.integers(-(1 << 62), 1 << 62))
    return copy
