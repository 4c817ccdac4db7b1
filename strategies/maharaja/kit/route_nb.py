"""Cheapest-route planning kept in a strategy's scratch memory.

A strategy computes the travel costs from its architect once (fee_search_nb, the
kit's one Dijkstra: over open roads with the fees it would pay, M-F1/M-K4, or also
opening closed roads with own houses), picks a target city, stores the route and
then walks it one OP_ROAD per step (next_road_nb, or kit.walk_nb when it opens
villages on the way). Fees and open roads cannot
change while the owner walks in its own turn, so the route stays valid.

Scratch block at `base` (ROUTE_SIZE entries):
    base + 0          roads in the route
    base + 1          roads already walked
    base + 2 ..       the route, first road first      [B.MAX_JUNCTIONS]
    DIST ..           cheapest cost to each junction    [B.MAX_JUNCTIONS]
    PREV ..           last road of that route           [B.MAX_JUNCTIONS]
"""

import simcore.maharaja.data_layout as B
import simcore.maharaja.layout as S
from simcore.core.contract.layout import Layout
from simcore.core.nb.numba_compat import njit_static
from simcore.maharaja.enums import MONK
from simcore.maharaja.nb.travel_nb import UNREACHABLE, other_end_nb
from simcore.maharaja.rules import R

_B = Layout("route block")  # simcore/core/contract/layout.py; the block's size is ROUTE_SIZE
R_LEN = _B.take("len")
R_POS = _B.take("pos")
R_ROADS = _B.take("roads", B.MAX_JUNCTIONS)
R_DIST = _B.take("dist", B.MAX_JUNCTIONS)
R_PREV = _B.take("prev", B.MAX_JUNCTIONS)
ROUTE_SIZE = _B.done()
NO_ROUTE = UNREACHABLE


@njit_static(cache=True, inline="always")
def road_toll_nb(state, board, seat, monk, r):
    """What seat pays to travel road r (M-F1: 1 per house in a village without an own
    house; nothing with the Monk, M-K4), times 4, plus the road's empty villages (a road
    with one is closed): fee * 4 + empty."""
    fee = 0
    e = 0
    for i in range(board[B.ROAD_NV + r]):
        v = board[B.ROAD_V0 + r] if i == 0 else board[B.ROAD_V1 + r]
        t = state[S.VIL_TOTAL + v]
        if t == 0:
            e += 1
        elif not monk and state[S.VIL + v * R.MAX_PLAYERS + seat] == 0:
            fee += t
    return fee * 4 + e


@njit_static(cache=True, inline="always")
def road_tolls_nb(state, board, seat, scratch, tab):
    """scratch[tab + r] = road_toll_nb for every road (B.MAX_ROADS entries): the searches
    of one decision share them (speed)."""
    monk = state[S.CHAR_OWNER + MONK] == seat
    for r in range(board[B.N_ROADS]):
        scratch[tab + r] = road_toll_nb(state, board, seat, monk, r)


@njit_static(
    cache=True,
    inline="always",
)
def fee_search_nb(
    state, board, seat, budget, opening, house_cost, wopen, scale, stop, scratch, base, opens, tab
):
    """The one cheapest-route search of the kit (Dijkstra over at most 9 junctions from
    the architect; M-F1 fees, the Monk pays none M-K4). Fills the DIST/PREV block at
    `base`: DIST = fees paid on the way to each junction, PREV = last road.

    opening=False: open roads only, routes by fees, fees within `budget`.
    opening=True: a closed road may also be taken by building a house in each of its
    empty villages (M-F1: a house opens it; house_cost gold each); scratch[opens + j]
    counts the villages opened on the way to j; routes are the cheapest by weight
    scale * (fees + house_cost per opened village) + wopen per opened village (kept in
    the block's route entries until set_route_nb), with fees + house costs within
    `budget`. `stop` >= 0 ends the search once that junction is settled (the others
    may keep tentative values). Ties: the lowest junction among the cheapest is settled
    first, a road replaces a route only when strictly cheaper. Written for a hot path:
    no slices, settled and reached junctions as bit sets; with constant `opening` and
    `scale` the wrappers below compile to the specialised searches. `tab` >= 0: the
    roads' tolls are read from road_tolls_nb's table there instead of the villages."""
    nj = board[B.N_JUNCTIONS]
    dist = base + R_DIST
    prev = base + R_PREV
    wt = base + R_ROADS if opening else dist
    for j in range(nj):
        scratch[dist + j] = UNREACHABLE
        scratch[prev + j] = -1
        if opening:
            scratch[wt + j] = UNREACHABLE
            scratch[opens + j] = 0
    u = state[S.ARCH + seat]
    scratch[dist + u] = 0
    scratch[wt + u] = 0
    monk = state[S.CHAR_OWNER + MONK] == seat
    done = 0
    reach = 0  # junctions with a route found, not yet settled
    best = 0
    while u != stop:
        done |= 1 << u
        fu = scratch[dist + u]
        ou = scratch[opens + u] if opening else 0
        for k in range(board[B.DEG + u]):
            w = board[B.ADJ_TO + u * B.MAX_DEGREE + k]
            if (done >> w) & 1 == 1:
                continue
            r = board[B.ADJ_ROAD + u * B.MAX_DEGREE + k]
            toll = scratch[tab + r] if tab >= 0 else road_toll_nb(state, board, seat, monk, r)
            fee = toll >> 2
            e = toll & 3
            closed = e > 0
            if closed and not opening:
                continue  # closed (M-F1)
            f = fu + fee
            o = ou + e
            if f + o * house_cost > budget:
                continue
            d = best + scale * (fee + e * house_cost) + e * wopen
            if d < scratch[wt + w]:
                scratch[wt + w] = d
                scratch[dist + w] = f
                scratch[prev + w] = r
                if opening:
                    scratch[opens + w] = o
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
            if m & 1 == 1 and scratch[wt + j] < best:
                best = scratch[wt + j]
                u = j
            m >>= 1
            j += 1
    scratch[base + R_LEN] = 0
    scratch[base + R_POS] = 0


