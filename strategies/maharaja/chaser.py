"""`chaser`: chase the Maharaja — build where the scoring is, turn gold into palaces.

The plan a player would recognise. Each round the Maharaja's city (S.MAHARAJA) is
scored (M-P); the chaser walks its architect there on the cheapest route with fees
(architect present = 1 point) and builds: palaces first (the inner site, 3 points,
when free), houses when it needs points to beat the best opponent there. Winning
the scoring pays most (12/9/6/3 with four players, M-P2), and that gold goes back
into palaces, since the final ranking counts palaces before gold (M-E2). With no
palace in reach it takes Gold, or moves a governor (M-A8) when that brings cities
where it leads sooner and pushes cities where opponents lead later. Setup houses go
on the roads of the first scored cities (free passage for itself, M-F1); the
character is the bank card with the highest weight (parameters). Every operation is
checked with the engine's own legality tests first, so it makes no illegal request.
"""

import simcore.maharaja.data_layout as B
import simcore.maharaja.layout as S
from simcore.core.contract.layout import Layout, Params
from simcore.core.nb.numba_compat import njit_static
from simcore.maharaja.enums import (
    A_CHARACTER,
    A_GOLD,
    A_GOVERNOR,
    A_HOUSE,
    A_MOVE_HOUSE,
    A_PALACE,
    A_PALACE_HOUSE,
    A_QUARRY,
    A_TWO_HOUSES,
    BANK,
    BUILDER,
    DK_BID,
    DK_CHARACTER,
    DK_GIVE,
    DK_PICK,
    DK_REPLACE,
    DK_SETUP_HOUSE,
    DK_STEP,
    E_OK,
    LOC_CITY0,
    MONK,
    OP_END,
    OP_GOLD,
    OP_GOVERNOR,
    OP_HOUSE,
    OP_QUARRY,
    OP_ROAD,
    SADHU,
    SLOT_BUILDER,
)
from simcore.maharaja.nb.build_nb import palace_cost_nb, village_cap_nb
from simcore.maharaja.nb.characters_nb import holds_nb
from simcore.maharaja.nb.game_nb import SCRATCH_SIZE
from simcore.maharaja.nb.governor_nb import governor_target_nb
from simcore.maharaja.nb.scoring_nb import city_points_nb, outer_points_nb
from simcore.maharaja.nb.turn_nb import house_error_nb, other_slot_error_nb
from simcore.maharaja.rules import R
from strategies.maharaja.kit.auction_nb import value_bid_nb
from strategies.maharaja.kit.building_nb import free_sites_nb, palace_step_nb
from strategies.maharaja.kit.inline_nb import rounds_until_scored_inl_nb
from strategies.maharaja.kit.route_nb import (
    NO_ROUTE,
    ROUTE_SIZE,
    next_road_nb,
    route_cost_nb,
    route_costs_nb,
    set_route_nb,
)
from strategies.maharaja.kit.several_nb import give_nb, several_step_nb
from strategies.maharaja.kit.walk_nb import pass_start_nb
from strategies.registry import register

P = R.MAX_PLAYERS

PARAMS = {
    "margin": 1.0,  # points of lead wanted in the scored city before houses stop paying
    "travel_max": 5.0,  # fees worth paying only for the architect's point
    "gov_gain": 1.5,  # weighted lead a Governor move must add to replace Gold (>= 100: never)
    "decay": 0.6,  # weight of each later scoring relative to the one before
    # character weights: Mogul, Merchant, Sadhu, Monk, Builder, Artist
    "w_mogul": 6.0,
    "w_merchant": 1.0,
    "w_sadhu": 2.0,
    "w_monk": 0.5,
    "w_builder": 0.0,
    "w_artist": 5.0,
}
_P = Params("chaser", PARAMS)
P_MARGIN = _P.index("margin")
P_TRAVEL_MAX = _P.index("travel_max")
P_GOV_GAIN = _P.index("gov_gain")
P_DECAY = _P.index("decay")
P_W_CHAR = _P.index("w_mogul", span=6)
_P.done()

