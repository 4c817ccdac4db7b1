"""`random`: uniformly random among the legal answers - a baseline, not a player.

V-D1: take gold or any affordable offer slot; V-D2: "none" or any eligible card;
V-D3: any own antique of a pictured type. Draws only from the seat's own stream.
"""

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import randint_nb
from simcore.vermaechtnis import layout as S
from simcore.vermaechtnis.enums import DK_ACTION, DK_COLLECT, DK_GIVE_UP, GOLD, NONE
from strategies.registry import register
from strategies.vermaechtnis.kit.options_nb import (
    buyable_slots_nb,
    give_up_options_nb,
    nth_bit_nb,
    popcount_nb,
)


@register("random", "uniformly random among legal answers (a baseline, not a player)")
@njit_static(cache=True)  # lazy: compiled when a driver plays it
def random_decide_nb(kind, seat, state, cards, rules, params, rng, scratch, out):
    if kind == DK_ACTION:
        slots = buyable_slots_nb(state, seat)
        i = randint_nb(rng, 0, 1 + popcount_nb(slots))
        return GOLD if i == 0 else nth_bit_nb(slots, i - 1)
    if kind == DK_COLLECT:
        mask = state[S.ELIGIBLE]
        i = randint_nb(rng, 0, 1 + popcount_nb(mask))
        return NONE if i == 0 else nth_bit_nb(mask, i - 1)
    if kind == DK_GIVE_UP:
        mask = give_up_options_nb(state, cards, rules, seat)
        return nth_bit_nb(mask, randint_nb(rng, 0, popcount_nb(mask)))
    return NONE
