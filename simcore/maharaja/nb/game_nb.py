"""The game as a resumable state machine: setup, rounds, end (M-S, M-R, M-E).

`advance_nb` runs the automatic parts of the rules until a player must decide
and returns that decision kind (the seat is in S.ASK_SEAT); `answer_nb` checks
and applies the answer. The loop that asks strategies lives outside the engine
(simcore/core/nb/driver.py), so this module never imports strategies, numba caches
it as it is, and a lookahead can run a copied state with any policy.
"""

from simcore.core.contract.engine_api import ENGINE_API
from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import randint_nb, stream_seed_nb
from simcore.core.nb.skeleton_nb import (
    ask_nb,
    copy_records_nb,
    game_over_nb,
    log_nb,
    seed_streams_nb,
    shuffle_nb,
    start_header_nb,
)
from simcore.core.nb.skeleton_nb import asked_seat_nb as asked_seat_nb  # the engine's export

from .. import data_layout as B
from .. import layout as S
from ..enums import (
    BANK,
    DK_BID,
    DK_CHARACTER,
    DK_GIVE,
    DK_PICK,
    DK_REPLACE,
    DK_SETUP_HOUSE,
    DK_STEP,
    E_BAD_DECISION,
    E_OK,
    E_STOP_ON_START,
    E_TOO_MANY_STEPS,
    END_CAP,
    END_FIELD10,
    END_PALACES,
    END_ROUND_LIMIT,
    EV_CHOOSE,
    EV_END,
    EV_GOV_PLACED,
    EV_GOVERNORS,
    EV_MAHARAJA,
    EV_ROUND,
    EV_SETUP_HOUSE,
    N_ACTIONS,
    N_CHARACTERS_MAX,
    N_DECISION_KINDS,
    OP_CHARACTER,
    OP_END,
    OP_ROAD,
    OUT_OF_GAME,
)
from ..records import REC, RECORDS
from ..rules import R
from .auction_nb import AUC_NEW, AUC_OVER, answer_bid_nb, auction_winner_nb, start_auction_nb
from .build_nb import add_house_nb, village_cap_nb
from .characters_nb import lowest_character_nb, next_to_act_nb
from .governor_nb import end_field_reached_nb, move_maharaja_nb
from .scoring_nb import rank_players_nb, score_city_nb
from .travel_nb import leave_start_nb
from .turn_nb import (
    apply_op_nb,
    begin_turn_nb,
    finish_turn_nb,
    give_lured_nb,
    give_replacement_nb,
    record_error_nb,
    take_character_nb,
    take_several_nb,
)

P = R.MAX_PLAYERS
OUT_SIZE = 8  # entries of the `out` buffer a strategy writes its answer into
SCRATCH_SIZE = 512  # per-seat int64 memory a strategy may use across calls in a game
MAX_STEPS = 256  # operations per turn before the engine stops a looping strategy
WORK_SIZE = 4 * P
RNG_STREAMS = 1 + P  # stream 0 = the game's chance, 1 + seat = that seat's strategy
DEAL_STREAM = 64  # (seed, game, 64): the random deal's own stream, apart from all others
MAX_SEATS = P

PH_CHOOSE = 0
PH_SETUP_HOUSE = 1
PH_ROUND = 2
PH_PICK = 3
PH_NEXT_TURN = 4
PH_STEP = 5
PH_REPLACE = 6
PH_END_TURN = 7
PH_SCORE = 8
PH_DONE = 9
PH_AUCTION = 10  # M-V3: bids and the winners' choices (nb/auction_nb.py)
PH_GIVE = 11  # M-V4: the lured player (S.CURSOR) chooses the character to give
DONE = -1


