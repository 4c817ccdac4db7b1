"""The parametric Palast player: every decision kind (P-D0..P-D9) answered from one weight
vector (kit.weights). The scripted styles and `weighted` are vectors of it.

A turn: no free action before the harbour. Harbour (P-D1): each face-up side is worth the
resources it brings against the target card's lack (kit.values_nb), the best card they
let the seat play this turn (`now`), and its extra: an action card (`card`), the best
removal (`remove`: a card that would evict an own figure first), the best Vizier move
(`vizier`: its action, opponents blocked, own figures freed), or `side_d`. Build step
(P-D2..P-D4, P-D6): the most valuable payable card, paid by the greedy plan (kit.plan_nb)
one free action at a time; a treasury card only while leading, the end card only while
winning alone. Quarter (P-D5): a quarter's use per own turn left against its gold and
the figures kept. End of turn: unused production while under the resource limit, an
action card that the draw would push over the hand limit, swaps that gain `swap`; drops
(P-D8) take the least valuable. `noise` adds Gumbel noise to the choices.
"""

import numpy as np

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import random_nb
from simcore.palast import data_layout as D
from simcore.palast import layout as S
from simcore.palast.enums import (
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
    FA_BAZAAR,
    FA_CARD,
    FA_GOLD_TO,
    FA_PRODUCE,
    FA_TO_GOLD,
    GOLD,
    N_DISPLAY,
    N_PALACE,
    N_QUARTERS,
    NONE,
    PASS,
    QUARTER_RES,
    SIDE_A,
    SIDE_B,
    SIDE_C,
    SIDE_D,
)
from simcore.palast.nb.game_nb import PH_FREE_START
from simcore.palast.rules import R

from . import weights as W
from .values_nb import (
    NEG,
    SCALE,
    SLOTV,
    best_now_nb,
    build_step_nb,
    loss_value_nb,
    quarter_value_nb,
    target_nb,
    unit_value_nb,
    vizier_value_nb,
)
from .view_nb import has_legal_nb, own_turns_left_nb, threats_nb, total_res_nb


@njit_static(cache=True)
def gumbel_nb(rng, params):
    """`noise` times a Gumbel draw (0 without noise: no number drawn)."""
    if params[W.NOISE] <= 0:
        return 0.0
    u = random_nb(rng, 0) * 0.999999 + 5e-7
    return -params[W.NOISE] * np.log(-np.log(u))


@njit_static(cache=True)
def gain_nb(state, seat, t, n, params, sc):
    """n more of type t: the units' values, the ones over the resource limit at `res`
    times minus one (they will be dropped, P-A6)."""
    v = 0.0
    for j in range(n):
        v += unit_value_nb(state, seat, t, j, params, sc)
    return v


@njit_static(cache=True)
def removal_nb(state, data, rules, seat, k, params, sc):
    """P-A1 "b": worth of taking the palace card on field k out of the game: it would
    evict an own figure (`protect`), or it is a card the seat wants (minus its value)."""
    c = state[S.DISPLAY + k]
    if c < 0 or c >= N_PALACE:
        return NEG
    v = 0.0
    if state[S.BALCONY + data[D.GARDEN + c]] == seat:
        v += params[W.PROTECT]
    mine = sc[SLOTV + k] / SCALE  # slot_values_nb ran for this decision (target_nb)
    if mine > 0:
        v -= 0.5 * mine
    return v


@njit_static(cache=True)
def swap_gain_nb(state, seat, code, params, sc):
    """An exchange or bazaar answer: the unit gained less the unit given."""
    if code < FA_TO_GOLD:
        a, b = GOLD, code - FA_GOLD_TO
    elif code < FA_BAZAAR:
        a, b = code - FA_TO_GOLD, GOLD
    else:
        a, b = (code - FA_BAZAAR) // 3, (code - FA_BAZAAR) % 3
    return unit_value_nb(state, seat, b, 0, params, sc) - loss_value_nb(state, seat, a, params, sc)


@njit_static(cache=True)
def code_value_nb(state, seat, code, params, sc):
    """A quarter action answered now (P-C8): a resource, or a swap's gain."""
    if code < FA_GOLD_TO:
        return unit_value_nb(state, seat, QUARTER_RES[code - FA_PRODUCE], 0, params, sc)
    return swap_gain_nb(state, seat, code, params, sc)


