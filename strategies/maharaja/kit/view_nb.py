"""Fair play: what a seat may know, and a determinised view for search strategies.

Hidden from seat p (M-C3, M-R3): every other player's gold, and the two picks of
every other player who has not begun their turn this round. Strategies must
decide from the rest; tests/test_fair_play.py perturbs exactly these fields
(`hidden_offsets`) and checks that every registered strategy decides the same.

A search strategy cannot simply copy the state, since the copy carries those
secrets. `determinise_nb` writes a copy in which each opponent's gold is an
estimate from public counters and their unrevealed picks are cleared, so
whatever the search does next cannot depend on hidden data.
"""

import numpy as np
from numba import njit

from simcore.maharaja.layout import (
    S_ACTED,
    S_BID_PAID,
    S_FEES_PAID,
    S_FEES_RECEIVED,
    S_GOLD,
    S_N_PLAYERS,
    S_PALACES,
    S_PICK0,
    S_PICK1,
    S_SCORE_GOLD,
)
from simcore.maharaja.nb.sig import I1
from simcore.maharaja.rules_layout import R_PALACE_COST, R_START_GOLD


def hidden_offsets(state: np.ndarray, seat: int) -> list[int]:
    """State offsets that `seat` must not read (for tests and documentation)."""
    out = []
    for q in range(int(state[S_N_PLAYERS])):
        if q == seat:
            continue
        out.append(S_GOLD + q)
        if state[S_ACTED + q] == 0:
            out += [S_PICK0 + q, S_PICK1 + q]
    return out


@njit(f"int64({I1}, {I1}, int64)", cache=True, _nrt=False)
def estimate_gold_nb(state, rules, q):
    """Public estimate of q's gold: start gold, scoring and fees received, minus fees,
    the auction price (M-V3) and palaces paid (the Gold action and houses are not
    counted; never below 0)."""
    g = (
        rules[R_START_GOLD]
        + state[S_SCORE_GOLD + q]
        + state[S_FEES_RECEIVED + q]
        - state[S_FEES_PAID + q]
        - state[S_PALACES + q] * rules[R_PALACE_COST]
        - state[S_BID_PAID + q]
    )
    return g if g > 0 else 0


@njit(f"void({I1}, {I1}, int64, {I1})", cache=True, _nrt=False)
def determinise_nb(state, rules, seat, view):
    """view := state with the secrets of seat's opponents replaced by public guesses."""
    for i in range(state.shape[0]):
        view[i] = state[i]
    for q in range(state[S_N_PLAYERS]):
        if q == seat:
            continue
        view[S_GOLD + q] = estimate_gold_nb(state, rules, q)
        if state[S_ACTED + q] == 0:
            view[S_PICK0 + q] = -1
            view[S_PICK1 + q] = -1
