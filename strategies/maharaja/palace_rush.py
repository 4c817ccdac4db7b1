"""`palace-rush`: take the Artist, open two free roads from S, then build palaces as fast
as the gold allows.

Setup: the Artist (palaces cost 9, M-K6), else the Merchant or the Mogul; the four
setup houses pair up on two spokes from S (both villages of a road own: the road is
open and free for us, M-F1). Each round it picks Palace + Palace+house when the gold
covers two palaces, a house and the cheapest fees to a city with two free sites,
Palace + Gold when the gold after the Gold action covers one, else Gold + Gold; it
takes the Artist back with the Character action when someone took it, unless the Artist
keeps changing hands (a swap war wastes every action). In its turn it
takes the gold first, walks the cheapest route (kit.route_nb) to the city that is
worth most (inner site 3 points, scored soon, low fees), builds, puts the house in
that city and, if cheap, walks on to the Maharaja's city to score there. It asks only
for what the engine's own checks allow, so it never makes an illegal request.
"""

import simcore.maharaja.data_layout as B
import simcore.maharaja.layout as S
from simcore.core.contract.layout import Layout, Params
from simcore.core.nb.numba_compat import njit_static
from simcore.maharaja.enums import (
    A_CHARACTER,
    A_GOLD,
    A_PALACE,
    A_PALACE_HOUSE,
    ARTIST,
    BANK,
    DK_BID,
    DK_CHARACTER,
    DK_GIVE,
    DK_PICK,
    DK_REPLACE,
    DK_SETUP_HOUSE,
    DK_STEP,
    E_OK,
    LOC_CITY0,
    MERCHANT,
    MOGUL,
    MONK,
    OP_CHARACTER,
    OP_END,
    OP_GOLD,
    OP_HOUSE,
    OP_ROAD,
    OUT_OF_GAME,
)
from simcore.maharaja.nb.build_nb import palace_cost_nb, village_cap_nb
from simcore.maharaja.nb.characters_nb import holds_nb
from simcore.maharaja.nb.game_nb import SCRATCH_SIZE
from simcore.maharaja.nb.turn_nb import character_error_nb, house_error_nb
from simcore.maharaja.rules import R
from strategies.maharaja.kit.auction_nb import value_bid_nb
from strategies.maharaja.kit.building_nb import free_sites_nb, palace_step_nb
from strategies.maharaja.kit.route_nb import (
    NO_ROUTE,
    ROUTE_SIZE,
    next_road_nb,
    route_cost_nb,
    route_costs_nb,
    set_route_nb,
)
from strategies.maharaja.kit.several_nb import give_nb, several_step_nb
from strategies.maharaja.kit.track_nb import rounds_until_scored_nb
from strategies.maharaja.kit.walk_nb import pass_start_nb
from strategies.registry import register

P = R.MAX_PLAYERS

PARAMS = {
    "fallback_merchant": 1.0,  # Artist taken at setup: 1 = Merchant, 0 = Mogul
    "steal_min_left": 2.0,  # take the Artist back while at least this many palaces are left
    "steal_max_changes": 2.0,  # stop taking it back once the Artist changed hands this often
    "margin": 1.0,  # gold kept spare when deciding at pick time that a palace is affordable
    "score_now": 6.0,  # value of building in the city scored this round
    "score_next": 2.0,  # ... in the city scored next round
    "fee_weight": 1.0,  # value lost per gold of travel fees
    "visit_fee_max": 4.0,  # walk on to the Maharaja's city when it costs at most this
}
_P = Params("palace-rush", PARAMS)
_FALLBACK_MERCHANT = _P.index("fallback_merchant")
_STEAL_MIN_LEFT = _P.index("steal_min_left")
_STEAL_MAX_CHANGES = _P.index("steal_max_changes")
_MARGIN = _P.index("margin")
_SCORE_NOW = _P.index("score_now")
_SCORE_NEXT = _P.index("score_next")
_FEE_WEIGHT = _P.index("fee_weight")
_VISIT_FEE_MAX = _P.index("visit_fee_max")
_P.done()

# scratch layout (simcore/core/contract/layout.py)
_L = Layout("palace-rush scratch", SCRATCH_SIZE)
_TURN_ROUND = _L.take("turn_round")  # round of the turn the plan below belongs to
_PHASE = _L.take("phase")  # 0 = no palace route yet, 1 = palace route set, 2 = visit route set
_ART_SEEN = _L.take("art_seen")  # Artist's owner at the last pick, + 10 (0 = not seen yet)
_ART_CHANGES = _L.take("art_changes")  # times the Artist changed hands between our picks
_ROUTE = _L.take("route", ROUTE_SIZE)  # the route being walked (kit.route_nb)
# what the route costs were computed for: set flag, architect, Monk's owner + 10, then
# the house count of every village
_KEY = _L.take("key", 3 + B.MAX_VILLAGES)
SCRATCH_USED = _L.done()
_NO_BUDGET = 1 << 30


