"""Travel and fees (M-F1, M-F3, M-K4), with the rulebook's section 7.1 examples.

Colours of the examples: seat 0 = green (the traveller), 1 = blue, 2 = red. The
one-village road red-blue makes the single-village examples exact.
"""

from __future__ import annotations

import pytest

import simcore.maharaja.layout as S
from simcore.maharaja.enums import (
    A_GOLD,
    ARTIST,
    DK_STEP,
    E_NO_GOLD,
    E_NOT_ADJACENT,
    E_OK,
    E_ROAD_CLOSED,
    E_STOP_ON_START,
    EV_FEE,
    EV_ROAD,
    LOG_A,
    LOG_B,
    LOG_C,
    LOG_D,
    LOG_SEAT,
    MERCHANT,
    MOGUL,
    MONK,
    OP_GOLD,
    OP_ROAD,
    SADHU,
)

from .state_builder import (
    BOARD,
    END,
    START,
    city,
    do,
    drive_to_decision,
    events,
    gold,
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

GREEN, BLUE, RED = 0, 1, 2
RED_BLUE = village("red", "blue")  # the only village of the road red-blue


def traveller_state(char=MOGUL):
    """Three players; seat 0 (green) in its turn on red, holding `char`."""
    others = [k for k in (MOGUL, MERCHANT, SADHU) if k != char][:2]
    s = new_state(3, chars=(char, *others))
    start_turn(s, GREEN, A_GOLD, A_GOLD)
    place_architect(s, GREEN, "red")
    return s


@pytest.mark.nojit
def test_M_F1_example_blue_and_red_house_green_pays_1_to_each():
    """7.1 example 1: a village holds a blue and a red house; the green architect passing
    it pays 1 to blue and 1 to red."""
    s = traveller_state()
    put_houses(s, BLUE, RED_BLUE)
    put_houses(s, RED, RED_BLUE)
    before = gold(s)
    assert do(s, GREEN, OP_ROAD, road("red", "blue")) == E_OK
    assert s[S.ARCH + GREEN] == city("blue")
    assert gold(s) == [before[0] - 2, before[1] + 1, before[2] + 1]
    assert s[S.FEES_PAID + GREEN] == 2
    assert (s[S.FEES_RECEIVED + BLUE], s[S.FEES_RECEIVED + RED]) == (1, 1)


def test_M_F1_example_two_blue_houses_green_pays_2_to_blue():
    """7.1 example 2: a village holds two blue houses; green pays 2 to blue."""
    s = traveller_state()
    put_houses(s, BLUE, RED_BLUE, 2)
    log = new_log()
    before = gold(s)
    assert do(s, GREEN, OP_ROAD, road("red", "blue"), log=log) == E_OK
    assert gold(s) == [before[0] - 2, before[1] + 2, before[2]]
    fees = events(log, EV_FEE)
    assert len(fees) == 1
    assert (fees[0][LOG_SEAT], fees[0][LOG_A], fees[0][LOG_B]) == (GREEN, BLUE, 2)
    assert (fees[0][LOG_C], fees[0][LOG_D]) == (RED_BLUE, 0)


def test_M_F1_free_through_a_village_with_an_own_house():
    """M-F1: passing a village where the player has a house is free (the other house's
    owner gets nothing)."""
    s = traveller_state()
    put_houses(s, GREEN, RED_BLUE)
    put_houses(s, BLUE, RED_BLUE)
    before = gold(s)
    assert do(s, GREEN, OP_ROAD, road("red", "blue")) == E_OK
    assert gold(s) == before


def test_M_F3_fees_village_by_village_on_a_two_village_road():
    """M-F3: fees are paid village by village: first village 1 blue house, second
    village 2 red houses: 1 to blue, 2 to red; START and cities are free to pass."""
    s = traveller_state()
    place_architect(s, GREEN, "S")
    put_houses(s, BLUE, village("S", "orange", 0))
    put_houses(s, RED, village("S", "orange", 1), 2)
    log = new_log()
    before = gold(s)
    assert do(s, GREEN, OP_ROAD, road("S", "orange"), log=log) == E_OK
    assert gold(s) == [before[0] - 3, before[1] + 1, before[2] + 2]
    fees = [(f[LOG_A], f[LOG_B], f[LOG_C]) for f in events(log, EV_FEE)]
    assert fees == [(BLUE, 1, village("S", "orange", 0)), (RED, 2, village("S", "orange", 1))]


def test_M_F1_closed_road_cannot_be_passed():
    """M-F1: a road is open only if each of its villages holds a house: an empty village
    closes it (7.1: the architect cannot pass a village with no house)."""
    s = traveller_state()
    place_architect(s, GREEN, "S")
    put_houses(s, GREEN, village("S", "orange", 0))
    assert do(s, GREEN, OP_ROAD, road("S", "orange")) == E_ROAD_CLOSED
    assert s[S.ARCH + GREEN] == START
    put_houses(s, BLUE, village("S", "orange", 1))
    assert do(s, GREEN, OP_ROAD, road("S", "orange")) == E_OK


def test_M_F3_a_road_whose_fee_exceeds_the_gold_cannot_be_taken():
    """M-F3: a player who cannot pay a road's fees cannot take it; nothing is paid."""
    s = traveller_state()
    put_houses(s, BLUE, RED_BLUE, 2)
    set_gold(s, GREEN, 1)
    assert do(s, GREEN, OP_ROAD, road("red", "blue")) == E_NO_GOLD
    assert s[S.ARCH + GREEN] == city("red")
    assert gold(s)[:2] == [1, 15]
    set_gold(s, GREEN, 2)
    assert do(s, GREEN, OP_ROAD, road("red", "blue")) == E_OK
    assert gold(s)[:2] == [0, 17]


def test_M_F1_moves_junction_to_junction_never_ending_in_a_village():
    """M-F1/M-F3: a move follows one road from the architect's junction to the junction
    at its other end (the architect never stops in a village); a road not at the
    architect's junction, or no road at all, is refused; travel can go on any number of
    times, also through START (onto START only with a way out, M-F3: see below)."""
    s = traveller_state()
    place_architect(s, GREEN, "S")
    for a, b in (("S", "orange"), ("orange", "red")):
        for i in range(2):
            put_houses(s, GREEN, village(a, b, i))
    assert do(s, GREEN, OP_ROAD, road("orange", "red")) == E_NOT_ADJACENT
    assert do(s, GREEN, OP_ROAD, 16) == E_NOT_ADJACENT
    assert do(s, GREEN, OP_ROAD, -1) == E_NOT_ADJACENT
    path = [("S", "orange"), ("orange", "red"), ("orange", "red"), ("S", "orange")]
    seen = []
    for a, b in path:
        assert do(s, GREEN, OP_ROAD, road(a, b)) == E_OK
        seen.append(BOARD.junction_names[s[S.ARCH + GREEN]])
    assert seen == ["orange", "red", "orange", "S"]
    assert gold(s)[0] == 15


def test_M_K4_monk_bank_pays_the_owners():
    """M-K4: the Wandering monk's holder travels free: the bank pays the owners, so the
    holder can pass even with no gold."""
    s = traveller_state(MONK)
    put_houses(s, BLUE, RED_BLUE)
    put_houses(s, RED, RED_BLUE)
    set_gold(s, GREEN, 0)
    log = new_log()
    before = gold(s)
    assert do(s, GREEN, OP_ROAD, road("red", "blue"), log=log) == E_OK
    assert gold(s) == [0, before[1] + 1, before[2] + 1]
    assert s[S.FEES_PAID + GREEN] == 0
    assert (s[S.FEES_RECEIVED + BLUE], s[S.FEES_RECEIVED + RED]) == (1, 1)
    assert all(f[LOG_D] == 1 for f in events(log, EV_FEE))  # paid by the bank


# --- M-F3: travel ends in a city; START is only passed through (rulebook 7.1) --------------


def via_s_state():
    """Four players, setup done; seat 0 (Mogul, first to act) stands on orange; its own
    houses open START-orange for free; every other road at START is closed."""
    s = new_state(4, chars=(MOGUL, SADHU, MONK, ARTIST))
    place_architect(s, 0, "orange")
    for i in range(2):
        put_houses(s, 0, village("S", "orange", i))
    return s


PICKS = [pick(A_GOLD, A_GOLD)] * 4


@pytest.mark.parametrize("then", ["end", "gold"])
def test_M_F3_a_turn_cannot_stop_on_S(then):
    """Rulebook 7.1: "the architect always ends its travel in a city". After orange -> START,
    ending the turn or any other operation is an error: the turn ends, the architect goes
    on along the cheapest open road (back to orange, the only one) and the Gold actions
    not done are forfeits (M-F2)."""
    s = via_s_state()
    log = new_log()
    second = END if then == "end" else step(OP_GOLD, 0)
    kind, seat = drive_to_decision(s, [*PICKS, step(OP_ROAD, road("S", "orange")), second], log=log)
    assert (kind, seat) == (DK_STEP, 1)  # seat 0's turn is over, the Sadhu acts next
    assert s[S.ARCH + 0] == city("orange")
    assert (s[S.N_ERRORS], s[S.FIRST_ERROR]) == (1, E_STOP_ON_START)
    assert s[S.FORFEITS + 0] == 2
    assert [e[LOG_C] for e in events(log, EV_ROAD)] == [START, city("orange")]


def test_M_F3_passing_through_S_is_allowed():
    """orange -> START -> red in one travel, then both Gold actions in red: no error."""
    s = via_s_state()
    for i in range(2):
        put_houses(s, 0, village("S", "red", i))
    answers = [*PICKS, step(OP_ROAD, road("S", "orange")), step(OP_ROAD, road("S", "red"))]
    answers += [step(OP_GOLD, 0), step(OP_GOLD, 1), END]
    kind, seat = drive_to_decision(s, answers)
    assert (kind, seat) == (DK_STEP, 1)
    assert s[S.ARCH + 0] == city("red")
    assert s[S.N_ERRORS] == 0 and s[S.FORFEITS + 0] == 0 and gold(s)[0] == 19


def test_M_F3_a_road_onto_S_needs_an_affordable_way_out():
    """S-orange holds one own and one blue house (fee 1 each way) and is the only open
    road at START: with 1 gold the move onto START would leave no way out (refused, nothing
    changes); with 2 gold it is allowed and the way back stays affordable."""
    s = traveller_state()
    place_architect(s, GREEN, "orange")
    put_houses(s, GREEN, village("S", "orange", 0))
    put_houses(s, BLUE, village("S", "orange", 1))
    set_gold(s, GREEN, 1)
    assert do(s, GREEN, OP_ROAD, road("S", "orange")) == E_STOP_ON_START
    assert s[S.ARCH + GREEN] == city("orange") and gold(s)[0] == 1
    set_gold(s, GREEN, 2)
    assert do(s, GREEN, OP_ROAD, road("S", "orange")) == E_OK
    assert s[S.ARCH + GREEN] == START and gold(s)[0] == 1 and s[S.ON_START] == 1
    assert do(s, GREEN, OP_ROAD, road("S", "orange")) == E_OK
    assert s[S.ARCH + GREEN] == city("orange") and s[S.ON_START] == 0


def test_M_F3_the_monk_can_always_leave_S():
    """M-K4: the bank pays the Monk's fees, so any open road is a way out."""
    s = traveller_state(MONK)
    place_architect(s, GREEN, "orange")
    put_houses(s, BLUE, village("S", "orange", 0))
    put_houses(s, BLUE, village("S", "orange", 1))
    set_gold(s, GREEN, 0)
    assert do(s, GREEN, OP_ROAD, road("S", "orange")) == E_OK
    assert s[S.ARCH + GREEN] == START


def test_M_F3_a_turn_that_begins_on_S_may_end_there():
    """The architects start on START (M-S1): a player who does not travel stays there."""
    s = new_state(4, chars=(MOGUL, SADHU, MONK, ARTIST))
    assert s[S.ARCH + 0] == START
    kind, seat = drive_to_decision(s, [*PICKS, step(OP_GOLD, 0), step(OP_GOLD, 1), END])
    assert (kind, seat) == (DK_STEP, 1)
    assert s[S.ARCH + 0] == START and s[S.N_ERRORS] == 0