# scratch layout (simcore/core/contract/layout.py)
_L = Layout("chaser scratch", SCRATCH_SIZE)
_TARGET = _L.take("target")  # city chosen for this turn
_ROUTE = _L.take("route", ROUTE_SIZE)  # the route block (kit.route_nb)
_GOV = _L.take("gov", B.MAX_JUNCTIONS)  # governor positions while simulating a move
_LEAD = _L.take("lead", B.MAX_JUNCTIONS)  # own points minus best opponent's, per city
_ORDER = _L.take("order", B.MAX_JUNCTIONS)  # cities in scoring order
_ROADV = _L.take("roadv", B.MAX_ROADS)  # value of each road for the coming trips
_WEIGHT = _L.take("weight", B.MAX_JUNCTIONS)  # weight (x1000) of a scoring r rounds ahead
_SETUP = _L.take("setup")  # 1 once the setup road values are known
# round, Monk's owner, village totals when the pick planned the route
_SNAP = _L.take("snap", 2 + B.MAX_VILLAGES)
SCRATCH_USED = _L.done()


@njit_static(cache=True)
def best_bank_character_nb(state, rules, params):
    """The bank character with the highest weight (M-S3, M-A9 replacement)."""
    best = -1
    best_w = -1e30
    for k in range(rules[R.N_CHARACTERS]):
        if state[S.CHAR_OWNER + k] != BANK:
            continue
        w = params[P_W_CHAR + k] if k < 6 else 0.0
        if w > best_w:
            best_w = w
            best = k
    return best


@njit_static(cache=True)
def on_short_path_nb(board, a, b, x, y):
    """Is the road x-y on a shortest (fewest roads) path from junction a to b?"""
    h = B.HOPS
    n = B.MAX_JUNCTIONS
    d = board[h + a * n + b]
    if board[h + a * n + x] + 1 + board[h + y * n + b] == d:
        return True
    return board[h + a * n + y] + 1 + board[h + x * n + b] == d


@njit_static(cache=True)
def road_values_nb(state, board, scratch, start, decay):
    """scratch[_ROADV + r] (x1000): how much road r serves the coming trips — from
    `start`, then the next scored cities in order; a road on a leg's shortest path
    counts with that leg's weight (decay per later leg)."""
    n = board[B.N_CITIES]
    for c in range(n):
        scratch[_ORDER + rounds_until_scored_inl_nb(state, board, c)] = c
    for r in range(board[B.N_ROADS]):
        scratch[_ROADV + r] = 0
    k_max = min(4, n)
    here = start
    w = 1000.0
    for k in range(k_max):
        c = scratch[_ORDER + k]
        if c != here:
            for r in range(board[B.N_ROADS]):
                if on_short_path_nb(board, here, c, board[B.ROAD_A + r], board[B.ROAD_B + r]):
                    scratch[_ROADV + r] += int(w)
        here = c
        w *= decay


@njit_static(cache=True)
def valued_village_nb(state, board, rules, seat, scratch):
    """The village with room of highest road value (road_values_nb). A village already
    holding an own house is worth little more (passage is free, M-F1); one whose house
    opens a two-village road is worth a little more."""
    cap = village_cap_nb(state, rules)
    best = -1
    best_val = -1
    for v in range(board[B.N_VILLAGES]):
        if state[S.VIL_TOTAL + v] >= cap:
            continue
        r = board[B.VIL_ROAD + v]
        val = scratch[_ROADV + r]
        if state[S.VIL + v * P + seat] > 0:
            val //= 10
        elif board[B.ROAD_NV + r] > 1:
            other = board[B.ROAD_V0 + r] if board[B.ROAD_V1 + r] == v else board[B.ROAD_V1 + r]
            if state[S.VIL_TOTAL + other] > 0:
                val += val // 5
        if val > best_val:
            best_val = val
            best = v
    return best


@njit_static(cache=True)
def best_village_nb(state, board, rules, seat, start, decay, scratch):
    """The village with room whose house helps the coming trips most (-1 if none)."""
    road_values_nb(state, board, scratch, start, decay)
    return valued_village_nb(state, board, rules, seat, scratch)


@njit_static(cache=True)
def static_points_nb(state, board, rules, q, c):
    """q's points in city c without the architect (it moves every turn)."""
    pts = city_points_nb(state, board, rules, q, c)
    if state[S.ARCH + q] == c:
        pts -= rules[R.ARCHITECT_POINTS]
    return pts


@njit_static(cache=True)
def best_opponent_points_nb(state, board, rules, seat, c):
    """Most points an opponent has in city c now (public pieces only)."""
    best = 0
    for q in range(state[S.N_PLAYERS]):
        if q != seat:
            pts = city_points_nb(state, board, rules, q, c)
            if pts > best:
                best = pts
    return best


@njit_static(cache=True)
def palace_points_nb(state, rules, seat, c):
    """Points the next own palace in c would score: inner if free, else outer (M-K3)."""
    if state[S.INNER + c] < 0:
        return rules[R.INNER_POINTS]
    return outer_points_nb(state, rules, seat)


