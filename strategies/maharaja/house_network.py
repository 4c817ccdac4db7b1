"""`house-network`: own the main roads, win city scorings with houses, then palaces.

The plan a player would recognise. Setup: take the Builder (a free house every
turn) or the Wandering monk (the bank pays its fees), and put the four houses on
the main roads, those used by most shortest junction-to-junction routes (weighted
by the degree of their ends), completing own roads first, so that own travel is
free and the others pay fees to us. Each round: pick the two actions whose
outcome is worth most, checked for feasibility first so that nothing is
forfeited: walk (cheapest route with fees, opening closed roads with own houses)
to the city the Maharaja scores now or next, build houses there to take first
place and the scoring gold, a palace when the gold allows, Quarry when the supply
runs low. Palaces decide the ranking (then gold), so in the last rounds only
palaces and gold count.

Per-round cost: one Dijkstra (9 junctions) when picking and one when the turn
starts; the route is then walked one road per step.
"""

import simcore.maharaja.data_layout as B
import simcore.maharaja.layout as S
from simcore.core.contract.layout import Layout, Params
from simcore.core.nb.numba_compat import njit_static
from simcore.maharaja.enums import (
    A_GOLD,
    A_HOUSE,
    A_PALACE,
    A_PALACE_HOUSE,
    A_QUARRY,
    A_TWO_HOUSES,
    ARTIST,
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
    MERCHANT,
    MOGUL,
    MONK,
    OP_END,
    OP_GOLD,
    OP_HOUSE,
    OP_QUARRY,
    SADHU,
    SLOT_BUILDER,
    YOGI,
)
from simcore.maharaja.nb.build_nb import palace_cost_nb, village_cap_nb
from simcore.maharaja.nb.characters_nb import holds_nb
from simcore.maharaja.nb.game_nb import SCRATCH_SIZE
from simcore.maharaja.nb.scoring_nb import city_points_nb, outer_points_nb
from simcore.maharaja.nb.travel_nb import UNREACHABLE
from simcore.maharaja.nb.turn_nb import house_error_nb
from simcore.maharaja.rules import R
from strategies.maharaja.kit.auction_nb import value_bid_nb
from strategies.maharaja.kit.building_nb import free_sites_nb, palace_step_nb
from strategies.maharaja.kit.payout_nb import payout_table_nb
from strategies.maharaja.kit.route_nb import R_DIST, ROUTE_SIZE, fee_search_nb, set_route_nb
from strategies.maharaja.kit.several_nb import give_nb, several_step_nb
from strategies.maharaja.kit.track_nb import rounds_left_nb
from strategies.maharaja.kit.walk_nb import pass_start_nb, walk_route_nb
from strategies.registry import register

P = R.MAX_PLAYERS

PARAMS = {
    "palace_value": 16.0,  # worth of a palace in gold before the late rounds
    "late_rounds": 2.0,  # fewer rounds left than this: only palaces and gold count
    "house_value": 1.5,  # worth of a city house for later scorings
    "village_value": 1.0,  # worth of a village house (fees, free travel, an open road)
    "open_penalty": 2.0,  # route weight of a closed village to open, in gold
    "supply_keep": 3.0,  # supply kept in hand: each house below it is worth one gold
}
_P = Params("house-network", PARAMS)
P_PALACE = _P.index("palace_value")
P_LATE = _P.index("late_rounds")
P_HOUSE = _P.index("house_value")
P_VILLAGE = _P.index("village_value")
P_OPEN = _P.index("open_penalty")
P_SUPPLY = _P.index("supply_keep")
_P.done()