@njit_static(cache=True)
def route_costs_nb(state, board, seat, budget, scratch, base):
    """Fill the DIST/PREV block: cheapest fee to every junction within `budget`, over
    open roads (fee_search_nb)."""
    fee_search_nb(state, board, seat, budget, False, 0, 0, 1, -1, scratch, base, base, -1)


@njit_static(cache=True)
def route_cost_nb(scratch, base, target):
    """Cost of the cheapest route to `target` found by route_costs_nb (NO_ROUTE if none)."""
    return scratch[base + R_DIST + target]


@njit_static(cache=True)
def set_route_nb(state, board, seat, target, scratch, base):
    """Store the cheapest route to `target` (after route_costs_nb); its length, -1 if none."""
    scratch[base + R_LEN] = 0
    scratch[base + R_POS] = 0
    if target < 0 or scratch[base + R_DIST + target] >= UNREACHABLE:
        return -1
    start = state[S.ARCH + seat]
    j = target
    m = 0
    while j != start:
        if m == B.MAX_JUNCTIONS:  # PREV does not lead home (not filled for this state)
            scratch[base + R_LEN] = 0
            return -1
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


@njit_static(cache=True)
def next_road_nb(scratch, base):
    """The next road of the stored route (and mark it walked), -1 once arrived."""
    pos = scratch[base + R_POS]
    if pos >= scratch[base + R_LEN]:
        return -1
    scratch[base + R_POS] = pos + 1
    return scratch[base + R_ROADS + pos]


@njit_static(
    cache=True,
    inline="always",
)
def open_route_costs_nb(state, board, seat, budget, house_cost, wopen, scratch, base, opens):
    """Like route_costs_nb, but a closed road may be taken by building a house in each
    of its empty villages (fee_search_nb with opening): DIST holds the fees only,
    scratch[opens + j] the empty villages opened on the way to j. Routes are the
    cheapest by fees + house_cost + wopen / 16 per opened village, with fees and house
    costs within `budget`. Walk the stored route with kit.walk_nb: its villages must be
    built before each closed road."""
    fee_search_nb(
        state, board, seat, budget, True, house_cost, wopen, 16, -1, scratch, base, opens, -1
    )


@njit_static(
    cache=True,
    inline="always",
)
def both_route_costs_nb(
    state, board, seat, budget, house_cost, wopen, scratch, base, base2, opens, tab
):
    """route_costs_nb(.., budget, scratch, base), then open_route_costs_nb(.., budget,
    house_cost, wopen, scratch, base2, opens), inlined, over one table of the roads'
    tolls at `tab` (B.MAX_ROADS entries, road_tolls_nb): for callers that want both
    tables at every decision (strategies.maharaja.weighted)."""
    road_tolls_nb(state, board, seat, scratch, tab)
    fee_search_nb(state, board, seat, budget, False, 0, 0, 1, -1, scratch, base, base, tab)
    fee_search_nb(
        state, board, seat, budget, True, house_cost, wopen, 16, -1, scratch, base2, opens, tab
    )
