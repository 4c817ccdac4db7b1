"""What a player can build where, right now: free palace sites, a slot for a village house."""

from numba import njit

import simcore.maharaja.layout as S
import simcore.maharaja.rules_layout as R
from simcore.maharaja.enums import (
    A_HOUSE,
    A_PALACE_HOUSE,
    A_TWO_HOUSES,
    BUILDER,
    E_OK,
    SLOT_BUILDER,
)
from simcore.maharaja.nb.characters_nb import holds_nb
from simcore.maharaja.nb.sig import I1
from simcore.maharaja.nb.turn_nb import house_error_nb


@njit(f"int64({I1}, {I1}, int64)", cache=True, _nrt=False)
def free_sites_nb(state, rules, c):
    """Empty palace sites of city c: the inner one and the outer ones (M-C2)."""
    n = rules[R.OUTER_SITES] - state[S.OUTER_USED + c]
    if n < 0:
        n = 0
    if state[S.INNER + c] < 0:
        n += 1
    return n


@njit(f"int64({I1}, {I1}, {I1}, int64, int64)", cache=True, _nrt=False)
def opening_slot_nb(state, board, rules, seat, v):
    """A slot that may build a house in village v now, cheapest first: the Builder's
    free house, House, Two houses (its one village house), Palace+house. -1 if none."""
    if (
        holds_nb(state, seat, BUILDER)
        and house_error_nb(state, board, rules, seat, SLOT_BUILDER, v) == E_OK
    ):
        return SLOT_BUILDER
    for want in (A_HOUSE, A_TWO_HOUSES, A_PALACE_HOUSE):
        for s in range(2):
            if (
                state[S.T_ACTION + s] == want
                and house_error_nb(state, board, rules, seat, s, v) == E_OK
            ):
                return s
    return -1
