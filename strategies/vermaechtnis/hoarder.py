"""`hoarder`: gold first, buy late - takes coins while antiques are dear and buys only at
the row's lowest price, or when another coin would be lost to taxes (V-A4).

Buys the offer's highest-value antique (a colour partner first, V-P1); takes the
collection card with the most points; gives up the cheapest card.
"""

from simcore.core.nb.numba_compat import njit_static
from simcore.vermaechtnis import data_layout as T
from simcore.vermaechtnis import layout as S
from simcore.vermaechtnis.enums import DK_ACTION, DK_COLLECT, DK_GIVE_UP, GOLD, N_COLOURS, NONE
from simcore.vermaechtnis.nb.market_nb import price_nb
from simcore.vermaechtnis.rules import R
from strategies.registry import register
from strategies.vermaechtnis.kit.options_nb import buyable_slots_nb
from strategies.vermaechtnis.kit.values_nb import (
    best_collection_nb,
    cheapest_give_up_nb,
    points_field_nb,
)


@register("hoarder", "takes gold while prices are high; buys at the lowest price or when rich")
@njit_static(cache=True)  # lazy: compiled when a driver plays it
def hoarder_decide_nb(kind, seat, state, cards, rules, params, rng, scratch, out):
    if kind == DK_ACTION:
        price = price_nb(state)
        lowest = price
        for k in range(state[S.N_TRADE]):
            lowest = min(lowest, state[S.PRICE + k])
        rich = state[S.MONEY + seat] + rules[R.GOLD_VALUE] > rules[R.TAX_CAP]
        if price > lowest and not rich:
            return GOLD
        slots = buyable_slots_nb(state, seat)
        best = GOLD
        best_v = -1
        for i in range(S.MAX_OFFER):
            if (slots >> i) & 1:
                a = state[S.OFFER + i]
                v = 2 * cards[T.VALUE + a]
                if state[S.OWN_COLOUR + seat * N_COLOURS + a % N_COLOURS] == 1:
                    v += 3
                if v > best_v:
                    best_v = v
                    best = i
        return best
    if kind == DK_COLLECT:
        return best_collection_nb(state, cards, points_field_nb(rules), 0)
    if kind == DK_GIVE_UP:
        return cheapest_give_up_nb(state, cards, rules, seat)
    return NONE
