"""Characters (M-K1, M-K2, M-K5, M-K6) and the swap (M-A9, M-R4) with the rulebook's
section 7.6 examples. M-K3 (Sadhu) is in test_engine_scoring.py, M-K4 (Monk) in
test_engine_travel.py, M-K7 (Yogi) in test_engine_variants.py.
"""

from __future__ import annotations

import pytest

import simcore.maharaja.layout as S
from simcore.maharaja.enums import (
    A_CHARACTER,
    A_GOLD,
    A_HOUSE,
    A_PALACE,
    A_PALACE_HOUSE,
    ARTIST,
    BANK,
    BUILDER,
    DK_PICK,
    DK_REPLACE,
    DK_STEP,
    E_NO_ARCHITECT,
    E_NO_GOLD,
    E_NO_SUPPLY,
    E_OK,
    E_SLOT_DONE,
    E_WRONG_ACTION,
    MERCHANT,
    MOGUL,
    MONK,
    OP_CHARACTER,
    OP_GOLD,
    OP_HOUSE,
    OP_MOVE_HOUSE,
    OP_PALACE,
    OP_ROAD,
    SADHU,
    SITE_INNER,
    SITE_OUTER,
    SLOT_BUILDER,
)
from simcore.maharaja.nb.characters_nb import next_to_act_nb
from simcore.maharaja.nb.turn_nb import take_character_nb

