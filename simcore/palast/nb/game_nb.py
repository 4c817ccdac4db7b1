"""The game as a resumable state machine (P-S, P-R1, P-A, P-F, P-E).

`advance_nb` runs the automatic parts of the rules until a seat must decide: it lists the
legal answers in the state (nb/legal_nb.py), applies a decision that has only one legal
answer itself, and returns the decision kind (DK_*). `answer_nb` checks the answer
against the list (an illegal one is counted and replaced by LEGAL[0]) and applies it.
A turn (P-R1): free actions (P-F) -> harbour (P-A1, extras b / c) -> build step (palace
element, treasury, end card, interleaved with free actions: P-A2..P-A4, P-F) -> quarter
placement (P-A5) -> free actions -> draw and limits (P-A6).
"""

import numpy as np

from simcore.core.contract.engine_api import ENGINE_API
from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import next_u64_nb
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
    ACT_BUILD,
    ACT_DROP_CARD,
    ACT_DROP_RES,
    ACT_END_CARD,
    ACT_FEE_52,
    ACT_FEE_53,
    ACT_FROM_QUARTER,
    ACT_PLACE,
    ACT_REMOVE,
    ACT_SEAL,
    ACT_SIDE,
    ACT_TREASURY,
    BAZAAR,
    BUILD_SLOT,
    DK_BUILD,
    DK_DROP_CARD,
    DK_DROP_RES,
    DK_FIGURE,
    DK_FREE,
    DK_HARBOUR,
    DK_PLACE,
    DK_REMOVE,
    DK_SEAL,
    DK_SETUP,
    DK_VIZIER,
    DK_VIZIER_ACT,
    E_ILLEGAL,
    END_CAP,
    END_CARD,
    END_CARD_PLAYED,
    END_STEPS,
    EV_BALCONY,
    EV_BUILD,
    EV_DRAW,
    EV_DROP_CARD,
    EV_DROP_RES,
    EV_END,
    EV_END_CARD,
    EV_ERROR,
    EV_GIVE,
    EV_PLACE,
    EV_REMOVE,
    EV_SEAL,
    EV_TREASURY,
    EV_TURN,
    EV_VIZIER,
    GOLD,
    MAX_SERAGLIO,
    N_ACTS,
    N_DISPLAY,
    N_GARDENS,
    N_KINDS,
    N_PALACE,
    N_QUARTERS,
    N_RES,
    NONE,
    PASS,
    SIDE_A,
    SIDE_B,
    SIDE_C,
    TREASURY_1,
)
from ..records import REC, RECORDS
from ..rules import R
from .decks_nb import (
    build_action_deck_nb,
    build_deck_nb,
    card_gone_nb,
    deal_display_nb,
    discard_action_nb,
    draw_action_nb,
    take_from_display_nb,
)
from .free_nb import apply_free_nb, apply_vizier_action_nb
from .harbour_nb import setup_cards_nb, setup_harbour_nb, take_harbour_nb
from .legal_nb import fill_legal_nb, is_legal_nb
from .palace_nb import (
    evict_nb,
    final_ranks_nb,
    has_quarter_figure_nb,
    markers_in_nb,
    nearest_nb,
    treasury_leader_nb,
)

MAX_SEATS = S.MAX_SEATS
STATE_SIZE = S.STATE_SIZE
N_REC = REC.N_REC
RECORD_PLAN = RECORDS.plan  # a global array: numba freezes it as a constant
OUT_SIZE = 1  # every answer is decide_nb's return value
SCRATCH_SIZE = 64
WORK_SIZE = 1
RNG_STREAMS = 1 + MAX_SEATS  # stream 0 seeds the game's own stream (S.RNG)
MAX_STEPS = 50_000  # decisions asked per game at most (end reason "steps")

PH_SETUP = 0  # P-S3 (P-D0)
PH_TURN = 1  # a new turn begins (P-R1; P-E1 turn cap)
PH_FREE_START = 2  # P-F before the harbour
PH_HARBOUR = 3  # P-A1
PH_REMOVE = 4  # P-A1 "b"
PH_VIZIER = 5  # P-A1 "c"
PH_VIZIER_ACT = 6  # P-A1 "c" (translator's note)
PH_BUILD = 7  # P-A2, P-A3, P-A4 and P-F
PH_FIGURE = 8  # P-A2a / P-A3: a quarter figure goes up
PH_SEAL = 9  # P-V3
PH_PLACE = 10  # P-A5
PH_FREE_END = 11  # P-F after the quarter step
PH_DRAW = 12  # P-A6 draw
PH_LIMITS = 13  # P-A6 limits
PH_DONE = 14
DONE = -1


