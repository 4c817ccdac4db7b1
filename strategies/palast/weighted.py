"""`weighted`: the parametric player with balanced weights - the default strategy
(kit/plan_nb.py explains every weight)."""

from simcore.core.nb.numba_compat import njit_static
from strategies.palast.kit.plan_nb import PARAMS, decide_core_nb
from strategies.registry import register

WEIGHTED_PARAMS = PARAMS | {"place": 2.2, "vizier": 0.8, "block": 0.5}


@register("weighted", "balanced target-card planner (harbour, quarters, Vizier, treasury)",
          params=WEIGHTED_PARAMS, default=True)  # fmt: skip
@njit_static(cache=True)
def weighted_decide_nb(kind, seat, state, data, rules, params, rng, scratch, out):
    return decide_core_nb(kind, seat, state, data, rules, params, rng)
