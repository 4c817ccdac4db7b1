"""What a seat may not see, for Python (the plug-in's fair-play hook), derived from the one
numba statement of it, nb/hidden_nb.py (V-I1: the order of the undrawn pile). The
fair-play tests (tests/test_fair_play.py) shuffle the undrawn pile and check that every
registered strategy decides the same.
"""

from __future__ import annotations

import numpy as np

from .nb.hidden_nb import redraw_nb


def redraw_hidden(
    state: np.ndarray, rules: np.ndarray, seat: int, rng: np.random.Generator
) -> np.ndarray:
    """A copy with the undrawn part of the pile in another order (the plug-in's fair-play
    hook); the same for every seat."""
    copy = np.ascontiguousarray(state, dtype=np.int64).copy()
    stream = rng.integers(0, 2**63, size=1, dtype=np.int64).astype(np.uint64)
    redraw_nb(copy, stream)
    return copy