from .state_builder import (
    END,
    NO_LOG,
    RULES_ARR,
    choose,
    city_loc,
    do,
    drive_to_decision,
    end_turn,
    gold,
    houses,
    idle_round,
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

IDLE_TURN = [step(OP_GOLD, 0), step(OP_GOLD, 1), END]


# ------------------------------------------------------------------ M-K1 Mogul


def test_M_K1_mogul_is_first_in_turn_order():
    """M-K1/M-R4: the Mogul's holder acts first, whatever the seat."""
    s = new_state(4, chars=(ARTIST, SADHU, BUILDER, MOGUL))
    assert next_to_act_nb(s) == 3
    s = new_state(3, chars=(MONK, SADHU, MERCHANT))  # no Mogul: the lowest number
    assert next_to_act_nb(s) == 2


# ------------------------------------------------------------------ M-K2 Merchant


def test_M_K2_merchant_plus_1_at_the_start_of_the_holders_turn():
    """M-K2: the Merchant's holder takes 1 gold when its turn begins, nobody else does."""
    s = new_state(3, chars=(MOGUL, MERCHANT, SADHU))
    start_turn(s, 0, A_GOLD, A_GOLD)
    assert gold(s) == [15, 15, 15]
    start_turn(s, 1, A_GOLD, A_GOLD)
    assert gold(s) == [15, 16, 15]


def test_M_K2_taking_the_merchant_mid_turn_pays_nothing():
    """M-K2: the income is only at the start of the holder's turn: a player who takes
    the Merchant mid-turn gets nothing, and the robbed player (now without it) gets
    nothing either when its own turn begins."""
    s = new_state(3, chars=(MOGUL, MERCHANT, SADHU))
    answers = [pick(A_CHARACTER, A_GOLD), pick(A_GOLD, A_GOLD), pick(A_GOLD, A_GOLD)]
    answers += [step(OP_CHARACTER, 0, MERCHANT), choose(MONK), step(OP_GOLD, 1), END]
    kind, seat = drive_to_decision(s, answers)
    assert (kind, seat) == (DK_STEP, 2)  # Sadhu (3) before the Monk (4)
    assert s[S.CHAR_OWNER + MERCHANT] == 0 and s[S.CHAR_OWNER + MONK] == 1
    assert gold(s) == [17, 15, 15]
    drive_to_decision(s, IDLE_TURN + IDLE_TURN[:2])
    assert gold(s) == [17, 19, 19]


def test_M_K2_merchant_to_monk_example_gold_then_free_travel():
    """7.6 example: the holder of the Merchant takes 1 gold, then swaps the Merchant for
    the Wandering monk and travels free (the bank pays the owners, M-K4)."""
    s = new_state(3, chars=(MERCHANT, MOGUL, SADHU))
    put_houses(s, 1, village("red", "blue"), 2)
    place_architect(s, 0, "red")
    start_turn(s, 0, A_CHARACTER, A_GOLD)
    assert gold(s) == [16, 15, 15]
    assert take_character_nb(s, RULES_ARR, NO_LOG, 0, 0, MONK) == BANK
    assert s[S.CHAR_OWNER + MERCHANT] == BANK
    assert do(s, 0, OP_ROAD, road("red", "blue")) == E_OK
    assert gold(s) == [16, 17, 15]


# ------------------------------------------------------------------ 7.6 turn order


@pytest.mark.nojit
def test_M_A9_M_R4_swap_example_turn_order():
    """7.6 example: Péter holds the Builder (5), Krisztina the Sadhu (3), Jenő the Monk (4).
    Krisztina begins and takes the Builder from Péter; Péter takes the Sadhu just put
    back. After Krisztina's turn Péter acts (Sadhu 3 before Monk 4), then Jenő;
    Krisztina, now holding the Builder, does not act again."""
    peter, krisztina, jeno = 0, 1, 2
    s = new_state(3, chars=(BUILDER, SADHU, MONK))
    asked = []
    answers = [pick(A_GOLD, A_GOLD), pick(A_CHARACTER, A_GOLD), pick(A_GOLD, A_GOLD)]
    answers += [step(OP_CHARACTER, 0, BUILDER), choose(SADHU), step(OP_GOLD, 1), END]
    answers += IDLE_TURN * 2
    kind, seat = drive_to_decision(s, answers, asked=asked)
    assert asked[3:6] == [(DK_STEP, krisztina), (DK_REPLACE, peter), (DK_STEP, krisztina)]
    turns = [p for k, p in asked[7:] if k == DK_STEP]
    assert turns == [peter] * 3 + [jeno] * 3
    assert (kind, seat) == (DK_PICK, 0) and s[S.ROUND] == 2  # round 1 over
    owners = {k: int(s[S.CHAR_OWNER + k]) for k in (SADHU, MONK, BUILDER)}
    assert owners == {SADHU: peter, MONK: jeno, BUILDER: krisztina}
    assert gold(s) == [19, 17, 19]
    # round 2: Péter (3), Jenő (4), Krisztina (5)
    asked = []
    drive_to_decision(s, idle_round(3), asked=asked)
    assert [p for k, p in asked if k == DK_STEP] == [peter] * 3 + [jeno] * 3 + [krisztina] * 3


# ------------------------------------------------------------------ M-K5 Builder


def test_M_K5_builder_free_house_once_per_turn_besides_the_two_actions():
    """M-K5: the Builder's holder builds one house free from the supply, besides the two
    actions (no house action needed), once per turn; a city needs the architect."""
    s = new_state()  # seat 2 holds the Builder
    start_turn(s, 2, A_GOLD, A_GOLD)
    set_gold(s, 2, 0)
    assert do(s, 2, OP_HOUSE, SLOT_BUILDER, city_loc("orange")) == E_NO_ARCHITECT
    assert do(s, 2, OP_HOUSE, SLOT_BUILDER, village("S", "red")) == E_OK
    assert gold(s)[2] == 0 and s[S.SUPPLY + 2] == 5
    assert do(s, 2, OP_HOUSE, SLOT_BUILDER, village("S", "red", 1)) == E_SLOT_DONE
    assert do(s, 2, OP_MOVE_HOUSE, SLOT_BUILDER, village("S", "red"), 3) == E_SLOT_DONE
    assert end_turn(s, 2) == 2  # the two Gold actions, not the Builder's house
    start_turn(s, 2, A_GOLD, A_GOLD)  # a new turn: a new free house
    s[S.SUPPLY + 2] = 0
    assert do(s, 2, OP_HOUSE, SLOT_BUILDER, 3) == E_NO_SUPPLY


def test_M_K5_builder_may_move_a_house_instead_and_is_optional():
    """M-K5: build or move one house free; unused, it is no forfeit; only the holder."""
    s = new_state()
    put_houses(s, 2, village("S", "red"))
    place_architect(s, 2, "orange")
    start_turn(s, 2, A_GOLD, A_GOLD)
    src = village("S", "red")
    assert do(s, 2, OP_MOVE_HOUSE, SLOT_BUILDER, src, city_loc("orange")) == E_OK
    assert houses(s, 2, city_loc("orange")) == 1 and houses(s, 2, src) == 0
    assert gold(s)[2] == 15
    assert do(s, 2, OP_GOLD, 0) == E_OK and do(s, 2, OP_GOLD, 1) == E_OK
    assert end_turn(s, 2) == 0
    start_turn(s, 0, A_GOLD, A_GOLD)  # seat 0 holds the Mogul
    assert do(s, 0, OP_HOUSE, SLOT_BUILDER, 3) == E_WRONG_ACTION
    start_turn(s, 2, A_GOLD, A_GOLD)
    assert end_turn(s, 2) == 2  # unused Builder house: no extra forfeit


def test_M_K5_M_K6_builder_to_artist_example():
    """7.6 example: the Builder's holder builds a house free, then swaps the Builder for
    the Artist and (its other action being Palace) builds a palace for 9, not 12."""
    s = new_state(3, chars=(BUILDER, MOGUL, SADHU))
    place_architect(s, 0, "orange")
    start_turn(s, 0, A_CHARACTER, A_PALACE)
    assert do(s, 0, OP_HOUSE, SLOT_BUILDER, city_loc("orange")) == E_OK
    assert take_character_nb(s, RULES_ARR, NO_LOG, 0, 0, ARTIST) == BANK
    assert s[S.CHAR_OWNER + BUILDER] == BANK
    assert do(s, 0, OP_PALACE, 1, SITE_INNER) == E_OK
    assert gold(s)[0] == 15 - 9
    assert houses(s, 0, city_loc("orange")) == 1
    assert end_turn(s, 0) == 0


def test_M_K5_swapped_away_builder_gives_no_free_house():
    """M-K5: the power belongs to the current holder: after swapping the Builder away,
    its free house is gone."""
    s = new_state(3, chars=(BUILDER, MOGUL, SADHU))
    start_turn(s, 0, A_CHARACTER, A_GOLD)
    assert take_character_nb(s, RULES_ARR, NO_LOG, 0, 0, ARTIST) == BANK
    assert do(s, 0, OP_HOUSE, SLOT_BUILDER, 3) == E_WRONG_ACTION


# ------------------------------------------------------------------ M-K6 Artist


def test_M_K6_artist_palace_costs_9():
    """M-K6: a palace costs the Artist's holder 9 instead of 12 (palace + house: 10)."""
    s = new_state()  # seat 3 holds the Artist, seat 0 the Mogul
    for p in (0, 3):
        place_architect(s, p, "orange")
        set_gold(s, p, 9)
    start_turn(s, 0, A_PALACE, A_GOLD)
    assert do(s, 0, OP_PALACE, 0, SITE_OUTER) == E_NO_GOLD
    start_turn(s, 3, A_PALACE, A_PALACE_HOUSE)
    assert do(s, 3, OP_PALACE, 0, SITE_OUTER) == E_OK
    assert gold(s)[3] == 0
    set_gold(s, 3, 10)
    assert do(s, 3, OP_HOUSE, 1, city_loc("orange")) == E_OK
    assert do(s, 3, OP_PALACE, 1, SITE_INNER) == E_OK
    assert gold(s)[3] == 0


def test_M_A9_character_op_in_a_house_turn_is_refused_by_the_state_machine():
    """M-A9 via answer_nb: a Character op without the Character action is an error that
    ends the turn (engine convention)."""
    s = new_state(2, chars=(MOGUL, MERCHANT))
    answers = [pick(A_HOUSE, A_GOLD), pick(A_GOLD, A_GOLD), step(OP_CHARACTER, 0, SADHU)]
    kind, seat = drive_to_decision(s, answers)
    assert (kind, seat) == (DK_STEP, 1)
    assert s[S.CHAR_OWNER + SADHU] == BANK and s[S.CHAR_OWNER + MOGUL] == 0
