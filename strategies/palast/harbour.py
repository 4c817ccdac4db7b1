"""`harbour`: a harbour-driven player - big harvests and action cards, few quarter
figures (placed only when cheap and useful), little interest in the Vizier."""

from simcore.core.nb.numba_compat import njit_static
from strategies.palast.kit.plan_nb import PARAMS, decide_core_nb
from strategies.registry import register

HARBOUR_PARAMS = PARAMS | {"extra": 0.6, "card": 1.0, "remove": 0.3, "vizier": 0.0,
                           "block": 0.0, "place": 1.2, "gold": 0.6}  # fmt: skip


@register("harbour", "harbour-driven: large harvests and action cards, few quarter figures",
          params=HARBOUR_PARAMS)  # fmt: skip
@njit_static(cache=True)
def harbour_decide_nb(kind, seat, state, data, rules, params, rng, scratch, out):
    return decide_core_nb(kind, seat, state, data, rules, params, rng)
