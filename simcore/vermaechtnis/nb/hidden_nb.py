"""What a seat may not see (V-I1), stated once: the order of the undrawn draw pile, the
same for every seat. Its composition is public (every antique's place is), and every
decision is public and applied at once (V-I3).

Everything that needs it reads it here: the fair-play hook (simcore/vermaechtnis/
hidden.py), the search's view and redraw (strategies/vermaechtnis/lookahead.py).
"""

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import randint_nb

from .. import layout as S


@njit_static(cache=True)
def hidden_start_nb(state):
    """The undrawn pile is state[hidden_start_nb(state) : hidden_end_nb(state)]."""
    return S.DECK + state[S.DECK_POS]


@njit_static(cache=True)
def hidden_end_nb(state):
    return S.DECK + state[S.DECK_N]


@njit_static(cache=True)
def public_view_nb(state, view):
    """view := state with the undrawn pile sorted: what every seat knows of it."""
    for i in range(S.STATE_SIZE):
        view[i] = state[i]
    lo = hidden_start_nb(state)
    hi = hidden_end_nb(state)
    for i in range(lo + 1, hi):  # insertion sort, at most 36 cards
        a = view[i]
        j = i - 1
        while j >= lo and view[j] > a:
            view[j + 1] = view[j]
            j -= 1
        view[j + 1] = a


@njit_static(cache=True)
def redraw_nb(state, rng):
    """The undrawn pile shuffled anew (Fisher-Yates on stream rng[0], as V-I2 shuffles)."""
    lo = hidden_start_nb(state)
    hi = hidden_end_nb(state)
    for i in range(hi - 1, lo, -1):
        j = lo + randint_nb(rng, 0, i - lo + 1)
        state[i], state[j] = state[j], state[i]
