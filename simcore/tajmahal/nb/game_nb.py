"""The game as a resumable state machine (T-S, T-R, T-A, T-P, T-E), driver protocol.

`advance_nb` runs the automatic parts of the rules (set-up of a visit, prize awards,
scoring, the special-card exchange, the end) until a seat must decide and returns that
decision kind (T-D1 turn, T-D2 crowned palace / palace, T-D3 display pick);
`answer_nb` checks and applies the answer. An illegal answer is counted (N_ERRORS) and
replaced by a legal one (withdraw, the first legal city, the first display card), never
raised. `legal_answers_nb` lists the legal answers of the pending decision.
"""

import numpy as np

from simcore.core.contract.engine_api import ENGINE_API
from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.skeleton_nb import (
    ask_nb,
    copy_records_nb,
    game_over_nb,
    log_nb,
    record_error_nb,
    seed_streams_nb,
    start_header_nb,
)
from simcore.core.nb.skeleton_nb import asked_seat_nb as asked_seat_nb  # the engine's export

from .. import data_layout as D
from .. import layout as S
from ..enums import (
    ACT_IMMEDIATE,
    ACT_PICK,
    ACT_TILE,
    ACT_WITHDRAW,
    B_TAJ,
    DK_CROWN,
    DK_PALACE,
    DK_PICK,
    DK_TURN,
    DRAW_IMMEDIATE,
    E_BAD_CITY,
    E_BAD_PICK,
    E_BAD_PLAY,
    ELEPHANT,
    END_CAP,
    END_VISITS,
    EV_DISPLAY,
    EV_END,
    EV_ERROR,
    EV_EXCHANGE,
    EV_PICK,
    EV_VISIT,
    EV_WITHDRAW,
    MOGUL,
    N_ACTS,
    N_INFLUENCE,
    N_SYMBOLS,
    WITHDRAW,
)
from ..records import REC, RECORDS
from ..rules import R
from .cards_nb import (
    deal_display_nb,
    discard_played_nb,
    draw_nb,
    draw_to_hand_nb,
    hand_full_nb,
    rand_nb,
    shuffle_pile_nb,
    take_display_nb,
)
from .contest_nb import apply_play_nb, has_play_nb, legal_plays_nb, play_ok_nb, prizes_won_nb
from .palace_nb import any_city_nb, city_ok_nb, legal_cities_nb, place_palace_nb
from .scoring_nb import rank_nb, score_bonus_nb, score_hands_nb, score_palaces_nb, score_tile_nb

MAX_SEATS = S.MAX_SEATS
STATE_SIZE = S.STATE_SIZE
N_REC = REC.N_REC
RECORD_PLAN = RECORDS.plan  # a global array: numba freezes it as a constant
OUT_SIZE = 1  # answers are decide_nb's return value; `out`: one entry of scratch memory
SCRATCH_SIZE = 512  # per-seat int64 memory a strategy may keep (belief over 5 hands)
WORK_SIZE = 1
RNG_STREAMS = 1 + MAX_SEATS  # stream 0 seeds the engine's own (state RNG), 1 + seat
MAX_OPTIONS = 1 + D.MAX_KINDS * D.MAX_KINDS  # legal_answers_nb bound (T-D1)

PH_TURN = 0  # T-R1: the player on turn plays or withdraws (T-D1)
PH_PLACE = 1  # T-A3, T-A4: palaces of the withdrawing seat (T-D2)
PH_SCORE = 2  # T-P, T-A7 discard and bonus draw
PH_PICK = 3  # T-A7: display picks (T-D3)
PH_VISIT_END = 4  # T-R4 exchange, T-R5 next visit, T-E1 end
PH_DONE = 5
DONE = -1


