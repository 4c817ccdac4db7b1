"""What a player can build where, right now: free palace sites, the site for a palace
(the kit's one palace-site finder), a slot for a village house."""

import simcore.maharaja.layout as S
from simcore.core.nb.numba_compat import njit_static
from simcore.maharaja.enums import (
    A_HOUSE,
    A_PALACE_HOUSE,
    A_TWO_HOUSES,
    BUILDER,
    E_OK,
    OP_PALACE,
    SITE_INNER,
    SITE_OUTER,
    SLOT_BUILDER,
)
from simcore.maharaja.nb.build_nb import palace_cost_nb, palace_site_error_nb
from simcore.maharaja.nb.characters_nb import holds_nb
from simcore.maharaja.nb.turn_nb import house_error_nb, palace_error_nb
from simcore.maharaja.rules import R


@njit_static(cache=True)
def free_sites_nb(state, rules, c):
    """Empty palace sites of city c: the inner one and the outer ones (M-C2)."""
    n = rules[R.OUTER_SITES] - state[S.OUTER_USED + c]
    if n < 0:
        n = 0
    if state[S.INNER + c] < 0:
        n += 1
    return n


@njit_static(cache=True)
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


@njit_static(cache=True)
def palace_site_nb(state, board, rules, seat, s):
    """The site for a palace in the architect's city now, the inner one first (3 points,
    M-P1): by slot s's full check (palace_error_nb, M-A6/M-A7/M-K6), or with s < 0 by
    the site and the own gold alone (no slot yet, e.g. before declaring a chip). -1 if
    none."""
    if s < 0 and state[S.GOLD + seat] < palace_cost_nb(state, rules, seat):
        return -1
    for site in (SITE_INNER, SITE_OUTER):
        if s >= 0:
            if palace_error_nb(state, board, rules, seat, s, site) == E_OK:
                return site
        elif palace_site_error_nb(state, board, rules, seat, site) == E_OK:
            return site
    return -1


@njit_static(cache=True)
def palace_step_nb(state, board, rules, seat, out):
    """OP_PALACE for the first disc slot with a palace still to build, at the site
    palace_site_nb finds; False (out untouched) if no palace can be built now."""
    for s in range(2):
        if state[S.T_PALACE_LEFT + s] > 0:
            site = palace_site_nb(state, board, rules, seat, s)
            if site >= 0:
                out[0] = OP_PALACE
                out[1] = s
                out[2] = site
                return True
    return False
