"""The governor track: Maharaja movement (M-R1, M-R2) and the Governor action (M-A8),
with the rulebook's section 7.5 examples 1 and 2.

Cities are named A..G in the examples; here A..G are the default board's cities in
index order (purple, orange, red, brown, yellow, green, blue). Positions 0..6 lie above
the arrow (0 = bottom), position 6 + f is round field f.
"""

from __future__ import annotations

import pytest

import simcore.maharaja.layout as S
from simcore.maharaja.enums import (
    A_GOLD,
    A_GOVERNOR,
    DK_PICK,
    E_BAD_GOVERNOR,
    E_OK,
    E_SLOT_DONE,
    MERCHANT,
    MOGUL,
    OP_GOLD,
    OP_GOVERNOR,
)
from simcore.maharaja.nb.governor_nb import field_of_nb, lowest_governor_nb

from .state_builder import (
    BOARD_ARR,
    END,
    city,
    do,
    drive_to_decision,
    end_turn,
    governors,
    idle_round,
    new_state,
    pick,
    rules,
    set_governors,
    start_turn,
    step,
)

A, B, C, D, E, F, G = "purple", "orange", "red", "brown", "yellow", "green", "blue"


def field(pos: int) -> int:
    return int(field_of_nb(BOARD_ARR, pos))


def test_M_R1_M_R2_round_1_maharaja_to_lowest_governor_which_lands_on_field_1():
    """M-R1: the Maharaja goes to the city of the lowest governor, reachability does not
    matter (no house on the board: every road is closed); M-R2: that governor goes just
    above the topmost one, in round 1 onto field 1."""
    s = new_state(2, chars=(MOGUL, MERCHANT))
    assert all(s[S.VIL_TOTAL + v] == 0 for v in range(30))
    kind, seat = drive_to_decision(s, [])
    assert (kind, seat) == (DK_PICK, 0)
    assert s[S.ROUND] == 1
    assert s[S.MAHARAJA] == city(A)
    assert governors(s)[A] == 7
    assert field(7) == 1
    assert s[S.GOV_PLACED] == 7


def test_M_R2_field_equals_the_round_without_governor_actions():
    """M-R2: normally the governor lands on the field equal to the round; the governors
    cycle, so in round 8 the governor of field 1 is lowest and goes to field 8."""
    s = new_state(2, chars=(MOGUL, MERCHANT))
    maharaja, fields = [], []
    drive_to_decision(s, [])  # round 1 begins
    for _ in range(9):
        maharaja.append(int(s[S.MAHARAJA]))
        fields.append(field(int(s[S.GOV_PLACED])))
        drive_to_decision(s, idle_round(2))  # play the round; the next one begins
    assert fields == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    assert maharaja == [0, 1, 2, 3, 4, 5, 6, 0, 1]


@pytest.mark.nojit
def test_M_A8_example_1_D_moved_down_two_B_and_C_move_up_maharaja_goes_to_D():
    """Rulebook 7.5 example 1: in round 1 a player moves governor D two places down;
    B and C move up one place. Next round the Maharaja goes to D, whose governor then
    lands on field 2."""
    s = new_state(2, chars=(MOGUL, MERCHANT))
    answers = [pick(A_GOVERNOR, A_GOLD), pick(A_GOLD, A_GOLD)]
    answers += [step(OP_GOVERNOR, 0, city(D)), step(OP_GOLD, 1), END]  # seat 0 (Mogul)
    answers += [step(OP_GOLD, 0), step(OP_GOLD, 1)]  # seat 1, up to its END
    drive_to_decision(s, answers)
    g = governors(s)
    # before: A on field 1 (7), B 1, C 2, D 3, E 4, F 5, G 6; position 0 empty
    assert g == {A: 7, B: 2, C: 3, D: 1, E: 4, F: 5, G: 6}
    assert lowest_governor_nb(s, BOARD_ARR) == city(D)
    kind, _ = drive_to_decision(s, [END])  # seat 1 ends: scoring, round 2 starts
    assert kind == DK_PICK and s[S.ROUND] == 2
    assert s[S.MAHARAJA] == city(D)
    assert governors(s)[D] == 8 and field(8) == 2


