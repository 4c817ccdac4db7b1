"""`pairs`: colour-pair keeper - every antique must end with a partner of its colour
(V-P1 throws away lone colours). Prefers the antique that pairs a lone colour, then one
of a colour it holds already, and avoids opening a colour that can no longer be paired
(it counts the public composition of what is still to come); buys only a card worth its
price, else takes gold. Without V-P1 (`lone_discard=false`) it values points only.
Takes the richest collection card; gives up the cheapest.
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
    colour_to_come_nb,
    lone_card_nb,
    points_field_nb,
)


@register("pairs", "keeps colour pairs: buys partners for lone colours, avoids new colours")
@njit_static(cache=True)  # lazy: compiled when a driver plays it
def pairs_decide_nb(kind, seat, state, cards, rules, params, rng, scratch, out):
    if kind == DK_ACTION:
        slots = buyable_slots_nb(state, seat)
        best = GOLD
        best_v = price_nb(state)  # a card must be worth more than it costs
        for i in range(S.MAX_OFFER):
            if (slots >> i) & 1:
                a = state[S.OFFER + i]
                c = a % N_COLOURS
                n = state[S.OWN_COLOUR + seat * N_COLOURS + c]
                v = 2 * cards[T.VALUE + a]
                if rules[R.LONE_DISCARD] == 0:
                    pass  # without V-P1 colours do not matter: points only
                elif n == 1:
                    v += 2 * cards[T.VALUE + lone_card_nb(state, seat, c)] + 2
                elif n == 0:
                    v -= 4 if colour_to_come_nb(state, c) <= 2 else 1
                if v > best_v:
                    best_v = v
                    best = i
        return best
    if kind == DK_COLLECT:
        return best_collection_nb(state, cards, points_field_nb(rules), 0)
    if kind == DK_GIVE_UP:
        return cheapest_give_up_nb(state, cards, rules, seat)
    return NONE
