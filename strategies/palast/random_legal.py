"""`random`: uniformly random among the legal answers the engine lists (S.LEGAL) - a
baseline, not a player. Draws only from the seat's own stream."""

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import randint_nb
from simcore.palast import layout as S
from strategies.registry import register


@register("random", "uniformly random among legal answers (a baseline, not a player)")
@njit_static(cache=True)
def random_decide_nb(kind, seat, state, data, rules, params, rng, scratch, out):
    return state[S.LEGAL + randint_nb(rng, 0, state[S.LEGAL_N])]
