"""The parametric Palast player: every strategy of strategies/palast is this function with
its own weight vector (W_* below), so the styles differ by what they value, not by code.

What it reads is public (P-I2) or its own (its hand): resources of every seat, display,
harbour, quarters, Vizier, balconies, seraglio; never another hand or a deck order.

Plan: the *target* is the display's palace card with the best value (a figure, more if it
evicts a rival, `evict`) less what is missing to pay it with its fee (`fee` per gold of
fee); `need[t]` is what is missing of each type. Free actions, the harbour side and
conversions are scored by how much of `need` they cover (`need`), resources beyond it
(`extra`, nothing beyond the resource limit), and the harbour extras: an action card
(`card`), removing the card a rival could build soonest (`remove`), the Vizier (`vizier`,
moved to block rivals' quarters, `block`, or to use a quarter's action). Figures go into
quarters when `place` times the quarter's use beats `gold` per gold paid. Treasury
cards are played when the player leads (P-A3); the end card when it would win (P-A4).
"""

import numpy as np

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import random_nb
from simcore.palast import data_layout as D
from simcore.palast import layout as S
from simcore.palast import rules_layout as R
from simcore.palast.enums import (
    ALABASTER,
    BAZAAR,
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
    EXCHANGE,
    FA_BAZAAR,
    FA_CARD,
    FA_GOLD_TO,
    FA_PRODUCE,
    FA_TO_GOLD,
    GOLD,
    N_DISPLAY,
    N_PALACE,
    N_QUARTERS,
    N_RES,
    NONE,
    PASS,
    QUARTER_RES,
    SIDE_A,
    SIDE_B,
    SIDE_C,
)
from simcore.palast.nb.game_nb import PH_FREE_END
from simcore.palast.nb.palace_nb import figures_up_nb, seraglio_better_nb, treasury_leader_nb

PARAMS = {
    "need": 1.0,  # per resource covering the target's need
    "extra": 0.3,  # per resource beyond the need (below the limit)
    "card": 0.8,  # side a: an action card
    "remove": 0.6,  # side b: removing a rival's best card
    "vizier": 0.4,  # side c: the Vizier move (plus its action's value)
    "block": 0.3,  # per rival figure in the Vizier's new quarter (minus own)
    "place": 1.5,  # a figure in a quarter, per unit of the quarter's use
    "gold": 0.5,  # per gold paid for a quarter
    "evict": 0.5,  # a build that evicts a rival's figure
    "fee": 0.4,  # per gold of field fee
    "seal": 0.0,  # P-V3: seal a garden with a surplus resource when > 0
    "noise": 0.0,  # Gumbel noise of this scale on every scored choice
}
(W_NEED, W_EXTRA, W_CARD, W_REMOVE, W_VIZIER, W_BLOCK, W_PLACE, W_GOLD, W_EVICT, W_FEE,
 W_SEAL, W_NOISE) = range(len(PARAMS))  # fmt: skip
N_PARAMS = len(PARAMS)


@njit_static(cache=True)
def noisy_nb(v, w, rng):
    """v plus Gumbel noise of scale w[W_NOISE] (a softmax choice among scored options)."""
    if w[W_NOISE] <= 0.0:
        return v
    u = random_nb(rng, 0)
    if u <= 0.0:
        u = 1e-12
    return v - w[W_NOISE] * np.log(-np.log(u))


@njit_static(cache=True)
def shortfall_nb(state, data, rules, p, k, t):
    """What seat p lacks of type t to pay the card on building field k (with its fee)."""
    c = state[S.DISPLAY + k]
    need = data[D.COST + c * N_RES + t]
    if t == GOLD:
        need += rules[R.FEE_51 + k]
    have = state[S.RES + p * N_RES + t]
    return need - have if need > have else 0


@njit_static(cache=True)
def deficit_nb(state, data, rules, p, k):
    d = 0
    for t in range(N_RES):
        d += shortfall_nb(state, data, rules, p, k, t)
    return d


