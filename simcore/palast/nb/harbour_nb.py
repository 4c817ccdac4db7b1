"""The harbour (P-S4, P-A1, P-A1r) and the harbour cards (P-C2, P-S6)."""

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.skeleton_nb import log_nb

from .. import data_layout as D
from .. import layout as S
from ..enums import EV_HARBOUR, EV_HARBOUR_FIELD, N_FIELDS, N_RES
from .rand_nb import rand_nb


@njit_static(cache=True)
def top_up_nb(state, data, f):
    """Fill field f to its capacity with its own type, as far as the supply goes."""
    t = state[S.HARB_TYPE + f]
    add = data[D.CAPACITY + f] - state[S.HARB_N + f]
    if add > state[S.SUPPLY + t]:
        add = state[S.SUPPLY + t]
    if add > 0:
        state[S.HARB_N + f] += add
        state[S.SUPPLY + t] -= add


@njit_static(cache=True)
def setup_harbour_nb(state, data, log):
    """P-S4: one resource of each type at random on the 4 fields, each filled to its
    capacity with the same type."""
    for f in range(N_FIELDS):
        state[S.HARB_TYPE + f] = f
    for i in range(N_FIELDS - 1, 0, -1):
        j = rand_nb(state, i + 1)
        a = state[S.HARB_TYPE + i]
        state[S.HARB_TYPE + i] = state[S.HARB_TYPE + j]
        state[S.HARB_TYPE + j] = a
    for f in range(N_FIELDS):
        state[S.HARB_N + f] = 0
        top_up_nb(state, data, f)
        log_nb(state, log, -1, EV_HARBOUR_FIELD, f, state[S.HARB_TYPE + f],
               state[S.HARB_N + f], 0)  # fmt: skip


@njit_static(cache=True)
def setup_cards_nb(state, data, n_players):
    """P-S6 / P-C2: each seat lays out its two harbour cards, the data's start sides up."""
    for p in range(n_players):
        for c in range(2):
            state[S.HCARD + p * 2 + c] = data[D.CARD_SIDES + c * 2]


@njit_static(cache=True)
def refill_nb(state, data, f, t):
    """P-A1r: the fields below the emptied field f shift one field towards field 4 keeping
    their type, each topped up to its new capacity; field 1 gets the type just taken,
    filled to its capacity; fields above f stay. The supply gives what it has."""
    for i in range(f - 1, -1, -1):
        state[S.HARB_TYPE + i + 1] = state[S.HARB_TYPE + i]
        state[S.HARB_N + i + 1] = state[S.HARB_N + i]
        top_up_nb(state, data, i + 1)
    state[S.HARB_TYPE] = t
    state[S.HARB_N] = 0
    top_up_nb(state, data, 0)


@njit_static(cache=True)
def take_harbour_nb(state, data, log, seat, side):
    """P-A1: take every resource of the side's field, refill (P-A1r), flip the card."""
    f = data[D.SIDE_FIELD + side]
    t = state[S.HARB_TYPE + f]
    n = state[S.HARB_N + f]
    state[S.RES + seat * N_RES + t] += n
    state[S.HARB_N + f] = 0
    log_nb(state, log, seat, EV_HARBOUR, side, f, t, n)
    refill_nb(state, data, f, t)
    for c in range(2):
        if state[S.HCARD + seat * 2 + c] == side:
            a = data[D.CARD_SIDES + c * 2]
            b = data[D.CARD_SIDES + c * 2 + 1]
            state[S.HCARD + seat * 2 + c] = b if side == a else a
            break
