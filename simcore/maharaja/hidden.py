"""What a seat may not see, for Python (tests, the plug-in's fair-play hook): derived from
the one numba statement of it, nb/hidden_nb.py (M-C3, M-R3). Strategies must decide from
the rest; the fair-play tests (tests/test_fair_play.py) redraw exactly these fields and
check that every registered strategy decides the same.
"""

from __future__ import annotations

import numpy as np

from . import layout as S
from .enums import N_ACTIONS
from .nb.hidden_nb import hidden_mask_nb


def hidden_offsets(state: np.ndarray, seat: int) -> list[int]:
    """State offsets that `seat` must not read, in order."""
    mask = np.zeros(S.STATE_SIZE, dtype=np.int64)
    hidden_mask_nb(np.ascontiguousarray(state, dtype=np.int64), seat, mask)
    return [int(i) for i in np.flatnonzero(mask)]


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
