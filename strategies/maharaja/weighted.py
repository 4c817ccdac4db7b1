"""`weighted`: the parametric heuristic — every choice is a weighted sum of features.

One weight vector (the registered params, by name) decides everything: which
character to hold, where the setup houses go, which of the 45 action pairs to
pick, where to travel and build. A family of players is therefore one compiled
function plus different vectors, which is what a parameter search needs.

Pick (M-R3): each pair is valued as the gold it brings or costs, the palaces it
builds (palaces rank first, M-E2), the points it adds in cities weighted by how
soon the governor track scores them (this round's city by the payout it would
win, M-P2), the best governor move and character swap it allows, and a penalty
for parts it cannot do (a forfeit pays every opponent, M-F2). City-bound pairs
are valued in the best city the architect can reach with the gold left after
the cheapest route's fees (M-F1), over open roads or opening closed ones: a
house in each empty village of a road opens it (M-F1), so a route may spend the
Builder's free house and then the pair's village-capable house parts (House,
one of Two houses, the house of Palace+house) on the way, and those houses are
then missing in the city. Early in the game most roads are closed, so without
this a player often cannot reach a city at all. Weights: `open_route` (route
cost per village opened, on top of the house) and `opened` (the lasting worth
of such a house: free travel for us, fees from the others).
Turn: Gold first (so it pays for the route and the palace), then the route to
the city chosen with the real gold (building the opening houses road by road),
then palaces (inner site when free), houses, and the other parts; a part that
is not legal is left undone.
"""

import numpy as np

import simcore.maharaja.data_layout as B
import simcore.maharaja.layout as S
from simcore.core.contract.layout import Layout, Params
from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import random_nb
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
    MERCHANT,
    N_ACTIONS,
    OP_CHARACTER,
    OP_END,
    OP_GOLD,
    OP_GOVERNOR,
    OP_HOUSE,
    OP_MOVE_HOUSE,
    OP_QUARRY,
    OUT_OF_GAME,
    SLOT_BUILDER,
)
from simcore.maharaja.nb.build_nb import palace_cost_nb, village_cap_nb
from simcore.maharaja.nb.characters_nb import holds_nb, lowest_character_nb
from simcore.maharaja.nb.game_nb import SCRATCH_SIZE
from simcore.maharaja.nb.scoring_nb import outer_points_nb
from simcore.maharaja.nb.turn_nb import (
    character_error_nb,
    house_error_nb,
    move_error_nb,
    other_slot_error_nb,
)
from simcore.maharaja.rules import R
from strategies.maharaja.kit.auction_nb import value_bid_nb
from strategies.maharaja.kit.building_nb import palace_step_nb
from strategies.maharaja.kit.chips_nb import chip_step_nb
from strategies.maharaja.kit.inline_nb import (
    city_points_inl_nb,
    governor_target_inl_nb,
    rounds_until_scored_inl_nb,
)
from strategies.maharaja.kit.payout_nb import payout_table_nb
from strategies.maharaja.kit.route_nb import (
    NO_ROUTE,
    ROUTE_SIZE,
    both_route_costs_nb,
    route_cost_nb,
    route_costs_nb,
    set_route_nb,
)
from strategies.maharaja.kit.several_nb import give_nb, several_step_nb
from strategies.maharaja.kit.track_nb import rounds_left_nb
from strategies.maharaja.kit.walk_nb import pass_start_nb, walk_route_nb
from strategies.registry import register

P = R.MAX_PLAYERS

# The weight vector, by name (registered params; order = index).
PARAMS = {
    "palace": 12.0,  # one palace built: palaces decide the ranking (M-E2)
    "inner": 1.5,  # extra for the inner site (3 points instead of 1)
    "gold": 0.7,  # one gold kept, earned or paid
    "point": 2.4,  # one lasting point in a city, divided by (1 + rounds until it scores)
    "score": 0.8,  # multiplier on this round's expected scoring gold
    "village": 0.5,  # a house in a village (open roads, fees from others)
    "governor": 0.6,  # per point of lead in a city the Governor brings nearer
    "quarry": 0.75,  # per house the Quarry brings while the supply is low
    "swap": 1.5,  # multiplier on the character preference a swap gains
    "forfeit": 4.0,  # penalty per action part that cannot be done (M-F2)
    "last_gold": 0.1,  # weight of gold spent in the last round (only a tie-break left)
    # route weight (gold) per closed village a route opens with an own house, on top of
    # the house's cost; the house part it takes is missing in the city (M-F1, M-A2)
    "open_route": 0.36,
    "opened": 1.7,  # a house that opens a road on the route (free travel, fees later)
    "char_mogul": 5.0,
    "char_merchant": 2.0,
    "char_sadhu": 1.5,
    "char_monk": 2.5,
    "char_builder": 2.0,
    "char_artist": 4.0,
    "char_yogi": 1.0,
    # Gumbel noise on the setup choice: 0 = always the preferred card. Above 0 every
    # card gets played, so balance studies see each character in every seat order.
    "char_noise": 0.0,
}
_P = Params("weighted", PARAMS)
W_PALACE = _P.index("palace")
W_INNER = _P.index("inner")
W_GOLD = _P.index("gold")
W_POINT = _P.index("point")
W_SCORE = _P.index("score")
W_VILLAGE = _P.index("village")
W_GOVERNOR = _P.index("governor")
W_QUARRY = _P.index("quarry")
W_SWAP = _P.index("swap")
W_FORFEIT = _P.index("forfeit")
W_LAST_GOLD = _P.index("last_gold")
W_OPEN_ROUTE = _P.index("open_route")
W_OPENED = _P.index("opened")
W_CHAR0 = _P.index("char_mogul", span=7)  # Mogul .. Yogi
W_CHAR_NOISE = _P.index("char_noise")
_P.done()
DEFAULTS = np.array(list(PARAMS.values()), dtype=np.float64)

