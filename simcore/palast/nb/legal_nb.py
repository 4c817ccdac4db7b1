"""The legal answers of each decision kind (P-D), listed in the state (S.LEGAL[0 ..
S.LEGAL_N - 1]) before the decision is asked; LEGAL[0] is the default an illegal answer
is replaced by. Strategies read the list; the engine checks answers against it."""

from simcore.core.nb.numba_compat import njit_static

from .. import data_layout as D
from .. import layout as S
from ..enums import (
    BUILD_SLOT,
    DK_BUILD,
    DK_DROP_CARD,
    DK_DROP_RES,
    DK_FIGURE,
    DK_FREE,
    DK_HARBOUR,
    DK_PLACE,
    DK_REMOVE,
    DK_SEAL,
    DK_SETUP,
    DK_VIZIER,
    DK_VIZIER_ACT,
    END_CARD,
    FA_CARD,
    FA_PRODUCE,
    GOLD,
    N_DISPLAY,
    N_PALACE,
    N_QUARTERS,
    N_RES,
    NONE,
    PASS,
)
from ..rules import R
from .decks_nb import buildable_nb
from .free_nb import free_ok_nb, vizier_ok_nb


@njit_static(cache=True)
def add_nb(state, answer):
    state[S.LEGAL + state[S.LEGAL_N]] = answer
    state[S.LEGAL_N] += 1


@njit_static(cache=True)
def is_legal_nb(state, answer):
    for i in range(state[S.LEGAL_N]):
        if state[S.LEGAL + i] == answer:
            return True
    return False


@njit_static(cache=True)
def can_pay_nb(state, data, rules, seat, k):
    """The card on building field k is affordable now: its cost, the field's fee in gold
    (P-C1a) and, for a sealed garden, one more of the sealed type (P-V3)."""
    c = state[S.DISPLAY + k]
    r = S.RES + seat * N_RES
    fee = rules[R.FEE_51 + k]
    seal = -1
    if c < N_PALACE:
        seal = state[S.SEAL + data[D.GARDEN + c]]
    for t in range(N_RES):
        need = data[D.COST + c * N_RES + t]
        if t == GOLD:
            need += fee
        if t == seal:
            need += 1
        if state[r + t] < need:
            return False
    return True


@njit_static(cache=True)
def slot_ok_nb(state, data, rules, seat, k):
    """P-A2 / P-A3 / P-A4: the card on field k may be played now."""
    c = state[S.DISPLAY + k]
    if c < 0:
        return False
    if c < N_PALACE:  # one palace element per turn
        if state[S.BUILT] != 0 or not buildable_nb(state, data, c):
            return False
    elif c == END_CARD:  # [choice] P-A4: it takes the turn's build
        if state[S.BUILT] != 0:
            return False
    else:  # treasury (P-D3): one per turn; [choice] P-A3 with or without a build
        if state[S.PLAYED_SPECIAL] != 0:
            return False
        if rules[R.TREASURY_ALONE] == 0 and state[S.BUILT] == 0:
            return False
    return can_pay_nb(state, data, rules, seat, k)


@njit_static(cache=True)
def fill_legal_nb(state, data, rules, kind, seat):
    """List the legal answers of `kind` for `seat`; returns how many."""
    state[S.LEGAL_N] = 0
    if kind == DK_SETUP:  # P-S3: each type once
        for t in range(N_RES):
            given = False
            for p in range(state[S.N_PLAYERS]):
                if state[S.START_TYPE + p] == t:
                    given = True
            if not given:
                add_nb(state, t)
    elif kind == DK_FREE or kind == DK_BUILD:
        add_nb(state, PASS)
        if kind == DK_BUILD:
            for k in range(N_DISPLAY):
                if slot_ok_nb(state, data, rules, seat, k):
                    add_nb(state, BUILD_SLOT + k)
        for code in range(FA_PRODUCE, FA_CARD + N_RES):
            if free_ok_nb(state, seat, code):
                add_nb(state, code)
    elif kind == DK_HARBOUR:  # P-A1: one of the two face-up sides
        add_nb(state, state[S.HCARD + seat * 2])
        add_nb(state, state[S.HCARD + seat * 2 + 1])
    elif kind == DK_REMOVE:  # P-A1 "b": a palace building card
        if rules[R.REMOVE_COMPULSORY] == 0:
            add_nb(state, NONE)
        for k in range(N_DISPLAY):
            c = state[S.DISPLAY + k]
            if 0 <= c < N_PALACE:
                add_nb(state, k)
    elif kind == DK_VIZIER:  # P-A1 "c": another quarter
        for q in range(N_QUARTERS):
            if q != state[S.VIZIER]:
                add_nb(state, q)
    elif kind == DK_VIZIER_ACT:
        add_nb(state, PASS)
        for code in range(FA_PRODUCE, FA_CARD):
            if vizier_ok_nb(state, seat, code):
                add_nb(state, code)
    elif kind == DK_FIGURE:  # P-A2a / P-A3: a quarter holding an own figure
        for q in range(N_QUARTERS):
            if state[S.QFIG + seat * N_QUARTERS + q] > 0:
                add_nb(state, q)
    elif kind == DK_SEAL:  # P-V3: optional, any own resource
        add_nb(state, NONE)
        for t in range(N_RES):
            if state[S.RES + seat * N_RES + t] > 0:
                add_nb(state, t)
    elif kind == DK_PLACE:  # P-A5
        add_nb(state, NONE)
        if state[S.FIGS + seat] > 0:
            for q in range(N_QUARTERS):
                n = state[S.QN + q]
                if n >= rules[R.QUARTER_ROOM]:
                    continue
                if q == state[S.VIZIER] and rules[R.QUARTER_IN_VIZIER] == 0:
                    continue
                cost = rules[R.QUARTER_COST_1] if n == 0 else rules[R.QUARTER_COST_2]
                if state[S.RES + seat * N_RES + GOLD] >= cost:
                    add_nb(state, q)
    elif kind == DK_DROP_CARD:
        for t in range(N_RES):
            if state[S.HAND + seat * N_RES + t] > 0:
                add_nb(state, t)
    elif kind == DK_DROP_RES:
        for t in range(N_RES):
            if state[S.RES + seat * N_RES + t] > 0:
                add_nb(state, t)
    return state[S.LEGAL_N]
