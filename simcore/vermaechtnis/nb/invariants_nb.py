"""The invariant check's hooks (simcore/core/contract/engine_api.py, CHECK_API): what the
Vermächtnis engine must keep true at every decision, stated once. Read-only.

Conserved: every antique is in exactly one place (deck, offer, out of the game, given up
as a lone colour, or one seat's), and each seat's per-type, per-colour and total counts
are its antiques; the offer count is the antiques in the offer; each collection card is
in the supply or with one seat, never two (V-A3d); money is never negative (V-A2, V-A4).
"""

import numpy as np

from simcore.core.nb.numba_compat import njit_static

from .. import data_layout as T
from .. import layout as S
from ..enums import (
    DK_ACTION,
    DK_COLLECT,
    DK_GIVE_UP,
    N_ANTIQUES,
    N_COLOURS,
    N_TYPES,
    W_LONE,
    W_OFFER,
)
from .collect_nb import give_up_ok_nb
from .market_nb import buy_error_nb

E_PLACE = 1  # an antique is nowhere, or a seat's counts are not its antiques
E_OFFER = 2  # the offer count is not the antiques in the offer
E_COLLECTION = 3  # a collection card is held twice, or neither held nor in the supply
E_MONEY = 4  # negative money


@njit_static(cache=True)
def legal_count_nb(state, cards, rules, kind, seat):
    """V-D1: gold (always) and each slot the seat may buy; V-D2: none and each eligible
    card; V-D3: each antique the seat may give up."""
    n = 0
    if kind == DK_ACTION:
        n = 1
        for slot in range(S.MAX_OFFER):
            if state[S.OFFER + slot] >= 0 and buy_error_nb(state, seat, slot) == 0:
                n += 1
    elif kind == DK_COLLECT:
        n = 1
        mask = state[S.ELIGIBLE]
        while mask:
            n += mask & 1
            mask >>= 1
    elif kind == DK_GIVE_UP:
        for a in range(N_ANTIQUES):
            if give_up_ok_nb(state, cards, rules, seat, state[S.GIVE_CARD], a):
                n += 1
    return np.int64(n)


@njit_static(cache=True)
def antiques_ok_nb(state, n):
    for p in range(n):
        total = 0
        for t in range(N_TYPES):
            own = 0
            for c in range(N_COLOURS):
                own += state[S.WHERE + t * N_COLOURS + c] == p
            if own != state[S.OWN_TYPE + p * N_TYPES + t]:
                return False
            total += own
        for c in range(N_COLOURS):
            own = 0
            for t in range(N_TYPES):
                own += state[S.WHERE + t * N_COLOURS + c] == p
            if own != state[S.OWN_COLOUR + p * N_COLOURS + c]:
                return False
        if total != state[S.N_OWNED + p]:
            return False
    for a in range(N_ANTIQUES):
        if not W_LONE <= state[S.WHERE + a] < n:
            return False
    return True


@njit_static(cache=True)
def offer_ok_nb(state):
    shown = 0
    for i in range(S.MAX_OFFER):
        a = state[S.OFFER + i]
        if a >= 0:
            if a >= N_ANTIQUES or state[S.WHERE + a] != W_OFFER:
                return False
            shown += 1
    offered = 0
    for a in range(N_ANTIQUES):
        offered += state[S.WHERE + a] == W_OFFER
    return shown == offered == state[S.OFFER_N]


@njit_static(cache=True)
def collections_ok_nb(state, cards, n):
    seen = state[S.SUPPLY]
    for p in range(n):
        if seen & state[S.COLL + p]:
            return False
        seen |= state[S.COLL + p]
    return seen == (1 << cards[T.N_COLL]) - 1


@njit_static(cache=True)
def invariants_nb(state, cards, rules):
    """0 when every conservation law above holds, else the first broken one's E_* code."""
    n = state[S.N_PLAYERS]
    if not antiques_ok_nb(state, n):
        return np.int64(E_PLACE)
    if not offer_ok_nb(state):
        return np.int64(E_OFFER)
    if not collections_ok_nb(state, cards, n):
        return np.int64(E_COLLECTION)
    for p in range(n):
        if state[S.MONEY + p] < 0:
            return np.int64(E_MONEY)
    return np.int64(0)
