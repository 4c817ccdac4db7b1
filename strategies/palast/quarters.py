"""`quarters`: a quarter- and Vizier-driven player - places figures in quarters early,
moves the Vizier onto rivals' quarters and uses its action."""

from simcore.core.nb.numba_compat import njit_static
from strategies.palast.kit.plan_nb import PARAMS, decide_core_nb
from strategies.registry import register

QUARTER_PARAMS = PARAMS | {"extra": 0.2, "card": 0.4, "vizier": 1.2, "block": 0.6,
                           "place": 3.0, "gold": 0.3}  # fmt: skip


@register("quarters", "quarter- and Vizier-driven: early quarter figures, blocks rivals",
          params=QUARTER_PARAMS)  # fmt: skip
@njit_static(cache=True)
def quarters_decide_nb(kind, seat, state, data, rules, params, rng, scratch, out):
    return decide_core_nb(kind, seat, state, data, rules, params, rng)