@njit_static(cache=True)
def target_nb(state, data, rules, seat, w):
    """The display field of the palace card to aim for, -1 if none can be built."""
    best = -1
    best_v = -1e9
    for k in range(N_DISPLAY):
        c = state[S.DISPLAY + k]
        if c < 0 or c >= N_PALACE:
            continue
        g = data[D.GARDEN + c]
        if state[S.LEVEL + g] > data[D.ELEMENT + c]:
            continue
        v = 1.0 - w[W_NEED] * deficit_nb(state, data, rules, seat, k)
        v -= w[W_FEE] * rules[R.FEE_51 + k]
        owner = state[S.BALCONY + g]
        if owner >= 0 and owner != seat:
            v += w[W_EVICT]
        if owner == seat:
            v -= 0.5
        if v > best_v:
            best_v = v
            best = k
    return best


@njit_static(cache=True)
def need_of_nb(state, data, rules, seat, target, t):
    if target < 0:
        return 0
    return shortfall_nb(state, data, rules, seat, target, t)


@njit_static(cache=True)
def surplus_nb(state, data, rules, seat, target, t):
    """Own resources of type t beyond what the target card needs of it."""
    have = state[S.RES + seat * N_RES + t]
    if target < 0:
        return have
    c = state[S.DISPLAY + target]
    use = data[D.COST + c * N_RES + t]
    if t == GOLD:
        use += rules[R.FEE_51 + target]
    return have - use if have > use else 0


@njit_static(cache=True)
def held_nb(state, seat):
    n = 0
    for t in range(N_RES):
        n += state[S.RES + seat * N_RES + t]
    return n


@njit_static(cache=True)
def gain_value_nb(state, data, rules, seat, target, w, t, n):
    """Value of receiving n resources of type t now."""
    need = need_of_nb(state, data, rules, seat, target, t)
    useful = n if n < need else need
    room = rules[R.RES_LIMIT] - held_nb(state, seat) - useful
    more = n - useful
    if more > room:
        more = room if room > 0 else 0
    return w[W_NEED] * useful + w[W_EXTRA] * more


@njit_static(cache=True)
def free_value_nb(state, data, rules, seat, target, w, code):
    """Value of a free action (FA code) for the target."""
    if code < FA_GOLD_TO:
        return gain_value_nb(state, data, rules, seat, target, w, QUARTER_RES[code - FA_PRODUCE], 1)
    if code < FA_TO_GOLD:  # gold -> t
        t = code - FA_GOLD_TO
        if need_of_nb(state, data, rules, seat, target, t) > 0:
            if surplus_nb(state, data, rules, seat, target, GOLD) > 0:
                return w[W_NEED] - 0.1
        return -1.0
    if code < FA_BAZAAR:  # t -> gold
        t = code - FA_TO_GOLD
        if need_of_nb(state, data, rules, seat, target, GOLD) > 0:
            if surplus_nb(state, data, rules, seat, target, t) > 0:
                return w[W_NEED] - 0.1
        return -1.0
    if code < FA_CARD:  # bazaar a -> b
        a = (code - FA_BAZAAR) // 3
        b = (code - FA_BAZAAR) % 3
        if need_of_nb(state, data, rules, seat, target, b) > 0:
            if surplus_nb(state, data, rules, seat, target, a) > 0:
                return w[W_NEED] - 0.1
        return -1.0
    t = code - FA_CARD  # an action card: when its resource is needed, or the hand is full
    v = -0.2
    if need_of_nb(state, data, rules, seat, target, t) > 0:
        v = w[W_NEED] - 0.2
    elif state[S.HAND_N + seat] >= rules[R.HAND_LIMIT] and state[S.PHASE] == PH_FREE_END:
        v = 0.5 * w[W_EXTRA]  # it would be discarded at the end of the turn (P-A6)
    return v


