"""M-F3 for strategies: travel ends in a city; S, the start place, is only passed through.

The engine refuses a road onto S that leaves no affordable way out, and anything but a
road once the architect stands on S after travelling (S.ON_START). `walk_route_nb`
walks a stored route (kit.route_nb) one operation at a time and opens closed villages
first (a house opens a road, M-F1): for a road onto S also those of the road after it,
since nothing but that road may follow the arrival. `pass_start_nb` is the guard every
strategy applies last to its DK_STEP answer.
"""

import simcore.maharaja.data_layout as B
import simcore.maharaja.layout as S
from simcore.core.nb.numba_compat import njit_static
from simcore.maharaja.enums import OP_END, OP_HOUSE, OP_ROAD
from simcore.maharaja.nb.travel_nb import exit_road_nb, other_end_nb, road_cost_nb, road_open_nb

from .building_nb import opening_slot_nb
from .route_nb import R_LEN, R_POS, R_ROADS


@njit_static(cache=True)
def may_take_road_nb(state, board, seat, r):
    """Road r starts where the architect stands, is open and affordable, and does not
    lead onto S without an affordable way out after its fees (M-F1, M-F3)."""
    here = state[S.ARCH + seat]
    if r < 0 or r >= board[B.N_ROADS] or other_end_nb(board, r, here) < 0:
        return False
    if not road_open_nb(state, board, r):
        return False
    cost = road_cost_nb(state, board, seat, r)
    gold = state[S.GOLD + seat]
    if cost > gold:
        return False
    if other_end_nb(board, r, here) == board[B.START] and state[S.ON_START] == 0:
        return exit_road_nb(state, board, seat, gold - cost) >= 0
    return True


@njit_static(cache=True)
def end_route_nb(scratch, base):
    """Forget the stored route (the architect left it)."""
    scratch[base + R_LEN] = 0
    scratch[base + R_POS] = 0


@njit_static(cache=True)
def walk_route_nb(state, board, rules, seat, scratch, base, out):
    """The next step along the route at `base`: a house in an empty village of the next
    road (of the next two when the next leads onto S), else the road; on S always a road
    (the route's, else the cheapest way out, which ends the route). Returns 1 if `out`
    holds a step, 0 once arrived or blocked (the route then ends here)."""
    pos = scratch[base + R_POS]
    on_start = state[S.ON_START] != 0
    if pos < scratch[base + R_LEN]:
        r = scratch[base + R_ROADS + pos]
        here = state[S.ARCH + seat]
        if not on_start:
            last = pos
            if other_end_nb(board, r, here) == board[B.START] and pos + 1 < scratch[base + R_LEN]:
                last = pos + 1
            for j in range(pos, last + 1):
                rr = scratch[base + R_ROADS + j]
                for i in range(board[B.ROAD_NV + rr]):
                    v = board[B.ROAD_V0 + rr] if i == 0 else board[B.ROAD_V1 + rr]
                    if state[S.VIL_TOTAL + v] == 0:
                        s = opening_slot_nb(state, board, rules, seat, v)
                        if s >= 0:
                            out[0] = OP_HOUSE
                            out[1] = s
                            out[2] = v
                            return 1
        if may_take_road_nb(state, board, seat, r):
            scratch[base + R_POS] = pos + 1
            out[0] = OP_ROAD
            out[1] = r
            return 1
        scratch[base + R_LEN] = pos  # blocked: stop here and build what we can
    if on_start:
        out[0] = OP_ROAD
        out[1] = exit_road_nb(state, board, seat, state[S.GOLD + seat])
        end_route_nb(scratch, base)
        return 1
    return 0


@njit_static(cache=True)
def pass_start_nb(state, board, seat, scratch, base, out):
    """M-F3 guard for a DK_STEP answer in `out` (route at `base`, -1 if none): on S after
    travelling only a usable road may follow, else the cheapest way out is taken and the
    route ends; a road onto S without a way out is replaced by ending the turn."""
    if state[S.ON_START] != 0:
        if out[0] != OP_ROAD or not may_take_road_nb(state, board, seat, out[1]):
            out[0] = OP_ROAD
            out[1] = exit_road_nb(state, board, seat, state[S.GOLD + seat])
            if base >= 0:
                end_route_nb(scratch, base)
        return
    if out[0] == OP_ROAD and not may_take_road_nb(state, board, seat, out[1]):
        here = state[S.ARCH + seat]
        r = out[1]
        if 0 <= r < board[B.N_ROADS] and other_end_nb(board, r, here) == board[B.START]:
            out[0] = OP_END
            if base >= 0:
                end_route_nb(scratch, base)