# scratch layout (simcore/core/contract/layout.py)
_MAX_PTS = 24  # entries of the payout table
_MEMO_CITY = 115  # best city values: key <= 114 (two palaces leave at most 2 houses), then
_MEMO_SIZE = _MEMO_CITY + 9  # [9] the best travel value of pairs with no city part
_L = Layout("weighted scratch", SCRATCH_SIZE)
_ROUTE = _L.take("route", ROUTE_SIZE)  # cheapest routes over open roads (kit.route_nb)
_ROUTE2 = _L.take("route2", ROUTE_SIZE)  # cheapest routes that may open closed roads
_OPENS = _L.take("opens", B.MAX_JUNCTIONS)  # villages _ROUTE2 opens to each junction
_WALK = _L.take("walk")  # route block this turn walks (_ROUTE or _ROUTE2)
_BUILDER = _L.take("builder")  # 1 if the Builder's free house can open a village this turn
_TARGET = _L.take("target")  # city this turn's plan builds in, -1 = none
PLANNED = _L.take("planned")  # 1 once this turn's route is planned
_TMP = _L.take("tmp")  # one-entry out-parameter
_RU = _L.take("ru", B.MAX_CITIES)  # rounds until each city is scored (kit.track_nb)
_OPP = _L.take("opp", P)  # others' points in this round's city (kit.payout_nb)
_PAY = _L.take("pay", _MAX_PTS)  # this round's scoring gold by own points there
_NOW = _L.take("now")  # own points in this round's city when the tables were made
_COST = _L.take("cost")  # own palace cost (M-A6, M-K6)
_LEFT = _L.take("left")  # own palaces still to build
_OUTER_PTS = _L.take("outer_pts")  # points per own outer palace (M-K3)
_SUPPLY = _L.take("supply")  # own houses in the supply
_HERE_M = _L.take("here_m")  # 1 if the architect stands in this round's city
_LAST = _L.take("last")  # 1 in the last round (end field, or a short game's last, M-E1/M-V1)
# best city value (x 2**20) per (palaces, houses, village parts, Gold), then the travel values
_MEMO = _L.take("memo", _MEMO_SIZE)
# per-pick city tables (float64 bits; pick_tables_nb): the parts of city_value_nb that do
# not depend on the pair, computed once per pick by the same expressions (speed)
_NPT = 12  # points in a city covered by the tables (more: computed as in city_value_nb)
_LASTING = _L.take("lasting", B.MAX_CITIES * _NPT)  # lasting value of pts points in city c
_PAYM = _L.take("paym", _NPT)  # payout change for pts points in this round's city
_PAYC = _L.take("payc", B.MAX_CITIES)  # payout change for ending the turn in another city
_BASE_A = _L.take("base_a", B.MAX_CITIES)  # fees over open roads, as valued
_BASE_B = _L.take("base_b", B.MAX_CITIES)  # fees, opening houses and opened villages
_CONSTS = _L.take("consts", 3)  # gold weight of the round, a palace's and a house's value
# upper bounds of a pair's city part (pick_tables_nb, city_bound_nb): per number of
# points, the best over the reachable cities of the route part plus the best lasting
# value and payout change with at most that many points there
_UBT = _L.take("ubt", _NPT)
_ACT = _L.take("act", N_ACTIONS)  # a pair's value part of each action (pick_nb)
_ACT_SUB = _L.take("act_sub", N_ACTIONS)  # the forfeit it subtracts after that
_N_CAND = 24  # pairs with a palace or a city house (the others need no city)
_CAND = _L.take("cand", _N_CAND)  # such a pair, a0 * N_ACTIONS + a1 (pick_nb)
_CAND_VAL = _L.take("cand_val", _N_CAND)  # its value without the city part
_CAND_UB = _L.take("cand_ub", _N_CAND)  # an upper bound of its value
SCRATCH_USED = _L.done()
# the roads' tolls for the two route searches of routes_nb (kit.route_nb.road_tolls_nb)
# share the memo's entries: they are read only during routes_nb, the memo only after it
_TOLLS = _MEMO
assert B.MAX_ROADS <= _MEMO_SIZE
_UNSET = -(1 << 62)


def _action_parts() -> tuple[int, ...]:
    """Per action, packed: palaces | city houses << 4 | flexible houses << 8 | house parts
    that may go to a village << 12 | Gold actions << 16 (a pair's sum unpacks alike)."""
    parts = [0] * N_ACTIONS
    parts[A_GOLD] = 1 << 16
    parts[A_PALACE] = 1
    parts[A_PALACE_HOUSE] = 1 | 1 << 4 | 1 << 12
    parts[A_TWO_HOUSES] = 2 << 4 | 1 << 12
    parts[A_HOUSE] = 1 << 8 | 1 << 12
    return tuple(parts)


_PARTS = _action_parts()


@njit_static(cache=True, inline="always")
def char_value_nb(rules, params, k):
    if k < 0 or k >= rules[R.N_CHARACTERS]:
        return -1e9
    return params[W_CHAR0 + k]


@njit_static(cache=True)
def best_bank_character_nb(state, rules, params, seat, rng, noise):
    """The preferred bank character; with noise > 0, preference + noise * Gumbel draw."""
    best = -1
    best_v = -1e18
    for k in range(rules[R.N_CHARACTERS]):
        if state[S.CHAR_OWNER + k] == BANK:
            v = char_value_nb(rules, params, k)
            if noise > 0:
                v -= noise * np.log(-np.log(random_nb(rng, 0) * 0.999999 + 5e-7))
            if v > best_v:
                best_v = v
                best = k
    return best


@njit_static(cache=True, inline="always")
def village_value_nb(state, board, cap, params, seat, v):
    """A house in village v (cap: houses a village holds, village_cap_nb): opens its
    road, keeps own travel free and earns fees."""
    if state[S.VIL_TOTAL + v] >= cap:
        return -1e9
    r = board[B.VIL_ROAD + v]
    val = 0.0
    if board[B.ROAD_A + r] == board[B.START] or board[B.ROAD_B + r] == board[B.START]:
        val += 0.5  # the spokes carry most traffic from the start
    if state[S.VIL + v * P + seat] > 0:
        val -= 1.0  # already own a house there: travel is free anyway
    if state[S.VIL_TOTAL + v] == 0:
        val += 0.5  # opponents passing pay only us
        other = board[B.ROAD_V0 + r] if board[B.ROAD_V0 + r] != v else board[B.ROAD_V1 + r]
        if board[B.ROAD_NV + r] < 2 or state[S.VIL_TOTAL + other] > 0:
            val += 1.0  # this house opens the road
    return val * params[W_VILLAGE]