# scratch layout (simcore/core/contract/layout.py)
_N_PAY = 8
_L = Layout("house-network scratch", SCRATCH_SIZE)
_INIT = _L.take("init")  # 1 once the road importance is computed
_DEST = _L.take("dest")  # destination junction of this turn
_TO_CITY = _L.take("to_city")  # 1: flexible houses go into the destination city
_IMP = _L.take("imp", B.MAX_ROADS)  # road importance
_OE = _L.take("oe", B.MAX_JUNCTIONS)  # closed villages to open on the cheapest route
_OTH = _L.take("oth", P)  # the others' points in the scored city (kit.payout_nb)
_PAY = _L.take("pay", _N_PAY)  # scoring gold if this turn adds k points in the scored city
# facts of this decision (see _turn_facts_nb, _city_facts_nb)
_K_GOLD = _L.take("k_gold")
_K_SUP = _L.take("k_sup")
_K_QB = _L.take("k_qb")
_K_BUILDER = _L.take("k_builder")
_K_PC = _L.take("k_pc")
_K_PAL_LEFT = _L.take("k_pal_left")
_K_SCORING = _L.take("k_scoring")
_K_INNER = _L.take("k_inner")
_K_SITES = _L.take("k_sites")
_K_OG = _L.take("k_og")
_K_OE = _L.take("k_oe")
_K_OUTER = _L.take("k_outer")  # points of an own outer palace (M-K3)
_ROUTE = _L.take("route", ROUTE_SIZE)  # kit.route_nb block (filled by _open_costs_nb)
SCRATCH_USED = _L.done()

# setup / replacement preference: Builder, Monk, Artist, Merchant, Mogul, Sadhu, Yogi
_PREF = (BUILDER, MONK, ARTIST, MERCHANT, MOGUL, SADHU, YOGI)
# the plan uses six actions: Gold, House, Two houses, Quarry, Palace, Palace+house
_N_ACTS = 6
_N_PAIRS = 21  # unordered pairs, the same action twice allowed (M-R3)
_INFEASIBLE = -1.0e18


@njit_static(cache=True)
def road_importance_nb(board, scratch):
    """Importance of each road a-b: the junctions nearer to a (in roads, board hops)
    times those nearer to b, each weighted by its degree; every such pair has its
    shortest routes through this road when it is the only bridge between the sides,
    so it counts how many junction-to-junction routes a road carries (O(roads x
    junctions): it runs in every game)."""
    nj = board[B.N_JUNCTIONS]
    mj = B.MAX_JUNCTIONS
    for r in range(board[B.N_ROADS]):
        a = board[B.ROAD_A + r]
        b = board[B.ROAD_B + r]
        side_a = 0
        side_b = 0
        for i in range(nj):
            ha = board[B.HOPS + i * mj + a]
            hb = board[B.HOPS + i * mj + b]
            if ha < hb:
                side_a += board[B.DEG + i]
            elif hb < ha:
                side_b += board[B.DEG + i]
        scratch[_IMP + r] = side_a * side_b
    scratch[_INIT] = 1


@njit_static(cache=True)
def best_village_nb(state, board, rules, seat, scratch):
    """Village with room for a network house: main roads first, empty villages (they
    open a road and keep its fees ours) and villages completing an own road preferred;
    never a village where we already have a house. -1 if none."""
    cap = village_cap_nb(state, rules)
    best = -1
    best_score = -1
    for v in range(board[B.N_VILLAGES]):
        if state[S.VIL_TOTAL + v] >= cap or state[S.VIL + v * P + seat] > 0:
            continue
        r = board[B.VIL_ROAD + v]
        imp = scratch[_IMP + r]
        score = imp
        if state[S.VIL_TOTAL + v] == 0:
            score += imp
        if board[B.ROAD_NV + r] > 1:
            other = board[B.ROAD_V0 + r]
            if other == v:
                other = board[B.ROAD_V1 + r]
            if state[S.VIL + other * P + seat] > 0:
                score += imp
        if score > best_score:
            best_score = score
            best = v
    if best < 0:  # only villages where we already are: any with room
        for v in range(board[B.N_VILLAGES]):
            if state[S.VIL_TOTAL + v] < cap:
                return v
    return best