@njit_static(cache=True)
def init_state_nb(state, data, rules, n_players):
    """P-S1..P-S8 before anything random: supply, figures and markers, empty palace."""
    start_header_nb(state, n_players)
    for t in range(N_RES):
        state[S.SUPPLY + t] = rules[R.PER_TYPE]  # P-C3
    for p in range(MAX_SEATS):
        state[S.START_TYPE + p] = -1
        state[S.RANK + p] = -1
    for p in range(n_players):  # P-S2
        state[S.FIGS + p] = rules[R.FIGURES]
        state[S.MARKERS + p] = rules[R.MARKERS]
    for g in range(N_GARDENS):
        state[S.BALCONY + g] = -1
        state[S.SEAL + g] = -1
    for i in range(MAX_SERAGLIO):
        state[S.SERAGLIO + i] = -1
    for k in range(N_DISPLAY):  # nothing is laid out before the hand-out (P-S3, P-S4)
        state[S.DISPLAY + k] = -1
    for i in range(MAX_SEATS * 2):
        state[S.HCARD + i] = -1
    state[S.VIZIER] = BAZAAR  # P-S8
    state[S.SER_FIGURE] = -1
    state[S.ENDER] = -1
    state[S.SCORED_1] = -2
    state[S.SCORED_2] = -2
    state[S.PLACED_Q] = -1
    state[S.BUILT_GARDEN] = -1


@njit_static(cache=True)
def start_game_nb(state, data, rules, log, n_players, seed, game, rng):
    """Seed the streams of game `game` and ask the start player (seat 0) to hand out the
    starting resources (P-S3); the rest is laid out after the hand-out (lay_out_nb)."""
    seed_streams_nb(rng, seed, game)
    init_state_nb(state, data, rules, n_players)
    state[S.RNG] = np.int64(next_u64_nb(rng, 0))
    state[S.PLAYER] = 0
    state[S.SETUP_NEXT] = 0
    state[S.PHASE] = PH_SETUP


@njit_static(cache=True)
def lay_out_nb(state, data, log):
    """P-S4..P-S7 in the seed's order, once the hand-out (P-S3) is done: "Ezután" the
    harbour, then the building deck and its display, the harbour cards, the action deck.
    The game's stream is drawn in the same order as before the hand-out moved first."""
    setup_harbour_nb(state, data, log)  # P-S4
    build_deck_nb(state)  # P-S5
    deal_display_nb(state, data, log)
    setup_cards_nb(state, data, state[S.N_PLAYERS])  # P-S6
    build_action_deck_nb(state, data)  # P-S7


@njit_static(cache=True)
def bonus_nb(rules, n, p):
    """P-S3: the 3rd and 4th player get one more; [choice] counted in turn order, else
    clockwise (turns run counter-clockwise, so clockwise position of seat p is n - p)."""
    if rules[R.START_BONUS] == 0:
        return 0
    pos = p if rules[R.BONUS_TURN_ORDER] != 0 else (n - p) % n
    return 1 if pos >= 2 else 0


@njit_static(cache=True)
def end_game_nb(state, log):
    """P-E1 / P-E2: count and rank; no decision is asked any more."""
    log_nb(state, log, -1, EV_END, state[S.END_REASON], state[S.TURN], 0, 0)
    final_ranks_nb(state, log)
    game_over_nb(state, PH_DONE)


@njit_static(cache=True)
def begin_turn_nb(state, rules, log):
    """P-R1: the next seat's turn; P-E1 [choice] the turn cap ends the game."""
    if state[S.TURN] >= rules[R.TURN_CAP]:
        state[S.END_REASON] = END_CAP
        return
    state[S.TURN] += 1
    seat = state[S.PLAYER]
    state[S.OWN_TURNS + seat] += 1
    for q in range(N_QUARTERS):
        state[S.USED_Q + q] = 0
    for t in range(N_RES):
        state[S.FRESH + t] = 0
    state[S.BUILT] = 0
    state[S.PLAYED_SPECIAL] = 0
    state[S.PLACED_Q] = -1
    state[S.BUILT_GARDEN] = -1
    log_nb(state, log, seat, EV_TURN, state[S.TURN], 0, 0, 0)
    state[S.PHASE] = PH_FREE_START


