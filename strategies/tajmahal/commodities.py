"""`commodities`: the elephant-first style the digest names - fights for the province tile
and the commodity bonus tiles, leaves palace chains aside.

The kit's evaluator (kit.play_nb) with a fixed vector: commodities now and to come count
double (T-P1, T-P3), a palace only for its bonus tile (no chain or road worth, T-P2), the
influence tiles and the crown little; display picks favour elephants. It still plays
white and special cards, withdraws at once when nothing is worth a card (T-A7) and places
every palace it wins (T-D2), so it uses every decision the rules offer.
"""

from simcore.core.nb.numba_compat import njit_static
from simcore.tajmahal.enums import DK_CROWN, DK_PALACE, DK_PICK, DK_TURN, WITHDRAW
from strategies.registry import register
from strategies.tajmahal.kit.play_nb import city_nb, pick_nb, turn_nb
from strategies.tajmahal.kit.weights import style

STYLE = style(commodity=2.0, future=0.6, palace=0.3, network=0.0, pair=0.4, half=0.2,
              points_card=0.3, crown=0.0, pick_elephant=1.6, pick_mogul=0.3,
              pick_influence=0.4, risk=0.5)  # fmt: skip


@register("commodities", "elephant and commodities first (province tiles, commodity bonus tiles)")
@njit_static(cache=True)  # lazy: compiled when a driver plays it
def commodities_decide_nb(kind, seat, state, data, rules, params, rng, scratch, out):
    if kind == DK_TURN:
        return turn_nb(seat, state, data, rules, STYLE, scratch, rng)
    if kind == DK_CROWN or kind == DK_PALACE:
        return city_nb(seat, state, data, rules, STYLE, scratch, kind == DK_CROWN)
    if kind == DK_PICK:
        return pick_nb(seat, state, data, STYLE, rng)
    return WITHDRAW
