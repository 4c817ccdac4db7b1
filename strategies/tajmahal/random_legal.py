"""`random`: uniformly random among the legal answers - a baseline, not a player.

T-D1: withdraw or any legal play (a coloured card, alone or with a white or special card);
T-D2: any legal city for a palace; T-D3: any display card. The legal answers come from
the engine's own enumeration (legal_window_nb), read one at a time, so nothing is
allocated; draws only from the seat's own stream.
"""

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import randint_nb
from simcore.tajmahal.nb.game_nb import legal_window_nb
from strategies.registry import register


@register("random", "uniformly random among legal answers (a baseline, not a player)")
@njit_static(cache=True)  # lazy: compiled when a driver plays it
def random_decide_nb(kind, seat, state, data, rules, params, rng, scratch, out):
    n = legal_window_nb(state, data, rules, out, 0)
    i = randint_nb(rng, 0, n)
    legal_window_nb(state, data, rules, out, i)
    return out[0]
