"""Paying for a card on the display (P-A2, P-C1a, P-V3) with what the seat can raise this
turn: its quarter actions (P-F1), its playable action cards (P-F2), the exchange and the
bazaar (P-C8). A greedy plan in the scratch block; the first step is the answer to give
now, and the engine asks again after each free action (its micro-step loop)."""

from simcore.core.contract.layout import Layout
from simcore.core.nb.numba_compat import njit_static
from simcore.palast import data_layout as D
from simcore.palast import layout as S
from simcore.palast.enums import (
    BAZAAR,
    BUILD_SLOT,
    EXCHANGE,
    FA_BAZAAR,
    FA_CARD,
    FA_GOLD_TO,
    FA_PRODUCE,
    FA_TO_GOLD,
    GOLD,
    N_PALACE,
    N_QUARTERS,
    N_RES,
)
from simcore.palast.nb.free_nb import quarter_uses_nb
from simcore.palast.nb.game_nb import SCRATCH_SIZE
from simcore.palast.rules import R

from .view_nb import PRODUCER

# scratch block of the planner (the strategies' scratch, simcore/core/contract/layout.py)
_L = Layout("palast plan scratch", SCRATCH_SIZE)
HAVE = _L.take("have", N_RES)  # resources as the plan goes
NEED = _L.take("need", N_RES)  # the card's cost with fee and seal
SUP = _L.take("supply", N_RES)  # the supply as the plan goes
USES = _L.take("uses", N_QUARTERS)  # quarter actions left this turn
CARDS = _L.take("cards", N_RES)  # playable action cards
FIRST = _L.take("first")  # the plan's first answer
FREE_AT = _L.take("free", SCRATCH_SIZE - 5 * N_RES - N_QUARTERS - 1)  # for the strategies
_L.done()


@njit_static(cache=True)
def need_nb(state, data, rules, k, sc):
    """sc[NEED] := what the card on building field k costs: its resources, the field's
    fee in gold (P-C1a) and one more of a sealed garden's type (P-V3)."""
    c = state[S.DISPLAY + k]
    for t in range(N_RES):
        sc[NEED + t] = data[D.COST + c * N_RES + t]
    sc[NEED + GOLD] += rules[R.FEE_51 + k]
    if c < N_PALACE:
        seal = state[S.SEAL + data[D.GARDEN + c]]
        if seal >= 0:
            sc[NEED + seal] += 1


@njit_static(cache=True)
def surplus_nb(sc, t):
    """A non-gold type held beyond the need, the most first; -1 if none (not t)."""
    best = -1
    most = 0
    for a in range(GOLD):
        if a != t and sc[HAVE + a] - sc[NEED + a] > most:
            most = sc[HAVE + a] - sc[NEED + a]
            best = a
    return best


@njit_static(cache=True)
def plan_nb(state, data, rules, seat, k, extra_t, extra_n, wild, sc):
    """Free actions that make the card on building field k affordable, greedily: own
    quarter production, action cards, the exchange (gold <-> another type), the bazaar
    (a surplus type for a missing one), then `wild` units of any type (an estimate of
    what a harbour extra brings). `extra_n` of type `extra_t` are counted as held (a
    harbour field being weighed). Returns the number of steps, or -1 if it cannot be
    paid; sc[FIRST] is the first answer (BUILD_SLOT + k when nothing is missing)."""
    need_nb(state, data, rules, k, sc)
    for t in range(N_RES):
        sc[HAVE + t] = state[S.RES + seat * N_RES + t]
        sc[SUP + t] = state[S.SUPPLY + t]
        sc[CARDS + t] = state[S.HAND + seat * N_RES + t] - state[S.FRESH + t]
    if extra_t >= 0:
        sc[HAVE + extra_t] += extra_n
    for q in range(N_QUARTERS):
        sc[USES + q] = quarter_uses_nb(state, seat, q)
    sc[FIRST] = BUILD_SLOT + k
    steps = 0
    for _ in range(24):
        t = -1
        for u in range(N_RES):
            if sc[HAVE + u] < sc[NEED + u]:
                t = u
                break
        if t < 0:
            return steps
        code = -1
        q = PRODUCER[t]
        if sc[USES + q] > 0 and sc[SUP + t] > 0:
            code = FA_PRODUCE + q
            sc[USES + q] -= 1
        elif sc[CARDS + t] > 0 and sc[SUP + t] > 0:
            code = FA_CARD + t
            sc[CARDS + t] -= 1
        elif t != GOLD and sc[USES + EXCHANGE] > 0 and sc[HAVE + GOLD] > sc[NEED + GOLD] \
                and sc[SUP + t] > 0:  # fmt: skip
            code = FA_GOLD_TO + t
            sc[USES + EXCHANGE] -= 1
            sc[HAVE + GOLD] -= 1
            sc[SUP + GOLD] += 1
        elif t == GOLD and sc[USES + EXCHANGE] > 0 and sc[SUP + GOLD] > 0 \
                and surplus_nb(sc, GOLD) >= 0:  # fmt: skip
            a = surplus_nb(sc, GOLD)
            code = FA_TO_GOLD + a
            sc[USES + EXCHANGE] -= 1
            sc[HAVE + a] -= 1
            sc[SUP + a] += 1
        elif t != GOLD and sc[USES + BAZAAR] > 0 and sc[SUP + t] > 0 \
                and surplus_nb(sc, t) >= 0:  # fmt: skip
            a = surplus_nb(sc, t)
            code = FA_BAZAAR + a * 3 + t
            sc[USES + BAZAAR] -= 1
            sc[HAVE + a] -= 1
            sc[SUP + a] += 1
        elif wild > 0:
            wild -= 1
            sc[HAVE + t] += 1
            steps += 1
            continue
        else:
            return -1
        sc[HAVE + t] += 1
        sc[SUP + t] -= 1
        if sc[FIRST] >= BUILD_SLOT:
            sc[FIRST] = code
        steps += 1
    return -1