@njit_static(cache=True)
def draw_card_nb(state, rules, log, seat, from_side_a):
    """An action card into the hand (P-A1 "a", P-A6); from side "a" playable at once
    only under the translator's note (rule card_at_once)."""
    t = draw_action_nb(state, log)
    if t < 0:
        return
    state[S.HAND + seat * N_RES + t] += 1
    state[S.HAND_N + seat] += 1
    if from_side_a and rules[R.CARD_AT_ONCE] == 0:
        state[S.FRESH + t] += 1
    log_nb(state, log, seat, EV_DRAW, t, 1 if from_side_a else 0, 0, 0)


@njit_static(cache=True)
def pay_nb(state, seat, t, n):
    state[S.RES + seat * N_RES + t] -= n
    state[S.SUPPLY + t] += n


@njit_static(cache=True)
def after_balcony_nb(state, rules):
    state[S.PHASE] = PH_SEAL if rules[R.SEALED_GARDENS] != 0 else PH_BUILD


@njit_static(cache=True)
def build_palace_nb(state, data, rules, log, seat, k, c):
    """P-A2: the element onto its garden (P-V3: a seal costs one more of its type and
    returns to the supply), the card leaves (P-A2b, P-A2c, P-A2d), then the balcony
    (P-A2a): the old figure is evicted (P-A7 marker) and the builder's stands there, from
    his supply or else from one of his quarters (asked)."""
    g = data[D.GARDEN + c]
    e = data[D.ELEMENT + c]
    if state[S.SEAL + g] >= 0:  # P-V3
        t = state[S.SEAL + g]
        pay_nb(state, seat, t, 1)
        state[S.SUPPLY + t] += 1
        state[S.SEAL + g] = -1
        log_nb(state, log, seat, EV_SEAL, g, t, 1, 0)
    state[S.LEVEL + g] = e
    state[S.BUILT] = 1
    state[S.BUILT_GARDEN] = g
    state[S.ACTS + seat * N_ACTS + ACT_BUILD + e - 1] += 1
    log_nb(state, log, seat, EV_BUILD, c, k, g, e)
    card_gone_nb(state)
    take_from_display_nb(state, data, log, k)
    can = state[S.FIGS + seat] > 0 or has_quarter_figure_nb(state, seat)
    can = can or state[S.BALCONY + g] == seat
    if state[S.BALCONY + g] >= 0 and (can or rules[R.EVICT_ALWAYS] != 0):
        evict_nb(state, rules, log, seat, g)
    # where the figure comes from is decided after the eviction and what it set off
    # (P-A7 marker, P-V2 figure): an own figure that came back and went onto the
    # seraglio is no longer his to stand here, and a quarter is asked only if he has one
    if can and state[S.FIGS + seat] > 0:
        state[S.FIGS + seat] -= 1
        state[S.BALCONY + g] = seat
        log_nb(state, log, seat, EV_BALCONY, g, -1, 0, 0)
    elif can and has_quarter_figure_nb(state, seat):
        state[S.FIG_PURPOSE] = 0
        state[S.FIG_ARG] = g
        state[S.PHASE] = PH_FIGURE
        return
    after_balcony_nb(state, rules)


