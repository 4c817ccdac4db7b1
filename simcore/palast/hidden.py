"""What a seat may not see, for Python (the plug-in's fair-play hook), derived from the one
numba statement of it, nb/hidden_nb.py (P-I1)."""

from __future__ import annotations

import numpy as np

from .nb.hidden_nb import redraw_nb


def redraw_hidden(
    state: np.ndarray, rules: np.ndarray, seat: int, rng: np.random.Generator
) -> np.ndarray:
    """A copy with everything `seat` cannot see drawn anew (other hands, deck orders)."""
    copy = np.ascontiguousarray(state, dtype=np.int64).copy()
    stream = rng.integers(0, 2**63, size=1, dtype=np.int64).astype(np.uint64)
    redraw_nb(copy, int(seat), stream)
    return copy
