"""What a seat may not see (M-C3, M-R3), stated once: every other player's gold, and the
two picks of every other player who has not begun their turn this round.

Everything that needs it reads it here: the NumPy lists of the engine's tests and the
fair-play hook (simcore/maharaja/hidden.py), the strategies' view
(strategies/maharaja/kit/view_nb.py) and the search's redraw and secret picks
(strategies/maharaja/lookahead.py).
"""

from simcore.core.nb.numba_compat import njit_static

from .. import layout as S


@njit_static(cache=True)
def gold_hidden_nb(state, seat, q):
    """q's gold is hidden from `seat` (M-C3): everyone's but its own."""
    return q != seat


@njit_static(cache=True)
def picks_hidden_nb(state, seat, q):
    """q's two picks are hidden from `seat` until q begins its turn (M-R3, M-R4)."""
    return q != seat and state[S.ACTED + q] == 0


@njit_static(cache=True)
def hidden_mask_nb(state, seat, mask):
    """mask[i] = 1 for every state entry `seat` may not read, else 0."""
    for i in range(mask.shape[0]):
        mask[i] = 0
    for q in range(state[S.N_PLAYERS]):
        if gold_hidden_nb(state, seat, q):
            mask[S.GOLD + q] = 1
        if picks_hidden_nb(state, seat, q):
            mask[S.PICK0 + q] = 1
            mask[S.PICK1 + q] = 1
