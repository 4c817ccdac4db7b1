"""The nine actions of the disc (M-A1..M-A9) and the palace sites (M-C2), op by op.

Seats 0..3 hold Mogul, Sadhu, Builder, Artist (new_state's default). Each test builds
the position by hand and checks the result against the rulebook's numbers.
"""

from __future__ import annotations

import pytest

import simcore.maharaja.layout as S
from simcore.maharaja.enums import (
    A_CHARACTER,
    A_GOLD,
    A_HOUSE,
    A_MOVE_HOUSE,
    A_PALACE,
    A_PALACE_HOUSE,
    A_QUARRY,
    A_TWO_HOUSES,
    ARTIST,
    BANK,
    BUILDER,
    DK_REPLACE,
    DK_STEP,
    E_BAD_CHARACTER,
    E_BAD_LOCATION,
    E_BAD_OP,
    E_BAD_SLOT,
    E_NO_ARCHITECT,
    E_NO_GOLD,
    E_NO_HOUSE,
    E_NO_SITE,
    E_NO_SUPPLY,
    E_OK,
    E_ROAD_CLOSED,
    E_SLOT_DONE,
    E_TWO_VILLAGES,
    E_VILLAGE_FULL,
    E_WRONG_ACTION,
    MERCHANT,
    MOGUL,
    MONK,
    OP_CHARACTER,
    OP_GOLD,
    OP_HOUSE,
    OP_MOVE_HOUSE,
    OP_PALACE,
    OP_QUARRY,
    OP_ROAD,
    SADHU,
    SITE_INNER,
    SITE_OUTER,
    SLOT_CHIP,
    YOGI,
)
from simcore.maharaja.nb.turn_nb import take_character_nb

from .state_builder import (
    END,
    NO_LOG,
    RULES_ARR,
    P,
    choose,
    city,
    city_loc,
    do,
    drive_to_decision,
    end_turn,
    gold,
    houses,
    new_state,
    pick,
    place_architect,
    put_houses,
    road,
    rules,
    set_gold,
    start_turn,
    step,
    village,
)

ORANGE = city("orange")


# ------------------------------------------------------------------ M-A1 Gold


def test_M_A1_gold_takes_2_once_per_action():
    """M-A1: the Gold action takes 2 from the bank; the slot is then done; a slot of
    another action or an empty slot cannot be used for it."""
    s = new_state()
    start_turn(s, 0, A_GOLD, A_HOUSE)
    assert do(s, 0, OP_GOLD, 0) == E_OK
    assert gold(s)[0] == 17
    assert do(s, 0, OP_GOLD, 0) == E_SLOT_DONE
    assert do(s, 0, OP_GOLD, 1) == E_WRONG_ACTION
    assert do(s, 0, OP_GOLD, SLOT_CHIP) == E_BAD_SLOT  # no chip declared
    assert do(s, 0, OP_GOLD, 7) == E_BAD_SLOT
    assert do(s, 0, 42) == E_BAD_OP
    assert gold(s)[0] == 17


# ------------------------------------------------------------------ M-A2 House


def test_M_A2_house_in_a_village_costs_1_from_the_supply_no_architect_needed():
    """M-A2/M-S5: a house costs 1 and comes from the supply; a village needs no architect."""
    s = new_state()
    start_turn(s, 0, A_HOUSE, A_GOLD)
    v = village("green", "yellow", 1)
    assert do(s, 0, OP_HOUSE, 0, v) == E_OK
    assert gold(s)[0] == 14
    assert s[S.SUPPLY + 0] == 5
    assert houses(s, 0, v) == 1 and s[S.VIL_TOTAL + v] == 1
    assert s[S.HOUSES_BUILT + 0] == 1
    assert do(s, 0, OP_HOUSE, 0, v) == E_SLOT_DONE


def test_M_A2_house_in_a_city_needs_the_architect_there():
    """M-A2: a city house only where the architect is (architect on S: refused)."""
    s = new_state()
    start_turn(s, 0, A_HOUSE, A_HOUSE)
    assert do(s, 0, OP_HOUSE, 0, city_loc("orange")) == E_NO_ARCHITECT
    place_architect(s, 0, "orange")
    assert do(s, 0, OP_HOUSE, 0, city_loc("red")) == E_NO_ARCHITECT
    assert do(s, 0, OP_HOUSE, 0, city_loc("orange")) == E_OK
    assert houses(s, 0, city_loc("orange")) == 1
    assert gold(s)[0] == 14


