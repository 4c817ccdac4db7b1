"""`weighted`: the parametric heuristic and the default strategy - every answer is a
weighted sum of features, so a family of players is one compiled function plus vectors.

Action (V-D1): a coin is worth `gold` per rupee actually kept after taxes (V-A4). An
antique is worth its points (`value`), of which a card opening a new colour keeps only
`lone` times the share of its colour still to come (V-P1 takes lone colours; the
composition of pile and offer is public, V-I1), plus `pair` times the points of the lone
card it rescues, plus `complete` times the points of a collection card it makes
eligible now and `progress` times points per missing antique of one it brings closer
(V-A3a; cards blocked by V-A3c or gone from the supply do not count). It costs `price`
per rupee, and `broke` if the money left cannot buy at the row's lowest price. On the
last day rupees are worth their points (V-P3) times `final`.
Collection card (V-D2): the most points, small before large of a sort (`small_first`,
V-A3c); under V-V1 each effect adds its weight (`fx_money`, `fx_extra`, `fx_clear`) and
a card worth less than nothing is declined. Give-up (V-D3): the fewest points lost.
`noise` > 0 adds Gumbel noise of that scale to each action's value (a softmax choice).
"""

import numpy as np

from simcore.core.contract.layout import Layout
from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import random_nb
from simcore.vermaechtnis import data_layout as T
from simcore.vermaechtnis import layout as S
from simcore.vermaechtnis.enums import (
    DK_ACTION,
    DK_COLLECT,
    DK_GIVE_UP,
    FX_CLEAR_OFFER,
    FX_EXTRA_TURN,
    FX_MONEY,
    GOLD,
    N_COLOURS,
    N_TYPES,
    NONE,
)
from simcore.vermaechtnis.nb.game_nb import SCRATCH_SIZE
from simcore.vermaechtnis.nb.market_nb import price_nb
from simcore.vermaechtnis.rules import R
from strategies.registry import register
from strategies.vermaechtnis.kit.options_nb import buyable_slots_nb
from strategies.vermaechtnis.kit.values_nb import (
    cheapest_give_up_nb,
    colour_to_come_nb,
    days_left_nb,
    holding_key_nb,
    lone_card_nb,
    open_cards_nb,
    points_field_nb,
    shortfall_nb,
    types_held_nb,
)

PARAMS = {  # tuned: python -m bench.vermaechtnis tune (docs/games/vermaechtnis.md)
    "value": 0.567,
    "lone": 0.775,
    "pair": 0.278,
    "complete": 0.567,
    "progress": 0.5,
    "price": 0.4,
    "gold": 0.625,
    "broke": 0.775,
    "final": 0.278,
    "small_first": 1.0,
    "fx_money": 1.0,
    "fx_extra": 2.0,
    "fx_clear": 0.0,
    "noise": 0.0,
}
(W_VALUE, W_LONE, W_PAIR, W_COMPLETE, W_PROGRESS, W_PRICE, W_GOLD, W_BROKE, W_FINAL,
 W_SMALL_FIRST, W_FX_MONEY, W_FX_EXTRA, W_FX_CLEAR, W_NOISE) = range(len(PARAMS))  # fmt: skip
DEFAULTS = np.array(list(PARAMS.values()), dtype=np.float64)
_FIX = 1 << 20  # fixed point of the worth values
_L = Layout("weighted scratch", SCRATCH_SIZE)  # simcore/core/contract/layout.py
_WORTH = _L.take("worth", N_TYPES)  # collection worth of one more antique per type
_KEY = _L.take("key")  # holding key the values were computed under
PRIOR_RNG = _L.take("prior_rng")  # a search prior's stream (on a copy; noise only)
SCRATCH_USED = _L.done()


@njit_static(cache=True)
def collection_worth_nb(state, cards, rules, seat, w, scratch):
    """scratch[_WORTH + t]: what one more antique of type t adds towards the open
    collection cards (V-A3a; fixed point, 1/_FIX points); kept while the holding key
    (kit.values_nb) is unchanged."""
    key = holding_key_nb(state, seat)
    if scratch[_KEY] == key:
        return
    scratch[_KEY] = key
    base = S.OWN_TYPE + seat * N_TYPES
    distinct, absent = types_held_nb(state, base)
    field = points_field_nb(rules)
    w0 = w1 = w2 = w3 = w4 = w5 = 0.0  # per type, in registers; branch-free adds below
    todo = open_cards_nb(state, cards, rules, seat)
    k = 0
    while todo:
        if todo & 1:
            miss, drops = shortfall_nb(cards, k, state, base, distinct, absent)
            if miss > 0:
                ck = T.COLL + k * T.COLL_W
                pts = cards[ck + T.C_POINTS + field] - (2 if cards[ck + T.C_GIVE_UP] != 0 else 0)
                gain = w[W_COMPLETE] * pts if miss == 1 else w[W_PROGRESS] * pts / miss
                w0 += gain * (drops & 1)
                w1 += gain * ((drops >> 1) & 1)
                w2 += gain * ((drops >> 2) & 1)
                w3 += gain * ((drops >> 3) & 1)
                w4 += gain * ((drops >> 4) & 1)
                w5 += gain * ((drops >> 5) & 1)
        todo >>= 1
        k += 1
    scratch[_WORTH + 0] = int(w0 * _FIX)
    scratch[_WORTH + 1] = int(w1 * _FIX)
    scratch[_WORTH + 2] = int(w2 * _FIX)
    scratch[_WORTH + 3] = int(w3 * _FIX)
    scratch[_WORTH + 4] = int(w4 * _FIX)
    scratch[_WORTH + 5] = int(w5 * _FIX)