@njit_static(cache=True)
def init_state_nb(state, board, rules, n_players):
    """M-S1/M-S5 stock: gold, architects on S, houses in hand, the rest in the bank."""
    start_header_nb(state, n_players)
    state[S.MAHARAJA] = -1
    state[S.TURN_PLAYER] = -1
    for p in range(P):
        state[S.RANK + p] = -1
        state[S.CHOICE_ORDER + p] = -1
        state[S.ARCH + p] = -1
        state[S.PICK0 + p] = -1
        state[S.PICK1 + p] = -1
    for p in range(n_players):
        state[S.GOLD + p] = rules[R.START_GOLD]
        state[S.ARCH + p] = board[B.START]
        state[S.SUPPLY + p] = rules[R.START_HOUSES]
        state[S.QUARRY + p] = rules[R.HOUSES_PER_COLOUR] - rules[R.START_HOUSES]
    for k in range(N_CHARACTERS_MAX):
        state[S.CHAR_OWNER + k] = BANK if k < rules[R.N_CHARACTERS] else OUT_OF_GAME
    for c in range(board[B.N_CITIES]):
        state[S.INNER + c] = -1
        if rules[R.V_NEUTRAL] != 0 and n_players < P:
            # M-V2: one neutral outer palace per unused colour
            state[S.OUTER_NEUTRAL + c] = P - n_players
            state[S.OUTER_USED + c] = P - n_players
    if rules[R.V_YOGI] != 0:
        state[S.CHIPS_BANK] = rules[R.CHIPS_TOTAL]


@njit_static(cache=True)
def shuffle_governors_nb(state, board, log, rng):
    """M-S2: the governors go onto the track in random order (game stream 0)."""
    n = board[B.N_CITIES]
    shuffle_nb(state, S.GOV_POS, n, rng)
    for c in range(n):
        log_nb(state, log, -1, EV_GOVERNORS, c, state[S.GOV_POS + c], 0, 0)


@njit_static(cache=True)
def deal_characters_nb(state, rules, log, seed, game, rng):
    """[choice] deal (M-S3): each seat gets one character without a choice by its strategy.

    `random` deals distinct characters in play uniformly (seat 0 draws first, from the
    bank, then seat 1 ...) from the stream (seed, game, DEAL_STREAM); stream 0 is lent
    for the draws and given back untouched, so no other stream sees the deal.
    `fixed` gives seat p the character R.DEAL_CHAR + p.
    """
    n = state[S.N_PLAYERS]
    saved = rng[0]
    rng[0] = stream_seed_nb(seed, game, DEAL_STREAM)
    for p in range(n):
        if rules[R.DEAL] == R.DEAL_FIXED:
            k = rules[R.DEAL_CHAR + p]
        else:
            left = rules[R.N_CHARACTERS] - p  # characters still in the bank
            r = randint_nb(rng, 0, left)
            k = -1
            for j in range(rules[R.N_CHARACTERS]):
                if state[S.CHAR_OWNER + j] == BANK:
                    if r == 0:
                        k = j
                        break
                    r -= 1
        state[S.CHAR_OWNER + k] = p
        log_nb(state, log, p, EV_CHOOSE, k, 0, 1, 0)
    rng[0] = saved


@njit_static(cache=True)
def start_game_nb(state, board, rules, log, n_players, seed, game, rng):
    """Seed the streams of game `game`, lay out the stock and shuffle the governors.

    Every random draw of the game and of its strategies comes from (seed, game)
    streams, so the outcome never depends on which worker plays the game.
    """
    seed_streams_nb(rng, seed, game)
    init_state_nb(state, board, rules, n_players)
    shuffle_governors_nb(state, board, log, rng)
    first = rules[R.FIRST_CHOOSER]
    if first < 0 or first >= n_players:
        first = randint_nb(rng, 0, n_players)  # [choice] first_chooser = -1: a random seat
    state[S.FIRST_CHOOSER] = first
    state[S.PHASE] = PH_AUCTION if rules[R.V_AUCTION] != 0 else PH_CHOOSE
    state[S.AUC_TURN] = AUC_NEW
    state[S.CURSOR] = 0
    if rules[R.DEAL] != R.DEAL_CHOOSE:  # rules.py refuses a deal together with the auction
        deal_characters_nb(state, rules, log, seed, game, rng)
        state[S.PHASE] = PH_SETUP_HOUSE