@njit_static(cache=True)
def _open_costs_nb(state, board, rules, seat, wopen, stop, scratch):
    """Cheapest routes from the architect where a closed village costs a house (and
    `wopen` extra weight): kit.route_nb.fee_search_nb with opening, no budget. The
    route block's DIST holds the fees, _OE the closed villages to open on each route
    (gold for it: _route_gold_nb). It stops once junction `stop` is settled (-1:
    never): others may stay unsettled."""
    fee_search_nb(
        state, board, seat, UNREACHABLE, True, rules[R.HOUSE_COST], wopen, 1, stop, scratch,
        _ROUTE, _OE, -1,
    )  # fmt: skip


@njit_static(cache=True, inline="always")
def _route_gold_nb(rules, scratch, d):
    """Gold for the cheapest route to d: fees plus a house per closed village opened."""
    return scratch[_ROUTE + R_DIST + d] + scratch[_OE + d] * rules[R.HOUSE_COST]


@njit_static(cache=True, inline="always")
def _turn_facts_nb(state, board, rules, seat, scratch):
    """What every evaluation of this decision reads: own gold, supply, ..."""
    scratch[_K_GOLD] = state[S.GOLD + seat]
    scratch[_K_SUP] = state[S.SUPPLY + seat]
    scratch[_K_QB] = state[S.QUARRY + seat]
    scratch[_K_BUILDER] = 1 if holds_nb(state, seat, BUILDER) else 0
    scratch[_K_PC] = palace_cost_nb(state, rules, seat)
    scratch[_K_PAL_LEFT] = rules[R.PALACES] - state[S.PALACES + seat]
    scratch[_K_OUTER] = outer_points_nb(state, rules, seat)


@njit_static(cache=True, inline="always")
def _city_facts_nb(state, board, rules, seat, d, pay, scratch):
    """Facts about destination d: free palace sites, and if the Maharaja scores it this
    round, the payout table _PAY[k] for k points added by this turn (M-P1..M-P3).
    Without `pay` the table is left out, and so is the scoring gold from the worth."""
    scratch[_K_SCORING] = 0
    scratch[_K_INNER] = 0
    scratch[_K_SITES] = 0
    if d >= board[B.N_CITIES]:
        return
    inner = 1 if state[S.INNER + d] < 0 else 0
    scratch[_K_INNER] = inner
    scratch[_K_SITES] = free_sites_nb(state, rules, d)
    if not pay or d != state[S.MAHARAJA] or state[S.ROUND] == 0:
        return
    scratch[_K_SCORING] = 1
    base = city_points_nb(state, board, rules, seat, d)
    if state[S.ARCH + seat] != d:
        base += rules[R.ARCHITECT_POINTS]
    payout_table_nb(state, board, rules, seat, d, base, _N_PAY, scratch, _PAY, _OTH)