@njit_static(cache=True)
def init_state_nb(state, data, rules, n_players):
    """Empty table: no tiles, palaces or cards anywhere yet; every score 0 (T-S5)."""
    start_header_nb(state, n_players)
    state[S.N_KINDS] = data[D.N_KINDS]
    state[S.CROWN_CITY] = -1
    for i in range(D.MAX_PROV):
        state[S.TILE_OWNER + i] = S.T_OPEN
    for c in range(D.MAX_CITIES):
        state[S.BONUS_AT + c] = -1
        state[S.CITY_NORMAL + c] = -1
        state[S.CITY_CROWNED + c] = -1
    for i in range(D.N_SPECIAL):
        state[S.SPECIAL_HOLDER + i] = -1  # T-S3: beside the board
    for i in range(S.MAX_DISPLAY):
        state[S.DISPLAY + i] = -1
    for p in range(S.MAX_SEATS):
        state[S.COLOUR + p] = -1
        state[S.RANK + p] = -1
    size = rules[R.DISPLAY_SIZE]
    state[S.DISPLAY_SIZE] = size if size > 0 else 2 * n_players - 1  # T-S4


@njit_static(cache=True)
def setup_tiles_nb(state, data):
    """T-S1: the last tile on the Agra province, the others shuffled over the rest.
    T-S2: the Taj Mahal tile on its city, the square bonus tiles shuffled over the other
    fortified cities."""
    n_prov = data[D.N_PROV]
    agra = data[D.AGRA_PROV]
    # tiles 1..n-1 in order over the other provinces, then Fisher-Yates over those slots
    t = 1
    for p in range(n_prov):
        if p != agra:
            state[S.PROV_TILE + p] = t
            t += 1
    state[S.PROV_TILE + agra] = n_prov
    for i in range(n_prov - 2, 0, -1):
        j = rand_nb(state, i + 1)
        pi = _nth_other_nb(agra, i)
        pj = _nth_other_nb(agra, j)
        a = state[S.PROV_TILE + pi]
        state[S.PROV_TILE + pi] = state[S.PROV_TILE + pj]
        state[S.PROV_TILE + pj] = a
    for p in range(n_prov):
        state[S.TILE_PROV + state[S.PROV_TILE + p] - 1] = p
    taj = data[D.TAJ_CITY]
    state[S.BONUS_AT + taj] = B_TAJ
    kind = 0
    left = data[D.BONUS_POOL]
    m = 0  # square tiles laid in city order
    for c in range(data[D.N_CITIES]):
        if data[D.CITY_FORT + c] == 0 or c == taj:
            continue
        while left == 0 and kind < B_TAJ - 1:
            kind += 1
            left = data[D.BONUS_POOL + kind]
        state[S.BONUS_AT + c] = kind
        left -= 1
        m += 1
    for i in range(m - 1, 0, -1):
        j = rand_nb(state, i + 1)
        ci = _nth_square_nb(data, i)
        cj = _nth_square_nb(data, j)
        a = state[S.BONUS_AT + ci]
        state[S.BONUS_AT + ci] = state[S.BONUS_AT + cj]
        state[S.BONUS_AT + cj] = a


@njit_static(cache=True)
def _nth_other_nb(agra, i):
    return i if i < agra else i + 1


@njit_static(cache=True)
def _nth_square_nb(data, i):
    """The i-th fortified city other than the Taj Mahal city, in city order."""
    taj = data[D.TAJ_CITY]
    for c in range(data[D.N_CITIES]):
        if data[D.CITY_FORT + c] != 0 and c != taj:
            if i == 0:
                return c
            i -= 1
    return -1


@njit_static(cache=True)
def begin_visit_nb(state, data, rules, log, visit, start):
    """T-R5 (and T-S6 for visit 1): the province with tile `visit`, its tile and one
    influence tile of each type and the crown in the court, a new display, every seat in."""
    n = state[S.N_PLAYERS]
    state[S.VISIT] = visit
    state[S.START_SEAT] = start
    state[S.CUR_TILE] = visit
    state[S.CUR_PROV] = state[S.TILE_PROV + visit - 1]
    state[S.COURT] = (1 << N_SYMBOLS) - 1
    if rules[R.CROWN] == 0:  # what-if: no crown in the court (T-A4)
        state[S.COURT] &= ~(1 << MOGUL)
    state[S.PLAYS] = 0
    state[S.CROWN_CITY] = -1
    state[S.N_ACTIVE] = n
    for p in range(n):
        state[S.ACTIVE + p] = 1
        state[S.COLOUR + p] = -1
        state[S.SEAT_PLAYS + p] = 0
        for s in range(N_SYMBOLS):
            state[S.SYM + p * N_SYMBOLS + s] = 0
    log_nb(state, log, -1, EV_VISIT, state[S.CUR_PROV], visit, start, 0)
    deal_display_nb(state, data, rules, log)
    for i in range(S.MAX_DISPLAY):
        if state[S.DISPLAY + i] >= 0:
            log_nb(state, log, -1, EV_DISPLAY, i, state[S.DISPLAY + i], 0, 0)
    state[S.PLAYER] = start
    state[S.PHASE] = PH_TURN