@njit_static(cache=True)
def best_governor_nb(state, board, rules, seat, params, scratch, out):
    """The Governor move (M-A8) that best brings leading cities sooner and pushes the
    others later; out[0] = its city (-1 if none can move). Returns the gain over not
    moving in weighted lead (x1000): a city scored r rounds after the next one weighs
    decay**r, a lead counts up to 3 points either way. This round's city is fixed."""
    n = board[B.N_CITIES]
    maharaja = state[S.MAHARAJA] if state[S.ROUND] > 0 else -1
    w = 1000.0
    for r in range(n + 1):
        scratch[_WEIGHT + r] = int(w)
        w *= params[P_DECAY]
    sadhu = state[S.CHAR_OWNER + SADHU]
    n_pl = state[S.N_PLAYERS]
    hp = rules[R.HOUSE_POINTS]
    op = rules[R.OUTER_POINTS]
    sop = rules[R.SADHU_OUTER_POINTS]
    ip = rules[R.INNER_POINTS]
    for c in range(n):
        # pieces only (architects move every turn); home cities (M-A7h) left out
        best_opp = 0
        mine = 0
        inner = state[S.INNER + c]
        for q in range(n_pl):
            pts = state[S.CITY_HOUSES + c * P + q] * hp + state[S.OUTER + c * P + q] * (
                sop if q == sadhu else op
            )
            if inner == q:
                pts += ip
            if q == seat:
                mine = pts
            elif pts > best_opp:
                best_opp = pts
        lead = mine - best_opp
        scratch[_LEAD + c] = max(-3, min(3, lead))
        r = 0
        if c != maharaja:
            pc = state[S.GOV_POS + c]
            for d in range(n):
                r += (d != maharaja) & (state[S.GOV_POS + d] < pc)
        scratch[_GOV + c] = r  # rank in the coming scoring order
    best = -1
    best_gain = -(1 << 40)
    for c in range(n):
        target = governor_target_nb(state, board, rules, c)
        if target < 0:
            continue
        gain = 0
        if c != maharaja:
            # c swaps places with each city it passes: c earlier, each of those later
            pos = state[S.GOV_POS + c]
            k = 0
            for d in range(n):
                q = state[S.GOV_POS + d]
                if d != c and d != maharaja and target <= q < pos:
                    k += 1
                    rd = scratch[_GOV + d]
                    gain += scratch[_LEAD + d] * (scratch[_WEIGHT + rd + 1] - scratch[_WEIGHT + rd])
            rc = scratch[_GOV + c]
            gain += scratch[_LEAD + c] * (scratch[_WEIGHT + rc - k] - scratch[_WEIGHT + rc])
        if gain > best_gain:
            best_gain = gain
            best = c
    out[0] = best
    return best_gain


@njit_static(cache=True, inline="always")
def snapshot_nb(state, board, scratch):
    """Remember what the travel costs depend on besides the own pieces (M-F1, M-K4)."""
    scratch[_SNAP] = state[S.ROUND]
    scratch[_SNAP + 1] = state[S.CHAR_OWNER + MONK]
    for v in range(board[B.N_VILLAGES]):
        scratch[_SNAP + 2 + v] = state[S.VIL_TOTAL + v]


@njit_static(cache=True, inline="always")
def snapshot_valid_nb(state, board, scratch):
    """True if the travel costs planned at the pick still hold: same round, same
    Monk, no house built or moved in a village since (gold has only grown)."""
    if scratch[_SNAP] != state[S.ROUND] or scratch[_SNAP + 1] != state[S.CHAR_OWNER + MONK]:
        return False
    for v in range(board[B.N_VILLAGES]):
        if scratch[_SNAP + 2 + v] != state[S.VIL_TOTAL + v]:
            return False
    return True


@njit_static(cache=True)
def fallback_city_nb(state, board, rules, seat, params, scratch):
    """After route_costs_nb: the reachable city scored soonest (-1 if none)."""
    best = -1
    best_r = 1 << 30
    for c in range(board[B.N_CITIES]):
        if route_cost_nb(scratch, _ROUTE, c) < NO_ROUTE:
            r = rounds_until_scored_inl_nb(state, board, c)
            if r < best_r:
                best_r = r
                best = c
    return best