@njit_static(
    cache=True,
)
def best_pair_nb(rules, params, only0, only1, d_is_city, late, scratch, pair):
    """Best of the 21 pairs (or just only0, only1 when only0 >= 0) at the destination
    prepared in scratch (_turn_facts_nb, _city_facts_nb, route gold/opening in
    _K_OG/_K_OE), written to pair[0], pair[1]; returns its worth, _INFEASIBLE if none.

    Worth = gold left + palaces + scoring gold + houses; a pair is infeasible when any
    part could not be done (nothing is forfeited, M-F2). One loop, all facts hoisted.
    """
    e = scratch[_K_OE]
    builder = scratch[_K_BUILDER]
    qb = scratch[_K_QB]
    sup0 = scratch[_K_SUP]
    gold0 = scratch[_K_GOLD]
    og = scratch[_K_OG]
    pc = scratch[_K_PC]
    pal_left = scratch[_K_PAL_LEFT]
    sites = scratch[_K_SITES]
    scoring = scratch[_K_SCORING]
    outer_pts = scratch[_K_OUTER]
    first_pal = rules[R.INNER_POINTS] if scratch[_K_INNER] == 1 else outer_pts
    qh = rules[R.QUARRY_HOUSES]
    hc = rules[R.HOUSE_COST]
    ga = rules[R.GOLD_ACTION]
    w_pal = 1000.0 if late else params[P_PALACE]
    w_vil = 0.0 if late else params[P_VILLAGE]
    w_house = 0.0 if late else params[P_HOUSE]
    keep = 0.0 if late else params[P_SUPPLY]
    w_flex = w_house if (d_is_city == 1 and w_house > w_vil) else w_vil
    best = _INFEASIBLE
    # actions that cannot be part of any feasible pair here (a quick filter, for speed)
    skip = 0
    if d_is_city == 0 or pal_left <= 0 or sites <= 0 or gold0 + 2 * ga < og - e * hc + pc:
        skip |= (1 << A_PALACE) | (1 << A_PALACE_HOUSE)
    if d_is_city == 0:
        skip |= 1 << A_TWO_HOUSES
    if qb < qh:
        skip |= 1 << A_QUARRY
    n_pairs = _N_PAIRS if only0 < 0 else 1
    i = 0
    j = 0
    for _ in range(n_pairs):
        if only0 < 0:
            # the pairs i <= j of the six actions 0, 1, 2, 4, 5, 6 (no Move house)
            a0 = i if i < 3 else i + 1
            a1 = j if j < 3 else j + 1
            j += 1
            if j == _N_ACTS:
                i += 1
                j = i
            if (skip >> a0) & 1 == 1 or (skip >> a1) & 1 == 1:
                continue
        else:
            a0 = only0
            a1 = only1
        n_gold = (1 if a0 == A_GOLD else 0) + (1 if a1 == A_GOLD else 0)
        n_quarry = (1 if a0 == A_QUARRY else 0) + (1 if a1 == A_QUARRY else 0)
        n_two = (1 if a0 == A_TWO_HOUSES else 0) + (1 if a1 == A_TWO_HOUSES else 0)
        n_pal = (1 if a0 == A_PALACE or a0 == A_PALACE_HOUSE else 0) + (
            1 if a1 == A_PALACE or a1 == A_PALACE_HOUSE else 0
        )
        hp = (  # paid house parts
            2 * n_two
            + (1 if a0 == A_HOUSE or a0 == A_PALACE_HOUSE else 0)
            + (1 if a1 == A_HOUSE or a1 == A_PALACE_HOUSE else 0)
        )
        if (n_pal > 0 or n_two > 0) and d_is_city == 0:
            continue
        if e > hp - n_two + builder:  # one village house per Two houses (M-A3)
            continue
        b_open = e if e < builder else builder
        paid_open = e - b_open
        if n_quarry > 0 and qb < qh * n_quarry:
            continue
        supply = sup0 + qh * n_quarry
        if hp + b_open > supply:
            continue
        gold = gold0 + ga * n_gold
        cost = og - e * hc + hp * hc + n_pal * pc
        if cost > gold:
            continue
        if n_pal > 0 and (n_pal > pal_left or n_pal > sites):
            continue
        extra = 1 if builder == 1 and b_open == 0 and supply > hp else 0
        nh = hp - paid_open + extra  # houses left after opening the route
        left = supply - hp - b_open - extra
        value = float(gold - cost) + w_pal * n_pal + w_vil * e
        value += left if left < keep else keep
        if scoring == 1:
            pts = nh
            if n_pal > 0:
                pts += first_pal + (n_pal - 1) * outer_pts
            if pts >= _N_PAY:
                pts = _N_PAY - 1
            value += scratch[_PAY + pts] + w_house * nh
        else:
            value += w_flex * nh
        if value > best:
            best = value
            pair[0] = a0
            pair[1] = a1
    return best


@njit_static(cache=True, inline="always")
def _candidates_nb(state, board, seat, scratch, cand):
    """Destinations worth a look: the city scored this round (M-R1), where the architect
    stands, and the city scored next round when this round's cannot be reached.
    Into cand[0..2]; returns how many."""
    n = 0
    m = state[S.MAHARAJA] if state[S.ROUND] > 0 else -1
    if m >= 0:
        cand[0] = m
        n = 1
    if m < 0 or scratch[_ROUTE + R_DIST + m] >= UNREACHABLE:
        best = -1
        best_pos = 1 << 40
        for c in range(board[B.N_CITIES]):
            pos = state[S.GOV_POS + c]
            if c != m and pos < best_pos:
                best_pos = pos
                best = c
        if best >= 0:
            cand[n] = best
            n += 1
    here = state[S.ARCH + seat]
    for i in range(n):
        if cand[i] == here:
            return n
    cand[n] = here
    return n + 1


