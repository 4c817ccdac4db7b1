"""`weighted`: the parametric player and the game's default strategy - every answer is a
weighted sum of what the prizes, cities and cards are worth to the seat (kit.weights,
kit.play_nb), so a family of players is one compiled function plus vectors.

Turn (T-D1): withdraw, or the legal play whose leads (T-A2) are worth most after the card
cost, each lead kept with a chance that rises with its margin over the seats still in;
palace points and chains (T-P2), roads into later provinces, bonus tiles (T-P1),
commodities now and to come (T-P3), influence pairs for the special cards (T-R4), the
crown (T-A4), the +2 special card (T-A1c), the any-colour card (T-A1b) and the card drawn
for an immediate withdrawal (T-A7) all count. Palaces (T-D2): the city worth most.
Display picks (T-D3): symbols, white cards and colour depth; on the last visit the
points the card scores in hand (T-P4). `noise` > 0 adds Gumbel noise of that scale to
every option (a softmax choice, for studies).
"""

from simcore.core.nb.numba_compat import njit_static
from simcore.tajmahal.enums import DK_CROWN, DK_PALACE, DK_PICK, DK_TURN, WITHDRAW
from strategies.registry import register
from strategies.tajmahal.kit.play_nb import city_nb, pick_nb, turn_nb
from strategies.tajmahal.kit.weights import PARAMS


@register("weighted", "weighted worth of prizes, palace chains, commodities and cards",
          params=PARAMS, default=True)  # fmt: skip
@njit_static(cache=True)  # lazy: compiled when a driver plays it
def weighted_decide_nb(kind, seat, state, data, rules, params, rng, scratch, out):
    if kind == DK_TURN:
        return turn_nb(seat, state, data, rules, params, scratch, rng)
    if kind == DK_CROWN or kind == DK_PALACE:
        return city_nb(seat, state, data, rules, params, scratch, kind == DK_CROWN)
    if kind == DK_PICK:
        return pick_nb(seat, state, data, params, rng)
    return WITHDRAW
