"""What a seat may not see, for Python (the plug-in's fair-play hook), derived from the one
numba statement of it, nb/hidden_nb.py (T-I1: the other hands beyond their known cards,
the pile's order, the engine's future randomness). The fair-play tests
(tests/test_fair_play.py) redeal them before every decision and check that every
registered strategy decides the same.
"""

from __future__ import annotations

import numpy as np

from .nb.hidden_nb import redraw_nb


def redraw_hidden(
    state: np.ndarray, rules: np.ndarray, seat: int, rng: np.random.Generator
) -> np.ndarray:
    """A copy in which the pile and the unknown part of every other hand are one uniform
    redeal of the same cards (hand sizes and known cards kept) and the engine's stream is
    new; the seat's own hand, the table and the scores are untouched."""
    copy = np.ascontiguousarray(state, dtype=np.int64).copy()
    stream = rng.integers(0, 2**63, size=1, dtype=np.int64).astype(np.uint64)
    redraw_nb(copy, int(seat), stream)
    return copy