@njit_static(cache=True, inline="always")
def pick_nb(state, board, rules, seat, params, scratch, out):
    """M-R3: the best feasible pair over the candidate destinations (see best_pair_nb)."""
    _open_costs_nb(state, board, rules, seat, int(params[P_OPEN]), state[S.MAHARAJA], scratch)
    _turn_facts_nb(state, board, rules, seat, scratch)
    late = 1 if rounds_left_nb(state, board, rules) < params[P_LATE] else 0
    cand = out[4:8]
    n = _candidates_nb(state, board, seat, scratch, cand)
    best = _INFEASIBLE
    out[0] = A_GOLD
    out[1] = A_GOLD
    nc = board[B.N_CITIES]
    for ci in range(n):
        d = cand[ci]
        if best > _INFEASIBLE:
            break  # something fits in the scored city: look no further (speed)
        if scratch[_ROUTE + R_DIST + d] >= UNREACHABLE:
            continue
        _city_facts_nb(state, board, rules, seat, d, True, scratch)
        scratch[_K_OG] = _route_gold_nb(rules, scratch, d)
        scratch[_K_OE] = scratch[_OE + d]
        v = best_pair_nb(rules, params, -1, -1, 1 if d < nc else 0, late, scratch, out[2:4])
        if v > best:
            best = v
            out[0] = out[2]
            out[1] = out[3]
            scratch[_DEST] = d
    for i in range(2, 8):
        out[i] = 0  # scratch use only


@njit_static(cache=True, inline="always")
def plan_turn_nb(state, board, rules, seat, params, scratch, out):
    """Turn start: the destination where the revealed pair is worth most, and its route.

    The routes are those computed when picking: the architect has not moved since,
    and roads only open meanwhile (a Move house closing one is rare); each road is
    checked again before it is walked, so a stale route only stops the walk early."""
    _turn_facts_nb(state, board, rules, seat, scratch)
    late = 1 if rounds_left_nb(state, board, rules) < params[P_LATE] else 0
    a0 = state[S.T_ACTION]
    a1 = state[S.T_ACTION + 1]
    cand = out[4:8]
    n = _candidates_nb(state, board, seat, scratch, cand)
    here = state[S.ARCH + seat]
    best = _INFEASIBLE
    dest = here
    nc = board[B.N_CITIES]
    for ci in range(n):
        d = cand[ci]
        if best > _INFEASIBLE:
            break  # as when picking: the scored city first
        if scratch[_ROUTE + R_DIST + d] >= UNREACHABLE:
            continue
        _city_facts_nb(state, board, rules, seat, d, False, scratch)
        scratch[_K_OG] = _route_gold_nb(rules, scratch, d)
        scratch[_K_OE] = scratch[_OE + d]
        v = best_pair_nb(rules, params, a0, a1, 1 if d < nc else 0, late, scratch, out[2:4])
        if v > best:
            best = v
            dest = d
    if best == _INFEASIBLE:
        # nothing fits in full: the picked destination if it can be reached at all
        d = scratch[_DEST]
        if 0 <= d < board[B.N_JUNCTIONS] and scratch[_ROUTE + R_DIST + d] < UNREACHABLE:
            dest = d
    for i in range(2, 8):
        out[i] = 0  # scratch use only
    scratch[_DEST] = dest
    to_city = 0
    if dest < nc and (
        dest == state[S.MAHARAJA] or (not late and params[P_HOUSE] >= params[P_VILLAGE])
    ):
        to_city = 1
    scratch[_TO_CITY] = to_city
    set_route_nb(state, board, seat, dest, scratch, _ROUTE)


