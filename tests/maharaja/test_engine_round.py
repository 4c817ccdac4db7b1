"""A round: secret picks (M-R3), turn order (M-R4), scoring (M-R5), end check (M-R6).

M-R1/M-R2 (Maharaja and governor movement) are in test_engine_governor.py.
"""

from __future__ import annotations

import pytest

import simcore.maharaja.layout as S
from simcore.maharaja.enums import (
    A_GOLD,
    A_HOUSE,
    A_PALACE_HOUSE,
    A_QUARRY,
    DK_PICK,
    DK_STEP,
    E_BAD_DECISION,
    E_NO_ARCHITECT,
    E_OK,
    E_TOO_MANY_STEPS,
    EV_ERROR,
    EV_TURN,
    LOG_A,
    LOG_B,
    LOG_SEAT,
    MERCHANT,
    MOGUL,
    MONK,
    OP_GOLD,
    OP_HOUSE,
    OP_PALACE,
    OP_ROAD,
    SADHU,
    SITE_OUTER,
)
from simcore.maharaja.nb.characters_nb import next_to_act_nb

from .state_builder import (
    city,
    city_loc,
    do,
    drive_to_decision,
    events,
    gold,
    idle_round,
    new_log,
    new_state,
    pick,
    place_architect,
    put_houses,
    road,
    set_gold,
    start_turn,
    step,
    village,
)


def test_M_R3_all_picks_before_any_turn_and_secret_until_the_turn():
    """M-R3: every player sets the disc before anyone acts; a player's picks are revealed
    (EV_TURN) only when that player's turn begins; the same action twice is allowed."""
    s = new_state(3, chars=(MONK, MOGUL, SADHU))
    log = new_log()
    asked = []
    picks = [pick(A_GOLD, A_GOLD), pick(A_HOUSE, A_QUARRY), pick(A_GOLD, A_HOUSE)]
    kind, seat = drive_to_decision(s, picks[:2], log=log, asked=asked)
    assert asked == [(DK_PICK, 0), (DK_PICK, 1)] and (kind, seat) == (DK_PICK, 2)
    assert events(log, EV_TURN) == []  # nobody revealed yet
    assert all(s[S.ACTED + p] == 0 for p in range(3))
    kind, seat = drive_to_decision(s, picks[2:], log=log)
    assert (kind, seat) == (DK_STEP, 1)  # Mogul first (M-K1)
    turns = events(log, EV_TURN)
    assert len(turns) == 1
    assert (turns[0][LOG_SEAT], turns[0][LOG_A], turns[0][LOG_B]) == (1, A_HOUSE, A_QUARRY)
    assert (s[S.PICK0 + 0], s[S.PICK1 + 0]) == (A_GOLD, A_GOLD)  # stored, not yet revealed
    assert s[S.ACTED + 0] == 0 and s[S.ACTED + 1] == 1


def test_M_R3_same_action_twice():
    """M-R3: both arrows on Gold: two Gold actions, +4."""
    s = new_state(2, chars=(MOGUL, MERCHANT))
    drive_to_decision(s, [pick(A_GOLD, A_GOLD), pick(A_GOLD, A_GOLD)])
    drive_to_decision(s, [step(OP_GOLD, 0), step(OP_GOLD, 1)])
    assert gold(s)[0] == 19


def test_M_R3_illegal_pick_is_recorded_and_replaced_by_gold_gold():
    """Engine convention: an illegal pick is recorded as an error (E_BAD_DECISION) and
    replaced by Gold + Gold."""
    s = new_state(2, chars=(MOGUL, MERCHANT))
    drive_to_decision(s, [pick(9, A_GOLD)])
    assert (s[S.PICK0 + 0], s[S.PICK1 + 0]) == (A_GOLD, A_GOLD)
    assert s[S.N_ERRORS] == 1 and s[S.FIRST_ERROR] == E_BAD_DECISION


