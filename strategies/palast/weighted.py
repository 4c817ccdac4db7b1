"""`weighted`: the parametric player (kit.player_nb) with its tuned weights, the game's
default strategy; it plays every action of the rules. `noise` > 0 adds Gumbel noise of
that scale to the harbour, quarter and Vizier choices (a softmax player)."""

from simcore.core.nb.numba_compat import njit_static
from strategies.palast.kit import player_nb
from strategies.palast.kit.weights import vector
from strategies.registry import register

PARAMS = vector(conv=0.3, protect=4.5)


@register("weighted", "the parametric player, tuned (default); noise= for a softmax player",
          params=PARAMS, default=True)  # fmt: skip
@njit_static(cache=True)
def weighted_decide_nb(kind, seat, state, data, rules, params, rng, scratch, out):
    return player_nb.decide_nb(kind, seat, state, data, rules, params, rng, scratch, out)
