"""What a seat may not see (M-C3, M-R3): every other player's gold, and the two picks of
every other player who has not begun their turn this round. Strategies must decide from
the rest; the fair-play tests (tests/test_fair_play.py) redraw exactly these fields and
check that every registered strategy decides the same. A search's determinised view
(strategies/maharaja/kit/view_nb.py) replaces them by public guesses.
"""

from __future__ import annotations

import numpy as np

from . import layout as S
from .enums import N_ACTIONS


def hidden_offsets(state: np.ndarray, seat: int) -> list[int]:
    """State offsets that `seat` must not read (for tests and documentation)."""
    out = []
    for q in range(int(state[S.N_PLAYERS])):
        if q == seat:
            continue
        out.append(S.GOLD + q)
        if state[S.ACTED + q] == 0:
            out += [S.PICK0 + q, S.PICK1 + q]
    return out


def redraw_hidden(
    state: np.ndarray, rules: np.ndarray, seat: int, rng: np.random.Generator
) -> np.ndarray:
    """A copy with every field hidden from `seat` drawn anew: gold in 0..79, a pick one of
    the actions (the plug-in's fair-play hook)."""
    copy = state.copy()
    for off in hidden_offsets(state, seat):
        is_gold = S.GOLD <= off < S.GOLD + S.P
        copy[off] = rng.integers(0, 80) if is_gold else rng.integers(0, N_ACTIONS)
    return copy
