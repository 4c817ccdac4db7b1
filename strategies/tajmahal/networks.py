"""`networks`: the palace-chain style the digest names - fights for the influence tiles
and the crown to build palace chains across provinces, leaves the elephant aside.

The kit's evaluator (kit.play_nb) with a fixed vector: palace points and chains (T-P2)
and roads into provinces still to come count double, commodities little (T-P3); display
picks favour viziers, generals, monks, princesses and grand moguls. It still plays white
and special cards, withdraws at once when nothing is worth a card (T-A7) and takes the
province tile when it is cheap, so it uses every decision the rules offer.
"""

from simcore.core.nb.numba_compat import njit_static
from simcore.tajmahal.enums import DK_CROWN, DK_PALACE, DK_PICK, DK_TURN, WITHDRAW
from strategies.registry import register
from strategies.tajmahal.kit.play_nb import city_nb, pick_nb, turn_nb
from strategies.tajmahal.kit.weights import style

STYLE = style(palace=1.8, network=0.8, commodity=0.4, future=0.0, bonus=0.8, crown=0.8,
              pick_elephant=0.4, pick_mogul=1.2, pick_influence=1.3, risk=0.5)  # fmt: skip


@register("networks", "palace chains and networks first (influence tiles, the crown)")
@njit_static(cache=True)  # lazy: compiled when a driver plays it
def networks_decide_nb(kind, seat, state, data, rules, params, rng, scratch, out):
    if kind == DK_TURN:
        return turn_nb(seat, state, data, rules, STYLE, scratch, rng)
    if kind == DK_CROWN or kind == DK_PALACE:
        return city_nb(seat, state, data, rules, STYLE, scratch, kind == DK_CROWN)
    if kind == DK_PICK:
        return pick_nb(seat, state, data, STYLE, rng)
    return WITHDRAW
