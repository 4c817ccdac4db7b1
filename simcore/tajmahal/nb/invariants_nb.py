"""The invariant check's hooks (simcore/core/contract/engine_api.py, CHECK_API): what the
Taj Mahal engine must keep true at every decision, stated once. Read-only.

Conserved: the normal cards (pile, discards, display, hands, cards in front of the
seats: the data's deck, T-C5); each hand size is its cards (T-I1); each special card is
held, in hand or in play, by its holder only, or lies beside the board (T-S3, T-A8);
each seat's palace count is its normal and crowned palaces on the map (T-A3, T-A4), and
its palace mask the cities holding one; every count is non-negative.
"""

import numpy as np

from simcore.core.nb.numba_compat import njit_static

from .. import data_layout as D
from .. import layout as S
from ..enums import DK_CROWN, DK_PALACE, DK_PICK, DK_TURN
from .palace_nb import city_ok_nb

E_CARDS = 1  # the normal cards do not add up to the deck, or a count is negative
E_HAND = 2  # a hand size is not its cards
E_SPECIAL = 3  # a special card is not where its holder says
E_PALACES = 4  # a seat's palace count or mask is not its palaces on the map


@njit_static(cache=True)
def legal_count_nb(state, data, rules, kind, seat):
    """T-D1: withdrawing is always legal (a play is counted as that); T-D2: the cities of
    the visit's province that take the palace; T-D3: the display's cards."""
    n = 0
    if kind == DK_TURN:
        n = 1
    elif kind == DK_CROWN or kind == DK_PALACE:
        mask = data[D.PROV_MASK + state[S.CUR_PROV]]
        c = 0
        while mask:
            if mask & 1 and city_ok_nb(state, data, rules, seat, kind == DK_CROWN, c):
                n += 1
            mask >>= 1
            c += 1
    elif kind == DK_PICK:
        for i in range(S.MAX_DISPLAY):
            n += state[S.DISPLAY + i] >= 0
    return np.int64(n)


@njit_static(cache=True)
def cards_ok_nb(state, data, n):
    kinds = data[D.N_KINDS]
    deck = 0
    total = state[S.PILE_N] + state[S.DISCARD_N]
    if state[S.PILE_N] < 0 or state[S.DISCARD_N] < 0:
        return False
    discards = 0
    for k in range(kinds):
        deck += data[D.KIND_COUNT + k]
        discards += state[S.DISCARD + k]
        for p in range(n):
            a = state[S.HAND + p * D.MAX_KINDS + k]
            b = state[S.PLAYED + p * D.MAX_KINDS + k]
            if a < 0 or b < 0:
                return False
            total += a + b
    for i in range(S.MAX_DISPLAY):
        total += state[S.DISPLAY + i] >= 0
    return total == deck and discards == state[S.DISCARD_N]


@njit_static(cache=True)
def hands_ok_nb(state, data, n):
    for p in range(n):
        held = 0
        for k in range(data[D.N_KINDS] + D.N_SPECIAL):
            held += state[S.HAND + p * D.MAX_KINDS + k]
        if held != state[S.HAND_N + p]:
            return False
    return True


@njit_static(cache=True)
def specials_ok_nb(state, data, n):
    for t in range(D.N_SPECIAL):
        k = data[D.N_KINDS] + t
        holder = state[S.SPECIAL_HOLDER + t]
        if not -1 <= holder < n:
            return False
        for p in range(n):
            have = state[S.HAND + p * D.MAX_KINDS + k] + state[S.PLAYED + p * D.MAX_KINDS + k]
            if have != (1 if p == holder else 0):
                return False
    return True


@njit_static(cache=True)
def palaces_ok_nb(state, data, n):
    for p in range(n):
        count = 0
        mask = 0
        for c in range(S.MAX_CITIES):
            here = (state[S.CITY_NORMAL + c] == p) + (state[S.CITY_CROWNED + c] == p)
            count += here
            if here:
                mask |= 1 << c
        if count != state[S.N_PALACES + p] or mask != state[S.PALACES + p]:
            return False
    return True


@njit_static(cache=True)
def invariants_nb(state, data, rules):
    """0 when every conservation law above holds, else the first broken one's E_* code."""
    n = state[S.N_PLAYERS]
    if not cards_ok_nb(state, data, n):
        return np.int64(E_CARDS)
    if not hands_ok_nb(state, data, n):
        return np.int64(E_HAND)
    if not specials_ok_nb(state, data, n):
        return np.int64(E_SPECIAL)
    if not palaces_ok_nb(state, data, n):
        return np.int64(E_PALACES)
    return np.int64(0)
