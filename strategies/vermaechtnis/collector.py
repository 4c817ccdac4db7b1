"""`collector`: buy cheap, build type sets - buys whenever the price is at most 3 (or it
is rich), always the antique of the type it holds most of (points break ties), so that
the small and large cards of that type follow (V-A3a); takes the collection card with
the most points; gives up the cheapest card.
"""

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
from simcore.vermaechtnis.nb.market_nb import price_nb
from strategies.registry import register
from strategies.vermaechtnis.kit.options_nb import buyable_slots_nb
from strategies.vermaechtnis.kit.values_nb import (
    best_collection_nb,
    cheapest_give_up_nb,
    points_field_nb,
)


@register("collector", "buys cheap antiques of the types it already collects (type sets)")
@njit_static(cache=True)  # lazy: compiled when a driver plays it
def collector_decide_nb(kind, seat, state, cards, rules, params, rng, scratch, out):
    if kind == DK_ACTION:
        price = price_nb(state)
        if price > 3 and state[S.MONEY + seat] < price + 3:
            return GOLD
        slots = buyable_slots_nb(state, seat)
        best = GOLD
        best_v = -1
        for i in range(S.MAX_OFFER):
            if (slots >> i) & 1:
                a = state[S.OFFER + i]
                have = state[S.OWN_TYPE + seat * N_TYPES + a // N_COLOURS]
                v = 4 * min(have, 3) + cards[T.VALUE + a]
                if v > best_v:
                    best_v = v
                    best = i
        return best
    if kind == DK_COLLECT:
        return best_collection_nb(state, cards, points_field_nb(rules), 0)
    if kind == DK_GIVE_UP:
        return cheapest_give_up_nb(state, cards, rules, seat)
    return NONE