@njit_static(cache=True)
def harbour_nb(state, data, rules, seat, params, rng, sc, values):
    """P-D1: the listed side of most value; values[i] := the i-th's (scan_nb)."""
    n_vals = values.shape[0]
    best = NEG
    ans = state[S.LEGAL]
    for i in range(state[S.LEGAL_N]):
        s = state[S.LEGAL + i]
        f = data[D.SIDE_FIELD + s]
        t = state[S.HARB_TYPE + f]
        n = state[S.HARB_N + f]
        v = gain_nb(state, seat, t, n, params, sc)
        over = total_res_nb(state, seat) + n - rules[R.RES_LIMIT]
        if over > 0:
            v -= params[W.RES] * over
        wild = 1 if s == SIDE_C and rules[R.VIZIER_ACTION] != 0 else 0
        v += params[W.NOW] * best_now_nb(state, data, rules, seat, params, t, n, wild, sc)
        if s == SIDE_A:
            v += params[W.CARD]
        elif s == SIDE_B:
            r = NEG
            for k in range(N_DISPLAY):
                r = max(r, removal_nb(state, data, rules, seat, k, params, sc))
            if r > NEG:
                v += params[W.REMOVE] * r
        elif s == SIDE_C:
            m = NEG
            for q in range(N_QUARTERS):
                if q != state[S.VIZIER]:
                    m = max(m, vizier_value_nb(state, seat, q, params, sc))
            v += params[W.VIZIER] * m
        elif s == SIDE_D:
            v += params[W.SIDE_D]
        v += gumbel_nb(rng, params)
        if i < n_vals:
            values[i] = v
        if v > best:
            best = v
            ans = s
    return ans


@njit_static(cache=True)
def best_listed_nb(state, seat, params, rng, sc, floor, kind_code):
    """The listed free action (quarter codes; cards with kind_code) of the most value
    above `floor`, PASS if none."""
    best = floor
    ans = PASS
    for i in range(state[S.LEGAL_N]):
        code = state[S.LEGAL + i]
        if code < FA_PRODUCE or code >= FA_CARD:
            continue
        v = code_value_nb(state, seat, code, params, sc)
        if code >= FA_GOLD_TO:
            v -= params[W.SWAP]
        if v > best:
            best = v
            ans = code
    return ans


@njit_static(cache=True)
def free_end_nb(state, rules, seat, params, rng, sc):
    """End of the turn (P-F): production while under the resource limit, then an action
    card the draw would push over the hand limit, then swaps that gain `swap`."""
    room = rules[R.RES_LIMIT] - total_res_nb(state, seat)
    best = -1.0
    ans = PASS
    if room > 0:
        for i in range(state[S.LEGAL_N]):
            code = state[S.LEGAL + i]
            if FA_PRODUCE <= code < FA_GOLD_TO:
                v = code_value_nb(state, seat, code, params, sc)
                if v > best:
                    best = v
                    ans = code
        if ans != PASS:
            return ans
        if state[S.HAND_N + seat] >= rules[R.HAND_LIMIT]:
            for i in range(state[S.LEGAL_N]):
                code = state[S.LEGAL + i]
                if code >= FA_CARD:
                    v = unit_value_nb(state, seat, code - FA_CARD, 0, params, sc)
                    if v > best:
                        best = v
                        ans = code
            if ans != PASS:
                return ans
    best = 0.0
    for i in range(state[S.LEGAL_N]):
        code = state[S.LEGAL + i]
        if FA_GOLD_TO <= code < FA_CARD:
            v = swap_gain_nb(state, seat, code, params, sc) - params[W.SWAP]
            if v > best:
                best = v
                ans = code
    return ans


@njit_static(cache=True)
def place_nb(state, rules, seat, params, rng, sc, values):
    """P-D5: a quarter's use per own turn left, less its gold and a figure kept back (NONE
    unless one is worth more than 0); values[i] := the i-th listed answer's (scan_nb)."""
    n_vals = values.shape[0]
    left = own_turns_left_nb(state)
    best = 0.0
    ans = NONE
    figs_after = state[S.FIGS + seat] - 1
    for i in range(state[S.LEGAL_N]):
        q = state[S.LEGAL + i]
        if q < 0:
            if i < n_vals:
                values[i] = 0.0
            continue
        if q < len(QUARTER_RES):
            per = params[W.PROD]
            if state[S.QFIG + seat * N_QUARTERS + q] > 0:
                per *= 0.6  # a second own figure: the same resource again
        else:
            per = params[W.CONV]
        if state[S.VIZIER] == q:
            per *= 0.5
        cost = rules[R.QUARTER_COST_1] if state[S.QN + q] == 0 else rules[R.QUARTER_COST_2]
        v = per * left - params[W.PAY] * cost
        if figs_after < params[W.KEEP]:
            v -= params[W.KEEP_PEN]
        v += gumbel_nb(rng, params)
        if i < n_vals:
            values[i] = v
        if v > best:
            best = v
            ans = q
    return ans