@njit_static(cache=True)
def start_game_nb(state, data, rules, log, n_players, seed, game, rng):
    """Seed the streams of game `game`, set up (T-S1..T-S6) and open visit 1. Results
    depend only on (seed, game)."""
    seed_streams_nb(rng, seed, game)
    init_state_nb(state, data, rules, n_players)
    state[S.RNG] = np.int64(rng[0])
    setup_tiles_nb(state, data)
    n = 0  # T-S4: the 96 normal cards shuffled
    for k in range(data[D.N_KINDS]):
        for _ in range(data[D.KIND_COUNT + k]):
            state[S.PILE + n] = k
            n += 1
    state[S.PILE_N] = n
    shuffle_pile_nb(state)
    for p in range(n_players):  # T-S4: the deal (hidden, T-I1)
        for _ in range(rules[R.HAND_SIZE]):
            k = draw_nb(state, data, rules, log)
            if k >= 0:
                state[S.HAND + p * D.MAX_KINDS + k] += 1
                state[S.HAND_N + p] += 1
    start = rand_nb(state, n_players)  # T-S6: a random start player
    state[S.FIRST_START] = start
    begin_visit_nb(state, data, rules, log, 1, start)


@njit_static(cache=True)
def next_active_nb(state, seat):
    """T-R1 clockwise: the next seat still in the visit after `seat` (itself if alone)."""
    n = state[S.N_PLAYERS]
    for i in range(1, n + 1):
        q = (seat + i) % n
        if state[S.ACTIVE + q] != 0:
            return q
    return -1


@njit_static(cache=True)
def withdraw_nb(state, data, rules, log, seat):
    """T-A2..T-A6: the seat leaves the visit and takes every prize it wins; palaces follow
    (PH_PLACE), then scoring (PH_SCORE) and the display picks (PH_PICK)."""
    won = prizes_won_nb(state, rules, seat)
    state[S.ACTIVE + seat] = 0
    state[S.N_ACTIVE] -= 1
    state[S.COURT] &= ~won
    state[S.W_SEAT] = seat
    state[S.W_PENDING] = won & (((1 << N_INFLUENCE) - 1) | (1 << MOGUL))
    state[S.W_PLACED] = 0
    state[S.W_CROWNED] = 0
    state[S.W_N_BONUS] = 0
    state[S.W_TILE] = (won >> ELEPHANT) & 1
    state[S.W_IMMEDIATE] = 1 if state[S.SEAT_PLAYS + seat] == 0 else 0
    state[S.W_LAST] = 1 if state[S.N_ACTIVE] == 0 else 0
    for s in range(N_SYMBOLS):
        if (won >> s) & 1:
            state[S.PRIZES + seat * N_SYMBOLS + s] += 1
            if s < N_INFLUENCE:  # T-A3: the influence tile, face up
                state[S.OVALS + seat * N_INFLUENCE + s] += 1
    state[S.ACTS + seat * N_ACTS + ACT_WITHDRAW] += 1
    if state[S.W_TILE] != 0:  # T-A5
        state[S.TILE_OWNER + state[S.CUR_TILE] - 1] = seat
        state[S.ACTS + seat * N_ACTS + ACT_TILE] += 1
    if state[S.W_IMMEDIATE] != 0:
        state[S.IMMEDIATE + seat] += 1
        state[S.ACTS + seat * N_ACTS + ACT_IMMEDIATE] += 1
    log_nb(state, log, seat, EV_WITHDRAW, won, state[S.W_IMMEDIATE], 0, 0)
    state[S.PHASE] = PH_PLACE


