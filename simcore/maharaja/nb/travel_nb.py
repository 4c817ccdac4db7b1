"""Travel along roads with open/closed villages and fees (M-F1, M-F3, M-K4).

M-F3 (rulebook 7.1): travel always ends in a city. S, the start place, may be passed
through: a road onto S is taken only if a road out of S is then open and affordable,
S.ON_START is set on arrival, and the engine allows nothing but another road until the
architect has left S (nb/game_nb.py:answer_nb); a turn that ends there anyway is an
error and the architect goes on along the cheapest road (leave_start_nb).
"""

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.skeleton_nb import log_nb

from .. import data_layout as B
from .. import layout as S
from ..enums import (
    E_NO_GOLD,
    E_NOT_ADJACENT,
    E_OK,
    E_ROAD_CLOSED,
    E_STOP_ON_START,
    EV_FEE,
    EV_ROAD,
    MONK,
)
from ..rules import R
from .characters_nb import holds_nb

P = R.MAX_PLAYERS
UNREACHABLE = 1 << 40


@njit_static(cache=True)
def road_village_nb(board, r, i):
    """The i-th village (0 or 1) of road r, -1 if the road has only one."""
    if i == 0:
        return board[B.ROAD_V0 + r]
    if board[B.ROAD_NV + r] > 1:
        return board[B.ROAD_V1 + r]
    return -1


@njit_static(cache=True)
def road_open_nb(state, board, r):
    """M-F1: a road is open only if each of its villages holds at least one house."""
    if state[S.VIL_TOTAL + board[B.ROAD_V0 + r]] == 0:
        return False
    if board[B.ROAD_NV + r] > 1 and state[S.VIL_TOTAL + board[B.ROAD_V1 + r]] == 0:
        return False
    return True


@njit_static(cache=True)
def village_fee_nb(state, p, v):
    """M-F1: free where p has a house, else 1 per house in the village."""
    if state[S.VIL + v * P + p] > 0:
        return 0
    return state[S.VIL_TOTAL + v]


@njit_static(cache=True)
def road_fee_nb(state, board, p, r):
    """Fees the owners receive when p passes road r (the Monk's bank pays them, M-K4)."""
    fee = village_fee_nb(state, p, board[B.ROAD_V0 + r])
    if board[B.ROAD_NV + r] > 1:
        fee += village_fee_nb(state, p, board[B.ROAD_V1 + r])
    return fee


@njit_static(cache=True)
def road_cost_nb(state, board, p, r):
    """What p itself pays for road r: nothing while holding the Wandering monk (M-K4)."""
    if holds_nb(state, p, MONK):
        return 0
    return road_fee_nb(state, board, p, r)


@njit_static(cache=True)
def other_end_nb(board, r, j):
    """The junction at the other end of road r from j, -1 if r does not touch j."""
    if board[B.ROAD_A + r] == j:
        return board[B.ROAD_B + r]
    if board[B.ROAD_B + r] == j:
        return board[B.ROAD_A + r]
    return -1


@njit_static(cache=True)
def _pay_village_nb(state, log, p, v, bank_pays):
    """M-F3: the fee of one village goes house by house to each house's owner."""
    for q in range(state[S.N_PLAYERS]):
        n = state[S.VIL + v * P + q]
        if n > 0 and q != p:
            if not bank_pays:
                state[S.GOLD + p] -= n
                state[S.FEES_PAID + p] += n
            state[S.GOLD + q] += n
            state[S.FEES_RECEIVED + q] += n
            log_nb(state, log, p, EV_FEE, q, n, v, 1 if bank_pays else 0)


@njit_static(cache=True)
def exit_road_nb(state, board, p, gold):
    """M-F3: the cheapest open road out of S that p can pay with `gold` (lowest index
    among equals), -1 if none."""
    s = board[B.START]
    best = -1
    best_cost = gold + 1
    for k in range(board[B.DEG + s]):
        r = board[B.ADJ_ROAD + s * B.MAX_DEGREE + k]
        if road_open_nb(state, board, r):
            c = road_cost_nb(state, board, p, r)
            if c < best_cost or (c == best_cost and r < best):
                best = r
                best_cost = c
    return best


@njit_static(cache=True)
def do_road_nb(state, board, log, p, r):
    """Move p's architect along road r (M-F1): open road, fees paid, never stops in a village."""
    if r < 0 or r >= board[B.N_ROADS]:
        return E_NOT_ADJACENT
    j = state[S.ARCH + p]
    to = other_end_nb(board, r, j)
    if to < 0:
        return E_NOT_ADJACENT
    if not road_open_nb(state, board, r):
        return E_ROAD_CLOSED
    fee = road_fee_nb(state, board, p, r)
    bank_pays = holds_nb(state, p, MONK)
    if not bank_pays and state[S.GOLD + p] < fee:
        return E_NO_GOLD  # M-F3: a road whose fees p cannot pay cannot be taken
    if to == board[B.START]:  # M-F3: S is passed through, so a way out must be open
        left = state[S.GOLD + p] - (0 if bank_pays else fee)
        if exit_road_nb(state, board, p, left) < 0:
            return E_STOP_ON_START
    if fee > 0:
        v0 = board[B.ROAD_V0 + r]
        if village_fee_nb(state, p, v0) > 0:
            _pay_village_nb(state, log, p, v0, bank_pays)
        if board[B.ROAD_NV + r] > 1:
            v1 = board[B.ROAD_V1 + r]
            if village_fee_nb(state, p, v1) > 0:
                _pay_village_nb(state, log, p, v1, bank_pays)
    state[S.ARCH + p] = to
    state[S.ON_START] = 1 if to == board[B.START] else 0
    log_nb(state, log, p, EV_ROAD, r, j, to, 0 if bank_pays else fee)
    return E_OK


@njit_static(cache=True)
def leave_start_nb(state, board, log, p):
    """M-F3 fallback at the end of a turn that stopped on S: go on along the cheapest
    road out (one exists: the road onto S was refused otherwise, and nothing but roads
    may happen on S)."""
    if state[S.ON_START] != 0 and state[S.ARCH + p] == board[B.START]:
        r = exit_road_nb(state, board, p, state[S.GOLD + p])
        if r >= 0:
            do_road_nb(state, board, log, p, r)
    state[S.ON_START] = 0