@njit_static(cache=True)
def scan_nb(kind, seat, state, data, rules, params, rng, sc, values):
    """A harbour side, a quarter, a removal or a Vizier move (target_nb has run): the
    listed answer of most value (the first of equals). For a search's prior (empty in
    play): values[i] := the value of the i-th listed answer, for i < len(values)."""
    if kind == DK_HARBOUR:
        return harbour_nb(state, data, rules, seat, params, rng, sc, values)
    if kind == DK_PLACE:
        return place_nb(state, rules, seat, params, rng, sc, values)
    n_vals = values.shape[0]
    best = NEG
    ans = state[S.LEGAL]
    for i in range(state[S.LEGAL_N]):
        k = state[S.LEGAL + i]
        if kind == DK_REMOVE:
            v = 0.0 if k < 0 else removal_nb(state, data, rules, seat, k, params, sc)
        else:
            v = vizier_value_nb(state, seat, k, params, sc) + gumbel_nb(rng, params)
        if i < n_vals:
            values[i] = v
        if v > best:
            best = v
            ans = k
    return ans


@njit_static(cache=True)
def decide_nb(kind, seat, state, data, rules, params, rng, sc, out):
    """The player's answer to decision `kind` (always one of the listed answers)."""
    n = state[S.LEGAL_N]
    if kind == DK_BUILD:
        code = build_step_nb(state, data, rules, seat, params, sc)
        if code >= 0 and has_legal_nb(state, code):
            return code
        return PASS
    if kind == DK_FREE and state[S.PHASE] == PH_FREE_START:
        return PASS
    target_nb(state, data, rules, seat, params, sc)  # what the resources are worth
    if kind == DK_FREE:
        return free_end_nb(state, rules, seat, params, rng, sc)
    if kind == DK_HARBOUR or kind == DK_PLACE or kind == DK_REMOVE or kind == DK_VIZIER:
        return scan_nb(kind, seat, state, data, rules, params, rng, sc, sc.view(np.float64)[:0])
    if kind == DK_VIZIER_ACT:
        return best_listed_nb(state, seat, params, rng, sc, 0.0, 0)
    if kind == DK_FIGURE:  # the own quarter figure worth least goes up
        best = 1e9
        ans = state[S.LEGAL]
        for i in range(n):
            q = state[S.LEGAL + i]
            v = 0.0 if state[S.VIZIER] == q else quarter_value_nb(state, seat, q, params, sc)
            if v < best:
                best = v
                ans = q
        return ans
    if kind == DK_SEAL:  # P-V3: guard an own balcony a card still threatens
        g = state[S.BUILT_GARDEN]
        if params[W.SEAL] <= 0 or g < 0 or state[S.BALCONY + g] != seat:
            return NONE
        if threats_nb(state, data, g, state[S.LEVEL + g]) == 0:
            return NONE
        best = params[W.SEAL]
        ans = NONE
        for i in range(n):
            t = state[S.LEGAL + i]
            if t >= 0:
                loss = loss_value_nb(state, seat, t, params, sc)
                if loss < best:
                    best = loss
                    ans = t
        return ans
    if kind == DK_DROP_CARD:
        best = 1e9
        ans = state[S.LEGAL]
        for i in range(n):
            t = state[S.LEGAL + i]
            v = unit_value_nb(state, seat, t, 0, params, sc)
            if v < best:
                best = v
                ans = t
        return ans
    if kind == DK_DROP_RES:
        best = 1e9
        ans = state[S.LEGAL]
        for i in range(n):
            t = state[S.LEGAL + i]
            v = loss_value_nb(state, seat, t, params, sc)
            if v < best:
                best = v
                ans = t
        return ans
    if kind == DK_SETUP:  # P-D0: gold for the start player, the rest as listed
        if state[S.SETUP_NEXT] == seat and has_legal_nb(state, GOLD):
            return GOLD
        return state[S.LEGAL]
    return state[S.LEGAL]