@njit_static(cache=True)
def score_withdrawal_nb(state, data, rules, log):
    """T-P in order bonus tiles, palaces, province tile; T-P [choice] discard before (or
    after) scoring; T-A7 the bonus card of a seat that played nothing; then the picks."""
    seat = state[S.W_SEAT]
    if rules[R.DISCARD_FIRST] != 0:
        discard_played_nb(state, data, seat)
    score_bonus_nb(state, data, rules, log, seat)
    score_palaces_nb(state, data, rules, log, seat)
    if state[S.W_TILE] != 0:
        score_tile_nb(state, data, rules, log, seat)
    if rules[R.DISCARD_FIRST] == 0:
        discard_played_nb(state, data, seat)
    if state[S.W_IMMEDIATE] != 0 and rules[R.IMMEDIATE_CARD] != 0:
        draw_to_hand_nb(state, data, rules, log, seat, DRAW_IMMEDIATE)
    state[S.PICKS_LEFT] = 1 if state[S.W_LAST] != 0 else 2
    state[S.PHASE] = PH_PICK


@njit_static(cache=True)
def exchange_nb(state, data, log):
    """T-R4: a pair of equal influence tiles goes back to the supply for the matching
    special card, taken from the table or its holder (kept if already held)."""
    n = state[S.N_PLAYERS]
    nk = data[D.N_KINDS]
    for p in range(n):
        for t in range(N_INFLUENCE):
            if state[S.OVALS + p * N_INFLUENCE + t] < 2:
                continue
            state[S.OVALS + p * N_INFLUENCE + t] -= 2
            holder = state[S.SPECIAL_HOLDER + t]
            moved = 0
            if holder != p:
                if holder >= 0:
                    state[S.HAND + holder * D.MAX_KINDS + nk + t] -= 1
                    state[S.HAND_N + holder] -= 1
                state[S.HAND + p * D.MAX_KINDS + nk + t] += 1
                state[S.HAND_N + p] += 1
                state[S.SPECIAL_HOLDER + t] = p
                state[S.EXCHANGES + p] += 1
                moved = 1
            log_nb(state, log, p, EV_EXCHANGE, t, moved, 0, 0)


@njit_static(cache=True)
def end_game_nb(state, data, rules, log, reason):
    """T-E1: the hands score (T-P4) after the last visit - not when the step cap stops a
    game - then the ranking (T-E2)."""
    state[S.END_REASON] = reason
    if reason == END_VISITS and rules[R.HAND_SCORING] != 0:  # T-P4
        score_hands_nb(state, data, log)
    log_nb(state, log, -1, EV_END, reason, state[S.VISIT], 0, 0)
    rank_nb(state, rules, log)
    game_over_nb(state, PH_DONE)


@njit_static(cache=True)
def end_visit_nb(state, data, rules, log):
    """T-R3 the visit is over: T-R4 exchange, T-R5 leftovers leave the game, the next visit
    or T-E1 the end. True if the game is over."""
    last = state[S.VISIT] >= data[D.N_PROV]
    if not last or rules[R.EXCHANGE_AFTER_LAST] != 0:
        exchange_nb(state, data, log)
    mask = data[D.PROV_MASK + state[S.CUR_PROV]]  # T-R5: bonus tiles left leave the game
    c = 0
    while mask:
        if mask & 1:
            state[S.BONUS_AT + c] = -1
        mask >>= 1
        c += 1
    t = state[S.CUR_TILE] - 1
    if state[S.TILE_OWNER + t] == S.T_OPEN:  # T-R5: an unclaimed tile leaves the game
        state[S.TILE_OWNER + t] = S.T_GONE
    if last:
        end_game_nb(state, data, rules, log, END_VISITS)
        return True
    start = (state[S.START_SEAT] + 1) % state[S.N_PLAYERS]  # T-R5: to the left neighbour
    begin_visit_nb(state, data, rules, log, state[S.VISIT] + 1, start)
    return False


