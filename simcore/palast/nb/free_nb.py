"""Free actions of the own turn (P-F1 quarter actions, P-F2 action cards) and the Vizier's
destination action (P-A1 "c", translator's note), as FA_* answer codes."""

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.skeleton_nb import log_nb

from .. import layout as S
from ..enums import (
    ACT_CARD,
    ACT_QUARTER,
    ACT_VIZIER_ACTION,
    BAZAAR,
    EV_FREE,
    EXCHANGE,
    FA_BAZAAR,
    FA_CARD,
    FA_GOLD_TO,
    FA_PRODUCE,
    FA_TO_GOLD,
    GOLD,
    N_ACTS,
    N_QUARTERS,
    N_RES,
    QUARTER_RES,
)


@njit_static(cache=True)
def quarter_uses_nb(state, seat, q):
    """P-F1: uses of quarter q left this turn: one per own figure there, none where the
    Vizier stands, a figure placed this turn not yet (P-A5)."""
    if state[S.VIZIER] == q:
        return 0
    n = state[S.QFIG + seat * N_QUARTERS + q] - state[S.USED_Q + q]
    if state[S.PLACED_Q] == q:
        n -= 1
    return n


@njit_static(cache=True)
def code_quarter_nb(code):
    """The quarter whose action a code is, -1 for an action card."""
    if code < FA_GOLD_TO:
        return code - FA_PRODUCE
    if code < FA_BAZAAR:
        return EXCHANGE
    if code < FA_CARD:
        return BAZAAR
    return -1


@njit_static(cache=True)
def effect_ok_nb(state, seat, code):
    """Whether the resources allow the code's swap or gain (supply and own stock)."""
    r = S.RES + seat * N_RES
    if code < FA_GOLD_TO:
        return state[S.SUPPLY + QUARTER_RES[code - FA_PRODUCE]] > 0
    if code < FA_TO_GOLD:  # exchange: own gold for t
        return state[r + GOLD] > 0 and state[S.SUPPLY + code - FA_GOLD_TO] > 0
    if code < FA_BAZAAR:  # exchange: own t for gold
        return state[r + code - FA_TO_GOLD] > 0 and state[S.SUPPLY + GOLD] > 0
    if code < FA_CARD:  # bazaar: own a for a different non-gold b
        a = (code - FA_BAZAAR) // 3
        b = (code - FA_BAZAAR) % 3
        return a != b and state[r + a] > 0 and state[S.SUPPLY + b] > 0
    t = code - FA_CARD  # P-F2: not playable when the supply has none
    return state[S.SUPPLY + t] > 0


@njit_static(cache=True)
def free_ok_nb(state, seat, code):
    """A free action (FA code) is legal now."""
    if code < FA_PRODUCE or code >= FA_CARD + N_RES:
        return False
    q = code_quarter_nb(code)
    if q >= 0:
        if quarter_uses_nb(state, seat, q) <= 0:
            return False
    else:
        t = code - FA_CARD
        if state[S.HAND + seat * N_RES + t] - state[S.FRESH + t] <= 0:
            return False
    return effect_ok_nb(state, seat, code)


@njit_static(cache=True)
def vizier_ok_nb(state, seat, code):
    """P-A1 "c": the destination quarter's action once, whoever stands there."""
    if code < FA_PRODUCE or code >= FA_CARD:
        return False
    return code_quarter_nb(code) == state[S.VIZIER] and effect_ok_nb(state, seat, code)


@njit_static(cache=True)
def apply_effect_nb(state, seat, code):
    r = S.RES + seat * N_RES
    if code < FA_GOLD_TO:
        t = QUARTER_RES[code - FA_PRODUCE]
        state[r + t] += 1
        state[S.SUPPLY + t] -= 1
    elif code < FA_TO_GOLD:
        t = code - FA_GOLD_TO
        state[r + GOLD] -= 1
        state[S.SUPPLY + GOLD] += 1
        state[r + t] += 1
        state[S.SUPPLY + t] -= 1
    elif code < FA_BAZAAR:
        t = code - FA_TO_GOLD
        state[r + t] -= 1
        state[S.SUPPLY + t] += 1
        state[r + GOLD] += 1
        state[S.SUPPLY + GOLD] -= 1
    elif code < FA_CARD:
        a = (code - FA_BAZAAR) // 3
        b = (code - FA_BAZAAR) % 3
        state[r + a] -= 1
        state[S.SUPPLY + a] += 1
        state[r + b] += 1
        state[S.SUPPLY + b] -= 1
    else:
        t = code - FA_CARD
        state[r + t] += 1
        state[S.SUPPLY + t] -= 1


@njit_static(cache=True)
def apply_free_nb(state, log, seat, code):
    """Apply a legal free action: the quarter's use is counted (P-F1) or the card goes to
    the discard pile (P-F2)."""
    apply_effect_nb(state, seat, code)
    q = code_quarter_nb(code)
    if q >= 0:
        state[S.USED_Q + q] += 1
        state[S.ACTS + seat * N_ACTS + ACT_QUARTER + q] += 1
    else:
        t = code - FA_CARD
        state[S.HAND + seat * N_RES + t] -= 1
        state[S.HAND_N + seat] -= 1
        state[S.DISCARD + t] += 1
        state[S.DISCARD_N] += 1
        state[S.ACTS + seat * N_ACTS + ACT_CARD] += 1
    log_nb(state, log, seat, EV_FREE, code, 0, 0, 0)


@njit_static(cache=True)
def apply_vizier_action_nb(state, log, seat, code):
    apply_effect_nb(state, seat, code)
    state[S.ACTS + seat * N_ACTS + ACT_VIZIER_ACTION] += 1
    log_nb(state, log, seat, EV_FREE, code, 1, 0, 0)
