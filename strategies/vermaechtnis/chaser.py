"""`chaser`: collection-card chaser - aims at the open collection card with the best
points per missing antique (V-A3a, not blocked by V-A3c), buys what brings it closer at
any price, otherwise takes gold (or, when a coin would be taxed away, the best card).
Takes small before large of the same sort (both count, V-A3c); gives up the cheapest.
"""

from simcore.core.contract.layout import Layout
from simcore.core.nb.numba_compat import njit_static
from simcore.vermaechtnis import data_layout as T
from simcore.vermaechtnis import layout as S
from simcore.vermaechtnis.enums import (
    DK_ACTION,
    DK_COLLECT,
    DK_GIVE_UP,
    GOLD,
    N_COLOURS,
    N_TYPES,
    NONE,
)
from simcore.vermaechtnis.nb.game_nb import SCRATCH_SIZE
from simcore.vermaechtnis.rules import R
from strategies.registry import register
from strategies.vermaechtnis.kit.options_nb import buyable_slots_nb
from strategies.vermaechtnis.kit.values_nb import (
    best_collection_nb,
    cheapest_give_up_nb,
    holding_key_nb,
    open_cards_nb,
    points_field_nb,
    shortfall_nb,
    types_held_nb,
)

_L = Layout("chaser scratch", SCRATCH_SIZE)  # simcore/core/contract/layout.py
_KEY = _L.take("key")  # holding key (kit.values_nb) of the cached target
_DROPS = _L.take("drops")  # types that bring the target closer
SCRATCH_USED = _L.done()


@njit_static(cache=True)
def target_drops_nb(state, cards, rules, seat, field, scratch):
    """Types that bring the target closer: the open card with the best points per missing
    antique (V-A3a, V-A3c); kept while the holding key is unchanged."""
    key = holding_key_nb(state, seat)
    if scratch[_KEY] == key:
        return scratch[_DROPS]
    base = S.OWN_TYPE + seat * N_TYPES
    distinct, absent = types_held_nb(state, base)
    best_r = 0.0
    target_drops = 0
    todo = open_cards_nb(state, cards, rules, seat)
    k = 0
    while todo:
        if todo & 1:
            miss, drops = shortfall_nb(cards, k, state, base, distinct, absent)
            if miss > 0:
                r = cards[T.COLL + k * T.COLL_W + T.C_POINTS + field] / miss
                if r > best_r:
                    best_r = r
                    target_drops = drops
        todo >>= 1
        k += 1
    scratch[_KEY] = key
    scratch[_DROPS] = target_drops
    return target_drops


@register("chaser", "chases the collection card with the best points per missing antique")
@njit_static(cache=True)  # lazy: compiled when a driver plays it
def chaser_decide_nb(kind, seat, state, cards, rules, params, rng, scratch, out):
    field = points_field_nb(rules)
    if kind == DK_ACTION:
        slots = buyable_slots_nb(state, seat)
        if slots == 0:
            return GOLD
        target_drops = target_drops_nb(state, cards, rules, seat, field, scratch)
        rich = state[S.MONEY + seat] + rules[R.GOLD_VALUE] > rules[R.TAX_CAP]
        best = GOLD
        best_v = 0
        for i in range(S.MAX_OFFER):
            if (slots >> i) & 1:
                a = state[S.OFFER + i]
                v = cards[T.VALUE + a]
                if (target_drops >> (a // N_COLOURS)) & 1:
                    v += 10
                elif not rich:
                    continue
                if state[S.OWN_COLOUR + seat * N_COLOURS + a % N_COLOURS] == 1:
                    v += 1
                if v > best_v:
                    best_v = v
                    best = i
        return best
    if kind == DK_COLLECT:
        return best_collection_nb(state, cards, field, 1)
    if kind == DK_GIVE_UP:
        return cheapest_give_up_nb(state, cards, rules, seat)
    return NONE