@njit_static(cache=True)
def _ask_nb(state, kind, seat):
    """The skeleton's ask_nb, counting the decisions of the game (a pending decision asked
    again is not a new one: the search resumes rollouts that way)."""
    if state[S.ASK_KIND] < 0:
        state[S.DECISIONS] += 1
    return ask_nb(state, kind, seat)


@njit_static(cache=True, inline="always")
def advance_nb(state, data, rules, log, work):
    """Run the rules up to the next decision; return its kind (seat in ASK_SEAT), or DONE.
    T-I4: strictly sequential, one decision at a time."""
    while True:
        ph = state[S.PHASE]
        if ph == PH_TURN:
            if state[S.PLAYS] >= rules[R.PLAY_CAP]:  # T-R3 [choice] step cap
                end_game_nb(state, data, rules, log, END_CAP)
                return DONE
            seat = state[S.PLAYER]
            if not has_play_nb(state, data, rules, seat):  # T-A1d: must withdraw
                withdraw_nb(state, data, rules, log, seat)
                continue
            return _ask_nb(state, DK_TURN, seat)
        if ph == PH_PLACE:
            pending = state[S.W_PENDING]
            seat = state[S.W_SEAT]
            if pending & (1 << MOGUL):  # T-A4 (placed first: T-A6a)
                return _ask_nb(state, DK_CROWN, seat)
            if pending != 0:
                t = 0
                while (pending >> t) & 1 == 0:
                    t += 1
                state[S.PLACE_TYPE] = t
                if any_city_nb(state, data, rules, seat, False):
                    return _ask_nb(state, DK_PALACE, seat)
                state[S.W_PENDING] = pending & ~(1 << t)  # no city left: no palace
                continue
            state[S.PHASE] = PH_SCORE
        elif ph == PH_SCORE:
            score_withdrawal_nb(state, data, rules, log)
        elif ph == PH_PICK:
            seat = state[S.W_SEAT]
            if state[S.PICKS_LEFT] > 0 and state[S.DISPLAY_N] > 0:
                if not hand_full_nb(state, rules, seat):
                    return _ask_nb(state, DK_PICK, seat)
            state[S.PICKS_LEFT] = 0  # T-R7: 2n - 1 cards leave the display empty
            if state[S.N_ACTIVE] == 0:
                state[S.PHASE] = PH_VISIT_END
            else:
                state[S.PLAYER] = next_active_nb(state, seat)
                state[S.PHASE] = PH_TURN
        elif ph == PH_VISIT_END:
            if end_visit_nb(state, data, rules, log):
                return DONE
        else:
            return DONE


@njit_static(cache=True)
def first_slot_nb(state):
    for i in range(S.MAX_DISPLAY):
        if state[S.DISPLAY + i] >= 0:
            return i
    return -1


@njit_static(cache=True)
def answer_error_nb(state, data, rules, kind, seat, ret):
    """E_OK if `ret` is a legal answer to the pending decision, else its E_* code."""
    if kind == DK_TURN:
        if ret == WITHDRAW or play_ok_nb(state, data, rules, seat, ret):
            return 0
        return E_BAD_PLAY
    if kind == DK_CROWN or kind == DK_PALACE:
        if city_ok_nb(state, data, rules, seat, kind == DK_CROWN, ret):
            return 0
        return E_BAD_CITY
    if kind == DK_PICK:
        if 0 <= ret < S.MAX_DISPLAY and state[S.DISPLAY + ret] >= 0:
            return 0
        return E_BAD_PICK
    return E_BAD_PLAY