def test_M_A2_houses_per_city_unlimited_no_site_used():
    """M-C2: houses in a city are unlimited and use no palace site (the one site in use
    holds the neutral palace of the fifth colour, M-V2 with 4 players)."""
    s = new_state()
    assert s[S.OUTER_USED + ORANGE] == 1
    place_architect(s, 0, "orange")
    s[S.SUPPLY + 0] = 24
    set_gold(s, 0, 24)
    for _ in range(8):
        start_turn(s, 0, A_TWO_HOUSES, A_HOUSE)
        for slot in (0, 0, 1):
            assert do(s, 0, OP_HOUSE, slot, city_loc("orange")) == E_OK
    assert houses(s, 0, city_loc("orange")) == 24
    assert gold(s)[0] == 0
    assert s[S.OUTER_USED + ORANGE] == 1


def test_M_A2_village_cap_supply_gold_and_bad_locations():
    """M-A2/M-S4: a full village (2 houses) refuses a house; an empty supply or no gold
    refuses it; locations off the board are refused."""
    s = new_state()
    v = village("S", "red", 0)
    put_houses(s, 1, v)
    put_houses(s, 2, v)
    start_turn(s, 0, A_HOUSE, A_GOLD)
    assert do(s, 0, OP_HOUSE, 0, v) == E_VILLAGE_FULL
    assert do(s, 0, OP_HOUSE, 0, 30) == E_BAD_LOCATION
    assert do(s, 0, OP_HOUSE, 0, -1) == E_BAD_LOCATION
    assert do(s, 0, OP_HOUSE, 0, city_loc("blue") + 1) == E_BAD_LOCATION
    s[S.SUPPLY + 0] = 0
    assert do(s, 0, OP_HOUSE, 0, 0) == E_NO_SUPPLY
    s[S.SUPPLY + 0] = 1
    set_gold(s, 0, 0)
    assert do(s, 0, OP_HOUSE, 0, 0) == E_NO_GOLD
    set_gold(s, 0, 1)
    assert do(s, 0, OP_HOUSE, 0, 0) == E_OK
    assert gold(s)[0] == 0 and s[S.SUPPLY + 0] == 0


def test_M_A2_M_S4_village_cap_1_with_two_players_in_play():
    """M-S4: with two players a village holds 1 house, always (builds and moves)."""
    s = new_state(2, chars=(MOGUL, MERCHANT))
    v = village("S", "red", 0)
    put_houses(s, 1, v)
    put_houses(s, 0, city_loc("orange"))
    start_turn(s, 0, A_HOUSE, A_MOVE_HOUSE)
    assert do(s, 0, OP_HOUSE, 0, v) == E_VILLAGE_FULL
    assert do(s, 0, OP_MOVE_HOUSE, 1, city_loc("orange"), v) == E_VILLAGE_FULL
    assert do(s, 0, OP_HOUSE, 0, village("S", "red", 1)) == E_OK


# ------------------------------------------------------------------ M-A3 Two houses


def test_M_A3_two_houses_not_both_in_villages():
    """M-A3: two houses at 1 each, at least one in a city: village + village is refused,
    village + city is fine."""
    s = new_state()
    place_architect(s, 0, "orange")
    start_turn(s, 0, A_TWO_HOUSES, A_GOLD)
    assert do(s, 0, OP_HOUSE, 0, 3) == E_OK
    assert do(s, 0, OP_HOUSE, 0, 4) == E_TWO_VILLAGES
    assert do(s, 0, OP_HOUSE, 0, city_loc("orange")) == E_OK
    assert gold(s)[0] == 13
    assert s[S.T_HOUSES_LEFT + 0] == 0


def test_M_A3_city_first_then_village():
    """M-A3: a city house first, then the second may go to a village."""
    s = new_state()
    place_architect(s, 0, "orange")
    start_turn(s, 0, A_TWO_HOUSES, A_GOLD)
    assert do(s, 0, OP_HOUSE, 0, city_loc("orange")) == E_OK
    assert do(s, 0, OP_HOUSE, 0, 3) == E_OK
    assert gold(s)[0] == 13