@njit_static(
    cache=True,
    inline="always",
)
def pick_nb(state, board, rules, seat, params, rng, scratch, out):
    """M-R3: two actions that build a palace in the scored city when the gold allows,
    houses when points are short there, otherwise Gold (or a Governor move)."""
    g = state[S.GOLD + seat]
    cost = palace_cost_nb(state, rules, seat)
    t = state[S.MAHARAJA]
    route_costs_nb(state, board, seat, g, scratch, _ROUTE)
    snapshot_nb(state, board, scratch)
    if t < 0 or route_cost_nb(scratch, _ROUTE, t) >= NO_ROUTE:
        t = fallback_city_nb(state, board, rules, seat, params, scratch)
    here = state[S.ARCH + seat]
    if t < 0:
        t = here if here < board[B.N_CITIES] else -1
    travel = route_cost_nb(scratch, _ROUTE, t) if t >= 0 else 0
    avail = g - travel
    supply = state[S.SUPPLY + seat]
    n_pal = 0
    if t >= 0:
        n_pal = avail // cost
        left = rules[R.PALACES] - state[S.PALACES + seat]
        n_pal = min(n_pal, 2, left, free_sites_nb(state, rules, t))
    # points needed to lead the scored city
    need = 0
    if t >= 0 and t == state[S.MAHARAJA]:
        mine = static_points_nb(state, board, rules, seat, t) + rules[R.ARCHITECT_POINTS]
        if n_pal > 0:
            mine += palace_points_nb(state, rules, seat, t)
        if n_pal > 1:
            mine += outer_points_nb(state, rules, seat)  # the second is outer (M-K3)
        need = best_opponent_points_nb(state, board, rules, seat, t) + int(params[P_MARGIN]) - mine
    hc = rules[R.HOUSE_COST]
    spare = avail - n_pal * cost
    if n_pal >= 2:
        out[0] = A_PALACE_HOUSE if spare >= hc and supply > 0 else A_PALACE
        out[1] = A_PALACE
        return
    if n_pal == 1:
        if need > 0 and spare >= hc and supply > 0:
            out[0] = A_PALACE_HOUSE
            spare -= hc
            supply -= 1
            need -= 1
        else:
            out[0] = A_PALACE
        if need > 1 and spare >= 2 * hc and supply >= 2:
            out[1] = A_TWO_HOUSES
        elif need > 0 and spare >= hc and supply >= 1:
            out[1] = A_HOUSE
        else:
            out[1] = A_GOLD
        return
    out[0] = A_GOLD
    out[1] = A_GOLD
    if t < 0 or here >= board[B.N_CITIES] and route_cost_nb(scratch, _ROUTE, t) >= NO_ROUTE:
        return
    if need > 1 and avail >= 2 * hc and supply >= 2:
        out[1] = A_TWO_HOUSES
    elif need > 0 and avail >= hc and supply >= 1:
        out[1] = A_HOUSE
    elif supply < 2 and state[S.QUARRY + seat] >= 2 and need > 0:
        out[1] = A_QUARRY
    elif params[P_GOV_GAIN] < 100.0:
        gain = best_governor_nb(state, board, rules, seat, params, scratch, out[2:])
        if out[2] >= 0 and gain >= 1000.0 * params[P_GOV_GAIN]:
            out[1] = A_GOVERNOR