@njit_static(cache=True, inline="always")
def answer_nb(state, data, rules, log, out, ret):
    """Check and apply the pending decision `ret`. Illegal: counted, then replaced by
    WITHDRAW (T-D1), the lowest legal city (T-D2) or the first display card (T-D3)."""
    kind = state[S.ASK_KIND]
    seat = state[S.ASK_SEAT]
    state[S.ASK_KIND] = -1
    if 0 <= kind < S.N_DECISION_KINDS and 0 <= seat:
        state[S.DKS + seat * S.N_DECISION_KINDS + kind] += 1  # dk_* columns
    err = answer_error_nb(state, data, rules, kind, seat, ret)
    if err != 0:
        record_error_nb(state, log, seat, EV_ERROR, err, kind, ret)
    if kind == DK_TURN:
        if err != 0 or ret == WITHDRAW:
            withdraw_nb(state, data, rules, log, seat)
        else:
            apply_play_nb(state, data, rules, log, seat, ret)  # T-A1
            state[S.PLAYER] = next_active_nb(state, seat)  # T-R1, T-R2
    elif kind == DK_CROWN or kind == DK_PALACE:
        crowned = kind == DK_CROWN
        city = ret
        if err != 0:
            city = -1
            mask = data[D.PROV_MASK + state[S.CUR_PROV]]
            c = 0
            while mask and city < 0:
                if mask & 1 and city_ok_nb(state, data, rules, seat, crowned, c):
                    city = c
                mask >>= 1
                c += 1
        if city >= 0:
            place_palace_nb(state, log, seat, crowned, city)
        bit = MOGUL if crowned else state[S.PLACE_TYPE]
        state[S.W_PENDING] &= ~(1 << bit)
    elif kind == DK_PICK:
        slot = ret if err == 0 else first_slot_nb(state)
        k = take_display_nb(state, seat, slot)
        state[S.PICKS_LEFT] -= 1
        state[S.ACTS + seat * N_ACTS + ACT_PICK] += 1
        log_nb(state, log, seat, EV_PICK, slot, k, 0, 0)


@njit_static(cache=True)
def legal_window_nb(state, data, rules, out, skip):
    """The legal answers to the pending decision from the skip-th on, into `out` as many as
    fit (in a fixed order: T-D1 withdraw then plays, T-D2 cities ascending, T-D3 slots
    ascending); returns how many there are in all. A strategy without a buffer counts them
    with a one-entry `out` (skip 0), draws i and reads the i-th with skip = i."""
    kind = state[S.ASK_KIND]
    seat = state[S.ASK_SEAT]
    if kind == DK_TURN:
        return legal_plays_nb(state, data, rules, seat, out, skip)
    if kind == DK_CROWN or kind == DK_PALACE:
        return legal_cities_nb(state, data, rules, seat, kind == DK_CROWN, out, skip)
    n = 0
    if kind == DK_PICK:
        for i in range(S.MAX_DISPLAY):
            if state[S.DISPLAY + i] >= 0:
                if skip <= n < skip + out.shape[0]:
                    out[n - skip] = i
                n += 1
    return n


@njit_static(cache=True)
def legal_answers_nb(state, data, rules, out):
    """Every legal answer to the pending decision into `out` (length MAX_OPTIONS covers
    any); returns how many. For random players and tests (T-D)."""
    return legal_window_nb(state, data, rules, out, 0)


@njit_static(cache=True)
def write_records_nb(state, sids, rec):
    """Per-seat result rows of a finished game: the columns records.py takes from the
    state by its plan, then the computed ones."""
    copy_records_nb(state, sids, rec, RECORD_PLAN)
    for p in range(state[S.N_PLAYERS]):
        comm = 0
        for k in range(4):
            comm += state[S.COMM + p * 4 + k]
        held = 0
        n_held = 0
        specials = 0
        for t in range(D.N_SPECIAL):
            if state[S.SPECIAL_HOLDER + t] == p:
                held |= 1 << t
                n_held += 1
            specials += state[S.SPECIALS_PLAYED + p * D.N_SPECIAL + t]
        tiles = 0
        for t in range(D.MAX_PROV):
            if state[S.TILE_OWNER + t] == p:
                tiles += 1
        rec[p, REC.TILES] = tiles
        rec[p, REC.COMMODITIES] = comm
        rec[p, REC.SPECIALS_HELD] = held
        rec[p, REC.SPECIALS_END] = n_held
        rec[p, REC.SPECIALS_PLAYED] = specials
        rec[p, REC.POSITION] = (p - state[S.FIRST_START] + state[S.N_PLAYERS]) % state[S.N_PLAYERS]


# The driver protocol's exports (simcore/core/contract/engine_api.py).
__all__ = ENGINE_API