@njit_static(cache=True)
def choose_character_nb(state, rules, params):
    """The Artist if the bank has it, else the fallback (Merchant or Mogul), else any."""
    if state[S.CHAR_OWNER + ARTIST] == BANK:
        return ARTIST
    first = MERCHANT if params[_FALLBACK_MERCHANT] >= 0.5 else MOGUL
    second = MOGUL if first == MERCHANT else MERCHANT
    if state[S.CHAR_OWNER + first] == BANK:
        return first
    if state[S.CHAR_OWNER + second] == BANK:
        return second
    for k in range(rules[R.N_CHARACTERS]):
        if state[S.CHAR_OWNER + k] == BANK:
            return k
    return -1


@njit_static(cache=True)
def setup_village_nb(state, board, rules, seat):
    """M-S4: pair houses on roads from S, so that two spokes are open and free for us."""
    cap = village_cap_nb(state, rules)
    start = board[B.START]
    best = -1
    best_val = -1
    for v in range(board[B.N_VILLAGES]):
        if state[S.VIL_TOTAL + v] >= cap or state[S.VIL + v * P + seat] > 0:
            continue
        r = board[B.VIL_ROAD + v]
        a = board[B.ROAD_A + r]
        b = board[B.ROAD_B + r]
        val = 1
        if a == start or b == start:
            val += 100
            city = b if a == start else a
            val += 2 * board[B.DEG + city]
        if board[B.ROAD_NV + r] > 1:
            other = board[B.ROAD_V1 + r] if board[B.ROAD_V0 + r] == v else board[B.ROAD_V0 + r]
            if state[S.VIL + other * P + seat] > 0:
                val += 50  # completes a road that is then free for us
        else:
            val += 20  # one house opens the whole road
        if val > best_val:
            best_val = val
            best = v
    if best < 0:  # every village with room already holds one of ours
        for v in range(board[B.N_VILLAGES]):
            if state[S.VIL_TOTAL + v] < cap:
                return v
    return best


@njit_static(cache=True)
def wants_artist_nb(state, rules, seat, params, scratch):
    """Worth a Character action: the Artist is elsewhere, enough palaces remain, and it is
    not fought over (other players taking it back and forth would waste every swap)."""
    owner = state[S.CHAR_OWNER + ARTIST]
    if scratch[_ART_SEEN] != 0 and scratch[_ART_SEEN] != owner + 10:
        scratch[_ART_CHANGES] += 1
    scratch[_ART_SEEN] = owner + 10
    if owner == seat or owner == OUT_OF_GAME:
        return False
    if scratch[_ART_CHANGES] >= params[_STEAL_MAX_CHANGES]:
        return False
    return rules[R.PALACES] - state[S.PALACES + seat] >= params[_STEAL_MIN_LEFT]


@njit_static(cache=True)
def fresh_costs_nb(state, board, seat, scratch):
    """Cheapest fees from the architect to every junction, without a budget (a route within
    any budget is a cheapest route too, since fees are never negative). Recomputed only
    when the architect, the Monk's owner or a village's houses changed since last time."""
    nv = board[B.N_VILLAGES]
    same = (
        scratch[_KEY] == 1
        and scratch[_KEY + 1] == state[S.ARCH + seat]
        and scratch[_KEY + 2] == state[S.CHAR_OWNER + MONK] + 10
    )
    for v in range(nv):
        if scratch[_KEY + 3 + v] != state[S.VIL_TOTAL + v]:
            scratch[_KEY + 3 + v] = state[S.VIL_TOTAL + v]
            same = False
    if not same:
        scratch[_KEY] = 1
        scratch[_KEY + 1] = state[S.ARCH + seat]
        scratch[_KEY + 2] = state[S.CHAR_OWNER + MONK] + 10
        route_costs_nb(state, board, seat, _NO_BUDGET, scratch, _ROUTE)


