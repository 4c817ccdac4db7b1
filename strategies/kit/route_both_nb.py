"""Both route tables of `strategies.kit.route_nb` in one inlined call (speed).

`both_route_costs_nb` fills exactly what `route_costs_nb` (open roads only) and then
`open_route_costs_nb` (closed roads opened with own houses) would write, entry for
entry, with the same node order and tie-breaking; it only saves the calls and looks
up the Monk once. Use it where both tables are wanted for every decision.
"""

import numpy as np
from numba import njit

from simcore.maharaja.board_layout import (
    B_ADJ_ROAD,
    B_ADJ_TO,
    B_DEG,
    B_N_JUNCTIONS,
    B_ROAD_NV,
    B_ROAD_V0,
    B_ROAD_V1,
    MAX_DEGREE,
)
from simcore.maharaja.enums import MONK
from simcore.maharaja.layout import S_ARCH, S_VIL, S_VIL_TOTAL
from simcore.maharaja.nb.characters_nb import holds_nb
from simcore.maharaja.nb.sig import I1
from simcore.maharaja.nb.travel_nb import UNREACHABLE
from simcore.maharaja.rules_layout import MAX_PLAYERS
from strategies.kit.route_nb import R_DIST, R_LEN, R_POS, R_PREV, R_ROADS


@njit(
    f"void({I1}, {I1}, int64, int64, int64, int64, {I1}, int64, int64, int64)",
    cache=True,
    _nrt=False,
    inline="always",
)
def both_route_costs_nb(state, board, seat, budget, house_cost, wopen, scratch, base, base2, opens):
    """route_costs_nb(.., budget, scratch, base), then open_route_costs_nb(.., budget,
    house_cost, wopen, scratch, base2, opens): identical results, one call."""
    nj = board[B_N_JUNCTIONS]
    start = state[S_ARCH + seat]
    monk = holds_nb(state, seat, MONK)
    # open roads only (travel_costs_nb)
    dist = base + R_DIST
    prev = base + R_PREV
    for j in range(nj):
        scratch[dist + j] = UNREACHABLE
        scratch[prev + j] = -1
    scratch[dist + start] = 0
    done = np.int64(0)
    for _ in range(nj):
        u = -1
        best = UNREACHABLE
        for j in range(nj):
            if (done >> j) & 1 == 0 and scratch[dist + j] < best:
                best = scratch[dist + j]
                u = j
        if u < 0:
            break
        done |= np.int64(1) << u
        for k in range(board[B_DEG + u]):
            r = board[B_ADJ_ROAD + u * MAX_DEGREE + k]
            w = board[B_ADJ_TO + u * MAX_DEGREE + k]
            if (done >> w) & 1 == 1:
                continue
            v0 = board[B_ROAD_V0 + r]
            t0 = state[S_VIL_TOTAL + v0]
            if t0 == 0:
                continue
            two = board[B_ROAD_NV + r] > 1
            v1 = board[B_ROAD_V1 + r]
            if two and state[S_VIL_TOTAL + v1] == 0:
                continue
            fee = 0
            if not monk:
                if state[S_VIL + v0 * MAX_PLAYERS + seat] == 0:
                    fee += t0
                if two and state[S_VIL + v1 * MAX_PLAYERS + seat] == 0:
                    fee += state[S_VIL_TOTAL + v1]
            d = best + fee
            if d <= budget and d < scratch[dist + w]:
                scratch[dist + w] = d
                scratch[prev + w] = r
    scratch[base + R_LEN] = 0
    scratch[base + R_POS] = 0
    # opening closed roads with own houses (open_route_costs_nb)
    dist = base2 + R_DIST
    prev = base2 + R_PREV
    wt = base2 + R_ROADS  # Dijkstra weights (16ths of gold) until set_route_nb
    for j in range(nj):
        scratch[dist + j] = UNREACHABLE
        scratch[prev + j] = -1
        scratch[wt + j] = UNREACHABLE
        scratch[opens + j] = 0
    scratch[dist + start] = 0
    scratch[wt + start] = 0
    done = np.int64(0)
    for _ in range(nj):
        u = -1
        best = UNREACHABLE
        for j in range(nj):
            if (done >> j) & 1 == 0 and scratch[wt + j] < best:
                best = scratch[wt + j]
                u = j
        if u < 0:
            break
        done |= np.int64(1) << u
        for k in range(board[B_DEG + u]):
            w = board[B_ADJ_TO + u * MAX_DEGREE + k]
            if (done >> w) & 1 == 1:
                continue
            r = board[B_ADJ_ROAD + u * MAX_DEGREE + k]
            fee = 0
            e = 0
            for i in range(board[B_ROAD_NV + r]):
                v = board[B_ROAD_V0 + r] if i == 0 else board[B_ROAD_V1 + r]
                t = state[S_VIL_TOTAL + v]
                if t == 0:
                    e += 1
                elif not monk and state[S_VIL + v * MAX_PLAYERS + seat] == 0:
                    fee += t
            f = scratch[dist + u] + fee
            o = scratch[opens + u] + e
            if f + o * house_cost > budget:
                continue
            d = best + 16 * (fee + e * house_cost) + e * wopen
            if d < scratch[wt + w]:
                scratch[wt + w] = d
                scratch[dist + w] = f
                scratch[prev + w] = r
                scratch[opens + w] = o
    scratch[base2 + R_LEN] = 0
    scratch[base2 + R_POS] = 0
