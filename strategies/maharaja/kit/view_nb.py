"""Fair play: a determinised view for search strategies.

What seat p may not see (M-C3, M-R3) is stated once, in simcore/maharaja/nb/hidden_nb.py:
every other player's gold, and the two picks of every other player who has not begun
their turn this round. Strategies must decide from the rest; the fair-play tests redraw
exactly these fields and check that every registered strategy decides the same.

A search strategy cannot simply copy the state, since the copy carries those
secrets. `determinise_nb` writes a copy in which each opponent's gold is an
estimate from public counters and their unrevealed picks are cleared, so
whatever the search does next cannot depend on hidden data.
"""

import simcore.maharaja.layout as S
from simcore.core.nb.numba_compat import njit_static
from simcore.maharaja.nb.build_nb import palace_cost_nb
from simcore.maharaja.nb.hidden_nb import gold_hidden_nb, picks_hidden_nb
from simcore.maharaja.rules import R


@njit_static(cache=True)
def estimate_gold_nb(state, rules, q):
    """Public estimate of q's gold: start gold, scoring and fees received, minus fees,
    the auction price (M-V3) and palaces paid, each at what q's palaces cost now
    (palace_cost_nb: the Artist's holder pays less, M-K6; the state keeps no record
    of what each palace cost). The Gold action and houses are not counted; never
    below 0."""
    g = (
        rules[R.START_GOLD]
        + state[S.SCORE_GOLD + q]
        + state[S.FEES_RECEIVED + q]
        - state[S.FEES_PAID + q]
        - state[S.PALACES + q] * palace_cost_nb(state, rules, q)
        - state[S.BID_PAID + q]
    )
    return g if g > 0 else 0


@njit_static(cache=True)
def determinise_nb(state, rules, seat, view):
    """view := state with the secrets of seat's opponents replaced by public guesses."""
    for i in range(state.shape[0]):
        view[i] = state[i]
    for q in range(state[S.N_PLAYERS]):
        if gold_hidden_nb(state, seat, q):
            view[S.GOLD + q] = estimate_gold_nb(state, rules, q)
        if picks_hidden_nb(state, seat, q):
            view[S.PICK0 + q] = -1
            view[S.PICK1 + q] = -1
