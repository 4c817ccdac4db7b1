"""What things are worth to a seat, in the weights of the parametric player (kit.player_nb):
a card on the display (a figure up, how long it stays, whom it evicts), one more or one
less resource of a type (against the target card's cost), a quarter's action."""

import numpy as np

from simcore.core.nb.numba_compat import njit_static
from simcore.palast import data_layout as D
from simcore.palast import layout as S
from simcore.palast.enums import (
    END_CARD,
    GOLD,
    N_DISPLAY,
    N_PALACE,
    N_QUARTERS,
    N_RES,
    QUARTER_RES,
)
from simcore.palast.nb.decks_nb import buildable_nb
from simcore.palast.nb.game_nb import SCRATCH_SIZE
from simcore.palast.nb.palace_nb import treasury_leader_nb
from simcore.palast.rules import R

from . import weights as W
from .plan_nb import FIRST, FREE_AT, plan_nb
from .view_nb import can_stand_nb, threats_nb

TNEED = FREE_AT  # [N_RES] what the target card still lacks (kit.values_nb.target_nb)
TSLOT = FREE_AT + N_RES  # the target's building field, -1 none
TVAL = FREE_AT + N_RES + 1  # the target's value (x SCALE, int)
TCOST = FREE_AT + N_RES + 2  # [N_RES] the target's whole cost with its fee
SLOTV = FREE_AT + 2 * N_RES + 2  # [N_DISPLAY] card values this turn (slot_values_nb)
NEG_INT = -(1 << 40)
SCALE = 1e6  # values kept in the int scratch as micro-units
PRIOR_RNG = SLOTV + N_DISPLAY  # a search prior's stream (on a copy of the scratch; noise)
assert PRIOR_RNG + 1 <= SCRATCH_SIZE, "kit.values_nb: its scratch block overflows"
NEG = -1e9
UNCLOG = 1.0  # a treasury card nobody scores, played to free a display of special cards


@njit_static(cache=True)
def palace_shown_nb(state):
    for k in range(N_DISPLAY):
        if 0 <= state[S.DISPLAY + k] < N_PALACE:
            return True
    return False


@njit_static(cache=True)
def card_value_nb(state, data, rules, seat, k, params):
    """The card on building field k to `seat`, or NEG when it must not be played now.
    A palace element (P-A2): a figure up, discounted by the cards still to come that
    would build over it, plus `evict` for an opponent's figure sent home, minus the
    field's fee. A treasury card (P-A3): `treasury` if the seat leads now, else NEG (it
    would give the leader a permanent figure), except that with the leaders tied (nobody
    scores) and no palace card shown it is worth UNCLOG: the display of treasury and end
    cards would otherwise never move again. The end card (P-A4): `end` if the seat would
    win alone now, else NEG."""
    c = state[S.DISPLAY + k]
    if c < 0:
        return NEG
    fee = rules[R.FEE_51 + k] * params[W.FEE]
    if c >= N_PALACE:
        lead = treasury_leader_nb(state)
        if lead == seat:
            return (params[W.END] if c == END_CARD else params[W.TREASURY]) - fee
        if lead < 0 and c != END_CARD and not palace_shown_nb(state):
            return UNCLOG - fee  # nobody scores, but the display moves again
        return NEG
    if state[S.BUILT] != 0 or not buildable_nb(state, data, c):
        return NEG
    g = data[D.GARDEN + c]
    e = data[D.ELEMENT + c]
    owner = state[S.BALCONY + g]
    v = -fee
    if can_stand_nb(state, seat, g):
        v += params[W.FIG] / (1.0 + params[W.THREAT] * threats_nb(state, data, g, e))
    if owner == seat:  # own figure comes back and goes up again (a marker for it, P-A7)
        thr = threats_nb(state, data, g, state[S.LEVEL + g])
        v -= params[W.FIG] / (1.0 + params[W.THREAT] * thr)
        v += params[W.MARKER]
    elif owner >= 0:
        v += params[W.EVICT]
    return v


@njit_static(cache=True)
def playable_slot_nb(state, rules, k):
    """The card on field k may be played this turn as far as the turn goes (P-A2..P-A4):
    one palace element, one treasury card (with or without a build, rule value)."""
    c = state[S.DISPLAY + k]
    if c < 0:
        return False
    if c < N_PALACE or c == END_CARD:
        return state[S.BUILT] == 0
    if state[S.PLAYED_SPECIAL] != 0:
        return False
    return rules[R.TREASURY_ALONE] != 0 or state[S.BUILT] != 0


@njit_static(cache=True)
def slot_values_nb(state, data, rules, seat, params, sc):
    """sc[SLOTV + k] := the card on field k's value (x SCALE) if playable this turn,
    else NEG_INT: computed once per decision (target, harbour sides, removals)."""
    for k in range(N_DISPLAY):
        v = NEG
        if playable_slot_nb(state, rules, k):
            v = card_value_nb(state, data, rules, seat, k, params)
        sc[SLOTV + k] = np.int64(v * SCALE) if v > NEG else NEG_INT