@pytest.mark.nojit
def test_M_R4_turn_order_lowest_character_first_nobody_twice():
    """M-R4: players act in ascending character number (seats 1, 2, 0 for characters
    Mogul, Sadhu, Monk), each exactly once; then the round is scored and the next begins."""
    s = new_state(3, chars=(MONK, MOGUL, SADHU))
    asked = []
    kind, seat = drive_to_decision(s, idle_round(3), asked=asked)
    steps = [p for k, p in asked if k == DK_STEP]
    assert steps == [1, 1, 1, 2, 2, 2, 0, 0, 0]
    assert (kind, seat) == (DK_PICK, 0) and s[S.ROUND] == 2
    assert next_to_act_nb(s) == 1  # next round: again the Mogul first


def test_M_R4_both_actions_in_any_order_interleaved_with_travel():
    """M-R4: the actions can be done in any order and their parts interleaved with free
    moves: house part of Palace+house, travel, then the Gold action, then the palace."""
    s = new_state(2, chars=(MOGUL, MERCHANT))
    put_houses(s, 1, village("S", "orange", 0))
    put_houses(s, 1, village("S", "orange", 1))
    start_turn(s, 0, A_PALACE_HOUSE, A_GOLD)
    assert do(s, 0, OP_HOUSE, 0, village("S", "red")) == E_OK
    assert do(s, 0, OP_PALACE, 0, SITE_OUTER) == E_NO_ARCHITECT  # still on S
    assert do(s, 0, OP_ROAD, road("S", "orange")) == E_OK  # pays 2 to seat 1
    assert do(s, 0, OP_GOLD, 1) == E_OK
    assert do(s, 0, OP_PALACE, 0, SITE_OUTER) == E_OK
    assert gold(s) == [15 - 1 - 2 + 2 - 12, 17]


def test_M_R4_a_started_turn_is_finished_an_error_ends_it():
    """M-R4 and engine convention: an illegal request is recorded as an error and ends
    that player's turn (unfinished actions are forfeited), and play goes on."""
    s = new_state(2, chars=(MOGUL, MERCHANT))
    log = new_log()
    answers = [pick(A_HOUSE, A_GOLD), pick(A_GOLD, A_GOLD)]
    answers += [step(OP_HOUSE, 0, city_loc("orange"))]  # architect is on S
    kind, seat = drive_to_decision(s, answers, log=log)
    assert (kind, seat) == (DK_STEP, 1)  # seat 0's turn is over
    assert s[S.TURN_PLAYER] == 1
    err = events(log, EV_ERROR)
    assert len(err) == 1 and err[0][LOG_A] == E_NO_ARCHITECT
    assert gold(s) == [15, 16 + 4]  # two actions forfeited: +2 each; Merchant +1 (M-K2)


def test_M_R5_M_R6_round_scores_the_maharajas_city_then_a_new_round():
    """M-R5: after all turns the Maharaja's city is scored (2 players: 10 + monopoly 5);
    M-R6: no end condition, so round 2 begins."""
    s = new_state(2, chars=(MOGUL, MERCHANT))
    place_architect(s, 1, "purple")  # the round-1 city (governor at position 0)
    set_gold(s, 0, 0)
    kind, _ = drive_to_decision(s, idle_round(2))
    assert s[S.MAHARAJA] == city("orange")  # round 2's city
    assert kind == DK_PICK and s[S.ROUND] == 2
    assert gold(s) == [4, 15 + 1 + 4 + 10 + 5]


def test_M_R4_convention_a_turn_has_at_most_256_operations():
    """Engine convention (MAX_STEPS): the 257th operation of one turn is refused with
    E_TOO_MANY_STEPS and ends the turn, so a looping strategy cannot stall a game."""
    s = new_state(2, chars=(MOGUL, MERCHANT))
    for i in (0, 1):
        put_houses(s, 0, village("S", "orange", i))
    there_and_back = [step(OP_ROAD, road("S", "orange"))] * 257
    answers = [pick(A_GOLD, A_GOLD), pick(A_GOLD, A_GOLD), *there_and_back]
    kind, seat = drive_to_decision(s, answers)
    assert (kind, seat) == (DK_STEP, 1)
    assert s[S.N_ERRORS] == 1 and s[S.FIRST_ERROR] == E_TOO_MANY_STEPS
