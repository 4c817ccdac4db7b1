"""Reading the governor track: which cities the Maharaja scores next (public, M-R1/M-R2).

The Maharaja always goes to the city whose governor is lowest, and that governor
then jumps to the top; so the cities are scored in ascending order of governor
position, this round's city (S.MAHARAJA) first. Governor moves (M-A8) reorder it.
"""

import simcore.maharaja.data_layout as B
import simcore.maharaja.layout as S
from simcore.core.nb.numba_compat import njit_static
from simcore.maharaja.rules import R

NEVER = 99


@njit_static(cache=True)
def rounds_until_scored_nb(state, board, c):
    """0 if city c is scored at the end of this round, k if k rounds later (track order)."""
    if state[S.ROUND] > 0 and c == state[S.MAHARAJA]:
        return 0
    pos = state[S.GOV_POS + c]
    ahead = 0
    for d in range(board[B.N_CITIES]):
        if d == c or (state[S.ROUND] > 0 and d == state[S.MAHARAJA]):
            continue
        if state[S.GOV_POS + d] < pos:
            ahead += 1
    return ahead + (1 if state[S.ROUND] > 0 else 0)


@njit_static(cache=True)
def nth_scored_city_nb(state, board, k):
    """The city scored k rounds from now (0 = this round's, once play has started)."""
    for c in range(board[B.N_CITIES]):
        if rounds_until_scored_nb(state, board, c) == k:
            return c
    return -1


@njit_static(cache=True)
def rounds_left_nb(state, board, rules):
    """Rounds still to play after this one, from the governor track (M-E1) and a short
    game's round limit (M-V1); 0 in the last round."""
    field = state[S.GOV_PLACED] - board[B.N_CITIES] + 1
    left = rules[R.END_FIELD] - field
    if rules[R.ROUND_LIMIT] > 0 and rules[R.ROUND_LIMIT] - state[S.ROUND] < left:
        left = rules[R.ROUND_LIMIT] - state[S.ROUND]
    return left if left > 0 else 0