@njit_static(cache=True)
def target_nb(state, data, rules, seat, params, sc):
    """The card to save for: the best value less `deficit` per resource it still lacks
    (held resources only). Writes sc[TNEED] (the lack per type), sc[TSLOT], sc[TVAL]."""
    sc[TSLOT] = -1
    sc[TVAL] = 0
    for t in range(N_RES):
        sc[TNEED + t] = 0
        sc[TCOST + t] = 0
    best = 0.0
    slot_values_nb(state, data, rules, seat, params, sc)
    for k in range(N_DISPLAY):
        if sc[SLOTV + k] <= 0:
            continue
        v = sc[SLOTV + k] / SCALE
        c = state[S.DISPLAY + k]
        lack = 0
        for t in range(N_RES):
            n = data[D.COST + c * N_RES + t] + (rules[R.FEE_51 + k] if t == GOLD else 0)
            lack += max(0, n - state[S.RES + seat * N_RES + t])
        s = v - params[W.DEFICIT] * lack
        if s > best or sc[TSLOT] < 0:
            best = s
            sc[TSLOT] = k
    k = sc[TSLOT]
    if k >= 0:
        c = state[S.DISPLAY + k]
        for t in range(N_RES):
            n = data[D.COST + c * N_RES + t] + (rules[R.FEE_51 + k] if t == GOLD else 0)
            sc[TNEED + t] = max(0, n - state[S.RES + seat * N_RES + t])
            sc[TCOST + t] = n
        sc[TVAL] = np.int64(best * SCALE)


@njit_static(cache=True)
def unit_value_nb(state, seat, t, j, params, sc):
    """The j-th unit of type t gained (j = 0 the next one): `need` while the target lacks
    it, else `res`; gold also `gold` for the first two held (fees, quarters)."""
    v = params[W.NEED] if j < sc[TNEED + t] else params[W.RES]
    if t == GOLD and state[S.RES + seat * N_RES + GOLD] + j < 2:
        v += params[W.GOLD]
    return v


@njit_static(cache=True)
def loss_value_nb(state, seat, t, params, sc):
    """What giving up one held unit of type t costs: `res`, plus `need` when the target
    card takes every unit of t held, plus `gold` for the last two gold."""
    have = state[S.RES + seat * N_RES + t]
    if have <= 0:
        return 1e6
    v = params[W.RES]
    if have <= sc[TCOST + t]:
        v += params[W.NEED]
    if t == GOLD and have <= 2:
        v += params[W.GOLD]
    return v


@njit_static(cache=True)
def best_now_nb(state, data, rules, seat, params, extra_t, extra_n, wild, sc):
    """The best card value payable this turn with `extra_n` of `extra_t` more and `wild`
    units of any type (0 if none): a harbour side's promise (sc[SLOTV] filled first)."""
    best = 0.0
    for k in range(N_DISPLAY):
        if sc[SLOTV + k] == NEG_INT:
            continue
        v = sc[SLOTV + k] / SCALE
        if v <= best:
            continue
        steps = plan_nb(state, data, rules, seat, k, extra_t, extra_n, wild, sc)
        if steps >= 0:
            best = v - params[W.STEP] * steps
    return max(best, 0.0)


@njit_static(cache=True)
def build_step_nb(state, data, rules, seat, params, sc):
    """P-D2..P-D4: the best positive card payable this turn and the first answer that
    pays it (a free action, or the card itself), or -1 when nothing is worth playing."""
    best = 0.0
    code = -1
    for k in range(N_DISPLAY):
        if not playable_slot_nb(state, rules, k):
            continue
        v = card_value_nb(state, data, rules, seat, k, params)
        if v <= best:
            continue
        steps = plan_nb(state, data, rules, seat, k, -1, 0, 0, sc)
        if steps < 0:
            continue
        v -= params[W.STEP] * steps
        if v > best:
            best = v
            code = sc[FIRST]
    return code


@njit_static(cache=True)
def quarter_value_nb(state, seat, q, params, sc):
    """One use of quarter q now: its resource (P-C8), or `conv` for exchange / bazaar."""
    if q < len(QUARTER_RES):
        t = QUARTER_RES[q]
        if state[S.SUPPLY + t] <= 0:
            return 0.0
        return unit_value_nb(state, seat, t, 0, params, sc)
    return params[W.CONV]


@njit_static(cache=True)
def vizier_value_nb(state, seat, q, params, sc):
    """P-A1 "c": moving the Vizier to q: its action once (translator's note), the
    opponents' figures it blocks there, the own figures freed where it stood (P-F1)."""
    n = state[S.N_PLAYERS]
    v = quarter_value_nb(state, seat, q, params, sc)
    for p in range(n):
        f = state[S.QFIG + p * N_QUARTERS + q]
        if p == seat:
            v -= params[W.BLOCK] * f
        else:
            v += params[W.BLOCK] * f
    cur = state[S.VIZIER]
    v += params[W.UNBLOCK] * state[S.QFIG + seat * N_QUARTERS + cur]
    return v