def test_M_A3_two_different_cities_with_travel_between():
    """M-A3: both houses in cities, two different ones; the architect travels between
    them (over own houses: free)."""
    s = new_state()
    place_architect(s, 0, "purple")
    for i in (0, 1):
        put_houses(s, 0, village("purple", "orange", i))
    start_turn(s, 0, A_TWO_HOUSES, A_GOLD)
    assert do(s, 0, OP_HOUSE, 0, city_loc("purple")) == E_OK
    assert do(s, 0, OP_HOUSE, 0, city_loc("orange")) == E_NO_ARCHITECT
    assert do(s, 0, OP_ROAD, road("purple", "orange")) == E_OK
    assert do(s, 0, OP_HOUSE, 0, city_loc("orange")) == E_OK
    assert houses(s, 0, city_loc("purple")) == 1 and houses(s, 0, city_loc("orange")) == 1
    assert gold(s)[0] == 13


# ------------------------------------------------------------------ M-A4 Move a house


@pytest.mark.nojit
def test_M_A4_move_own_house_free_emptying_a_village_closes_the_road():
    """M-A4: an own house moves from a village to another village, free; the emptied
    village closes its road (7.3) until a house is put there again."""
    s = new_state()
    v0, v1 = village("S", "orange", 0), village("S", "orange", 1)
    put_houses(s, 0, v0)
    put_houses(s, 1, v1)
    start_turn(s, 0, A_MOVE_HOUSE, A_HOUSE)
    target = village("S", "red", 0)
    assert do(s, 0, OP_MOVE_HOUSE, 0, v0, target) == E_OK
    assert houses(s, 0, v0) == 0 and houses(s, 0, target) == 1
    assert gold(s)[0] == 15
    assert s[S.SUPPLY + 0] == 6  # the house moved, none built
    assert do(s, 0, OP_ROAD, road("S", "orange")) == E_ROAD_CLOSED
    assert do(s, 0, OP_HOUSE, 1, v0) == E_OK  # reopened
    assert do(s, 0, OP_ROAD, road("S", "orange")) == E_OK  # fee 1 to seat 1 in v1
    assert gold(s)[:2] == [13, 16]


def test_M_A4_only_own_houses_into_a_city_only_with_the_architect():
    """M-A4: only an own house moves; into a city only where the architect is; the
    village cap holds; from a city to a village is allowed."""
    s = new_state()
    v = village("S", "orange", 0)
    put_houses(s, 1, v)
    put_houses(s, 0, city_loc("red"))
    start_turn(s, 0, A_MOVE_HOUSE, A_MOVE_HOUSE)
    assert do(s, 0, OP_MOVE_HOUSE, 0, v, 3) == E_NO_HOUSE  # seat 1's house
    assert do(s, 0, OP_MOVE_HOUSE, 0, city_loc("red"), city_loc("orange")) == E_NO_ARCHITECT
    put_houses(s, 2, 3, 2)
    assert do(s, 0, OP_MOVE_HOUSE, 0, city_loc("red"), 3) == E_VILLAGE_FULL
    assert do(s, 0, OP_MOVE_HOUSE, 0, city_loc("red"), city_loc("red")) == E_BAD_LOCATION
    assert do(s, 0, OP_MOVE_HOUSE, 0, city_loc("red"), v) == E_OK  # city -> village
    assert houses(s, 0, v) == 1 and s[S.VIL_TOTAL + v] == 2
    place_architect(s, 0, "orange")
    assert do(s, 0, OP_MOVE_HOUSE, 1, v, city_loc("orange")) == E_OK  # village -> city
    assert houses(s, 0, city_loc("orange")) == 1
    assert gold(s)[0] == 15


# ------------------------------------------------------------------ M-A5 Quarry


def test_M_A5_quarry_two_houses_from_the_bank_free():
    """M-A5: Quarry moves 2 own houses from the bank to the supply, free."""
    s = new_state()
    start_turn(s, 0, A_QUARRY, A_GOLD)
    assert do(s, 0, OP_QUARRY, 0) == E_OK
    assert (s[S.SUPPLY + 0], s[S.QUARRY + 0]) == (8, 8)
    assert gold(s)[0] == 15
    assert do(s, 0, OP_QUARRY, 0) == E_SLOT_DONE
    assert end_turn(s, 0) == 1  # only the Gold action left undone


def test_M_A5_quarry_with_fewer_than_2_in_the_bank_takes_what_is_left():
    """M-A5: fewer if the bank has fewer of the colour; [choice] M-F2: the Quarry that
    found fewer than 2 counts as an action not fully done (every other player +2)."""
    for left in (1, 0):
        s = new_state()
        s[S.QUARRY + 0] = left
        start_turn(s, 0, A_QUARRY, A_GOLD)
        assert do(s, 0, OP_QUARRY, 0) == E_OK
        assert (s[S.SUPPLY + 0], s[S.QUARRY + 0]) == (6 + left, 0)
        assert do(s, 0, OP_GOLD, 1) == E_OK
        assert end_turn(s, 0) == 1
        assert gold(s) == [17, 17, 17, 17]