@njit_static(cache=True)
def treasury_nb(state, data, rules, log, seat, k, c):
    """P-A3: the leader in figures up (ties: P-A8; still tied: nobody) places one more
    figure on the treasury, from his supply or else one of his quarters (asked)."""
    state[S.PLAYED_SPECIAL] = 1
    state[S.ACTS + seat * N_ACTS + ACT_TREASURY] += 1
    take_from_display_nb(state, data, log, k)
    lead = treasury_leader_nb(state)
    state[S.SCORED_1 if c == TREASURY_1 else S.SCORED_2] = lead
    state[S.PHASE] = PH_BUILD
    if lead < 0:
        log_nb(state, log, seat, EV_TREASURY, c, -1, 0, -1)
    elif state[S.FIGS + lead] > 0:
        state[S.FIGS + lead] -= 1
        state[S.TREASURY + lead] += 1
        log_nb(state, log, seat, EV_TREASURY, c, lead, state[S.TREASURY + lead], -1)
    elif has_quarter_figure_nb(state, lead):
        state[S.FIG_PURPOSE] = 1
        state[S.FIG_ARG] = lead
        state[S.PHASE] = PH_FIGURE
    else:
        log_nb(state, log, seat, EV_TREASURY, c, lead, state[S.TREASURY + lead], -2)


@njit_static(cache=True)
def play_slot_nb(state, data, rules, log, seat, k):
    """Play the card on building field k: pay its cost and the field's fee (P-C1a)."""
    c = state[S.DISPLAY + k]
    for t in range(N_RES):
        n = data[D.COST + c * N_RES + t]
        if t == GOLD:
            n += rules[R.FEE_51 + k]
        pay_nb(state, seat, t, n)
    if k == 1:
        state[S.ACTS + seat * N_ACTS + ACT_FEE_52] += 1
    elif k == 2:
        state[S.ACTS + seat * N_ACTS + ACT_FEE_53] += 1
    if c < N_PALACE:
        build_palace_nb(state, data, rules, log, seat, k, c)
    elif c == END_CARD:  # P-A4: the game ends at once
        state[S.DISPLAY + k] = -1
        state[S.ENDER] = seat
        state[S.ACTS + seat * N_ACTS + ACT_END_CARD] += 1
        log_nb(state, log, seat, EV_END_CARD, k, 0, 0, 0)
        state[S.END_REASON] = END_CARD_PLAYED
    else:
        treasury_nb(state, data, rules, log, seat, k, c)


