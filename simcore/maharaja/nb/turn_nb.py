"""One player's turn: slots, operations, the Builder, chips and forfeits (M-R4, M-A, M-F, M-K).

A turn is a sequence of operations (OP_*) that the player's strategy returns one
at a time; the engine checks each against the rules and applies it. Each disc
arrow is a slot whose action has parts (houses, a palace, or one other part);
parts left undone when the turn ends are forfeits (M-F2).
"""

from simcore.core.nb.nb_sig import I1, I2
from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.skeleton_nb import log_nb

from .. import data_layout as B
from .. import layout as S
from ..enums import (
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
    E_BAD_CHARACTER,
    E_BAD_DECISION,
    E_BAD_GOVERNOR,
    E_BAD_LOCATION,
    E_BAD_OP,
    E_BAD_SLOT,
    E_CHIP,
    E_NO_GOLD,
    E_NO_SUPPLY,
    E_OK,
    E_SLOT_DONE,
    E_TWO_VILLAGES,
    E_WRONG_ACTION,
    EV_CHARACTER,
    EV_CHIP_GAIN,
    EV_CHIP_USE,
    EV_ERROR,
    EV_FORFEIT,
    EV_GOLD,
    EV_GOVERNOR,
    EV_HOUSE,
    EV_MERCHANT,
    EV_MOVE_HOUSE,
    EV_PALACE,
    EV_QUARRY,
    EV_REPLACE,
    EV_TURN,
    LOC_CITY0,
    LURE,
    MERCHANT,
    N_ACTIONS,
    N_CHARACTERS_MAX,
    OP_CHIP,
    OP_GOLD,
    OP_GOVERNOR,
    OP_HOUSE,
    OP_MOVE_HOUSE,
    OP_PALACE,
    OP_QUARRY,
    OP_ROAD,
    OUT_OF_GAME,
    SLOT_BUILDER,
    SLOT_CHIP,
    SWAP_BANK,
    SWAP_EXCHANGE,
    SWAP_LURE,
    YOGI,
)
from ..rules import R
from .build_nb import (
    add_house_nb,
    house_target_error_nb,
    move_house_error_nb,
    palace_cost_nb,
    palace_site_error_nb,
    put_palace_nb,
)
from .characters_nb import characters_held_nb, holds_nb, lowest_character_nb
from .governor_nb import move_governor_nb
from .travel_nb import do_road_nb

N_PICK_SLOTS = 3  # the two arrows and the chip's extra action; the Builder is optional


@njit_static(f"none({I1}, int64, int64)", cache=True)
def set_slot_nb(state, s, action):
    """Parts an action asks for: houses, a palace, or one other part (M-A1..M-A9)."""
    state[S.T_ACTION + s] = action
    state[S.T_HOUSES_LEFT + s] = 0
    state[S.T_PALACE_LEFT + s] = 0
    state[S.T_OTHER_LEFT + s] = 0
    state[S.T_VILLAGE_HOUSES + s] = 0
    state[S.T_PARTIAL + s] = 0
    if action == A_HOUSE:
        state[S.T_HOUSES_LEFT + s] = 1
    elif action == A_TWO_HOUSES:
        state[S.T_HOUSES_LEFT + s] = 2
    elif action == A_PALACE:
        state[S.T_PALACE_LEFT + s] = 1
    elif action == A_PALACE_HOUSE:
        state[S.T_PALACE_LEFT + s] = 1
        state[S.T_HOUSES_LEFT + s] = 1
    elif action >= 0:
        state[S.T_OTHER_LEFT + s] = 1


@njit_static(cache=True)
def begin_turn_nb(state, rules, log, p):
    """Start p's turn: reveal the disc, Merchant income (M-K2), Yogi chip (M-A5y).

    Statistics: round 1's turn position, and one turn for each character p holds now."""
    state[S.ACTED + p] = 1
    state[S.TURN_PLAYER] = p
    state[S.STEPS] = 0
    state[S.ON_START] = 0
    if state[S.ROUND] == 1:
        state[S.ORDER1 + p] = state[S.TURN_INDEX]
    state[S.TURN_INDEX] += 1
    for k in range(N_CHARACTERS_MAX):
        if state[S.CHAR_OWNER + k] == p:
            state[S.TURNS + p * N_CHARACTERS_MAX + k] += 1
    set_slot_nb(state, 0, state[S.PICK0 + p])
    set_slot_nb(state, 1, state[S.PICK1 + p])
    set_slot_nb(state, SLOT_CHIP, -1)
    set_slot_nb(state, SLOT_BUILDER, -1)
    state[S.T_OTHER_LEFT + SLOT_BUILDER] = 1  # the Builder's free house, once per turn (M-K5)
    log_nb(
        state, log, p, EV_TURN, state[S.PICK0 + p], state[S.PICK1 + p],
        lowest_character_nb(state, p), 0,
    )  # fmt: skip
    if holds_nb(state, p, MERCHANT):
        state[S.GOLD + p] += rules[R.MERCHANT_INCOME]
        log_nb(state, log, p, EV_MERCHANT, rules[R.MERCHANT_INCOME], 0, 0, 0)
    if rules[R.V_YOGI] != 0 and holds_nb(state, p, YOGI) and state[S.CHIPS_BANK] > 0:
        state[S.CHIPS_BANK] -= 1
        state[S.CHIPS + p] += 1
        state[S.CHIPS_GAINED + p] += 1
        log_nb(state, log, p, EV_CHIP_GAIN, state[S.CHIPS + p], 0, 0, 0)


