"""Cheapest-route planning kept in a strategy's scratch memory.

A strategy computes the travel costs from its architect once (Dijkstra over
open roads with the fees it would pay, M-F1/M-K4), picks a target city, stores
the route and then walks it one OP_ROAD per step. Fees and open roads cannot
change while the owner walks in its own turn, so the route stays valid.

Scratch block at `base` (ROUTE_SIZE entries):
    base + 0          roads in the route
    base + 1          roads already walked
    base + 2 ..       the route, first road first      [MAX_JUNCTIONS]
    DIST ..           cheapest cost to each junction    [MAX_JUNCTIONS]
    PREV ..           last road of that route           [MAX_JUNCTIONS]
"""

from numba import njit

from simcore.maharaja.board_layout import MAX_JUNCTIONS
from simcore.maharaja.layout import S_ARCH
from simcore.maharaja.nb.sig import I1
from simcore.maharaja.nb.travel_nb import UNREACHABLE, other_end_nb, travel_costs_nb

R_LEN = 0
R_POS = 1
R_ROADS = 2
R_DIST = R_ROADS + MAX_JUNCTIONS
R_PREV = R_DIST + MAX_JUNCTIONS
ROUTE_SIZE = R_PREV + MAX_JUNCTIONS
NO_ROUTE = UNREACHABLE


@njit(f"void({I1}, {I1}, int64, int64, {I1}, int64)", cache=True, _nrt=False)
def route_costs_nb(state, board, seat, budget, scratch, base):
    """Fill the DIST/PREV block: cheapest fee to every junction within `budget`."""
    travel_costs_nb(
        state,
        board,
        seat,
        budget,
        scratch[base + R_DIST : base + R_DIST + MAX_JUNCTIONS],
        scratch[base + R_PREV : base + R_PREV + MAX_JUNCTIONS],
    )
    scratch[base + R_LEN] = 0
    scratch[base + R_POS] = 0


@njit(f"int64({I1}, int64, int64)", cache=True, _nrt=False)
def route_cost_nb(scratch, base, target):
    """Cost of the cheapest route to `target` found by route_costs_nb (NO_ROUTE if none)."""
    return scratch[base + R_DIST + target]


@njit(f"int64({I1}, {I1}, int64, int64, {I1}, int64)", cache=True, _nrt=False)
def set_route_nb(state, board, seat, target, scratch, base):
    """Store the cheapest route to `target` (after route_costs_nb); its length, -1 if none."""
    scratch[base + R_LEN] = 0
    scratch[base + R_POS] = 0
    if target < 0 or scratch[base + R_DIST + target] >= UNREACHABLE:
        return -1
    start = state[S_ARCH + seat]
    j = target
    m = 0
    while j != start:
        r = scratch[base + R_PREV + j]
        scratch[base + R_ROADS + m] = r
        m += 1
        j = other_end_nb(board, r, j)
    for i in range(m // 2):
        t = scratch[base + R_ROADS + i]
        scratch[base + R_ROADS + i] = scratch[base + R_ROADS + m - 1 - i]
        scratch[base + R_ROADS + m - 1 - i] = t
    scratch[base + R_LEN] = m
    return m


@njit(f"int64({I1}, int64)", cache=True, _nrt=False)
def next_road_nb(scratch, base):
    """The next road of the stored route (and mark it walked), -1 once arrived."""
    pos = scratch[base + R_POS]
    if pos >= scratch[base + R_LEN]:
        return -1
    scratch[base + R_POS] = pos + 1
    return scratch[base + R_ROADS + pos]
