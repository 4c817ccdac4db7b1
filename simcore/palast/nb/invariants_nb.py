"""The invariant check's hooks (simcore/core/contract/engine_api.py, CHECK_API): what the
Palast engine must keep true at every decision, stated once. Read-only.

Conserved: each seat's figures (supply, quarters, balconies, treasury, the P-V2 figure:
P-S2's 8), its seraglio markers (supply and seraglio: P-S2's 5), each resource type
(supply, hands, harbour, seals: P-C3's 15), the action cards (deck, discards, hands: the
data's mix, none before the lay-out, P-S7), each quarter's count (its seats' figures,
never above its room, P-A5), the palace cards (GONE never above 24, P-E1).
"""

import numpy as np

from simcore.core.nb.numba_compat import njit_static

from .. import data_layout as D
from .. import layout as S
from ..enums import MAX_SERAGLIO, N_BCARDS, N_FIELDS, N_GARDENS, N_PALACE, N_QUARTERS, N_RES
from ..rules import R

E_FIGURES = 1  # a seat's figures do not add up to P-S2's, or a count is negative
E_QUARTER = 2  # a quarter's count is not its seats' figures, or is above its room
E_MARKERS = 3  # a seat's markers do not add up, or a field names no seat
E_RESOURCES = 4  # a resource type does not add up, or a count is negative
E_CARDS = 5  # action cards do not add up, or a hand size is not its cards
E_PALACE = 6  # a balcony names no seat, GONE or the deck position out of range


@njit_static(cache=True)
def legal_count_nb(state, data, rules, kind, seat):
    """The legal answers the asked decision lists (answer_nb checks against them)."""
    return np.int64(state[S.LEGAL_N])


@njit_static(cache=True)
def figures_ok_nb(state, rules, n):
    for p in range(n):
        if state[S.FIGS + p] < 0 or state[S.TREASURY + p] < 0:
            return False
        total = state[S.FIGS + p] + state[S.TREASURY + p]
        for q in range(N_QUARTERS):
            if state[S.QFIG + p * N_QUARTERS + q] < 0:
                return False
            total += state[S.QFIG + p * N_QUARTERS + q]
        for g in range(N_GARDENS):
            if state[S.BALCONY + g] == p:
                total += 1
        if state[S.SER_FIGURE] == p:
            total += 1
        if total != rules[R.FIGURES]:
            return False
    return True


@njit_static(cache=True)
def quarters_ok_nb(state, rules, n):
    for q in range(N_QUARTERS):
        total = 0
        for p in range(n):
            total += state[S.QFIG + p * N_QUARTERS + q]
        if total != state[S.QN + q] or total > rules[R.QUARTER_ROOM]:
            return False
    return True


@njit_static(cache=True)
def markers_ok_nb(state, rules, n):
    for i in range(MAX_SERAGLIO):
        if not -1 <= state[S.SERAGLIO + i] < n:
            return False
    for p in range(n):
        total = state[S.MARKERS + p]
        for i in range(MAX_SERAGLIO):
            if state[S.SERAGLIO + i] == p:
                total += 1
        if state[S.MARKERS + p] < 0 or total != rules[R.MARKERS]:
            return False
    return True


@njit_static(cache=True)
def resources_ok_nb(state, rules, n):
    for t in range(N_RES):
        total = state[S.SUPPLY + t]
        if total < 0:
            return False
        for p in range(n):
            if state[S.RES + p * N_RES + t] < 0:
                return False
            total += state[S.RES + p * N_RES + t]
        for f in range(N_FIELDS):
            if state[S.HARB_N + f] < 0:
                return False
            if state[S.HARB_TYPE + f] == t:
                total += state[S.HARB_N + f]
        for g in range(N_GARDENS):
            if state[S.SEAL + g] == t:
                total += 1
        if total != rules[R.PER_TYPE]:
            return False
    return True


@njit_static(cache=True)
def cards_ok_nb(state, data, n):
    cards = state[S.ADECK_N]
    discards = 0
    for t in range(N_RES):
        discards += state[S.DISCARD + t]
        if state[S.DISCARD + t] < 0:
            return False
    if discards != state[S.DISCARD_N] or cards < 0:
        return False
    cards += discards
    for p in range(n):
        held = 0
        for t in range(N_RES):
            if state[S.HAND + p * N_RES + t] < 0:
                return False
            held += state[S.HAND + p * N_RES + t]
        if held != state[S.HAND_N + p]:
            return False
        cards += held
    mix = 0
    for t in range(N_RES):
        mix += data[D.ACTION_COUNT + t]
    return cards == mix or (cards == 0 and state[S.HCARD] < 0)  # not laid out yet


@njit_static(cache=True)
def palace_ok_nb(state, n):
    for g in range(N_GARDENS):
        if not -1 <= state[S.BALCONY + g] < n:
            return False
    if not 0 <= state[S.GONE] <= N_PALACE:
        return False
    return 0 <= state[S.BDECK_POS] <= N_BCARDS


@njit_static(cache=True)
def invariants_nb(state, data, rules):
    """0 when every conservation law above holds, else the first broken one's E_* code."""
    n = state[S.N_PLAYERS]
    if not figures_ok_nb(state, rules, n):
        return np.int64(E_FIGURES)
    if not quarters_ok_nb(state, rules, n):
        return np.int64(E_QUARTER)
    if not markers_ok_nb(state, rules, n):
        return np.int64(E_MARKERS)
    if not resources_ok_nb(state, rules, n):
        return np.int64(E_RESOURCES)
    if not cards_ok_nb(state, data, n):
        return np.int64(E_CARDS)
    if not palace_ok_nb(state, n):
        return np.int64(E_PALACE)
    return np.int64(0)