def test_M_A8_example_2_empty_position_passed_moves_nobody():
    """Rulebook 7.5 example 2: F is moved two places down past an empty position and E;
    only E moves up. The Maharaja then goes to F, whose governor lands above C on
    field 5; with no further change the Maharaja goes to E the round after."""
    s = new_state(2, chars=(MOGUL, MERCHANT), round_=4)
    # after four rounds: A, B, D, C on fields 1..4; below: E at 3, (4 empty), F at 5, G at 6
    set_governors(s, {A: 7, B: 8, D: 9, C: 10, E: 3, F: 5, G: 6})
    start_turn(s, 0, A_GOVERNOR, A_GOLD)
    assert do(s, 0, OP_GOVERNOR, 0, city(F)) == E_OK
    assert governors(s) == {A: 7, B: 8, D: 9, C: 10, E: 4, F: 3, G: 6}
    end_turn(s, 0)
    drive_to_decision(s, [])  # round 5 begins
    assert s[S.MAHARAJA] == city(F)
    assert governors(s)[F] == 11 and field(11) == 5  # just above C (field 4)
    drive_to_decision(s, idle_round(2))  # round 5 played, round 6 begins
    assert s[S.ROUND] == 6
    assert s[S.MAHARAJA] == city(E)


def test_M_A8_governor_on_a_round_field_can_be_moved_down():
    """M-A8: any governor may be taken, also one on a round field; the two it passes
    move up one."""
    s = new_state(2, chars=(MOGUL, MERCHANT), governors=(7, 8, 9, 3, 4, 5, 6), round_=3)
    start_turn(s, 0, A_GOVERNOR, A_GOLD)
    assert do(s, 0, OP_GOVERNOR, 0, city(C)) == E_OK
    assert governors(s) == {A: 8, B: 9, C: 7, D: 3, E: 4, F: 5, G: 6}


def test_M_A8_governor_passes_move_up_and_slot_is_done():
    """M-A8: two positions down; each governor passed moves up one; one action = one move."""
    s = new_state(2, chars=(MOGUL, MERCHANT))
    start_turn(s, 0, A_GOVERNOR, A_GOLD)
    assert do(s, 0, OP_GOVERNOR, 0, city(E)) == E_OK
    assert governors(s) == {A: 0, B: 1, C: 3, D: 4, E: 2, F: 5, G: 6}
    assert s[S.T_OTHER_LEFT + 0] == 0
    assert do(s, 0, OP_GOVERNOR, 0, city(E)) == E_SLOT_DONE


def test_M_A8_clamp_choice_near_position_0():
    """M-A8 [choice governor_clamp=True]: a governor at position 1 moves as far down as
    it can (to 0, the one there moves up); with governor_clamp=False it cannot move."""
    s = new_state(2, chars=(MOGUL, MERCHANT))
    start_turn(s, 0, A_GOVERNOR, A_GOLD)
    assert do(s, 0, OP_GOVERNOR, 0, city(B)) == E_OK
    assert governors(s)[A] == 1 and governors(s)[B] == 0

    r = rules(governor_clamp=False)
    s = new_state(2, chars=(MOGUL, MERCHANT), rules=r)
    start_turn(s, 0, A_GOVERNOR, A_GOLD, rules=r)
    before = governors(s)
    assert do(s, 0, OP_GOVERNOR, 0, city(B), rules=r) == E_BAD_GOVERNOR
    assert governors(s) == before
    assert s[S.T_OTHER_LEFT + 0] == 1  # still to do
    assert do(s, 0, OP_GOVERNOR, 0, city(C), rules=r) == E_OK  # 2 -> 0 is a full move


def test_M_A8_convention_a_governor_that_cannot_move_is_no_target():
    """Engine convention: the Governor action cannot target the governor already at
    position 0 (it cannot move), nor a city that does not exist."""
    s = new_state(2, chars=(MOGUL, MERCHANT))
    start_turn(s, 0, A_GOVERNOR, A_GOLD)
    assert do(s, 0, OP_GOVERNOR, 0, city(A)) == E_BAD_GOVERNOR
    assert do(s, 0, OP_GOVERNOR, 0, 7) == E_BAD_GOVERNOR
    assert do(s, 0, OP_GOVERNOR, 0, -1) == E_BAD_GOVERNOR
    assert governors(s) == {A: 0, B: 1, C: 2, D: 3, E: 4, F: 5, G: 6}