@njit_static(cache=True)
def antique_worth_nb(state, cards, rules, seat, a, w, scratch):
    """Points-equivalent of owning antique a (collection part from collection_worth_nb);
    colours count only with the lone-colour discard (V-P1)."""
    c = a % N_COLOURS
    v = cards[T.VALUE + a]
    n = state[S.OWN_COLOUR + seat * N_COLOURS + c]
    if rules[R.LONE_DISCARD] == 0:
        worth = w[W_VALUE] * v
    elif n == 0:
        come = colour_to_come_nb(state, c) - 1  # partners still to come, this card aside
        share = min(1.0, come / 3.0) if come > 0 else 0.0
        worth = w[W_VALUE] * v * w[W_LONE] * share
    else:
        worth = w[W_VALUE] * v
        if n == 1:
            worth += w[W_PAIR] * cards[T.VALUE + lone_card_nb(state, seat, c)]
    return worth + scratch[_WORTH + a // N_COLOURS] / _FIX


@njit_static(cache=True)
def jitter_nb(w, rng):
    """`noise` times a Gumbel draw from the seat's stream (0 without a draw if noise is 0):
    with noise the choice is a softmax over the options' values, so that a table of equal
    players does not play in lockstep (studies use it, plugin.study_strategy_params)."""
    if w[W_NOISE] <= 0.0:
        return 0.0
    u = random_nb(rng, 0)
    return -w[W_NOISE] * np.log(-np.log(u + 1e-300) + 1e-300)


@njit_static(cache=True)
def choose_action_nb(seat, state, cards, rules, w, scratch, rng):
    """V-D1: the best of take gold and each affordable purchase."""
    return action_scan_nb(seat, state, cards, rules, w, scratch, rng, scratch.view(np.float64)[:0])


@njit_static(cache=True)
def action_scan_nb(seat, state, cards, rules, w, scratch, rng, values):
    """choose_action_nb's scan. For a search's prior (empty in play): values[j] := the
    value of the j-th option (gold, then the affordable slots ascending), j < len(values)."""
    m = values.shape[0]
    slots = buyable_slots_nb(state, seat)
    if slots:
        collection_worth_nb(state, cards, rules, seat, w, scratch)
    money = state[S.MONEY + seat]
    rupee_gold = w[W_GOLD]
    rupee_price = w[W_PRICE]
    if days_left_nb(state, rules) == 0:  # V-P3: money left at the end is points
        rupee_gold = w[W_FINAL] / rules[R.RUPEES_PER_POINT]
        rupee_price = rupee_gold
    gain = min(money + rules[R.GOLD_VALUE], max(money, rules[R.TAX_CAP])) - money
    best = GOLD
    best_v = rupee_gold * gain + jitter_nb(w, rng)
    if m > 0:
        values[0] = best_v
    j = 1
    price = price_nb(state)
    lowest = price
    for k in range(state[S.N_TRADE]):
        lowest = min(lowest, state[S.PRICE + k])
    for i in range(S.MAX_OFFER):
        if (slots >> i) & 1:
            v = antique_worth_nb(state, cards, rules, seat, state[S.OFFER + i], w, scratch)
            v -= rupee_price * price
            if money - price < lowest:
                v -= w[W_BROKE]
            v += jitter_nb(w, rng)
            if j < m:
                values[j] = v
            j += 1
            if v > best_v:
                best_v = v
                best = i
    return best


@njit_static(cache=True)
def choose_collection_nb(state, cards, rules, w):
    """V-D2: the richest eligible card (small first if asked); NONE if all are worth < 0."""
    return collection_scan_nb(state, cards, rules, w, state.view(np.float64)[:0])


@njit_static(cache=True)
def collection_scan_nb(state, cards, rules, w, values):
    """choose_collection_nb's scan. For a search's prior (empty in play): values[j] := the
    value of the j-th option (NONE 0, then the eligible cards ascending), j < len(values)."""
    m = values.shape[0]
    if m > 0:
        values[0] = 0.0
    j = 1
    mask = state[S.ELIGIBLE]
    field = points_field_nb(rules)
    grey = rules[R.GREY_SIDES] != 0
    best = NONE
    best_v = 0.0
    for k in range(cards[T.N_COLL]):
        if (mask >> k) & 1:
            c = T.COLL + k * T.COLL_W
            v = float(cards[c + T.C_POINTS + field])
            if cards[c + T.C_LARGE] == 0 and mask & cards[T.LARGE_MASK + cards[c + T.C_SORT]]:
                v += w[W_SMALL_FIRST] * 100.0
            if cards[c + T.C_GIVE_UP] != 0:
                v -= 2.0
            if grey:
                fx = cards[c + T.C_EFFECT]
                if fx == FX_MONEY:
                    v += w[W_FX_MONEY]
                elif fx == FX_EXTRA_TURN and state[S.IN_EXTRA] == 0:
                    v += w[W_FX_EXTRA]
                elif fx == FX_CLEAR_OFFER:
                    v += w[W_FX_CLEAR]
            if j < m:
                values[j] = v
            j += 1
            if v > best_v:
                best_v = v
                best = k
    return best


@register("weighted", "weighted sum of card, colour-pair, collection and money features",
          params=PARAMS, default=True)  # fmt: skip
@njit_static(cache=True)  # lazy: compiled when a driver plays it
def weighted_decide_nb(kind, seat, state, cards, rules, params, rng, scratch, out):
    if kind == DK_ACTION:
        return choose_action_nb(seat, state, cards, rules, params, scratch, rng)
    if kind == DK_COLLECT:
        return choose_collection_nb(state, cards, rules, params)
    if kind == DK_GIVE_UP:
        return cheapest_give_up_nb(state, cards, rules, seat)
    return NONE
