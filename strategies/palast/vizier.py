"""`vizier`: a quarter- and Vizier-driven style of the parametric player (kit.player_nb).
It places figures in quarters early (production every turn after), moves the Vizier onto
the opponents' quarters and off its own, and values harbour side "c" for it."""

from simcore.core.nb.numba_compat import njit_static
from strategies.palast.kit import player_nb
from strategies.palast.kit.weights import vector
from strategies.registry import register

PARAMS = vector(prod=0.45, conv=0.5, pay=0.4, keep=1.0, vizier=1.6, block=0.9,
                unblock=1.0, now=0.3)  # fmt: skip


@register("vizier", "quarter- and Vizier-driven: figures in quarters, the Vizier on rivals",
          params=PARAMS)  # fmt: skip
@njit_static(cache=True)
def vizier_decide_nb(kind, seat, state, data, rules, params, rng, scratch, out):
    return player_nb.decide_nb(kind, seat, state, data, rules, params, rng, scratch, out)