@njit_static(cache=True)
def leads_nb(state, seat):
    """Seat would win if the game ended now (P-E2 with the seraglio rule)."""
    n = state[S.N_PLAYERS]
    mine = figures_up_nb(state, seat)
    for q in range(n):
        if q == seat:
            continue
        f = figures_up_nb(state, q)
        if f > mine or (f == mine and not seraglio_better_nb(state, seat, q)):
            return False
    return True


@njit_static(cache=True)
def build_choice_nb(state, data, rules, seat, w, target):
    """The build-step card to play among the legal slots, or -1."""
    best = -1
    best_v = 0.0
    stuck = True  # no palace card shown: the specials must go for the game to go on
    for k in range(N_DISPLAY):
        if 0 <= state[S.DISPLAY + k] < N_PALACE:
            stuck = False
    for i in range(state[S.LEGAL_N]):
        a = state[S.LEGAL + i]
        if a < BUILD_SLOT:
            continue
        k = a - BUILD_SLOT
        c = state[S.DISPLAY + k]
        if c == END_CARD:
            v = 10.0 if leads_nb(state, seat) else (0.05 if stuck else -1.0)
        elif c >= N_PALACE:  # treasury: when this seat would score it (P-A3)
            v = 2.0 if treasury_leader_nb(state) == seat else (0.5 if stuck else -1.0)
        else:
            g = data[D.GARDEN + c]
            owner = state[S.BALCONY + g]
            v = 3.0 - w[W_FEE] * rules[R.FEE_51 + k]
            if owner >= 0 and owner != seat:
                v += w[W_EVICT]
            if owner == seat:
                v -= 2.5
        if v > best_v:
            best_v = v
            best = a
    return best


@njit_static(cache=True)
def quarter_use_nb(state, data, rules, seat, target, q):
    """How useful an own figure in quarter q would be (per turn)."""
    if q < EXCHANGE:
        t = QUARTER_RES[q]
        v = 1.0 if t != GOLD else 0.8
        if need_of_nb(state, data, rules, seat, target, t) > 0:
            v += 0.3
    else:
        v = 0.9
    if state[S.VIZIER] == q:
        v -= 0.4
    v -= 0.5 * state[S.QFIG + seat * N_QUARTERS + q]  # spread the figures
    return v


@njit_static(cache=True)
def vizier_value_nb(state, data, rules, seat, target, w, q):
    """Moving the Vizier to q: block rivals there, free the quarter it leaves, and the
    value of q's action this turn (P-A1 "c")."""
    n = state[S.N_PLAYERS]
    v = 0.0
    for p in range(n):
        f = state[S.QFIG + p * N_QUARTERS + q]
        v += -w[W_BLOCK] * f if p == seat else w[W_BLOCK] * f
    if q < EXCHANGE and rules[R.VIZIER_ACTION] != 0:
        v += gain_value_nb(state, data, rules, seat, target, w, QUARTER_RES[q], 1)
    elif q == BAZAAR or q == EXCHANGE:
        v += 0.2
    return v


@njit_static(cache=True)
def best_free_nb(state, data, rules, seat, target, w, rng, kind):
    """The best-scoring legal free action (or Vizier action), PASS if none is worth it."""
    best = PASS
    best_v = 0.0
    for i in range(state[S.LEGAL_N]):
        a = state[S.LEGAL + i]
        if a == PASS or a >= BUILD_SLOT:
            continue
        v = noisy_nb(free_value_nb(state, data, rules, seat, target, w, a), w, rng)
        if v > best_v:
            best_v = v
            best = a
    return best


