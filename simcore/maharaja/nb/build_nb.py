"""Houses and palaces on the board (M-A2..M-A7, M-C2, M-S4, M-K6)."""

from simcore.core.nb.numba_compat import njit_static

from .. import data_layout as B
from .. import layout as S
from ..enums import (
    ARTIST,
    E_BAD_LOCATION,
    E_NO_ARCHITECT,
    E_NO_HOUSE,
    E_NO_PALACE_LEFT,
    E_NO_SITE,
    E_OK,
    E_VILLAGE_FULL,
    LOC_CITY0,
    SITE_INNER,
    SITE_OUTER,
)
from ..rules import R
from .characters_nb import holds_nb

P = R.MAX_PLAYERS


@njit_static(cache=True)
def village_cap_nb(state, rules):
    """M-S4: 2 houses per village, 1 with two players, in setup and always."""
    if state[S.N_PLAYERS] == 2:
        return rules[R.VILLAGE_CAP_2P]
    return rules[R.VILLAGE_CAP]


@njit_static(cache=True)
def house_target_error_nb(state, board, rules, p, loc):
    """Can a house of p go to loc? Villages need room (M-S4), cities the architect (M-A2)."""
    if loc >= LOC_CITY0:
        c = loc - LOC_CITY0
        if c >= board[B.N_CITIES]:
            return E_BAD_LOCATION
        if state[S.ARCH + p] != c:
            return E_NO_ARCHITECT
        return E_OK
    if loc < 0 or loc >= board[B.N_VILLAGES]:
        return E_BAD_LOCATION
    if state[S.VIL_TOTAL + loc] >= village_cap_nb(state, rules):
        return E_VILLAGE_FULL
    return E_OK


@njit_static(cache=True)
def houses_at_nb(state, board, p, loc):
    """Houses of p at a village or city location (0 for a bad location)."""
    if loc >= LOC_CITY0:
        c = loc - LOC_CITY0
        if c >= board[B.N_CITIES]:
            return 0
        return state[S.CITY_HOUSES + c * P + p]
    if loc < 0 or loc >= board[B.N_VILLAGES]:
        return 0
    return state[S.VIL + loc * P + p]


@njit_static(cache=True)
def add_house_nb(state, p, loc, n):
    """Put n houses of p at loc (n < 0 removes); keeps village totals in step."""
    if loc >= LOC_CITY0:
        state[S.CITY_HOUSES + (loc - LOC_CITY0) * P + p] += n
    else:
        state[S.VIL + loc * P + p] += n
        state[S.VIL_TOTAL + loc] += n


@njit_static(cache=True)
def move_house_error_nb(state, board, p, src):
    """M-A4: only an own house can move, from a village or a city."""
    if houses_at_nb(state, board, p, src) <= 0:
        return E_NO_HOUSE
    return E_OK


@njit_static(cache=True)
def palace_cost_nb(state, rules, p):
    """M-A6 / M-K6: the Artist's holder pays less for every palace."""
    if holds_nb(state, p, ARTIST):
        return rules[R.ARTIST_PALACE_COST]
    return rules[R.PALACE_COST]


@njit_static(cache=True)
def palace_site_error_nb(state, board, rules, p, site):
    """M-A6, M-C2: a palace goes on an empty site of the architect's city; 7 per player."""
    c = state[S.ARCH + p]
    if c >= board[B.N_CITIES]:
        return E_NO_ARCHITECT
    if state[S.PALACES + p] >= rules[R.PALACES]:
        return E_NO_PALACE_LEFT
    if site == SITE_INNER:
        if state[S.INNER + c] >= 0:
            return E_NO_SITE
        return E_OK
    if site == SITE_OUTER:
        if state[S.OUTER_USED + c] >= rules[R.OUTER_SITES]:
            return E_NO_SITE
        return E_OK
    return E_BAD_LOCATION


@njit_static(cache=True)
def put_palace_nb(state, p, c, site):
    if site == SITE_INNER:
        state[S.INNER + c] = p
    else:
        state[S.OUTER + c * P + p] += 1
        state[S.OUTER_USED + c] += 1
    state[S.PALACES + p] += 1
