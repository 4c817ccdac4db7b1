"""The governor track: Maharaja movement and the Governor action (M-R1, M-R2, M-A8).

Positions 0..n_cities-1 lie above the arrow (0 = next to it); round field f is
position n_cities - 1 + f. Positions may be empty after Governor actions.
"""

from simcore.core.nb.numba_compat import njit_static

from .. import data_layout as B
from .. import layout as S
from ..enums import E_BAD_GOVERNOR, E_OK
from ..rules import R


@njit_static(cache=True)
def lowest_governor_nb(state, board):
    """City whose governor is lowest on the track: the Maharaja's next city (M-R1)."""
    best = -1
    best_pos = 1 << 30
    for c in range(board[B.N_CITIES]):
        pos = state[S.GOV_POS + c]
        if pos < best_pos:
            best_pos = pos
            best = c
    return best


@njit_static(cache=True)
def top_governor_pos_nb(state, board):
    top = -1
    for c in range(board[B.N_CITIES]):
        if state[S.GOV_POS + c] > top:
            top = state[S.GOV_POS + c]
    return top


@njit_static(cache=True)
def move_maharaja_nb(state, board):
    """M-R1 + M-R2: the Maharaja goes to the lowest governor's city (reachability is
    irrelevant), and that governor goes just above the topmost one."""
    c = lowest_governor_nb(state, board)
    state[S.MAHARAJA] = c
    pos = top_governor_pos_nb(state, board) + 1
    state[S.GOV_POS + c] = pos
    state[S.GOV_PLACED] = pos
    return c


@njit_static(cache=True)
def field_of_nb(board, pos):
    """Round field shown at a track position (0 = above the arrow, not a round field)."""
    f = pos - board[B.N_CITIES] + 1
    return f if f > 0 else 0


@njit_static(cache=True)
def end_field_reached_nb(state, board, rules):
    """M-E1: this round's governor was placed on the last field (field 10)."""
    return field_of_nb(board, state[S.GOV_PLACED]) >= rules[R.END_FIELD]


@njit_static(cache=True)
def governor_target_nb(state, board, rules, c):
    """Where city c's governor would land; -1 if the Governor action cannot move it (M-A8).

    [choice] governor_clamp: near position 0 it moves as far down as it can.
    """
    if c < 0 or c >= board[B.N_CITIES]:
        return -1
    pos = state[S.GOV_POS + c]
    target = pos - rules[R.GOVERNOR_STEPS]
    if target < 0:
        if rules[R.GOVERNOR_CLAMP] == 0:
            return -1
        target = 0
    if target == pos:
        return -1
    return target


@njit_static(cache=True)
def move_governor_nb(state, board, rules, c):
    """M-A8: move c's governor down; each governor it passes moves up one position
    (passing an empty position moves nobody)."""
    target = governor_target_nb(state, board, rules, c)
    if target < 0:
        return E_BAD_GOVERNOR
    pos = state[S.GOV_POS + c]
    for d in range(board[B.N_CITIES]):
        q = state[S.GOV_POS + d]
        if d != c and target <= q < pos:
            state[S.GOV_POS + d] = q + 1
    state[S.GOV_POS + c] = target
    return E_OK