@njit_static(cache=True)
def best_village_nb(state, board, rules, params, seat, slot):
    """Best village for a house; slot >= 0 also checks that the house is legal now."""
    best = -1
    best_v = -1e18
    cap = village_cap_nb(state, rules)
    for v in range(board[B.N_VILLAGES]):
        val = village_value_nb(state, board, cap, params, seat, v)
        if val <= best_v:
            continue
        # the legality check only for a new best (it is the costly part)
        if slot >= 0 and house_error_nb(state, board, rules, seat, slot, v) != E_OK:
            continue
        best_v = val
        best = v
    return best


@njit_static(cache=True)
def prepare_nb(state, board, rules, seat, scratch):
    """Per-decision tables: rounds until each city scores, and this round's scoring
    gold for every number of own points there (others as they stand; ties go to the
    lower character, M-P2; a lone scorer gets the monopoly bonus, M-P3). Opponents'
    points do not change during our own turn, so the tables hold for the whole turn."""
    for c in range(board[B.N_CITIES]):
        scratch[_RU + c] = rounds_until_scored_inl_nb(state, board, c)
    scratch[_COST] = palace_cost_nb(state, rules, seat)
    scratch[_LEFT] = rules[R.PALACES] - state[S.PALACES + seat]
    scratch[_OUTER_PTS] = outer_points_nb(state, rules, seat)
    scratch[_SUPPLY] = state[S.SUPPLY + seat]
    scratch[_HERE_M] = 1 if state[S.ARCH + seat] == state[S.MAHARAJA] else 0
    scratch[_LAST] = 1 if rounds_left_nb(state, board, rules) == 0 else 0
    c = state[S.MAHARAJA]
    scratch[_NOW] = 0
    if c < 0:
        for pts in range(_MAX_PTS):
            scratch[_PAY + pts] = 0
        return
    scratch[_NOW] = city_points_inl_nb(state, board, rules, seat, c)
    payout_table_nb(state, board, rules, seat, c, 0, _MAX_PTS, scratch, _PAY, _OPP)


@njit_static(cache=True, inline="always")
def payout_nb(scratch, pts):
    if pts <= 0:
        return 0
    return scratch[_PAY + min(pts, _MAX_PTS - 1)]


@njit_static(cache=True, inline="always")
def point_value_nb(params, scratch, c, pts):
    """Lasting points in city c, worth more the sooner the track scores c."""
    return params[W_POINT] * pts / (1.0 + scratch[_RU + c])


@njit_static(
    cache=True,
    inline="always",
)
def score_gain_nb(state, board, rules, params, seat, end_city, added, scratch, now):
    """Change of this round's scoring gold if the turn ends in end_city having added
    `added` points there."""
    m = state[S.MAHARAJA]
    if m < 0:
        return 0.0
    here = state[S.ARCH + seat] == m
    after = now
    if end_city == m:
        after += added
        if not here:
            after += 1
    elif here:
        after -= 1
    if after == now:
        return 0.0
    diff = payout_nb(scratch, after) - payout_nb(scratch, now)
    return diff * params[W_SCORE] * params[W_GOLD]


@njit_static(cache=True, inline="always")
def build_value_nb(
    state, rules, params, c, g, n_pal, n_house, opened, val, palace_v, house_v, scratch
):
    """The palaces, then the houses, built in city c with g gold left after the route:
    each adds palace_v (+ inner) or subtracts house_v, each that cannot be built costs a
    forfeit. Returns (value, points added). The one copy of these loops for the plan
    (city_value_nb) and the pick (pick_city_value_nb), so their values cannot drift."""
    hc = rules[R.HOUSE_COST]
    pts = 0
    if n_pal > 0:
        cost = scratch[_COST]
        left = scratch[_LEFT]
        inner_free = state[S.INNER + c] < 0
        outer_free = rules[R.OUTER_SITES] - state[S.OUTER_USED + c]
        for _ in range(n_pal):
            if g < cost or left <= 0 or (not inner_free and outer_free <= 0):
                val -= params[W_FORFEIT]
                continue
            g -= cost
            left -= 1
            val += palace_v
            if inner_free:
                inner_free = False
                val += params[W_INNER]
                pts += rules[R.INNER_POINTS]
            else:
                outer_free -= 1
                pts += scratch[_OUTER_PTS]
    supply = scratch[_SUPPLY] - opened
    for _ in range(n_house):
        if g < hc or supply <= 0:
            val -= params[W_FORFEIT]
            continue
        g -= hc
        supply -= 1
        val -= house_v
        pts += 1
    return val, pts


@njit_static(cache=True, inline="always")
def points_value_nb(state, params, scratch, c, pts, val):
    """val plus pts lasting points in city c, worth more the sooner the track scores it,
    and the change of this round's scoring gold if the turn ends there."""
    lasting = params[W_POINT] * pts / (1.0 + scratch[_RU + c])
    now = scratch[_NOW]
    after = now
    if c == state[S.MAHARAJA]:
        lasting *= 0.5  # this round's city is valued mostly by its payout
        after += pts + (1 - scratch[_HERE_M])
    elif scratch[_HERE_M]:
        after -= 1
    val += lasting
    if after != now:
        val += (
            (payout_nb(scratch, after) - payout_nb(scratch, now)) * params[W_SCORE] * params[W_GOLD]
        )
    return val


@njit_static(cache=True, inline="always")
def city_value_nb(state, rules, params, c, fee, gold, n_pal, n_house, opened, paid, scratch):
    """Value of going to city c (fee paid, `opened` closed villages opened on the way
    with own houses, `paid` of them by house actions) and building n_pal palaces and
    n_house houses there with `gold` in hand, this round's scoring included (tables
    from prepare_nb). Infeasible routes are -1e18."""
    wg = params[W_GOLD] * (params[W_LAST_GOLD] if scratch[_LAST] else 1.0)
    hc = rules[R.HOUSE_COST]
    g = gold - fee - paid * hc
    if g < 0 or opened > scratch[_SUPPLY]:
        return -1e18
    val = -(fee + paid * hc) * params[W_GOLD] + opened * params[W_OPENED]
    val, pts = build_value_nb(
        state, rules, params, c, g, n_pal, n_house, opened, val,
        params[W_PALACE] - scratch[_COST] * wg, hc * wg, scratch,
    )  # fmt: skip
    return points_value_nb(state, params, scratch, c, pts, val)