# ------------------------------------------------------------------ M-A6 Palace, M-C2 sites


def test_M_A6_palace_costs_12_in_the_architects_city():
    """M-A6: a palace costs 12, on an empty site of the architect's city."""
    s = new_state()
    start_turn(s, 0, A_PALACE, A_GOLD)
    assert do(s, 0, OP_PALACE, 0, SITE_INNER) == E_NO_ARCHITECT  # on S
    place_architect(s, 0, "orange")
    set_gold(s, 0, 11)
    assert do(s, 0, OP_PALACE, 0, SITE_INNER) == E_NO_GOLD
    set_gold(s, 0, 12)
    assert do(s, 0, OP_PALACE, 0, 2) == E_BAD_LOCATION  # no such site kind
    assert do(s, 0, OP_PALACE, 0, SITE_INNER) == E_OK
    assert gold(s)[0] == 0
    assert s[S.INNER + ORANGE] == 0 and s[S.PALACES + 0] == 1
    assert do(s, 0, OP_PALACE, 0, SITE_OUTER) == E_SLOT_DONE
    assert s[S.T_PALACE_LEFT + 0] == 0


def test_M_C2_one_inner_six_outer_sites_seven_palaces_per_city():
    """M-C2: 1 inner and 6 outer sites, one palace per site: the 8th palace in a city is
    refused; one player may own several palaces in one city (inner and outer). Neutral
    palaces (M-V2) off, so that all 6 outer sites are the players'."""
    s = new_state(rules=rules(neutral_palaces=False))
    place_architect(s, 0, "orange")
    plan = {0: (SITE_INNER, SITE_OUTER), 1: (SITE_OUTER, SITE_OUTER), 2: (SITE_OUTER, SITE_OUTER)}
    for p, sites in plan.items():
        s[S.ARCH + p] = ORANGE
        set_gold(s, p, 100)
        start_turn(s, p, A_PALACE, A_PALACE)
        for slot, site in enumerate(sites):
            assert do(s, p, OP_PALACE, slot, site) == E_OK
    assert do(s, 0, OP_PALACE, 0, SITE_INNER) == E_SLOT_DONE
    s[S.ARCH + 3] = ORANGE
    set_gold(s, 3, 100)
    start_turn(s, 3, A_PALACE, A_PALACE)
    assert do(s, 3, OP_PALACE, 0, SITE_INNER) == E_NO_SITE  # seat 0 has it
    assert do(s, 3, OP_PALACE, 0, SITE_OUTER) == E_OK  # the 6th outer site
    assert do(s, 3, OP_PALACE, 1, SITE_OUTER) == E_NO_SITE  # the city is full (7)
    assert s[S.OUTER_USED + ORANGE] == 6
    assert [s[S.OUTER + ORANGE * P + p] for p in range(4)] == [1, 2, 2, 1]
    assert s[S.INNER + ORANGE] == 0
    assert gold(s) == [76, 76, 76, 91]  # 12 each, the Artist 9 (M-K6)


def test_M_A6_last_palace_marks_the_game_end():
    """M-A6/M-E1: building the 7th (last) palace marks the end of the game."""
    s = new_state()
    place_architect(s, 0, "orange")
    s[S.PALACES + 0] = 6
    start_turn(s, 0, A_PALACE, A_GOLD)
    assert s[S.LAST_PALACE] == 0
    assert do(s, 0, OP_PALACE, 0, SITE_OUTER) == E_OK
    assert s[S.LAST_PALACE] == 1


# ------------------------------------------------------------------ M-A7 Palace + house


def test_M_A7_palace_and_house_13_the_house_anywhere():
    """M-A7: a palace (12) in the architect's city and a house (1) in a village or city."""
    s = new_state()
    place_architect(s, 0, "red")
    start_turn(s, 0, A_PALACE_HOUSE, A_GOLD)
    assert do(s, 0, OP_HOUSE, 0, village("blue", "green", 1)) == E_OK
    assert do(s, 0, OP_PALACE, 0, SITE_OUTER) == E_OK
    assert gold(s)[0] == 2
    assert (s[S.T_HOUSES_LEFT + 0], s[S.T_PALACE_LEFT + 0]) == (0, 0)
    assert do(s, 0, OP_HOUSE, 0, city_loc("red")) == E_SLOT_DONE


