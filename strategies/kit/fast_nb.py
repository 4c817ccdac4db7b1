"""Faster copies of kit pieces for the scripted strategies (chaser, house-network).

Same results as the originals, written for speed: no array slices, small pieces
inlined into the caller (numba `inline="always"`: a call that passes several arrays
costs about as much as the work of these pieces).

`route_costs_fast_nb` fills the same scratch block as `route_nb.route_costs_nb` with
the same DIST/PREV (same Dijkstra, same tie-breaking: the lowest junction among the
cheapest is settled first, a road replaces a route only when strictly cheaper). It is
written for speed: one call, no array slices, the fees of a road computed in line.
"""

from numba import njit

from simcore.maharaja.board_layout import (
    B_ADJ_ROAD,
    B_ADJ_TO,
    B_DEG,
    B_N_CITIES,
    B_N_JUNCTIONS,
    B_ROAD_NV,
    B_ROAD_V0,
    B_ROAD_V1,
    MAX_DEGREE,
)
from simcore.maharaja.enums import MONK
from simcore.maharaja.layout import (
    S_ARCH,
    S_CHAR_OWNER,
    S_GOV_POS,
    S_MAHARAJA,
    S_ROUND,
    S_VIL,
    S_VIL_TOTAL,
)
from simcore.maharaja.nb.sig import I1
from simcore.maharaja.nb.travel_nb import UNREACHABLE
from simcore.maharaja.rules_layout import MAX_PLAYERS
from strategies.kit.route_nb import R_DIST, R_LEN, R_POS, R_PREV


@njit(f"void({I1}, {I1}, int64, int64, {I1}, int64)", cache=True, _nrt=False)
def route_costs_fast_nb(state, board, seat, budget, scratch, base):
    """Same as route_nb.route_costs_nb (travel_costs_nb's Dijkstra over open roads with
    the fees `seat` pays, within `budget`), DIST/PREV of the block at `base`."""
    nj = board[B_N_JUNCTIONS]
    dist = base + R_DIST
    prev = base + R_PREV
    for j in range(nj):
        scratch[dist + j] = UNREACHABLE
        scratch[prev + j] = -1
    u = state[S_ARCH + seat]
    scratch[dist + u] = 0
    monk = state[S_CHAR_OWNER + MONK] == seat
    done = 0
    reach = 0  # junctions with a route found, not yet settled
    best = 0
    while True:
        done |= 1 << u
        for k in range(board[B_DEG + u]):
            w = board[B_ADJ_TO + u * MAX_DEGREE + k]
            if (done >> w) & 1 == 1:
                continue
            r = board[B_ADJ_ROAD + u * MAX_DEGREE + k]
            v = board[B_ROAD_V0 + r]
            t = state[S_VIL_TOTAL + v]
            if t == 0:
                continue  # closed (M-F1)
            fee = 0
            if not monk and state[S_VIL + v * MAX_PLAYERS + seat] == 0:
                fee = t
            if board[B_ROAD_NV + r] > 1:
                v = board[B_ROAD_V1 + r]
                t = state[S_VIL_TOTAL + v]
                if t == 0:
                    continue
                if not monk and state[S_VIL + v * MAX_PLAYERS + seat] == 0:
                    fee += t
            d = best + fee
            if d <= budget and d < scratch[dist + w]:
                scratch[dist + w] = d
                scratch[prev + w] = r
                reach |= 1 << w
        reach &= ~done
        if reach == 0:
            break
        # the lowest junction among the cheapest not yet settled
        u = -1
        best = UNREACHABLE
        m = reach
        j = 0
        while m != 0:
            if m & 1 == 1 and scratch[dist + j] < best:
                best = scratch[dist + j]
                u = j
            m >>= 1
            j += 1
    scratch[base + R_LEN] = 0
    scratch[base + R_POS] = 0


@njit(f"int64({I1}, {I1}, int64)", cache=True, _nrt=False, inline="always")
def rounds_until_scored_fast_nb(state, board, c):
    """Same as track_nb.rounds_until_scored_nb, inlined into the caller."""
    started = state[S_ROUND] > 0
    m = state[S_MAHARAJA]
    if started and c == m:
        return 0
    pos = state[S_GOV_POS + c]
    ahead = 0
    for d in range(board[B_N_CITIES]):
        if d == c or (started and d == m):
            continue
        if state[S_GOV_POS + d] < pos:
            ahead += 1
    return ahead + (1 if started else 0)