@njit_static(cache=True)
def apply_nb(state, data, rules, log, kind, seat, ans):
    """Apply a legal answer `ans` of decision `kind` by `seat` and move on."""
    acts = S.ACTS + seat * N_ACTS
    if kind == DK_SETUP:  # P-S3
        p = state[S.SETUP_NEXT]
        n = state[S.N_PLAYERS]
        m = 1 + bonus_nb(rules, n, p)
        state[S.RES + p * N_RES + ans] += m
        state[S.SUPPLY + ans] -= m
        state[S.START_TYPE + p] = ans
        state[S.START_N + p] = m
        log_nb(state, log, seat, EV_GIVE, p, ans, m, 0)
        state[S.SETUP_NEXT] = p + 1
        if p + 1 >= n:  # P-S4: "Ezután" (then) the harbour and the rest
            lay_out_nb(state, data, log)
            state[S.PHASE] = PH_TURN
    elif kind == DK_FREE:  # P-F
        if ans == PASS:
            state[S.PHASE] = PH_HARBOUR if state[S.PHASE] == PH_FREE_START else PH_DRAW
        else:
            apply_free_nb(state, log, seat, ans)
    elif kind == DK_HARBOUR:  # P-A1
        take_harbour_nb(state, data, log, seat, ans)
        state[acts + ACT_SIDE + ans] += 1
        state[S.PHASE] = PH_BUILD
        if ans == SIDE_A:
            draw_card_nb(state, rules, log, seat, True)
        elif ans == SIDE_B:
            state[S.PHASE] = PH_REMOVE
        elif ans == SIDE_C:
            state[S.PHASE] = PH_VIZIER
    elif kind == DK_REMOVE:  # P-A1 "b"
        state[S.PHASE] = PH_BUILD
        if ans >= 0:
            log_nb(state, log, seat, EV_REMOVE, ans, state[S.DISPLAY + ans], 0, 0)
            state[acts + ACT_REMOVE] += 1
            card_gone_nb(state)
            take_from_display_nb(state, data, log, ans)
    elif kind == DK_VIZIER:  # P-A1 "c"; P-F1: the old quarter is free at once
        log_nb(state, log, seat, EV_VIZIER, state[S.VIZIER], ans, 0, 0)
        state[S.VIZIER] = ans
        state[S.PHASE] = PH_VIZIER_ACT if rules[R.VIZIER_ACTION] != 0 else PH_BUILD
    elif kind == DK_VIZIER_ACT:
        if ans != PASS:
            apply_vizier_action_nb(state, log, seat, ans)
        state[S.PHASE] = PH_BUILD
    elif kind == DK_BUILD:
        if ans == PASS:
            state[S.PHASE] = PH_PLACE if state[S.BUILT] != 0 else PH_FREE_END
        elif ans >= BUILD_SLOT:
            play_slot_nb(state, data, rules, log, seat, ans - BUILD_SLOT)
        else:
            apply_free_nb(state, log, seat, ans)
    elif kind == DK_FIGURE:  # P-A2a / P-A3: a quarter figure goes up
        state[S.QFIG + seat * N_QUARTERS + ans] -= 1
        state[S.QN + ans] -= 1
        state[acts + ACT_FROM_QUARTER] += 1
        if state[S.FIG_PURPOSE] == 0:
            g = state[S.FIG_ARG]
            state[S.BALCONY + g] = seat
            log_nb(state, log, seat, EV_BALCONY, g, ans, 0, 0)
            after_balcony_nb(state, rules)
        else:
            state[S.TREASURY + seat] += 1
            c = TREASURY_1 + state[S.FIG_PURPOSE] - 1
            log_nb(state, log, seat, EV_TREASURY, c, seat, state[S.TREASURY + seat], ans)
            state[S.PHASE] = PH_BUILD
    elif kind == DK_SEAL:  # P-V3
        if ans >= 0:
            g = state[S.BUILT_GARDEN]
            state[S.RES + seat * N_RES + ans] -= 1
            state[S.SEAL + g] = ans
            state[acts + ACT_SEAL] += 1
            log_nb(state, log, seat, EV_SEAL, g, ans, 0, 0)
        state[S.PHASE] = PH_BUILD
    elif kind == DK_PLACE:  # P-A5
        if ans >= 0:
            n = state[S.QN + ans]
            cost = rules[R.QUARTER_COST_1] if n == 0 else rules[R.QUARTER_COST_2]
            pay_nb(state, seat, GOLD, cost)
            state[S.QFIG + seat * N_QUARTERS + ans] += 1
            state[S.QN + ans] = n + 1
            state[S.FIGS + seat] -= 1
            state[S.PLACED_Q] = ans
            state[acts + ACT_PLACE] += 1
            log_nb(state, log, seat, EV_PLACE, ans, cost, 0, 0)
        state[S.PHASE] = PH_FREE_END
    elif kind == DK_DROP_CARD:  # P-A6
        state[S.HAND + seat * N_RES + ans] -= 1
        state[S.HAND_N + seat] -= 1
        discard_action_nb(state, ans)
        state[acts + ACT_DROP_CARD] += 1
        log_nb(state, log, seat, EV_DROP_CARD, ans, 0, 0, 0)
    elif kind == DK_DROP_RES:  # P-A6
        pay_nb(state, seat, ans, 1)
        state[acts + ACT_DROP_RES] += 1
        log_nb(state, log, seat, EV_DROP_RES, ans, 0, 0, 0)


@njit_static(cache=True)
def pending_nb(state, rules):
    """The decision kind the current phase asks, or -1 when it asks none (P-A6 limits
    met: the turn ends)."""
    ph = state[S.PHASE]
    if ph == PH_SETUP:
        return DK_SETUP
    if ph == PH_FREE_START or ph == PH_FREE_END:
        return DK_FREE
    if ph == PH_HARBOUR:
        return DK_HARBOUR
    if ph == PH_REMOVE:
        return DK_REMOVE
    if ph == PH_VIZIER:
        return DK_VIZIER
    if ph == PH_VIZIER_ACT:
        return DK_VIZIER_ACT
    if ph == PH_BUILD:
        return DK_BUILD
    if ph == PH_FIGURE:
        return DK_FIGURE
    if ph == PH_SEAL:
        return DK_SEAL
    if ph == PH_PLACE:
        return DK_PLACE
    seat = state[S.PLAYER]  # PH_LIMITS
    if state[S.HAND_N + seat] > rules[R.HAND_LIMIT]:
        return DK_DROP_CARD
    total = 0
    for t in range(N_RES):
        total += state[S.RES + seat * N_RES + t]
    if total > rules[R.RES_LIMIT]:
        return DK_DROP_RES
    return -1