@njit_static(cache=True)
def seat_by_character_nb(state, i):
    """The i-th seat in ascending order of lowest character (setup order, M-S4)."""
    n = state[S.N_PLAYERS]
    for p in range(n):
        k = lowest_character_nb(state, p)
        before = 0
        for q in range(n):
            if lowest_character_nb(state, q) < k:
                before += 1
        if before == i:
            return p
    return -1


@njit_static(cache=True)
def village_with_room_nb(state, board, rules):
    cap = village_cap_nb(state, rules)
    for v in range(board[B.N_VILLAGES]):
        if state[S.VIL_TOTAL + v] < cap:
            return True
    return False


@njit_static(cache=True)
def finish_setup_nb(state, rules):
    """M-S5: each player takes the setup supply from the bank; record the start."""
    n = state[S.N_PLAYERS]
    for p in range(n):
        state[S.SUPPLY + p] += rules[R.SETUP_SUPPLY]
        state[S.QUARRY + p] -= rules[R.SETUP_SUPPLY]
    for i in range(n):
        p = seat_by_character_nb(state, i)
        state[S.START_CHAR + p] = lowest_character_nb(state, p)
        state[S.ORDER1 + p] = i


@njit_static(cache=True)
def start_round_nb(state, board, log):
    """M-R1/M-R2: the Maharaja moves, its governor goes to the top; picks are reset."""
    state[S.ROUND] += 1
    state[S.TURN_INDEX] = 0
    log_nb(state, log, -1, EV_ROUND, state[S.ROUND], 0, 0, 0)
    c = move_maharaja_nb(state, board)
    log_nb(state, log, -1, EV_MAHARAJA, c, 0, 0, 0)
    log_nb(state, log, -1, EV_GOV_PLACED, c, state[S.GOV_PLACED], 0, 0)
    for p in range(state[S.N_PLAYERS]):
        state[S.ACTED + p] = 0
        state[S.PICK0 + p] = -1
        state[S.PICK1 + p] = -1


@njit_static(cache=True)
def end_round_nb(state, board, rules, log, work):
    """M-R5 scoring, then M-R6 end check (M-E1, M-V1, [choice] round cap). True if over."""
    score_city_nb(state, board, rules, log, state[S.MAHARAJA], work)
    if state[S.LAST_PALACE] != 0:
        state[S.END_REASON] = END_PALACES
    elif end_field_reached_nb(state, board, rules):
        state[S.END_REASON] = END_FIELD10
    elif rules[R.ROUND_LIMIT] > 0 and state[S.ROUND] >= rules[R.ROUND_LIMIT]:
        state[S.END_REASON] = END_ROUND_LIMIT
    elif state[S.ROUND] >= rules[R.ROUND_CAP]:
        state[S.END_REASON] = END_CAP
    return state[S.END_REASON] != 0


@njit_static(cache=True)
def end_game_nb(state, log):
    log_nb(state, log, -1, EV_END, state[S.END_REASON], state[S.ROUND], 0, 0)
    rank_players_nb(state, log)
    game_over_nb(state, PH_DONE)