@njit_static(cache=True)
def house_slot_error_nb(state, p, s):
    """May slot s build a house now? (M-A2, M-A3, M-A7 or the Builder, M-K5)."""
    if s == SLOT_BUILDER:
        if not holds_nb(state, p, BUILDER):
            return E_WRONG_ACTION
        return E_OK if state[S.T_OTHER_LEFT + s] > 0 else E_SLOT_DONE
    if s < 0 or s > SLOT_CHIP or state[S.T_ACTION + s] < 0:
        return E_BAD_SLOT
    a = state[S.T_ACTION + s]
    if a != A_HOUSE and a != A_TWO_HOUSES and a != A_PALACE_HOUSE:
        return E_WRONG_ACTION
    return E_OK if state[S.T_HOUSES_LEFT + s] > 0 else E_SLOT_DONE


@njit_static(cache=True)
def other_slot_error_nb(state, p, s, action):
    """May slot s do the one-part action `action` now? The Builder may also move a house."""
    if s == SLOT_BUILDER:
        if action != A_MOVE_HOUSE or not holds_nb(state, p, BUILDER):
            return E_WRONG_ACTION
        return E_OK if state[S.T_OTHER_LEFT + s] > 0 else E_SLOT_DONE
    if s < 0 or s > SLOT_CHIP or state[S.T_ACTION + s] < 0:
        return E_BAD_SLOT
    if state[S.T_ACTION + s] != action:
        return E_WRONG_ACTION
    return E_OK if state[S.T_OTHER_LEFT + s] > 0 else E_SLOT_DONE


@njit_static(cache=True)
def house_error_nb(state, board, rules, p, s, loc):
    """Full check of OP_HOUSE: slot, supply, gold, target, and M-A3's city house."""
    err = house_slot_error_nb(state, p, s)
    if err != E_OK:
        return err
    if state[S.SUPPLY + p] <= 0:
        return E_NO_SUPPLY
    if s != SLOT_BUILDER and state[S.GOLD + p] < rules[R.HOUSE_COST]:
        return E_NO_GOLD
    err = house_target_error_nb(state, board, rules, p, loc)
    if err != E_OK:
        return err
    # M-A3: at least one of the two houses goes into a city
    if (
        s != SLOT_BUILDER
        and state[S.T_ACTION + s] == A_TWO_HOUSES
        and loc < LOC_CITY0
        and state[S.T_VILLAGE_HOUSES + s] > 0
    ):
        return E_TWO_VILLAGES
    return E_OK


@njit_static(cache=True)
def do_house_nb(state, board, rules, log, p, s, loc):
    """M-A2/M-A3/M-A7 house part, or the Builder's free house (M-K5), from the supply."""
    err = house_error_nb(state, board, rules, p, s, loc)
    if err != E_OK:
        return err
    cost = 0
    if s == SLOT_BUILDER:
        state[S.T_OTHER_LEFT + s] = 0
    else:
        cost = rules[R.HOUSE_COST]
        state[S.T_HOUSES_LEFT + s] -= 1
        if loc < LOC_CITY0:
            state[S.T_VILLAGE_HOUSES + s] += 1
    state[S.GOLD + p] -= cost
    state[S.SUPPLY + p] -= 1
    state[S.HOUSES_BUILT + p] += 1
    add_house_nb(state, p, loc, 1)
    log_nb(state, log, p, EV_HOUSE, loc, cost, s, 0)
    return E_OK