@njit_static(cache=True)
def pick_nb(state, board, rules, seat, params, scratch, out):
    """M-R3: two palaces, one palace, or saving gold; the Artist back first if it is gone."""
    gold = state[S.GOLD + seat]
    if holds_nb(state, seat, MERCHANT):
        gold += rules[R.MERCHANT_INCOME]
    margin = int(params[_MARGIN])
    left = rules[R.PALACES] - state[S.PALACES + seat]
    fee1 = NO_ROUTE
    fee2 = NO_ROUTE
    here = state[S.ARCH + seat]
    if here < board[B.N_CITIES] and free_sites_nb(state, rules, here) >= 2:
        fee1 = 0  # nothing is cheaper than staying: no route search needed
        fee2 = 0
    elif gold + rules[R.GOLD_ACTION] >= rules[R.ARTIST_PALACE_COST]:
        fresh_costs_nb(state, board, seat, scratch)
        for c in range(board[B.N_CITIES]):
            f = route_cost_nb(scratch, _ROUTE, c)
            n = free_sites_nb(state, rules, c)
            if f > gold:
                continue
            if n >= 1 and f < fee1:
                fee1 = f
            if n >= 2 and f < fee2:
                fee2 = f
    if wants_artist_nb(state, rules, seat, params, scratch):
        out[0] = A_CHARACTER
        if left >= 1 and gold >= rules[R.ARTIST_PALACE_COST] + fee1 + margin:
            out[1] = A_PALACE
        else:
            out[1] = A_GOLD
        return
    cost = palace_cost_nb(state, rules, seat)
    if (
        left >= 2
        and state[S.SUPPLY + seat] > 0
        and gold >= 2 * cost + rules[R.HOUSE_COST] + fee2 + margin
    ):
        out[0] = A_PALACE
        out[1] = A_PALACE_HOUSE
    elif left >= 1 and gold + rules[R.GOLD_ACTION] >= cost + fee1 + margin:
        out[0] = A_GOLD
        out[1] = A_PALACE
    else:
        out[0] = A_GOLD
        out[1] = A_GOLD


@njit_static(cache=True)
def best_city_nb(state, board, rules, seat, params, scratch, n_pal, budget):
    """Best city for n_pal palaces within `budget` fees: sites, scoring soon, fees; -1 if none."""
    if budget < 0:
        return -1
    fresh_costs_nb(state, board, seat, scratch)
    best = -1
    best_val = -1e18
    for c in range(board[B.N_CITIES]):
        f = route_cost_nb(scratch, _ROUTE, c)
        n = free_sites_nb(state, rules, c)
        if f > budget or n < n_pal:
            continue
        inner = 1 if state[S.INNER + c] < 0 else 0
        val = 2.0 * inner + n_pal - params[_FEE_WEIGHT] * f
        k = rounds_until_scored_nb(state, board, c)
        if k == 0:
            val += params[_SCORE_NOW]
        elif k == 1:
            val += params[_SCORE_NEXT]
        if val > best_val:
            best_val = val
            best = c
    return best


@njit_static(cache=True)
def plan_palace_route_nb(state, board, rules, seat, params, scratch, n_pal):
    """Route to the best city for the pending palaces, keeping gold for the pending house;
    if the fees rose since the pick, for fewer parts. Returns the city, -1 if none."""
    gold = state[S.GOLD + seat]
    cost = palace_cost_nb(state, rules, seat)
    houses = 0
    for s in range(2):
        houses += state[S.T_HOUSES_LEFT + s]
    if houses > state[S.SUPPLY + seat]:
        houses = state[S.SUPPLY + seat]
    c = best_city_nb(
        state, board, rules, seat, params, scratch, n_pal,
        gold - n_pal * cost - houses * rules[R.HOUSE_COST],
    )  # fmt: skip
    if c < 0 and houses > 0:
        c = best_city_nb(state, board, rules, seat, params, scratch, n_pal, gold - n_pal * cost)
    if c < 0 and n_pal > 1:
        c = best_city_nb(state, board, rules, seat, params, scratch, 1, gold - cost)
    if c >= 0:
        set_route_nb(state, board, seat, c, scratch, _ROUTE)
    else:
        scratch[_ROUTE] = 0
        scratch[_ROUTE + 1] = 0
    return c


@njit_static(cache=True)
def plan_visit_nb(state, board, rules, seat, params, scratch):
    """After building: walk on to the Maharaja's city if that is cheap (architect point)."""
    scratch[_ROUTE] = 0
    scratch[_ROUTE + 1] = 0
    m = state[S.MAHARAJA]
    if m < 0 or m == state[S.ARCH + seat]:
        return
    budget = int(params[_VISIT_FEE_MAX])
    gold = state[S.GOLD + seat]
    if budget > gold:
        budget = gold
    if budget < 0:
        return
    fresh_costs_nb(state, board, seat, scratch)
    if route_cost_nb(scratch, _ROUTE, m) <= budget:
        set_route_nb(state, board, seat, m, scratch, _ROUTE)