@njit_static(cache=True, inline="always")
def advance_nb(state, board, rules, log, work):
    """Run the rules up to the next decision; return its kind (seat in S.ASK_SEAT), or DONE."""
    n = state[S.N_PLAYERS]
    while True:
        ph = state[S.PHASE]
        if ph == PH_CHOOSE:  # M-S3: from the first chooser clockwise
            i = state[S.CURSOR]
            if i < n:
                return ask_nb(state, DK_CHARACTER, (state[S.FIRST_CHOOSER] + i) % n)
            state[S.PHASE] = PH_SETUP_HOUSE
            state[S.CURSOR] = 0
        elif ph == PH_AUCTION:  # M-V3: auctions until everyone holds a character
            t = state[S.AUC_TURN]
            if t == AUC_OVER:
                return ask_nb(state, DK_CHARACTER, auction_winner_nb(state))
            if t >= 0:
                return ask_nb(state, DK_BID, t)
            if start_auction_nb(state) == 0:
                state[S.PHASE] = PH_SETUP_HOUSE
                state[S.CURSOR] = 0
        elif ph == PH_SETUP_HOUSE:  # M-S4: passes in ascending character order
            i = state[S.CURSOR]
            if i < rules[R.START_HOUSES] * n and village_with_room_nb(state, board, rules):
                return ask_nb(state, DK_SETUP_HOUSE, seat_by_character_nb(state, i % n))
            finish_setup_nb(state, rules)
            state[S.PHASE] = PH_ROUND
        elif ph == PH_ROUND:
            start_round_nb(state, board, log)
            state[S.PHASE] = PH_PICK
            state[S.CURSOR] = 0
        elif ph == PH_PICK:  # M-R3: picks stay secret until each player's turn begins
            i = state[S.CURSOR]
            if i < n:
                return ask_nb(state, DK_PICK, i)
            state[S.PHASE] = PH_NEXT_TURN
        elif ph == PH_NEXT_TURN:  # M-R4: lowest character among those still waiting
            p = next_to_act_nb(state)
            if p < 0:
                state[S.PHASE] = PH_SCORE
            else:
                begin_turn_nb(state, rules, log, p)
                state[S.PHASE] = PH_STEP
        elif ph == PH_STEP:
            return ask_nb(state, DK_STEP, state[S.TURN_PLAYER])
        elif ph == PH_REPLACE:
            return ask_nb(state, DK_REPLACE, state[S.CURSOR])
        elif ph == PH_GIVE:
            return ask_nb(state, DK_GIVE, state[S.CURSOR])
        elif ph == PH_END_TURN:
            leave_start_nb(state, board, log, state[S.TURN_PLAYER])  # M-F3
            finish_turn_nb(state, rules, log, state[S.TURN_PLAYER])
            state[S.PHASE] = PH_NEXT_TURN
        elif ph == PH_SCORE:
            if end_round_nb(state, board, rules, log, work):
                end_game_nb(state, log)
                return DONE
            state[S.PHASE] = PH_ROUND
        else:
            return DONE


@njit_static(cache=True)
def _first_bank_character_nb(state, rules, k):
    """k if it is a bank character, else the lowest bank character (fallback answer)."""
    if 0 <= k < rules[R.N_CHARACTERS] and state[S.CHAR_OWNER + k] == BANK:
        return k
    for j in range(rules[R.N_CHARACTERS]):
        if state[S.CHAR_OWNER + j] == BANK:
            return j
    return -1