@njit_static(cache=True)
def _place_house_nb(state, board, rules, seat, s, scratch, out):
    """One house part of slot s: into the city (scoring points) or onto a network
    village, whichever the plan prefers and the rules allow."""
    here = state[S.ARCH + seat]
    city = LOC_CITY0 + here
    in_city = here < board[B.N_CITIES]
    if (
        in_city
        and scratch[_TO_CITY] == 1
        and house_error_nb(state, board, rules, seat, s, city) == E_OK
    ):
        out[0] = OP_HOUSE
        out[1] = s
        out[2] = city
        return True
    v = best_village_nb(state, board, rules, seat, scratch)
    if v >= 0 and house_error_nb(state, board, rules, seat, s, v) == E_OK:
        out[0] = OP_HOUSE
        out[1] = s
        out[2] = v
        return True
    if in_city and house_error_nb(state, board, rules, seat, s, city) == E_OK:
        out[0] = OP_HOUSE
        out[1] = s
        out[2] = city
        return True
    return False


@njit_static(cache=True, inline="always")
def step_nb(state, board, rules, seat, params, scratch, out):
    """M-R4: gold and quarry first, then the route (opening closed villages on it),
    then palaces, then houses, the Builder's free house last; OP_END when done."""
    if state[S.STEPS] == 0:
        plan_turn_nb(state, board, rules, seat, params, scratch, out)
    if state[S.ON_START] != 0:  # M-F3: S is only passed through, the walk goes on
        walk_route_nb(state, board, rules, seat, scratch, _ROUTE, out)
        return
    for s in range(2):
        a = state[S.T_ACTION + s]
        if state[S.T_OTHER_LEFT + s] > 0:
            if a == A_GOLD:
                out[0] = OP_GOLD
                out[1] = s
                return
            if a == A_QUARRY:
                out[0] = OP_QUARRY
                out[1] = s
                return
    if walk_route_nb(state, board, rules, seat, scratch, _ROUTE, out) == 1:
        return  # the route, opening its closed villages first (M-F1, M-F3)
    if palace_step_nb(state, board, rules, seat, out):
        return
    for s in range(2):
        if state[S.T_HOUSES_LEFT + s] > 0 and _place_house_nb(
            state, board, rules, seat, s, scratch, out
        ):
            return
    if (
        holds_nb(state, seat, BUILDER)
        and state[S.T_OTHER_LEFT + SLOT_BUILDER] > 0
        and state[S.SUPPLY + seat] > 0
        and _place_house_nb(state, board, rules, seat, SLOT_BUILDER, scratch, out)
    ):
        return
    out[0] = OP_END


@njit_static(cache=True)
def preferred_character_nb(state, rules):
    """The bank character first in _PREF (Builder, Monk, Artist, ...); -1 if none."""
    for k in _PREF:
        if k < rules[R.N_CHARACTERS] and state[S.CHAR_OWNER + k] == BANK:
            return k
    return -1


@register(
    "house-network",
    "own the main roads, win city scorings with houses, palaces when gold allows",
    params=PARAMS,
)
@njit_static(cache=True)  # lazy: compiled when a driver plays it
def house_network_decide_nb(kind, seat, state, board, rules, params, rng, scratch, out):
    if scratch[_INIT] == 0:
        road_importance_nb(board, scratch)
    if kind == DK_STEP:
        step_nb(state, board, rules, seat, params, scratch, out)
        if rules[R.V_MULTI] != 0:
            several_step_nb(state, rules, seat, params[0:0], out)  # M-V4
        pass_start_nb(state, board, seat, scratch, _ROUTE, out)  # M-F3
        return 0
    if kind == DK_PICK:
        pick_nb(state, board, rules, seat, params, scratch, out)
        return 0
    if kind == DK_CHARACTER or kind == DK_REPLACE:
        return preferred_character_nb(state, rules)
    if kind == DK_SETUP_HOUSE:
        return best_village_nb(state, board, rules, seat, scratch)
    if kind == DK_BID:  # M-V3
        return value_bid_nb(state, rules, seat, params[0:0], 1.0, 4)
    if kind == DK_GIVE:  # M-V4
        return give_nb(state, rules, seat, params[0:0])
    return -1