@njit_static(cache=True)
def decide_core_nb(kind, seat, state, data, rules, w, rng):
    """One answer of the parametric player (see the module doc)."""
    target = target_nb(state, data, rules, seat, w)
    if kind == DK_FREE or kind == DK_VIZIER_ACT:
        return best_free_nb(state, data, rules, seat, target, w, rng, kind)
    if kind == DK_BUILD:
        b = build_choice_nb(state, data, rules, seat, w, target)
        if b >= 0:
            return b
        return best_free_nb(state, data, rules, seat, target, w, rng, kind)
    if kind == DK_HARBOUR:
        best = state[S.LEGAL]
        best_v = -1e9
        for i in range(state[S.LEGAL_N]):
            side = state[S.LEGAL + i]
            f = data[D.SIDE_FIELD + side]
            t = state[S.HARB_TYPE + f]
            v = gain_value_nb(state, data, rules, seat, target, w, t, state[S.HARB_N + f])
            if side == SIDE_A:
                v += w[W_CARD]
            elif side == SIDE_B:
                v += w[W_REMOVE]
            elif side == SIDE_C:
                v += w[W_VIZIER]
            v = noisy_nb(v, w, rng)
            if v > best_v:
                best_v = v
                best = side
        return best
    if kind == DK_REMOVE:  # the card a rival could pay soonest, never the own target
        best = state[S.LEGAL]
        best_v = 1 << 30
        for i in range(state[S.LEGAL_N]):
            k = state[S.LEGAL + i]
            if k < 0:
                continue
            d = 1 << 20
            for p in range(state[S.N_PLAYERS]):
                if p != seat:
                    dp = deficit_nb(state, data, rules, p, k)
                    if dp < d:
                        d = dp
            if k == target:
                d += 1 << 10
            if d < best_v:
                best_v = d
                best = k
        return best
    if kind == DK_VIZIER:
        best = state[S.LEGAL]
        best_v = -1e9
        for i in range(state[S.LEGAL_N]):
            q = state[S.LEGAL + i]
            v = noisy_nb(vizier_value_nb(state, data, rules, seat, target, w, q), w, rng)
            if v > best_v:
                best_v = v
                best = q
        return best
    if kind == DK_PLACE:
        best = NONE
        best_v = 0.0
        for i in range(state[S.LEGAL_N]):
            q = state[S.LEGAL + i]
            if q < 0:
                continue
            cost = rules[R.QUARTER_COST_1] if state[S.QN + q] == 0 else rules[R.QUARTER_COST_2]
            v = w[W_PLACE] * quarter_use_nb(state, data, rules, seat, target, q)
            v = noisy_nb(v - w[W_GOLD] * cost - 0.8, w, rng)
            if v > best_v:
                best_v = v
                best = q
        return best
    if kind == DK_FIGURE:  # the least useful own quarter figure goes up
        best = state[S.LEGAL]
        best_v = 1e9
        for i in range(state[S.LEGAL_N]):
            q = state[S.LEGAL + i]
            v = quarter_use_nb(state, data, rules, seat, target, q)
            if v < best_v:
                best_v = v
                best = q
        return best
    if kind == DK_SEAL:
        if w[W_SEAL] <= 0.0:
            return NONE
        best = NONE
        best_v = 0
        for i in range(state[S.LEGAL_N]):
            t = state[S.LEGAL + i]
            if t < 0 or t == GOLD:
                continue
            s = surplus_nb(state, data, rules, seat, target, t)
            if s > best_v:
                best_v = s
                best = t
        return best
    if kind == DK_DROP_CARD or kind == DK_DROP_RES:  # the least needed, the most held
        best = state[S.LEGAL]
        best_v = -1e9
        for i in range(state[S.LEGAL_N]):
            t = state[S.LEGAL + i]
            if kind == DK_DROP_CARD:
                v = 1.0 * state[S.HAND + seat * N_RES + t]
            else:
                v = 1.0 * surplus_nb(state, data, rules, seat, target, t)
                if t == GOLD:
                    v -= 1.0
            v -= 3.0 * need_of_nb(state, data, rules, seat, target, t)
            if v > best_v:
                best_v = v
                best = t
        return best
    if kind == DK_SETUP:  # the start player keeps alabaster (most arches use it)
        if state[S.SETUP_NEXT] == seat:
            for i in range(state[S.LEGAL_N]):
                if state[S.LEGAL + i] == ALABASTER:
                    return ALABASTER
        return state[S.LEGAL]
    return state[S.LEGAL]