def test_M_A7_house_part_without_palace_action_is_not_a_palace():
    """M-A2/M-A6: a House slot cannot build a palace, a Palace slot cannot build a house."""
    s = new_state()
    place_architect(s, 0, "red")
    start_turn(s, 0, A_HOUSE, A_PALACE)
    assert do(s, 0, OP_PALACE, 0, SITE_OUTER) == E_WRONG_ACTION
    assert do(s, 0, OP_HOUSE, 1, city_loc("red")) == E_WRONG_ACTION
    assert do(s, 0, OP_PALACE, 1, SITE_OUTER) == E_OK
    assert do(s, 0, OP_HOUSE, 0, city_loc("red")) == E_OK


# ------------------------------------------------------------------ M-A9 Character


def test_M_A9_take_a_bank_character_and_return_the_own():
    """M-A9: take a character from the bank and put the own one into the bank."""
    s = new_state()
    start_turn(s, 0, A_CHARACTER, A_GOLD)
    assert take_character_nb(s, RULES_ARR, NO_LOG, 0, 0, MONK) == BANK  # nobody robbed
    assert s[S.CHAR_OWNER + MONK] == 0
    assert s[S.CHAR_OWNER + MOGUL] == BANK
    assert s[S.SWAPS + 0] == 1
    assert s[S.T_OTHER_LEFT + 0] == 0
    assert take_character_nb(s, RULES_ARR, NO_LOG, 0, 0, MERCHANT) == -(100 + E_SLOT_DONE)


def test_M_A9_illegal_swaps():
    """M-A9: not the own character, not the Yogi outside its variant, not from a slot of
    another action, not with the chip's extra action; OP_CHARACTER needs the robbed
    player's answer, so apply_op_nb leaves it to the state machine."""
    s = new_state()
    start_turn(s, 0, A_CHARACTER, A_GOLD)
    assert take_character_nb(s, RULES_ARR, NO_LOG, 0, 0, MOGUL) == -(100 + E_BAD_CHARACTER)
    assert take_character_nb(s, RULES_ARR, NO_LOG, 0, 0, YOGI) == -(100 + E_BAD_CHARACTER)
    assert take_character_nb(s, RULES_ARR, NO_LOG, 0, 1, MONK) == -(100 + E_WRONG_ACTION)
    assert take_character_nb(s, RULES_ARR, NO_LOG, 0, SLOT_CHIP, MONK) == -(100 + E_BAD_SLOT)
    assert do(s, 0, OP_CHARACTER, 0, MONK) == E_BAD_OP
    assert s[S.CHAR_OWNER + MOGUL] == 0


def test_M_A9_robbed_player_takes_back_the_returned_character():
    """M-A9: taking another player's character cannot be refused; the robbed player at
    once takes a bank character of their choice, also the one just returned."""
    s = new_state(3, chars=(MOGUL, MERCHANT, SADHU))
    asked = []
    answers = [pick(A_CHARACTER, A_GOLD), pick(A_GOLD, A_GOLD), pick(A_GOLD, A_GOLD)]
    answers += [step(OP_CHARACTER, 0, SADHU)]  # seat 0 (Mogul) robs seat 2
    kind, seat = drive_to_decision(s, answers, asked=asked)
    assert (kind, seat) == (DK_REPLACE, 2)
    assert s[S.CHAR_OWNER + SADHU] == 0 and s[S.CHAR_OWNER + MOGUL] == BANK
    kind, seat = drive_to_decision(s, [choose(MOGUL)])
    assert (kind, seat) == (DK_STEP, 0)  # back to the swapping player's turn
    assert s[S.CHAR_OWNER + MOGUL] == 2
    # seat 0 finishes its turn; then the lowest waiting character: seat 2 (now the
    # Mogul), then seat 1 (Merchant)
    asked = []
    rest = [step(OP_GOLD, 1), END] + [step(OP_GOLD, 0), step(OP_GOLD, 1), END] * 2
    drive_to_decision(s, rest, asked=asked)
    assert [p for k, p in asked if k == DK_STEP] == [0, 0, 2, 2, 2, 1, 1, 1]
    assert s[S.CHAR_OWNER + ARTIST] == BANK and s[S.CHAR_OWNER + BUILDER] == BANK
