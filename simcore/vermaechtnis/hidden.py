"""What a seat may not see (V-I1): only the order of the draw pile. Its composition is
public (every antique's place is), and every decision is public and applied at once
(V-I3). The fair-play tests (tests/test_fair_play.py) shuffle the undrawn pile and check
that every registered strategy decides the same.
"""

from __future__ import annotations

import numpy as np

from . import layout as S


def redraw_hidden(
    state: np.ndarray, rules: np.ndarray, seat: int, rng: np.random.Generator
) -> np.ndarray:
    """A copy with the undrawn part of the pile in another order (the plug-in's fair-play
    hook); the same for every seat."""
    copy = state.copy()
    lo, hi = S.DECK + int(state[S.DECK_POS]), S.DECK + int(state[S.DECK_N])
    copy[lo:hi] = rng.permutation(state[lo:hi])
    return copy
