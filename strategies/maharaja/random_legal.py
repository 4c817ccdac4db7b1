"""`random`: uniformly random among legal choices — a baseline, not a player.

Every decision draws uniformly from what the rules allow at that moment: a bank
character, a village with room, one of the 45 unordered action pairs, and in the
turn one of the legal operations (a house site, a palace site, a governor, a
character, ...). Before acting it walks to a uniformly drawn reachable city, the
only way its city-bound actions can ever be done; it ends the turn only when no
operation is legal, so it forfeits only what it cannot do.
"""

import simcore.maharaja.data_layout as B
import simcore.maharaja.layout as S
from simcore.core.contract.layout import Layout
from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import randint_nb
from simcore.maharaja.enums import (
    A_CHARACTER,
    A_GOLD,
    A_GOVERNOR,
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
    N_ACTIONS,
    OP_CHARACTER,
    OP_END,
    OP_GOLD,
    OP_GOVERNOR,
    OP_HOUSE,
    OP_MOVE_HOUSE,
    OP_PALACE,
    OP_QUARRY,
    OP_ROAD,
    SITE_INNER,
    SITE_OUTER,
    SLOT_BUILDER,
)
from simcore.maharaja.nb.build_nb import palace_cost_nb, village_cap_nb
from simcore.maharaja.nb.characters_nb import holds_nb
from simcore.maharaja.nb.game_nb import SCRATCH_SIZE
from simcore.maharaja.nb.governor_nb import governor_target_nb
from simcore.maharaja.nb.turn_nb import (
    character_error_nb,
    house_error_nb,
    other_slot_error_nb,
    palace_error_nb,
)
from simcore.maharaja.rules import R
from strategies.maharaja.kit.auction_nb import random_bid_nb
from strategies.maharaja.kit.chips_nb import random_chip_nb
from strategies.maharaja.kit.route_nb import (
    NO_ROUTE,
    R_LEN,
    R_POS,
    ROUTE_SIZE,
    next_road_nb,
    route_cost_nb,
    route_costs_nb,
    set_route_nb,
)
from strategies.maharaja.kit.several_nb import random_give_nb, random_several_nb
from strategies.maharaja.kit.walk_nb import pass_start_nb
from strategies.registry import register

# scratch layout
_L = Layout("random scratch", SCRATCH_SIZE)
_CAND = _L.take("cand", 4)  # the chosen candidate block: kind, slot, argument, size
_ROUTE = _L.take("route", ROUTE_SIZE)  # this turn's route (kit.route_nb)
_ROOMS = _L.take("rooms", B.MAX_VILLAGES)  # villages with room this step
SCRATCH_USED = _L.done()
_HOUSE_VILLAGE = -10  # candidate block: a house in any village with room
_MOVE = -11  # candidate block: move one of the own houses
P = R.MAX_PLAYERS


@njit_static(cache=True)
def random_bank_character_nb(state, rules, rng):
    n = 0
    pick = -1
    for k in range(rules[R.N_CHARACTERS]):
        if state[S.CHAR_OWNER + k] == BANK:
            n += 1
            if randint_nb(rng, 0, n) == 0:
                pick = k
    return pick


@njit_static(cache=True)
def random_village_nb(state, board, rules, rng):
    cap = village_cap_nb(state, rules)
    n = 0
    pick = -1
    for v in range(board[B.N_VILLAGES]):
        if state[S.VIL_TOTAL + v] < cap:
            n += 1
            if randint_nb(rng, 0, n) == 0:
                pick = v
    return pick


