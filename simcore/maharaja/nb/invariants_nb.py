"""The invariant check's hooks (simcore/core/contract/engine_api.py, CHECK_API): what the
Maharaja engine must keep true at every decision, stated once. Read-only.

Conserved: each seat's houses (supply, quarry, villages, cities: M-C3's 14 per colour);
each village's total is its seats' houses, never above its room (M-S4); each seat's
palace count is its palaces on inner and outer sites, never above M-C2's 7, and a city's
used outer sites hold at least the seats' outer palaces; gold, supply and quarry never
negative; every character with the bank or a seat.
"""

import numpy as np

from simcore.core.nb.numba_compat import njit_static

from .. import data_layout as B
from .. import layout as S
from ..enums import (
    BANK,
    DK_BID,
    DK_CHARACTER,
    DK_GIVE,
    DK_PICK,
    DK_REPLACE,
    DK_SETUP_HOUSE,
    DK_STEP,
    N_ACTIONS,
)
from ..rules import R
from .build_nb import village_cap_nb

P = S.P
E_HOUSES = 1  # a seat's houses do not add up to its colour's, or a count is negative
E_VILLAGE = 2  # a village's total is not its seats' houses, or above its room
E_PALACES = 3  # a seat's palace count is not its palaces, or above the rule's
E_GOLD = 4  # negative gold
E_CHARACTER = 5  # a character's owner is neither the bank nor a seat


@njit_static(cache=True)
def count_owned_nb(state, rules, owner):
    n = 0
    for k in range(rules[R.N_CHARACTERS]):
        n += state[S.CHAR_OWNER + k] == owner
    return n


@njit_static(cache=True)
def legal_count_nb(state, board, rules, kind, seat):
    """M-R3 picks: every pair; a step, a bid: ending the turn and passing are always legal
    (the rest of a step is its operation's arguments); a character or replacement: the
    bank's; a give: the seat's own characters; a setup house: the villages with room."""
    if kind == DK_PICK:
        return np.int64(N_ACTIONS * (N_ACTIONS + 1) // 2)
    if kind == DK_STEP or kind == DK_BID:
        return np.int64(1)
    if kind == DK_CHARACTER or kind == DK_REPLACE:
        return np.int64(count_owned_nb(state, rules, BANK))
    if kind == DK_GIVE:
        return np.int64(count_owned_nb(state, rules, seat))
    if kind == DK_SETUP_HOUSE:
        n = 0
        cap = village_cap_nb(state, rules)
        for v in range(board[B.N_VILLAGES]):
            n += state[S.VIL_TOTAL + v] < cap
        return np.int64(n)
    return np.int64(0)


@njit_static(cache=True)
def houses_ok_nb(state, board, rules, n):
    for p in range(n):
        if state[S.SUPPLY + p] < 0 or state[S.QUARRY + p] < 0:
            return False
        total = state[S.SUPPLY + p] + state[S.QUARRY + p]
        for c in range(board[B.N_CITIES]):
            total += state[S.CITY_HOUSES + c * P + p]
        for v in range(board[B.N_VILLAGES]):
            if state[S.VIL + v * P + p] < 0:
                return False
            total += state[S.VIL + v * P + p]
        if total != rules[R.HOUSES_PER_COLOUR]:
            return False
    return True


@njit_static(cache=True)
def villages_ok_nb(state, board, rules, n):
    cap = village_cap_nb(state, rules)
    for v in range(board[B.N_VILLAGES]):
        total = 0
        for p in range(n):
            total += state[S.VIL + v * P + p]
        if total != state[S.VIL_TOTAL + v] or total > cap:
            return False
    return True


@njit_static(cache=True)
def palaces_ok_nb(state, board, rules, n):
    for c in range(board[B.N_CITIES]):
        outer = 0
        for p in range(n):
            outer += state[S.OUTER + c * P + p]
        if outer > state[S.OUTER_USED + c] or not -1 <= state[S.INNER + c] < n:
            return False
    for p in range(n):
        built = 0
        for c in range(board[B.N_CITIES]):
            built += (state[S.INNER + c] == p) + state[S.OUTER + c * P + p]
        if built != state[S.PALACES + p] or built > rules[R.PALACES]:
            return False
    return True


@njit_static(cache=True)
def invariants_nb(state, board, rules):
    """0 when every conservation law above holds, else the first broken one's E_* code."""
    n = state[S.N_PLAYERS]
    if not houses_ok_nb(state, board, rules, n):
        return np.int64(E_HOUSES)
    if not villages_ok_nb(state, board, rules, n):
        return np.int64(E_VILLAGE)
    if not palaces_ok_nb(state, board, rules, n):
        return np.int64(E_PALACES)
    for p in range(n):
        if state[S.GOLD + p] < 0:
            return np.int64(E_GOLD)
    for k in range(rules[R.N_CHARACTERS]):
        if not BANK <= state[S.CHAR_OWNER + k] < n:
            return np.int64(E_CHARACTER)
    return np.int64(0)
