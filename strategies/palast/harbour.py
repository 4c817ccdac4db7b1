"""`harbour`: a harbour-driven style of the parametric player (kit.player_nb). It weighs
the harbour's loads and what they let it build this turn above all, likes side "d"'s four
resources, and places few quarter figures (dear ones only early)."""

from simcore.core.nb.numba_compat import njit_static
from strategies.palast.kit import player_nb
from strategies.palast.kit.weights import vector
from strategies.registry import register

PARAMS = vector(need=1.4, res=0.45, now=0.8, side_d=0.8, vizier=0.4, prod=0.12, conv=0.1,
                pay=0.8, keep=2.0)  # fmt: skip


@register("harbour", "harbour-driven: the loads and what they build now; few quarters",
          params=PARAMS)  # fmt: skip
@njit_static(cache=True)
def harbour_decide_nb(kind, seat, state, data, rules, params, rng, scratch, out):
    return player_nb.decide_nb(kind, seat, state, data, rules, params, rng, scratch, out)