@njit_static(cache=True)
def house_site_nb(state, board, rules, seat, s):
    """Where slot s's house goes: the architect's city, else a village with room; -1 if none."""
    here = state[S.ARCH + seat]
    if here < board[B.N_CITIES]:
        if house_error_nb(state, board, rules, seat, s, LOC_CITY0 + here) == E_OK:
            return LOC_CITY0 + here
    for v in range(board[B.N_VILLAGES]):
        if house_error_nb(state, board, rules, seat, s, v) == E_OK:
            return v
    return -1


@njit_static(cache=True)
def step_nb(state, board, rules, seat, params, scratch, out):
    """M-R4: gold first, then the Artist, the walk, the palaces, the house, the visit."""
    if scratch[_TURN_ROUND] != state[S.ROUND]:
        scratch[_TURN_ROUND] = state[S.ROUND]
        scratch[_PHASE] = 0
        scratch[_ROUTE] = 0
        scratch[_ROUTE + 1] = 0
    for s in range(2):
        if state[S.T_ACTION + s] == A_GOLD and state[S.T_OTHER_LEFT + s] > 0:
            out[0] = OP_GOLD
            out[1] = s
            return
    for s in range(2):
        if state[S.T_ACTION + s] == A_CHARACTER and state[S.T_OTHER_LEFT + s] > 0:
            # never swap the Artist away (we may hold it again after being robbed of it
            # and taking it back from the bank): leaving the slot undone costs less
            k = -1
            if character_error_nb(state, rules, seat, s, ARTIST) == E_OK:
                k = ARTIST
            elif not holds_nb(state, seat, ARTIST):
                for j in (MERCHANT, MOGUL):
                    if character_error_nb(state, rules, seat, s, j) == E_OK:
                        k = j
                        break
            if k >= 0:
                out[0] = OP_CHARACTER
                out[1] = s
                out[2] = k
                out[3] = -1
                return
    n_pal = 0
    for s in range(2):
        a = state[S.T_ACTION + s]
        if (a == A_PALACE or a == A_PALACE_HOUSE) and state[S.T_PALACE_LEFT + s] > 0:
            n_pal += 1
    if n_pal > 0:
        if scratch[_PHASE] == 0:
            scratch[_PHASE] = 1
            plan_palace_route_nb(state, board, rules, seat, params, scratch, n_pal)
        road = next_road_nb(scratch, _ROUTE)
        if road >= 0:
            out[0] = OP_ROAD
            out[1] = road
            return
        if palace_step_nb(state, board, rules, seat, out):
            return
    for s in range(2):
        if state[S.T_HOUSES_LEFT + s] > 0:
            loc = house_site_nb(state, board, rules, seat, s)
            if loc >= 0:
                out[0] = OP_HOUSE
                out[1] = s
                out[2] = loc
                return
    if scratch[_PHASE] < 2:
        scratch[_PHASE] = 2
        plan_visit_nb(state, board, rules, seat, params, scratch)
    road = next_road_nb(scratch, _ROUTE)
    if road >= 0:
        out[0] = OP_ROAD
        out[1] = road
        return
    out[0] = OP_END


@register(
    "palace-rush",
    "takes the Artist, opens two free roads from S, then builds palaces as fast as gold allows",
    params=PARAMS,
)
@njit_static(cache=True)  # lazy: compiled when a driver plays it
def palace_rush_decide_nb(kind, seat, state, board, rules, params, rng, scratch, out):
    if kind == DK_STEP:
        step_nb(state, board, rules, seat, params, scratch, out)
        several_step_nb(state, rules, seat, params[0:0], out)  # M-V4
        pass_start_nb(state, board, seat, scratch, _ROUTE, out)  # M-F3
        return 0
    if kind == DK_PICK:
        pick_nb(state, board, rules, seat, params, scratch, out)
        return 0
    if kind == DK_CHARACTER or kind == DK_REPLACE:
        return choose_character_nb(state, rules, params)
    if kind == DK_SETUP_HOUSE:
        return setup_village_nb(state, board, rules, seat)
    if kind == DK_BID:  # M-V3
        return value_bid_nb(state, rules, seat, params[0:0], 1.0, 4)
    if kind == DK_GIVE:  # M-V4
        return give_nb(state, rules, seat, params[0:0])
    return -1
