"""The legal answers of each decision (V-D1..V-D3), from the engine's own checks.

Public information only (V-I1): the offer, the coins, money, holdings and the supply.
"""

from simcore.core.nb.numba_compat import njit_static
from simcore.vermaechtnis import layout as S
from simcore.vermaechtnis.enums import E_OK, N_ANTIQUES
from simcore.vermaechtnis.nb.collect_nb import give_up_ok_nb
from simcore.vermaechtnis.nb.market_nb import buy_error_at_nb, price_nb


@njit_static(cache=True)
def buyable_slots_nb(state, seat):
    """V-D1: bit mask of the offer slots `seat` can buy now (non-empty, affordable)."""
    out = 0
    price = price_nb(state)
    for i in range(S.MAX_OFFER):
        if buy_error_at_nb(state, seat, i, price) == E_OK:
            out |= 1 << i
    return out


@njit_static(cache=True)
def give_up_options_nb(state, cards, rules, seat):
    """V-D3: bit mask over antique ids `seat` may give up for the pending card."""
    k = state[S.GIVE_CARD]
    out = 0
    for a in range(N_ANTIQUES):
        if state[S.WHERE + a] == seat and give_up_ok_nb(state, cards, rules, seat, k, a):
            out |= 1 << a
    return out


@njit_static(cache=True, inline="always")
def popcount_nb(mask):
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


@njit_static(cache=True, inline="always")
def nth_bit_nb(mask, i):
    """Index of the i-th set bit of mask (0-based), -1 if there are fewer."""
    b = 0
    while mask:
        if mask & 1:
            if i == 0:
                return b
            i -= 1
        mask >>= 1
        b += 1
    return -1