@njit_static(cache=True)
def governor_value_nb(state, board, rules, params, seat, scratch):
    """Best Governor move: bring forward a city where seat leads (points over the best
    other). scratch[_TMP] receives the city."""
    best = scratch[_TMP : _TMP + 1]
    n = state[S.N_PLAYERS]
    best_v = -1e18
    best[0] = -1
    for c in range(board[B.N_CITIES]):
        if governor_target_inl_nb(state, board, rules, c) < 0:
            continue
        mine = city_points_inl_nb(state, board, rules, seat, c)
        top = 0
        for q in range(n):
            if q != seat:
                qp = city_points_inl_nb(state, board, rules, q, c)
                if qp > top:
                    top = qp
        lead = mine - top
        v = params[W_GOVERNOR] * lead / (1.0 + scratch[_RU + c])
        if v > best_v:
            best_v = v
            best[0] = c
    return best_v


@njit_static(cache=True)
def swap_value_nb(state, rules, params, seat, best):
    """Best Character action (M-A9): preference gained; best[0] receives the character."""
    mine = lowest_character_nb(state, seat)
    base = char_value_nb(rules, params, mine) if mine < rules[R.N_CHARACTERS] else 0.0
    best_v = -1e18
    best[0] = -1
    for k in range(rules[R.N_CHARACTERS]):
        owner = state[S.CHAR_OWNER + k]
        if owner == seat or owner == OUT_OF_GAME:
            continue
        v = (char_value_nb(rules, params, k) - base) * params[W_SWAP]
        if v > best_v:
            best_v = v
            best[0] = k
    return best_v


@njit_static(
    cache=True,
    inline="always",
)
def best_city_nb(state, board, rules, params, scratch, gold, n_pal, n_house, n_vil, n_spare):
    """Best city to build n_pal palaces and n_house houses in, reached over open roads
    (_ROUTE) or by opening closed villages with own houses (_ROUTE2): the Builder's free
    house first, then n_spare house parts not counted in n_house, then up to n_vil of
    the n_house parts (those are then missing in the city). Writes the city to
    scratch[_TARGET] and the route block to scratch[_WALK]; -1e18 if none."""
    best = -1e18
    scratch[_TARGET] = -1
    scratch[_WALK] = _ROUTE
    builder = scratch[_BUILDER]
    hc = rules[R.HOUSE_COST]
    for c in range(board[B.N_CITIES]):
        fee_a = route_cost_nb(scratch, _ROUTE, c)
        if fee_a < NO_ROUTE and fee_a <= gold:
            v = city_value_nb(state, rules, params, c, fee_a, gold, n_pal, n_house, 0, 0, scratch)
            if v > best:
                best = v
                scratch[_TARGET] = c
                scratch[_WALK] = _ROUTE
        e = scratch[_OPENS + c]
        if e <= 0:
            continue
        fee = route_cost_nb(scratch, _ROUTE2, c)
        paid = e - builder if e > builder else 0
        if fee >= NO_ROUTE or paid > n_spare + n_vil or fee + paid * hc > gold:
            continue
        if fee_a <= gold and fee_a <= fee + paid * hc:
            continue  # open roads are as cheap: no need to spend houses (speed)
        lost = paid - n_spare if paid > n_spare else 0
        v = city_value_nb(
            state, rules, params, c, fee, gold, n_pal, n_house - lost, e, paid, scratch
        )
        v -= e * params[W_OPEN_ROUTE]
        if v > best:
            best = v
            scratch[_TARGET] = c
            scratch[_WALK] = _ROUTE2
    return best


@njit_static(cache=True)
def pick_tables_nb(state, board, rules, params, scratch, fs):
    """The pair-independent parts of city_value_nb for this pick, by the same expressions
    (after routes_nb and prepare_nb; fs = scratch as float64): lasting values and payout
    changes per city and points, the route parts of the value, the weights of a palace
    and a house; then the tables of city_bound_nb. pick_city_nb reads them."""
    wg = params[W_GOLD] * (params[W_LAST_GOLD] if scratch[_LAST] else 1.0)
    hc = rules[R.HOUSE_COST]
    fs[_CONSTS] = wg
    fs[_CONSTS + 1] = params[W_PALACE] - scratch[_COST] * wg
    fs[_CONSTS + 2] = hc * wg
    m = state[S.MAHARAJA]
    now = scratch[_NOW]
    builder = scratch[_BUILDER]
    for pts in range(_NPT):
        after = now + pts + (1 - scratch[_HERE_M])
        fs[_PAYM + pts] = (
            (payout_nb(scratch, after) - payout_nb(scratch, now)) * params[W_SCORE] * params[W_GOLD]
            if after != now
            else 0.0
        )
        fs[_UBT + pts] = -np.inf
    for c in range(board[B.N_CITIES]):
        ru = 1.0 + scratch[_RU + c]
        after = now - 1 if scratch[_HERE_M] else now
        fs[_PAYC + c] = (
            (payout_nb(scratch, after) - payout_nb(scratch, now)) * params[W_SCORE] * params[W_GOLD]
            if after != now
            else 0.0
        )
        fee = route_cost_nb(scratch, _ROUTE, c)
        fs[_BASE_A + c] = -(fee + 0 * hc) * params[W_GOLD] + 0 * params[W_OPENED]
        bc = fs[_BASE_A + c] if fee < NO_ROUTE else -np.inf  # best route part of c
        e = scratch[_OPENS + c]
        fee = route_cost_nb(scratch, _ROUTE2, c)
        paid = e - builder if e > builder else 0
        fs[_BASE_B + c] = -(fee + paid * hc) * params[W_GOLD] + e * params[W_OPENED]
        if e > 0 and fee < NO_ROUTE and fs[_BASE_B + c] - e * params[W_OPEN_ROUTE] > bc:
            bc = fs[_BASE_B + c] - e * params[W_OPEN_ROUTE]
        best = -np.inf  # best lasting value + payout change with at most pts points
        for pts in range(_NPT):
            lasting = params[W_POINT] * pts / ru
            if c == m:
                lasting *= 0.5
            fs[_LASTING + c * _NPT + pts] = lasting
            lp = lasting + (fs[_PAYM + pts] if c == m else fs[_PAYC + c])
            if lp > best:
                best = lp
            if bc + best > fs[_UBT + pts]:
                fs[_UBT + pts] = bc + best