@njit_static(cache=True)
def move_error_nb(state, board, rules, p, s, src, dst):
    """Full check of OP_MOVE_HOUSE (M-A4 or the Builder's move, M-K5)."""
    err = other_slot_error_nb(state, p, s, A_MOVE_HOUSE)
    if err != E_OK:
        return err
    if src == dst:
        return E_BAD_LOCATION
    err = move_house_error_nb(state, board, p, src)
    if err != E_OK:
        return err
    return house_target_error_nb(state, board, rules, p, dst)


@njit_static(cache=True)
def do_move_house_nb(state, board, rules, log, p, s, src, dst):
    """M-A4: move an own house, free; an emptied village closes its road."""
    err = move_error_nb(state, board, rules, p, s, src, dst)
    if err != E_OK:
        return err
    state[S.T_OTHER_LEFT + s] = 0
    add_house_nb(state, p, src, -1)
    add_house_nb(state, p, dst, 1)
    log_nb(state, log, p, EV_MOVE_HOUSE, src, dst, s, 0)
    return E_OK


@njit_static(cache=True)
def palace_error_nb(state, board, rules, p, s, site):
    """Full check of OP_PALACE (M-A6, M-A7, M-K6)."""
    if s < 0 or s > SLOT_CHIP or state[S.T_ACTION + s] < 0:
        return E_BAD_SLOT
    a = state[S.T_ACTION + s]
    if a != A_PALACE and a != A_PALACE_HOUSE:
        return E_WRONG_ACTION
    if state[S.T_PALACE_LEFT + s] <= 0:
        return E_SLOT_DONE
    err = palace_site_error_nb(state, board, rules, p, site)
    if err != E_OK:
        return err
    if state[S.GOLD + p] < palace_cost_nb(state, rules, p):
        return E_NO_GOLD
    return E_OK


@njit_static(cache=True)
def do_palace_nb(state, board, rules, log, p, s, site):
    """M-A6/M-A7: a palace in the architect's city; the last one triggers the end (M-E1)."""
    err = palace_error_nb(state, board, rules, p, s, site)
    if err != E_OK:
        return err
    cost = palace_cost_nb(state, rules, p)
    c = state[S.ARCH + p]
    state[S.GOLD + p] -= cost
    state[S.T_PALACE_LEFT + s] = 0
    put_palace_nb(state, p, c, site)
    if state[S.PALACES + p] >= rules[R.PALACES]:
        state[S.LAST_PALACE] = 1
    log_nb(state, log, p, EV_PALACE, c, site, cost, 0)
    return E_OK


@njit_static(cache=True)
def do_quarry_nb(state, rules, log, p, s):
    """M-A5: up to two own houses from the bank into the supply; fewer counts as a
    part left undone ([choice] M-F2)."""
    err = other_slot_error_nb(state, p, s, A_QUARRY)
    if err != E_OK:
        return err
    take = rules[R.QUARRY_HOUSES]
    if state[S.QUARRY + p] < take:
        take = state[S.QUARRY + p]
        state[S.T_PARTIAL + s] = 1
    state[S.QUARRY + p] -= take
    state[S.SUPPLY + p] += take
    state[S.T_OTHER_LEFT + s] = 0
    log_nb(state, log, p, EV_QUARRY, take, 0, 0, 0)
    return E_OK


@njit_static(cache=True)
def do_gold_nb(state, rules, log, p, s):
    """M-A1: take gold from the bank."""
    err = other_slot_error_nb(state, p, s, A_GOLD)
    if err != E_OK:
        return err
    state[S.GOLD + p] += rules[R.GOLD_ACTION]
    state[S.T_OTHER_LEFT + s] = 0
    log_nb(state, log, p, EV_GOLD, rules[R.GOLD_ACTION], 0, 0, 0)
    return E_OK


@njit_static(cache=True)
def do_governor_nb(state, board, rules, log, p, s, c):
    """M-A8: move any governor down the track."""
    err = other_slot_error_nb(state, p, s, A_GOVERNOR)
    if err != E_OK:
        return err
    err = E_BAD_GOVERNOR if c < 0 or c >= board[B.N_CITIES] else E_OK
    if err != E_OK:
        return err
    before = state[S.GOV_POS + c]
    err = move_governor_nb(state, board, rules, c)
    if err != E_OK:
        return err
    state[S.T_OTHER_LEFT + s] = 0
    log_nb(state, log, p, EV_GOVERNOR, c, before, state[S.GOV_POS + c], 0)
    return E_OK


@njit_static(cache=True)
def bank_characters_nb(state, rules):
    """Characters in the bank now."""
    n = 0
    for k in range(rules[R.N_CHARACTERS]):
        if state[S.CHAR_OWNER + k] == BANK:
            n += 1
    return n