@njit_static(cache=True)
def plan_turn_nb(state, board, rules, seat, params, scratch):
    """At the first step: the city to walk to and its cheapest route (M-F1). With a
    palace to build: the scored city if the palaces stay affordable, else the
    soonest-scored city where they do; without: the scored city if fees are low."""
    g = state[S.GOLD + seat]
    n_pal = 0
    city_bound = False
    for s in range(2):
        a = state[S.T_ACTION + s]
        if a == A_PALACE or a == A_PALACE_HOUSE:
            n_pal += 1
        if a == A_PALACE or a == A_PALACE_HOUSE or a == A_HOUSE or a == A_TWO_HOUSES:
            city_bound = True
    cost = palace_cost_nb(state, rules, seat)
    if not snapshot_valid_nb(state, board, scratch):
        route_costs_nb(state, board, seat, g, scratch, _ROUTE)
    t = state[S.MAHARAJA]
    target = -1
    left = rules[R.PALACES] - state[S.PALACES + seat]
    if n_pal > left:
        n_pal = left
    if n_pal > 0:
        # most palaces first, then the soonest-scored city
        best_n = 0
        best_r = 1 << 30
        for c in range(board[B.N_CITIES]):
            d = route_cost_nb(scratch, _ROUTE, c)
            if d >= NO_ROUTE:
                continue
            k = min(n_pal, (g - d) // cost, free_sites_nb(state, rules, c))
            r = rounds_until_scored_inl_nb(state, board, c)
            if k > best_n or (k == best_n and k > 0 and r < best_r):
                best_n = k
                best_r = r
                target = c
    if target < 0:
        d = route_cost_nb(scratch, _ROUTE, t) if t >= 0 else NO_ROUTE
        if d < NO_ROUTE and (city_bound or d <= params[P_TRAVEL_MAX]):
            target = t
        elif city_bound and state[S.ARCH + seat] >= board[B.N_CITIES]:
            target = fallback_city_nb(state, board, rules, seat, params, scratch)
    scratch[_TARGET] = target
    set_route_nb(state, board, seat, target, scratch, _ROUTE)


@njit_static(cache=True, inline="always")
def step_nb(state, board, rules, seat, params, scratch, out):
    """M-R4: walk the planned route, then palaces, houses, the one-part actions, end."""
    if state[S.STEPS] == 0:
        plan_turn_nb(state, board, rules, seat, params, scratch)
    road = next_road_nb(scratch, _ROUTE)
    if road >= 0:
        out[0] = OP_ROAD
        out[1] = road
        return
    here = state[S.ARCH + seat]
    in_city = here < board[B.N_CITIES]
    if palace_step_nb(state, board, rules, seat, out):
        return
    builder = holds_nb(state, seat, BUILDER) and state[S.T_OTHER_LEFT + SLOT_BUILDER] > 0
    for s in (0, 1, SLOT_BUILDER):
        if s == SLOT_BUILDER and not builder:
            continue
        if s != SLOT_BUILDER and state[S.T_HOUSES_LEFT + s] <= 0:
            continue
        if in_city and house_error_nb(state, board, rules, seat, s, LOC_CITY0 + here) == E_OK:
            out[0] = OP_HOUSE
            out[1] = s
            out[2] = LOC_CITY0 + here
            return
        if s == SLOT_BUILDER:
            continue
        v = best_village_nb(state, board, rules, seat, here, params[P_DECAY], scratch)
        if v >= 0 and house_error_nb(state, board, rules, seat, s, v) == E_OK:
            out[0] = OP_HOUSE
            out[1] = s
            out[2] = v
            return
    for s in range(2):
        if state[S.T_OTHER_LEFT + s] <= 0:
            continue
        a = state[S.T_ACTION + s]
        if a == A_GOLD and other_slot_error_nb(state, seat, s, A_GOLD) == E_OK:
            out[0] = OP_GOLD
            out[1] = s
            return
        if a == A_QUARRY and other_slot_error_nb(state, seat, s, A_QUARRY) == E_OK:
            out[0] = OP_QUARRY
            out[1] = s
            return
        if a == A_GOVERNOR and other_slot_error_nb(state, seat, s, A_GOVERNOR) == E_OK:
            best_governor_nb(state, board, rules, seat, params, scratch, out[3:])
            if out[3] >= 0:
                out[0] = OP_GOVERNOR
                out[1] = s
                out[2] = out[3]
                out[3] = 0
                return
        # Character and Move house are never picked by the chaser
        if a == A_CHARACTER or a == A_MOVE_HOUSE:
            continue
    out[0] = OP_END


@register(
    "chaser",
    "chases the Maharaja: palaces and houses in the city scored now, governor moves",
    params=PARAMS,
)
@njit_static(cache=True)  # lazy: compiled when a driver plays it
def chaser_decide_nb(kind, seat, state, board, rules, params, rng, scratch, out):
    if kind == DK_STEP:
        step_nb(state, board, rules, seat, params, scratch, out)
        if rules[R.V_MULTI] != 0:
            several_step_nb(state, rules, seat, params[P_W_CHAR : P_W_CHAR + 6], out)  # M-V4
        pass_start_nb(state, board, seat, scratch, _ROUTE, out)  # M-F3
        return 0
    if kind == DK_PICK:
        pick_nb(state, board, rules, seat, params, rng, scratch, out)
        out[2] = 0
        return 0
    if kind == DK_CHARACTER or kind == DK_REPLACE:
        return best_bank_character_nb(state, rules, params)
    if kind == DK_SETUP_HOUSE:
        # the scoring order cannot change during setup: road values once
        if scratch[_SETUP] == 0:
            road_values_nb(state, board, scratch, board[B.START], params[P_DECAY])
            scratch[_SETUP] = 1
        return valued_village_nb(state, board, rules, seat, scratch)
    if kind == DK_BID:  # M-V3
        return value_bid_nb(state, rules, seat, params[P_W_CHAR : P_W_CHAR + 6], 1.0, 4)
    if kind == DK_GIVE:  # M-V4
        return give_nb(state, rules, seat, params[P_W_CHAR : P_W_CHAR + 6])
    return -1