@njit_static(cache=True)
def city_bound_nb(rules, params, scratch, fs, gold, n_pal, n_house, n_vil):
    """An upper bound of pick_city_nb's value (or of the forfeits that replace it when no
    city can be reached) for n_pal palaces and n_house houses with `gold` in hand: each
    palace that gold and the supply allow at its best
    (a site for every one), the others forfeited, each house at best its cost (or, for
    n_vil of them, nothing: spent on the route), and the best city's route part, lasting
    value and payout for as many points as those can bring (_UBT).
    +inf when the tables do not cover the points. Lets pick_nb skip pairs cheaply."""
    forfeit = params[W_FORFEIT]
    if fs[_UBT + _NPT - 1] == -np.inf:  # no city can be reached
        return -forfeit * (n_pal + n_house)
    hc = rules[R.HOUSE_COST]
    cost = scratch[_COST]
    k = min(n_pal, scratch[_LEFT])
    if cost > 0:
        k = min(k, gold // cost)
    k = max(k, 0)
    pub = max(fs[_CONSTS + 1] + max(params[W_INNER], 0.0), -forfeit)
    hub = max(-fs[_CONSTS + 2], -forfeit)  # a house built or forfeited
    vub = max(hub, 0.0)  # or, for a house part that may open a road, not in the city
    h = min(n_house, scratch[_SUPPLY])
    if hc > 0:
        h = min(h, gold // hc)
    h = max(h, 0)
    pts = k * max(rules[R.INNER_POINTS], scratch[_OUTER_PTS]) + h
    if pts >= _NPT:
        return np.inf
    ub = fs[_UBT + pts] + k * pub - (n_pal - k) * forfeit + (n_house - n_vil) * hub + n_vil * vub
    return max(ub, -forfeit * (n_pal + n_house))


@njit_static(
    cache=True,
    inline="always",
)
def pick_city_value_nb(
    state, rules, params, c, fee, gold, n_pal, n_house, opened, paid, base, scratch, fs
):
    """city_value_nb with the pick's tables (pick_tables_nb): the same operations on the
    same values, in the same order (base is the route part of the value)."""
    hc = rules[R.HOUSE_COST]
    g = gold - fee - paid * hc
    if g < 0 or opened > scratch[_SUPPLY]:
        return -1e18
    val, pts = build_value_nb(
        state, rules, params, c, g, n_pal, n_house, opened, base,
        fs[_CONSTS + 1], fs[_CONSTS + 2], scratch,
    )  # fmt: skip
    if pts < _NPT:
        val += fs[_LASTING + c * _NPT + pts]
        return val + (fs[_PAYM + pts] if c == state[S.MAHARAJA] else fs[_PAYC + c])
    return points_value_nb(state, params, scratch, c, pts, val)


@njit_static(
    cache=True,
    inline="always",
)
def pick_city_nb(state, board, rules, params, scratch, fs, gold, n_pal, n_house, n_vil):
    """best_city_nb's value with n_spare = 0, over the pick's tables (pick_tables_nb)."""
    best = -1e18
    builder = scratch[_BUILDER]
    hc = rules[R.HOUSE_COST]
    for c in range(board[B.N_CITIES]):
        fee_a = route_cost_nb(scratch, _ROUTE, c)
        if fee_a < NO_ROUTE and fee_a <= gold:
            v = pick_city_value_nb(
                state, rules, params, c, fee_a, gold, n_pal, n_house, 0, 0,
                fs[_BASE_A + c], scratch, fs,
            )  # fmt: skip
            if v > best:
                best = v
        e = scratch[_OPENS + c]
        if e <= 0:
            continue
        fee = route_cost_nb(scratch, _ROUTE2, c)
        paid = e - builder if e > builder else 0
        if fee >= NO_ROUTE or paid > n_vil or fee + paid * hc > gold:
            continue
        if fee_a <= gold and fee_a <= fee + paid * hc:
            continue  # open roads are as cheap: no need to spend houses (speed)
        v = pick_city_value_nb(
            state, rules, params, c, fee, gold, n_pal, n_house - paid, e, paid,
            fs[_BASE_B + c], scratch, fs,
        )  # fmt: skip
        v -= e * params[W_OPEN_ROUTE]
        if v > best:
            best = v
    return best


@njit_static(cache=True, inline="always")
def opening_trip_nb(state, rules, params, seat, scratch, m, gold, n_houses, gain):
    """Going to city m over the route that opens closed roads (_ROUTE2), spending the
    Builder's free house and then at most n_houses house parts on the way: (gain less the
    fees and houses, plus the opened villages' worth; -inf if it cannot be done, houses
    paid). The one copy for the pick's travel value and the plan's trip to this round's
    city."""
    e = scratch[_OPENS + m]
    fee = route_cost_nb(scratch, _ROUTE2, m)
    b = scratch[_BUILDER]
    paid = e - b if e > b else 0
    hc = rules[R.HOUSE_COST]
    if (
        e > 0
        and fee < NO_ROUTE
        and paid <= n_houses
        and fee + paid * hc <= gold
        and e <= state[S.SUPPLY + seat]
    ):
        go = gain - (fee + paid * hc) * params[W_GOLD]
        go += e * (params[W_OPENED] - params[W_OPEN_ROUTE])
        return go, paid
    return -np.inf, paid


@njit_static(
    cache=True,
    inline="always",
)
def travel_value_nb(state, board, rules, params, seat, scratch, vil_v, gold, n_flex, n_gold):
    """The city part of a pair with no palace and no city house (memoised): free to
    travel anyway, the best of staying and going to this round's city."""
    key = _MEMO + _MEMO_CITY + n_flex * 3 + n_gold
    if scratch[key] != _UNSET:
        return scratch[key] / 1048576.0
    flex_v = 0.0
    if vil_v > -1e8 and state[S.SUPPLY + seat] >= n_flex and gold >= n_flex:
        flex_v = vil_v - 0.2
    else:
        flex_v = -params[W_FORFEIT]
    here = state[S.ARCH + seat]
    stay = score_gain_nb(state, board, rules, params, seat, here, 0, scratch, scratch[_NOW])
    best = stay + n_flex * flex_v
    m = state[S.MAHARAJA]
    if m >= 0:
        gain = score_gain_nb(state, board, rules, params, seat, m, 0, scratch, scratch[_NOW])
        fee = route_cost_nb(scratch, _ROUTE, m)
        if fee < NO_ROUTE and fee <= gold:
            best = max(best, gain - fee * params[W_GOLD] + n_flex * flex_v)
        go, paid = opening_trip_nb(state, rules, params, seat, scratch, m, gold, n_flex, gain)
        if go > -np.inf:
            best = max(best, go + (n_flex - paid) * flex_v)
    scratch[key] = np.int64(best * 1048576.0)
    return scratch[key] / 1048576.0


@njit_static(cache=True)
def routes_nb(state, board, rules, params, seat, budget, scratch):
    """Both route tables from the architect: over open roads, and opening closed ones."""
    both_route_costs_nb(
        state,
        board,
        seat,
        budget,
        rules[R.HOUSE_COST],
        np.int64(16.0 * max(params[W_OPEN_ROUTE], 0.0)),
        scratch,
        _ROUTE,
        _ROUTE2,
        _OPENS,
        _TOLLS,
    )


@njit_static(cache=True)
def pick_setup_nb(state, board, rules, params, seat, scratch, fs):
    """The tables every pair's value reads (shared by pick_nb and pair_values_nb):
    route tables, this round's scoring, the memo cleared and each action's value part
    in fs[_ACT + a] (minus fs[_ACT_SUB + a]); returns (gold0, got2, qh, low, vil_v)."""
    routes_nb(state, board, rules, params, seat, state[S.GOLD + seat] + 5, scratch)
    prepare_nb(state, board, rules, seat, scratch)
    scratch[_BUILDER] = 1 if holds_nb(state, seat, BUILDER) else 0
    tmp = scratch[_TMP : _TMP + 1]
    gov_v = governor_value_nb(state, board, rules, params, seat, scratch)
    if tmp[0] < 0:
        gov_v = -params[W_FORFEIT]
    swap_v = swap_value_nb(state, rules, params, seat, tmp)
    if tmp[0] < 0:
        swap_v = -params[W_FORFEIT]
    v = best_village_nb(state, board, rules, params, seat, -1)
    vil_v = (
        village_value_nb(state, board, village_cap_nb(state, rules), params, seat, v)
        if v >= 0
        else -1e9
    )
    for i in range(_MEMO_SIZE):
        scratch[_MEMO + i] = _UNSET
    pick_tables_nb(state, board, rules, params, scratch, fs)
    gold0 = state[S.GOLD + seat]
    if holds_nb(state, seat, MERCHANT):
        gold0 += rules[R.MERCHANT_INCOME]
    # each action's value part: the same operations, in the same order, as summing the
    # two actions' parts from 0.0 (the Quarry subtracts its forfeit after its value)
    qh = rules[R.QUARRY_HOUSES]
    low = 1.0 if state[S.SUPPLY + seat] < 4 else 0.3
    got = min(qh, state[S.QUARRY + seat])
    got2 = min(qh, state[S.QUARRY + seat] - got)  # the second of two Quarry actions
    for a in range(N_ACTIONS):
        fs[_ACT + a] = 0.0
        fs[_ACT_SUB + a] = 0.0
    fs[_ACT + A_GOLD] = rules[R.GOLD_ACTION] * params[W_GOLD]
    fs[_ACT + A_QUARRY] = got * params[W_QUARRY] * low
    if got < qh:
        fs[_ACT_SUB + A_QUARRY] = params[W_FORFEIT]
    fs[_ACT + A_GOVERNOR] = gov_v
    fs[_ACT + A_CHARACTER] = swap_v
    fs[_ACT + A_MOVE_HOUSE] = -0.5
    return gold0, got2, qh, low, vil_v


@njit_static(cache=True)
def pick_nb(state, board, rules, params, seat, scratch, out):
    """M-R3: the best of the 45 unordered pairs."""
    fs = scratch.view(np.float64)
    gold0, got2, qh, low, vil_v = pick_setup_nb(state, board, rules, params, seat, scratch, fs)
    # pairs without a city part first, in order; the others with an upper bound of their
    # value (city_bound_nb), then valued from the highest bound down until no bound can
    # beat the best pair. Ties go to the first pair in (a0, a1) order, as if all 45 were
    # valued in that order.
    best = -1e18
    best_p = 0
    n_cand = 0
    for a0 in range(N_ACTIONS):
        v0 = (0.0 + fs[_ACT + a0]) - fs[_ACT_SUB + a0]
        for a1 in range(a0, N_ACTIONS):
            val = v0
            if a1 == A_QUARRY and a0 == A_QUARRY:
                val += got2 * params[W_QUARRY] * low
                if got2 < qh:
                    val -= params[W_FORFEIT]
            else:
                val = (val + fs[_ACT + a1]) - fs[_ACT_SUB + a1]
            parts = _PARTS[a0] + _PARTS[a1]
            n_pal = parts & 15
            n_city = parts >> 4 & 15
            n_flex = parts >> 8 & 15
            n_gold = parts >> 16
            gold = gold0 + n_gold * rules[R.GOLD_ACTION]
            if n_pal + n_city == 0:
                v = val + travel_value_nb(
                    state, board, rules, params, seat, scratch, vil_v, gold, n_flex, n_gold
                )
                if v > best:
                    best = v
                    best_p = a0 * N_ACTIONS + a1
                continue
            if n_pal > 0 and (gold < scratch[_COST] or scratch[_LEFT] <= 0):
                # no palace can be paid in any city: each is forfeited (as in
                # city_value_nb), so the pair shares the value of its houses alone
                val -= n_pal * params[W_FORFEIT]
                n_pal = 0
            scratch[_CAND + n_cand] = a0 * N_ACTIONS + a1
            fs[_CAND_VAL + n_cand] = val
            fs[_CAND_UB + n_cand] = val + city_bound_nb(
                rules, params, scratch, fs, gold, n_pal, n_city + n_flex, parts >> 12 & 15
            )
            n_cand += 1
    for _ in range(n_cand):
        top = -1
        top_ub = best - 1e-4  # a bound below this cannot win, nor tie (speed)
        for i in range(n_cand):
            if fs[_CAND_UB + i] >= top_ub:
                top = i
                top_ub = fs[_CAND_UB + i]
        if top < 0:
            break
        fs[_CAND_UB + top] = -np.inf
        p = scratch[_CAND + top]
        a0 = p // N_ACTIONS
        a1 = p - a0 * N_ACTIONS
        val = fs[_CAND_VAL + top]
        parts = _PARTS[a0] + _PARTS[a1]
        n_pal = parts & 15
        n_house = (parts >> 4 & 15) + (parts >> 8 & 15)
        n_vil = parts >> 12 & 15
        n_gold = parts >> 16
        gold = gold0 + n_gold * rules[R.GOLD_ACTION]
        if n_pal > 0 and (gold < scratch[_COST] or scratch[_LEFT] <= 0):
            n_pal = 0  # forfeited above
        key = _MEMO + ((n_pal * 5 + n_house) * 3 + n_vil) * 3 + n_gold
        if scratch[key] == _UNSET:
            c = pick_city_nb(state, board, rules, params, scratch, fs, gold, n_pal, n_house, n_vil)
            if c < -1e17:
                c = -params[W_FORFEIT] * (n_pal + n_house)
            scratch[key] = np.int64(c * 1048576.0)
        v = val + scratch[key] / 1048576.0
        if v > best or (v == best and p < best_p):
            best = v
            best_p = p
    out[0] = best_p // N_ACTIONS
    out[1] = best_p - out[0] * N_ACTIONS


@njit_static(cache=True)
def pair_values_nb(state, board, rules, params, seat, scratch, vals):
    """vals[i] := the value pick_nb gives the i-th unordered pair (a0 <= a1, in (a0, a1)
    order), every pair valued (no bound prunes): a free ranking for a search's prior."""
    fs = scratch.view(np.float64)
    gold0, got2, qh, low, vil_v = pick_setup_nb(state, board, rules, params, seat, scratch, fs)
    i = 0
    for a0 in range(N_ACTIONS):
        v0 = (0.0 + fs[_ACT + a0]) - fs[_ACT_SUB + a0]
        for a1 in range(a0, N_ACTIONS):
            val = v0
            if a1 == A_QUARRY and a0 == A_QUARRY:
                val += got2 * params[W_QUARRY] * low
                if got2 < qh:
                    val -= params[W_FORFEIT]
            else:
                val = (val + fs[_ACT + a1]) - fs[_ACT_SUB + a1]
            parts = _PARTS[a0] + _PARTS[a1]
            n_pal = parts & 15
            n_house = (parts >> 4 & 15) + (parts >> 8 & 15)
            n_flex = parts >> 8 & 15
            n_vil = parts >> 12 & 15
            n_gold = parts >> 16
            gold = gold0 + n_gold * rules[R.GOLD_ACTION]
            if n_pal + (parts >> 4 & 15) == 0:
                vals[i] = val + travel_value_nb(
                    state, board, rules, params, seat, scratch, vil_v, gold, n_flex, n_gold
                )
                i += 1
                continue
            if n_pal > 0 and (gold < scratch[_COST] or scratch[_LEFT] <= 0):
                val -= n_pal * params[W_FORFEIT]  # forfeited, as in pick_nb
                n_pal = 0
            key = _MEMO + ((n_pal * 5 + n_house) * 3 + n_vil) * 3 + n_gold
            if scratch[key] == _UNSET:
                c = pick_city_nb(
                    state, board, rules, params, scratch, fs, gold, n_pal, n_house, n_vil
                )
                if c < -1e17:
                    c = -params[W_FORFEIT] * (n_pal + n_house)
                scratch[key] = np.int64(c * 1048576.0)
            vals[i] = val + scratch[key] / 1048576.0
            i += 1


@njit_static(cache=True, inline="always")
def plan_routes_nb(state, board, rules, params, seat, scratch):
    """The plan's route tables with the real gold (both when a house can open a road,
    else open roads only) and what the turn still builds: (n_pal, n_house, n_vil,
    n_spare). A function of its own so that bench.decisions can time it."""
    gold = state[S.GOLD + seat]
    builder = holds_nb(state, seat, BUILDER) and state[S.T_OTHER_LEFT + SLOT_BUILDER] > 0
    scratch[_BUILDER] = 1 if builder else 0
    n_pal = 0
    n_house = 0
    n_vil = 0
    n_spare = 0
    for s in range(2):
        n_pal += state[S.T_PALACE_LEFT + s]
        a = state[S.T_ACTION + s]
        left = state[S.T_HOUSES_LEFT + s]
        if a == A_TWO_HOUSES or a == A_PALACE_HOUSE:
            n_house += left
            if left > 0:
                n_vil += 1
        elif a == A_HOUSE and left > 0:
            n_spare += 1
    if n_vil + n_spare + scratch[_BUILDER] > 0:
        routes_nb(state, board, rules, params, seat, gold, scratch)
    else:  # no house to open a road with: open roads only
        route_costs_nb(state, board, seat, gold, scratch, _ROUTE)
        for j in range(B.MAX_JUNCTIONS):
            scratch[_OPENS + j] = 0
    return n_pal, n_house, n_vil, n_spare


@njit_static(cache=True)
def plan_turn_nb(state, board, rules, params, seat, scratch):
    """Choose this turn's city with the real gold and store the route to it."""
    gold = state[S.GOLD + seat]
    prepare_nb(state, board, rules, seat, scratch)
    n_pal, n_house, n_vil, n_spare = plan_routes_nb(state, board, rules, params, seat, scratch)
    here = state[S.ARCH + seat]
    target = -1
    block = _ROUTE
    if n_pal + n_house > 0:
        best_city_nb(state, board, rules, params, scratch, gold, n_pal, n_house, n_vil, n_spare)
        target = scratch[_TARGET]
        block = scratch[_WALK]
    else:
        m = state[S.MAHARAJA]
        if m >= 0 and m != here:
            gain = score_gain_nb(state, board, rules, params, seat, m, 0, scratch, scratch[_NOW])
            gain -= score_gain_nb(
                state, board, rules, params, seat, here, 0, scratch, scratch[_NOW]
            )
            best = 0.0
            fee = route_cost_nb(scratch, _ROUTE, m)
            if fee < NO_ROUTE and fee <= gold and gain - fee * params[W_GOLD] > best:
                best = gain - fee * params[W_GOLD]
                target = m
            go, _ = opening_trip_nb(state, rules, params, seat, scratch, m, gold, n_spare, gain)
            if go > best:
                target = m
                block = _ROUTE2
    scratch[_TARGET] = target
    scratch[_WALK] = block
    set_route_nb(state, board, seat, target, scratch, block)
    scratch[PLANNED] = 1


@njit_static(cache=True)
def walk_nb(state, board, rules, seat, scratch, out):
    """The next step along the planned route: a house in an empty village of the next
    road (it opens the road, M-F1), else the road itself; 0 once arrived or blocked.
    S is only passed through (M-F3, kit.walk_nb)."""
    return walk_route_nb(state, board, rules, seat, scratch, scratch[_WALK], out)


@njit_static(cache=True)
def move_house_nb(state, board, rules, params, seat, s, out):
    """M-A4: move a village house into the architect's city, else to a better village."""
    here = state[S.ARCH + seat]
    best_src = -1
    best_src_v = 1e18
    for v in range(board[B.N_VILLAGES]):
        if state[S.VIL + v * P + seat] > 0:
            val = village_value_nb(state, board, village_cap_nb(state, rules), params, seat, v)
            if val < best_src_v:
                best_src_v = val
                best_src = v
    if best_src < 0:
        return False
    if here < board[B.N_CITIES]:
        dst = LOC_CITY0 + here
        if move_error_nb(state, board, rules, seat, s, best_src, dst) == E_OK:
            out[0] = OP_MOVE_HOUSE
            out[1] = s
            out[2] = best_src
            out[3] = dst
            return True
    dst = best_village_nb(state, board, rules, params, seat, -1)
    if dst >= 0 and move_error_nb(state, board, rules, seat, s, best_src, dst) == E_OK:
        out[0] = OP_MOVE_HOUSE
        out[1] = s
        out[2] = best_src
        out[3] = dst
        return True
    return False


@njit_static(cache=True)
def step_nb(state, board, rules, params, seat, scratch, out):
    """One operation of the turn; returns 1 when written, 0 for OP_END."""
    if state[S.STEPS] == 0:
        scratch[PLANNED] = 0
    if state[S.ON_START] != 0 and scratch[PLANNED] != 0:  # M-F3: walk on through S
        return walk_nb(state, board, rules, seat, scratch, out)
    # Gold first: it pays for the route and the palace
    for s in range(2):
        if state[S.T_ACTION + s] == A_GOLD and state[S.T_OTHER_LEFT + s] > 0:
            out[0] = OP_GOLD
            out[1] = s
            return 1
    if scratch[PLANNED] == 0:
        plan_turn_nb(state, board, rules, params, seat, scratch)
    if walk_nb(state, board, rules, seat, scratch, out):
        return 1
    here = state[S.ARCH + seat]
    in_city = here < board[B.N_CITIES]
    if palace_step_nb(state, board, rules, seat, out):
        return 1
    for s in (0, 1, SLOT_BUILDER):
        if s == SLOT_BUILDER:
            if not holds_nb(state, seat, BUILDER) or state[S.T_OTHER_LEFT + s] <= 0:
                continue
        elif state[S.T_HOUSES_LEFT + s] <= 0:
            continue
        if in_city and house_error_nb(state, board, rules, seat, s, LOC_CITY0 + here) == E_OK:
            now = city_points_inl_nb(state, board, rules, seat, state[S.MAHARAJA])
            city_v = point_value_nb(params, scratch, here, 1) + score_gain_nb(
                state, board, rules, params, seat, here, 1, scratch, now
            )
            w = params[W_VILLAGE]
            if city_v >= max(2.0 * w, -w):  # no village can be worth more (speed)
                out[0] = OP_HOUSE
                out[1] = s
                out[2] = LOC_CITY0 + here
                return 1
            v = best_village_nb(state, board, rules, params, seat, s)
            vil_v = (
                village_value_nb(state, board, village_cap_nb(state, rules), params, seat, v)
                if v >= 0
                else -1e9
            )
            out[0] = OP_HOUSE
            out[1] = s
            out[2] = LOC_CITY0 + here if city_v >= vil_v else v
            return 1
        v = best_village_nb(state, board, rules, params, seat, s)
        if v >= 0:
            out[0] = OP_HOUSE
            out[1] = s
            out[2] = v
            return 1
    tmp = scratch[_TMP : _TMP + 1]
    for s in range(2):
        if state[S.T_OTHER_LEFT + s] <= 0:
            continue
        a = state[S.T_ACTION + s]
        if a == A_QUARRY:
            out[0] = OP_QUARRY
            out[1] = s
            return 1
        if a == A_GOVERNOR:
            governor_value_nb(state, board, rules, params, seat, scratch)
            if tmp[0] >= 0:
                out[0] = OP_GOVERNOR
                out[1] = s
                out[2] = tmp[0]
                return 1
        elif a == A_CHARACTER:
            swap_value_nb(state, rules, params, seat, tmp)
            if tmp[0] >= 0 and character_error_nb(state, rules, seat, s, tmp[0]) == E_OK:
                out[0] = OP_CHARACTER
                out[1] = s
                out[2] = tmp[0]
                return 1
        elif a == A_MOVE_HOUSE and other_slot_error_nb(state, seat, s, A_MOVE_HOUSE) == E_OK:
            if move_house_nb(state, board, rules, params, seat, s, out):
                return 1
    out[0] = OP_END
    return 0


@register(
    "weighted",
    "parametric heuristic: action pairs, cities and characters scored by a weight vector",
    params=PARAMS,
    default=True,
)
@njit_static(cache=True)  # lazy: compiled when a driver plays it
def weighted_decide_nb(kind, seat, state, board, rules, params, rng, scratch, out):
    if kind == DK_STEP:
        step_nb(state, board, rules, params, seat, scratch, out)
        several_step_nb(state, rules, seat, params[W_CHAR0 : W_CHAR0 + 7], out)  # M-V4
        chip_step_nb(state, board, rules, seat, out)  # M-A5y
        pass_start_nb(state, board, seat, scratch, scratch[_WALK], out)  # M-F3
        return 0
    if kind == DK_PICK:
        pick_nb(state, board, rules, params, seat, scratch, out)
        return 0
    if kind == DK_CHARACTER:
        return best_bank_character_nb(state, rules, params, seat, rng, params[W_CHAR_NOISE])
    if kind == DK_REPLACE:
        return best_bank_character_nb(state, rules, params, seat, rng, 0.0)
    if kind == DK_SETUP_HOUSE:
        return best_village_nb(state, board, rules, params, seat, -1)
    if kind == DK_BID:  # M-V3: a char_* point is worth 1 / gold gold; never above 6
        return value_bid_nb(
            state, rules, seat, params[W_CHAR0 : W_CHAR0 + 7], 1.0 / params[W_GOLD], 6
        )
    if kind == DK_GIVE:  # M-V4
        return give_nb(state, rules, seat, params[W_CHAR0 : W_CHAR0 + 7])
    return -1