@njit_static(cache=True)
def character_error_nb(state, rules, p, s, k):
    """May p take character k with slot s? (M-A9: from the bank or another player)."""
    if s < 0 or s > 1 or state[S.T_ACTION + s] < 0:
        return E_BAD_SLOT  # never with a chip (M-A5y)
    if state[S.T_ACTION + s] != A_CHARACTER:
        return E_WRONG_ACTION
    if state[S.T_OTHER_LEFT + s] <= 0:
        return E_SLOT_DONE
    if k < 0 or k >= rules[R.N_CHARACTERS]:
        return E_BAD_CHARACTER
    owner = state[S.CHAR_OWNER + k]
    if owner == p or owner == OUT_OF_GAME:
        return E_BAD_CHARACTER
    # M-V4: only from the bank while it holds a character
    if rules[R.V_MULTI] != 0 and owner != BANK and bank_characters_nb(state, rules) > 0:
        return E_BAD_CHARACTER
    return E_OK


@njit_static(cache=True)
def give_error_nb(state, rules, p, k, give):
    """M-V4, bank empty: may p exchange k for its own `give`, or lure (give = LURE) from
    k's holder? Luring needs a holder with more characters than p. Any give is fine
    while the bank holds a character (nothing is given back then)."""
    if bank_characters_nb(state, rules) > 0:
        return E_OK
    q = state[S.CHAR_OWNER + k]
    if give == LURE:
        return (
            E_OK if characters_held_nb(state, q) > characters_held_nb(state, p) else E_BAD_CHARACTER
        )
    if give < 0 or give >= rules[R.N_CHARACTERS] or state[S.CHAR_OWNER + give] != p:
        return E_BAD_CHARACTER
    return E_OK


@njit_static(cache=True)
def take_several_nb(state, rules, log, p, s, k, give):
    """M-V4 Character action: a bank character without giving one back; with an empty
    bank an exchange (k for the own `give`) or a lure from k's holder (give = LURE).

    Returns -1 when done, the lured seat (who must now choose what to give, DK_GIVE),
    or -(100 + error) when not allowed."""
    err = character_error_nb(state, rules, p, s, k)
    if err == E_OK:
        err = give_error_nb(state, rules, p, k, give)
    if err != E_OK:
        return -(100 + err)
    owner = state[S.CHAR_OWNER + k]
    state[S.T_OTHER_LEFT + s] = 0
    state[S.SWAPS + p] += 1
    if owner == BANK:
        state[S.CHAR_OWNER + k] = p
        log_nb(state, log, p, EV_CHARACTER, k, BANK, -1, SWAP_BANK)
        return -1
    if give == LURE:
        return owner
    state[S.CHAR_OWNER + k] = p
    state[S.CHAR_OWNER + give] = owner
    log_nb(state, log, p, EV_CHARACTER, k, owner, give, SWAP_EXCHANGE)
    return -1


@njit_static(cache=True)
def give_lured_nb(state, rules, log, q, p, k):
    """M-V4 lure, second half: q gives p a character of q's choice. An illegal choice is
    an error and q's highest-numbered character goes instead ([choice])."""
    err = E_OK
    if k < 0 or k >= rules[R.N_CHARACTERS] or state[S.CHAR_OWNER + k] != q:
        err = E_BAD_DECISION
        k = -1
        for j in range(rules[R.N_CHARACTERS]):
            if state[S.CHAR_OWNER + j] == q:
                k = j
    if k >= 0:
        state[S.CHAR_OWNER + k] = p
        log_nb(state, log, p, EV_CHARACTER, k, q, -1, SWAP_LURE)
    return err


@njit_static(cache=True)
def first_bank_character_nb(state, n_chars):
    for k in range(n_chars):
        if state[S.CHAR_OWNER + k] == BANK:
            return k
    return -1


@njit_static(cache=True)
def take_character_nb(state, rules, log, p, s, k):
    """M-A9, first half: p takes k and returns its own card to the bank.

    Returns the robbed seat (who must now take a bank character), -1 if k came from
    the bank, or -(100 + error) when the swap is not allowed.
    """
    err = character_error_nb(state, rules, p, s, k)
    if err != E_OK:
        return -(100 + err)
    owner = state[S.CHAR_OWNER + k]
    mine = lowest_character_nb(state, p)
    if mine < N_CHARACTERS_MAX:
        state[S.CHAR_OWNER + mine] = BANK
    state[S.CHAR_OWNER + k] = p
    state[S.T_OTHER_LEFT + s] = 0
    state[S.SWAPS + p] += 1
    log_nb(state, log, p, EV_CHARACTER, k, owner, mine, 0)
    return owner


