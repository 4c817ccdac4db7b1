"""Forfeits (M-F2) with the rulebook's section 7.7 example, and the [choice]
forfeit_per_part (default False: once per chosen action not fully done)."""

from __future__ import annotations

import pytest

import simcore.maharaja.layout as S
from simcore.maharaja.enums import (
    A_GOLD,
    A_HOUSE,
    A_PALACE,
    A_PALACE_HOUSE,
    A_QUARRY,
    A_TWO_HOUSES,
    E_OK,
    EV_FORFEIT,
    LOG_A,
    LOG_B,
    LOG_SEAT,
    OP_GOLD,
    OP_HOUSE,
    OP_QUARRY,
)

from .state_builder import (
    city_loc,
    do,
    end_turn,
    events,
    gold,
    new_log,
    new_state,
    place_architect,
    rules,
    set_gold,
    start_turn,
)

PER_PART = rules(forfeit_per_part=True)


@pytest.mark.nojit
def test_M_F2_example_palace_house_only_the_house_built_every_other_player_plus_2():
    """7.7 example: a player chose Palace+house but builds only the house (cannot pay the
    palace); every other player takes 2 gold from the bank."""
    s = new_state()
    place_architect(s, 0, "orange")
    set_gold(s, 0, 11)
    start_turn(s, 0, A_PALACE_HOUSE, A_GOLD)
    assert do(s, 0, OP_HOUSE, 0, city_loc("orange")) == E_OK
    assert do(s, 0, OP_GOLD, 1) == E_OK
    log = new_log()
    assert end_turn(s, 0, log=log) == 1
    assert gold(s) == [11 - 1 + 2, 17, 17, 17]
    assert s[S.FORFEITS + 0] == 1
    assert s[S.TURN_PLAYER] == -1
    ev = events(log, EV_FORFEIT)
    assert [(e[LOG_SEAT], e[LOG_A], e[LOG_B]) for e in ev] == [(0, 1, 2)]


def test_M_F2_nothing_left_undone_no_forfeit():
    """M-F2: a turn with both actions fully done pays nobody."""
    s = new_state()
    start_turn(s, 0, A_GOLD, A_GOLD)
    do(s, 0, OP_GOLD, 0)
    do(s, 0, OP_GOLD, 1)
    assert end_turn(s, 0) == 0
    assert gold(s) == [19, 15, 15, 15]


def test_M_F2_default_once_per_action_not_fully_done():
    """M-F2 [choice forfeit_per_part=False]: once per chosen action left (partly) undone:
    Palace+house with nothing built is one forfeit; Two houses with one built is one;
    two untouched actions are two."""
    cases = [
        ((A_PALACE_HOUSE, A_GOLD), 1, 1),  # palace and house undone, gold done
        ((A_TWO_HOUSES, A_GOLD), 1, 1),  # one of two houses built below
        ((A_HOUSE, A_PALACE), None, 2),
    ]
    for (a0, a1), built, count in cases:
        s = new_state()
        place_architect(s, 0, "orange")
        start_turn(s, 0, a0, a1)
        if a1 == A_GOLD:
            assert do(s, 0, OP_GOLD, 1) == E_OK
        if built:
            assert do(s, 0, OP_HOUSE, 0, city_loc("orange")) == E_OK
        before = gold(s)
        assert end_turn(s, 0) == count
        assert gold(s) == [before[0]] + [b + 2 * count for b in before[1:]]


def test_M_F2_choice_per_part():
    """M-F2 [choice forfeit_per_part=True]: every undone part counts: Palace+house with
    nothing built is 2, Two houses with one built is 1, with none built 2."""
    cases = [
        ((A_PALACE_HOUSE, A_GOLD), 0, 2),
        ((A_TWO_HOUSES, A_GOLD), 1, 1),
        ((A_TWO_HOUSES, A_GOLD), 0, 2),
        ((A_HOUSE, A_PALACE), 0, 2),
    ]
    for (a0, a1), built, count in cases:
        s = new_state(rules=PER_PART)
        place_architect(s, 0, "orange")
        start_turn(s, 0, a0, a1, rules=PER_PART)
        if a1 == A_GOLD:
            assert do(s, 0, OP_GOLD, 1, rules=PER_PART) == E_OK
        for _ in range(built):
            assert do(s, 0, OP_HOUSE, 0, city_loc("orange"), rules=PER_PART) == E_OK
        before = gold(s)
        assert end_turn(s, 0, rules=PER_PART) == count
        assert gold(s) == [before[0]] + [b + 2 * count for b in before[1:]]
        assert s[S.FORFEITS + 0] == count


def test_M_F2_quarry_short_of_houses_is_one_forfeit_in_both_choices():
    """M-F2 [choice] / M-A5: a Quarry that finds fewer than 2 houses counts as one
    action (or one part) not fully done."""
    for r in (rules(), PER_PART):
        s = new_state(rules=r)
        s[S.QUARRY + 0] = 1
        start_turn(s, 0, A_QUARRY, A_QUARRY, rules=r)
        assert do(s, 0, OP_QUARRY, 0, rules=r) == E_OK  # takes the last one
        assert do(s, 0, OP_QUARRY, 1, rules=r) == E_OK  # takes none
        assert end_turn(s, 0, rules=r) == 2
        assert gold(s) == [15, 19, 19, 19]


def test_M_F2_two_players_only_the_other_player_is_paid():
    """M-F2: the penalty goes to every *other* player, from the bank."""
    s = new_state(2, chars=(0, 1))
    start_turn(s, 0, A_PALACE, A_GOLD)
    assert end_turn(s, 0) == 2
    assert gold(s) == [15, 19]