@njit_static(cache=True)
def random_pick_nb(rng, out):
    """One of the 45 unordered pairs of the nine actions, uniformly (M-R3)."""
    i = randint_nb(rng, 0, N_ACTIONS * (N_ACTIONS + 1) // 2)
    a = 0
    while i >= N_ACTIONS - a:
        i -= N_ACTIONS - a
        a += 1
    out[0] = a
    out[1] = a + i


@njit_static(cache=True)
def choose_target_nb(state, board, rules, seat, rng, scratch):
    """At the start of a turn: a uniformly drawn city the architect can reach and
    still afford its pending palace in (any reachable city if no palace is pending)."""
    need = 0
    city_bound = False
    for s in range(2):
        a = state[S.T_ACTION + s]
        if a == A_PALACE or a == A_PALACE_HOUSE:
            need = palace_cost_nb(state, rules, seat)
            city_bound = True
        elif a == A_TWO_HOUSES:
            city_bound = True
    scratch[_ROUTE + R_LEN] = 0
    scratch[_ROUTE + R_POS] = 0
    if not city_bound:
        return
    budget = state[S.GOLD + seat] - need
    if budget < 0:
        budget = state[S.GOLD + seat]
    route_costs_nb(state, board, seat, budget, scratch, _ROUTE)
    target = -1
    n = 0
    for c in range(board[B.N_CITIES]):
        if route_cost_nb(scratch, _ROUTE, c) < NO_ROUTE:
            n += 1
            if randint_nb(rng, 0, n) == 0:
                target = c
    # the route, computed once: nothing the walk does changes fees or open roads
    set_route_nb(state, board, seat, target, scratch, _ROUTE)


@njit_static(cache=True)
def own_houses_nb(state, board, seat):
    """Houses of `seat` on the board (villages and cities)."""
    n = 0
    for v in range(board[B.N_VILLAGES]):
        n += state[S.VIL + v * P + seat]
    for c in range(board[B.N_CITIES]):
        n += state[S.CITY_HOUSES + c * P + seat]
    return n


@njit_static(cache=True)
def nth_own_house_nb(state, board, seat, i):
    """Location of the i-th own house (villages first, then cities), -1 if none."""
    for v in range(board[B.N_VILLAGES]):
        i -= state[S.VIL + v * P + seat]
        if i < 0:
            return v
    for c in range(board[B.N_CITIES]):
        i -= state[S.CITY_HOUSES + c * P + seat]
        if i < 0:
            return LOC_CITY0 + c
    return -1


@njit_static(cache=True)
def _offer_block_nb(scratch, n, size, kind, s, a, rng):
    """Reservoir sampling over blocks: a block of `size` equally likely candidates is
    kept with chance size / (candidates so far), so each candidate stays uniform."""
    if size <= 0:
        return n
    n += size
    if randint_nb(rng, 0, n) < size:
        scratch[_CAND] = kind
        scratch[_CAND + 1] = s
        scratch[_CAND + 2] = a
        scratch[_CAND + 3] = size
    return n


@njit_static(cache=True)
def random_step_nb(state, board, rules, seat, rng, scratch, out):
    """One operation of the turn: walk towards the drawn city, then any legal part."""
    if state[S.STEPS] == 0:
        choose_target_nb(state, board, rules, seat, rng, scratch)
    here = state[S.ARCH + seat]
    road = next_road_nb(scratch, _ROUTE)
    if road >= 0:
        out[0] = OP_ROAD
        out[1] = road
        return
    n_vil = board[B.N_VILLAGES]
    in_city = here < board[B.N_CITIES]
    city_loc = LOC_CITY0 + here
    # villages with room, once per step (the same for every house-building slot)
    cap = village_cap_nb(state, rules)
    rooms = scratch[_ROOMS : _ROOMS + n_vil]
    n_room = 0
    for v in range(n_vil):
        if state[S.VIL_TOTAL + v] < cap:
            rooms[n_room] = v
            n_room += 1
    n = 0
    builder = holds_nb(state, seat, BUILDER) and state[S.T_OTHER_LEFT + SLOT_BUILDER] > 0
    for s in range(4):
        if s == SLOT_BUILDER and not builder:
            continue
        a = state[S.T_ACTION + s] if s < 3 else A_MOVE_HOUSE
        if s == SLOT_BUILDER or state[S.T_HOUSES_LEFT + s] > 0:
            # a village is legal for this slot iff the first village with room is
            if n_room > 0 and house_error_nb(state, board, rules, seat, s, rooms[0]) == E_OK:
                n = _offer_block_nb(scratch, n, n_room, _HOUSE_VILLAGE, s, 0, rng)
            if in_city and house_error_nb(state, board, rules, seat, s, city_loc) == E_OK:
                n = _offer_block_nb(scratch, n, 1, OP_HOUSE, s, city_loc, rng)
        if s < 3 and state[S.T_PALACE_LEFT + s] > 0:
            for site in (SITE_INNER, SITE_OUTER):
                if palace_error_nb(state, board, rules, seat, s, site) == E_OK:
                    n = _offer_block_nb(scratch, n, 1, OP_PALACE, s, site, rng)
        if s == SLOT_BUILDER or (s < 3 and state[S.T_OTHER_LEFT + s] > 0):
            if a == A_GOLD:
                n = _offer_block_nb(scratch, n, 1, OP_GOLD, s, 0, rng)
            elif a == A_QUARRY:
                n = _offer_block_nb(scratch, n, 1, OP_QUARRY, s, 0, rng)
            elif a == A_GOVERNOR:
                for c in range(board[B.N_CITIES]):
                    if governor_target_nb(state, board, rules, c) >= 0:
                        n = _offer_block_nb(scratch, n, 1, OP_GOVERNOR, s, c, rng)
            elif a == A_CHARACTER:
                for k in range(rules[R.N_CHARACTERS]):
                    if character_error_nb(state, rules, seat, s, k) == E_OK:
                        n = _offer_block_nb(scratch, n, 1, OP_CHARACTER, s, k, rng)
            elif a == A_MOVE_HOUSE and other_slot_error_nb(state, seat, s, A_MOVE_HOUSE) == E_OK:
                # one candidate per own house; its destination is drawn below
                n = _offer_block_nb(scratch, n, own_houses_nb(state, board, seat), _MOVE, s, 0, rng)
    if n == 0:
        out[0] = OP_END
        return
    kind = scratch[_CAND]
    s = scratch[_CAND + 1]
    out[1] = s
    if kind == _HOUSE_VILLAGE:
        out[0] = OP_HOUSE
        out[2] = rooms[randint_nb(rng, 0, scratch[_CAND + 3])]
        return
    if kind == _MOVE:
        src = nth_own_house_nb(state, board, seat, randint_nb(rng, 0, scratch[_CAND + 3]))
        # destinations: any other village with room, or the architect's city
        src_has_room = 0
        for i in range(n_room):
            if rooms[i] == src:
                src_has_room = 1
        to_city = 1 if in_city and src != city_loc else 0
        n_dst = n_room - src_has_room + to_city
        if n_dst <= 0:
            out[0] = OP_END
            return
        j = randint_nb(rng, 0, n_dst)
        dst = city_loc
        for i in range(n_room):
            if rooms[i] != src:
                if j == 0:
                    dst = rooms[i]
                    break
                j -= 1
        out[0] = OP_MOVE_HOUSE
        out[2] = src
        out[3] = dst
        return
    out[0] = kind
    out[2] = scratch[_CAND + 2]


@register("random", "uniformly random among legal choices (a baseline, not a player)")
@njit_static(cache=True)  # lazy: compiled when a driver plays it
def random_decide_nb(kind, seat, state, board, rules, params, rng, scratch, out):
    if kind == DK_STEP:
        random_step_nb(state, board, rules, seat, rng, scratch, out)
        random_several_nb(state, rules, seat, rng, out)  # M-V4: what to give
        random_chip_nb(state, rules, seat, rng, out)  # M-A5y: a random extra action
        pass_start_nb(state, board, seat, scratch, _ROUTE, out)  # M-F3
        return 0
    if kind == DK_PICK:
        random_pick_nb(rng, out)
        return 0
    if kind == DK_CHARACTER or kind == DK_REPLACE:
        return random_bank_character_nb(state, rules, rng)
    if kind == DK_SETUP_HOUSE:
        return random_village_nb(state, board, rules, rng)
    if kind == DK_BID:
        return random_bid_nb(state, seat, rng)
    if kind == DK_GIVE:
        return random_give_nb(state, rules, seat, rng)
    return -1