@njit_static(cache=True)
def give_replacement_nb(state, rules, log, q, k):
    """M-A9, second half: the robbed player q takes a character of their choice from the
    bank (it may be the one just returned). An illegal choice falls back to the lowest."""
    err = E_OK
    if k < 0 or k >= rules[R.N_CHARACTERS] or state[S.CHAR_OWNER + k] != BANK:
        err = E_BAD_DECISION
        k = first_bank_character_nb(state, rules[R.N_CHARACTERS])
    if k >= 0:
        state[S.CHAR_OWNER + k] = q
        log_nb(state, log, q, EV_REPLACE, k, 0, 0, 0)
    return err


@njit_static(cache=True)
def declare_chip_nb(state, rules, log, p, action):
    """M-A5y: spend a chip for one extra action (not Character), at most one per round."""
    if (
        rules[R.V_YOGI] == 0
        or state[S.CHIPS + p] <= 0
        or state[S.CHIP_ROUND + p] == state[S.ROUND]
        or state[S.T_ACTION + SLOT_CHIP] >= 0
        or action < 0
        or action >= N_ACTIONS
        or action == A_CHARACTER
    ):
        return E_CHIP
    state[S.CHIPS + p] -= 1
    state[S.CHIPS_BANK] += 1
    state[S.CHIP_ROUND + p] = state[S.ROUND]
    state[S.CHIPS_USED + p] += 1
    set_slot_nb(state, SLOT_CHIP, action)
    log_nb(state, log, p, EV_CHIP_USE, action, 0, 0, 0)
    return E_OK


@njit_static(cache=True, inline="always")
def apply_op_nb(state, board, rules, log, p, op):
    """Check and apply one operation of p's turn; returns an error code, E_OK if done.

    OP_CHARACTER is not handled here: it needs the robbed player's decision
    (see play_turn_nb), so it answers E_BAD_OP.
    """
    kind = op[0]
    if kind == OP_ROAD:
        return do_road_nb(state, board, log, p, op[1])
    if kind == OP_HOUSE:
        return do_house_nb(state, board, rules, log, p, op[1], op[2])
    if kind == OP_PALACE:
        return do_palace_nb(state, board, rules, log, p, op[1], op[2])
    if kind == OP_GOLD:
        return do_gold_nb(state, rules, log, p, op[1])
    if kind == OP_MOVE_HOUSE:
        return do_move_house_nb(state, board, rules, log, p, op[1], op[2], op[3])
    if kind == OP_QUARRY:
        return do_quarry_nb(state, rules, log, p, op[1])
    if kind == OP_GOVERNOR:
        return do_governor_nb(state, board, rules, log, p, op[1], op[2])
    if kind == OP_CHIP:
        return declare_chip_nb(state, rules, log, p, op[1])
    return E_BAD_OP


@njit_static(cache=True)
def finish_turn_nb(state, rules, log, p):
    """M-F2: every other player takes the penalty for each chosen action not fully done
    ([choice] forfeit_per_part: or for each undone part). Returns the forfeits counted.
    Actions fully done are counted per action type (statistics)."""
    count = 0
    for s in range(N_PICK_SLOTS):
        if state[S.T_ACTION + s] < 0:
            continue
        undone = (
            state[S.T_HOUSES_LEFT + s]
            + state[S.T_PALACE_LEFT + s]
            + state[S.T_OTHER_LEFT + s]
            + state[S.T_PARTIAL + s]
        )
        if undone > 0:
            count += undone if rules[R.FORFEIT_PER_PART] != 0 else 1
        else:
            state[S.ACTS + p * N_ACTIONS + state[S.T_ACTION + s]] += 1
    if count > 0:
        gold = count * rules[R.FORFEIT_PENALTY]
        for q in range(state[S.N_PLAYERS]):
            if q != p:
                state[S.GOLD + q] += gold
        state[S.FORFEITS + p] += count
        log_nb(state, log, p, EV_FORFEIT, count, gold, 0, 0)
    state[S.TURN_PLAYER] = -1
    return count


@njit_static(f"none({I1}, {I2}, int64, int64, int64)", cache=True)
def record_error_nb(state, log, p, err, op):
    """Strategy asked for something illegal: keep the first code, count, log (no exceptions)."""
    if state[S.FIRST_ERROR] == E_OK:
        state[S.FIRST_ERROR] = err
    state[S.N_ERRORS] += 1
    log_nb(state, log, p, EV_ERROR, err, op, 0, 0)