@njit_static(cache=True, inline="always")
def advance_nb(state, data, rules, log, work):
    """Run the rules up to the next decision; return its kind (seat in ASK_SEAT), or DONE.
    P-I4: strictly sequential, one decision at a time."""
    while True:
        ph = state[S.PHASE]
        if ph == PH_DONE:
            return DONE
        if state[S.END_REASON] != 0 and ph != PH_FIGURE and ph != PH_SEAL:
            end_game_nb(state, log)  # P-E1: at once
            return DONE
        if ph == PH_TURN:
            begin_turn_nb(state, rules, log)
            continue
        if ph == PH_DRAW:  # P-A6: the turn's card, not playable any more this turn
            draw_card_nb(state, rules, log, state[S.PLAYER], False)
            state[S.PHASE] = PH_LIMITS
            continue
        kind = pending_nb(state, rules)
        if kind < 0:  # end of turn; P-R1 next seat
            state[S.PLAYER] = (state[S.PLAYER] + 1) % state[S.N_PLAYERS]
            state[S.PHASE] = PH_TURN
            continue
        seat = state[S.PLAYER]
        if kind == DK_SETUP:
            seat = 0
        elif kind == DK_FIGURE and state[S.FIG_PURPOSE] >= 1:
            seat = state[S.FIG_ARG]
        n = fill_legal_nb(state, data, rules, kind, seat)
        if n <= 1:  # forced (or nothing to choose: a "b" with no palace card shown)
            apply_nb(state, data, rules, log, kind, seat, state[S.LEGAL] if n == 1 else NONE)
            continue
        if state[S.ASK_KIND] < 0:  # a new decision, not the pending one asked again
            state[S.STEPS] += 1
        if state[S.STEPS] > MAX_STEPS:
            state[S.END_REASON] = END_STEPS
            state[S.PHASE] = PH_TURN
            continue
        return ask_nb(state, kind, seat)


@njit_static(cache=True, inline="always")
def answer_nb(state, data, rules, log, out, ret):
    """Check `ret` against the listed legal answers; illegal: counted, LEGAL[0] instead."""
    kind = state[S.ASK_KIND]
    seat = state[S.ASK_SEAT]
    state[S.ASK_KIND] = -1
    if 0 <= kind < N_KINDS and 0 <= seat:
        state[S.DKS + seat * N_KINDS + kind] += 1  # dk_* columns
    if not is_legal_nb(state, ret):
        record_error_nb(state, log, seat, EV_ERROR, E_ILLEGAL, kind, ret)
        ret = state[S.LEGAL]
    apply_nb(state, data, rules, log, kind, seat, ret)


@njit_static(cache=True)
def write_records_nb(state, sids, rec):
    """Per-seat result rows of a finished game: the columns records.py takes from the
    state by its plan, then the computed ones."""
    copy_records_nb(state, sids, rec, RECORD_PLAN)
    for p in range(state[S.N_PLAYERS]):
        balc = 0
        for g in range(N_GARDENS):
            if state[S.BALCONY + g] == p:
                balc += 1
        qf = 0
        for q in range(N_QUARTERS):
            qf += state[S.QFIG + p * N_QUARTERS + q]
        res = 0
        for t in range(N_RES):
            res += state[S.RES + p * N_RES + t]
        near = nearest_nb(state, p)
        rec[p, REC.BALCONIES] = balc
        rec[p, REC.SER_FIGURE] = 1 if state[S.SER_FIGURE] == p else 0
        rec[p, REC.MARKERS_IN] = markers_in_nb(state, p)
        rec[p, REC.SER_NEAREST] = near + 1 if near < MAX_SERAGLIO else 0
        rec[p, REC.QUARTER_FIGS] = qf
        rec[p, REC.RESOURCES] = res
        rec[p, REC.TREASURY_1] = 1 if state[S.SCORED_1] == p else 0
        rec[p, REC.TREASURY_2] = 1 if state[S.SCORED_2] == p else 0
        rec[p, REC.ENDED] = 1 if state[S.ENDER] == p else 0


# The driver protocol's exports (simcore/core/contract/engine_api.py).
__all__ = ENGINE_API