@njit_static(cache=True, inline="always")
def answer_nb(state, board, rules, log, out, ret):
    """Check and apply the pending decision: `ret` is the strategy's return value and
    `out` its output buffer. Illegal answers are recorded (never raised) and replaced
    by a legal fallback, or end the turn."""
    kind = state[S.ASK_KIND]
    seat = state[S.ASK_SEAT]
    state[S.ASK_KIND] = -1
    if 0 <= kind < N_DECISION_KINDS and 0 <= seat:
        state[S.DKS + seat * N_DECISION_KINDS + kind] += 1  # dk_* columns
    if kind == DK_STEP:
        op = out[0]
        if state[S.ON_START] != 0 and op != OP_ROAD:  # M-F3: S is only passed through
            record_error_nb(state, log, seat, E_STOP_ON_START, op)
            state[S.PHASE] = PH_END_TURN
            return
        if op == OP_END:
            state[S.PHASE] = PH_END_TURN
            return
        state[S.STEPS] += 1
        if state[S.STEPS] > MAX_STEPS:
            record_error_nb(state, log, seat, E_TOO_MANY_STEPS, op)
            state[S.PHASE] = PH_END_TURN
            return
        if op == OP_CHARACTER:
            if rules[R.V_MULTI] != 0:
                robbed = take_several_nb(state, rules, log, seat, out[1], out[2], out[3])
            else:
                robbed = take_character_nb(state, rules, log, seat, out[1], out[2])
            if robbed <= -100:
                record_error_nb(state, log, seat, -(robbed + 100), op)
                state[S.PHASE] = PH_END_TURN
            elif robbed >= 0:
                state[S.CURSOR] = robbed
                state[S.PHASE] = PH_GIVE if rules[R.V_MULTI] != 0 else PH_REPLACE
            return
        err = apply_op_nb(state, board, rules, log, seat, out)
        if err != E_OK:
            record_error_nb(state, log, seat, err, op)
            state[S.PHASE] = PH_END_TURN
    elif kind == DK_PICK:
        a0 = out[0]
        a1 = out[1]
        if a0 < 0 or a0 >= N_ACTIONS or a1 < 0 or a1 >= N_ACTIONS:
            record_error_nb(state, log, seat, E_BAD_DECISION, DK_PICK)
            a0 = 0
            a1 = 0
        state[S.PICK0 + seat] = a0
        state[S.PICK1 + seat] = a1
        state[S.CURSOR] += 1
    elif kind == DK_REPLACE:
        err = give_replacement_nb(state, rules, log, seat, ret)
        if err != E_OK:
            record_error_nb(state, log, seat, err, DK_REPLACE)
        state[S.PHASE] = PH_STEP
    elif kind == DK_GIVE:
        err = give_lured_nb(state, rules, log, seat, state[S.TURN_PLAYER], ret)
        if err != E_OK:
            record_error_nb(state, log, seat, err, DK_GIVE)
        state[S.PHASE] = PH_STEP
    elif kind == DK_BID:
        err = answer_bid_nb(state, log, seat, ret)
        if err != E_OK:
            record_error_nb(state, log, seat, err, DK_BID)
    elif kind == DK_CHARACTER:
        k = _first_bank_character_nb(state, rules, ret)
        if k != ret:
            record_error_nb(state, log, seat, E_BAD_DECISION, DK_CHARACTER)
        price = 0
        if state[S.PHASE] == PH_AUCTION:  # M-V3: the winner pays the bank
            price = state[S.AUC_BID]
            state[S.GOLD + seat] -= price
            state[S.BID_PAID + seat] += price
            state[S.AUC_TURN] = AUC_NEW
        if k >= 0:
            state[S.CHAR_OWNER + k] = seat
            log_nb(state, log, seat, EV_CHOOSE, k, price, 0, 0)
        state[S.CHOICE_ORDER + seat] = state[S.CURSOR]
        state[S.CURSOR] += 1
    elif kind == DK_SETUP_HOUSE:
        v = ret
        cap = village_cap_nb(state, rules)
        if v < 0 or v >= board[B.N_VILLAGES] or state[S.VIL_TOTAL + v] >= cap:
            record_error_nb(state, log, seat, E_BAD_DECISION, DK_SETUP_HOUSE)
            for w in range(board[B.N_VILLAGES]):
                if state[S.VIL_TOTAL + w] < cap:
                    v = w
                    break
        add_house_nb(state, seat, v, 1)
        state[S.SUPPLY + seat] -= 1
        log_nb(state, log, seat, EV_SETUP_HOUSE, v, 0, 0, 0)
        state[S.CURSOR] += 1
    else:
        record_error_nb(state, log, seat, E_BAD_DECISION, kind)


@njit_static(cache=True)
def write_records_nb(state, sids, rec):
    """Per-seat result rows of a finished game: the columns records.py takes from the
    state by its plan, then the computed ones."""
    copy_records_nb(state, sids, rec, RECORD_PLAN)
    for p in range(state[S.N_PLAYERS]):
        held = 0
        for k in range(N_CHARACTERS_MAX):
            if state[S.CHAR_OWNER + k] == p:
                held |= 1 << k
        rec[p, REC.END_CHAR] = lowest_character_nb(state, p)
        rec[p, REC.CHARS_HELD] = held


# The sizes the driver protocol reads under these names (the exports: core/engine_api.py).
STATE_SIZE = S.STATE_SIZE
N_REC = REC.N_REC
RECORD_PLAN = RECORDS.plan  # a global array: numba freezes it as a constant

__all__ = ENGINE_API
