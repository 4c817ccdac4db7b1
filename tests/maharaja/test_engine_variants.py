"""Variant switches the engine reads: Yogi and action chips (M-A5y, M-K7), neutral
palaces in play (M-V2). M-A7h is in test_engine_scoring.py, M-V1 in test_engine_end.py,
M-V2 at setup in test_engine_setup.py, M-V3 (auction) in test_engine_auction.py and
M-V4 (several characters) in test_engine_several.py.
"""

from __future__ import annotations

import pytest

import simcore.maharaja.layout as S
from simcore.maharaja.enums import (
    A_CHARACTER,
    A_GOLD,
    A_PALACE,
    A_PALACE_HOUSE,
    A_QUARRY,
    A_TWO_HOUSES,
    E_CHIP,
    E_NO_SITE,
    E_OK,
    MERCHANT,
    MOGUL,
    OP_CHIP,
    OP_GOLD,
    OP_HOUSE,
    OP_PALACE,
    OP_QUARRY,
    SITE_OUTER,
    SLOT_CHIP,
    YOGI,
)
from simcore.maharaja.nb.scoring_nb import city_points_nb

from .state_builder import (
    BOARD_ARR,
    city,
    city_loc,
    do,
    end_turn,
    gold,
    new_state,
    place_architect,
    rules,
    set_gold,
    start_turn,
)

YOGI_RULES = rules(yogi=True)


def yogi_state():
    return new_state(2, chars=(YOGI, MOGUL), rules=YOGI_RULES, round_=1)


@pytest.mark.nojit
def test_M_K7_M_A5y_yogi_takes_a_chip_at_turn_start_and_uses_it():
    """M-K7: when the Yogi's holder's turn begins it takes an action chip (7 in the bank);
    M-A5y: the chip buys one extra action from the disc, declared now, and returns to
    the bank."""
    s = yogi_state()
    assert s[S.CHIPS_BANK] == 7
    start_turn(s, 0, A_GOLD, A_GOLD, rules=YOGI_RULES)
    assert (s[S.CHIPS + 0], s[S.CHIPS_BANK]) == (1, 6)
    assert do(s, 0, OP_CHIP, A_CHARACTER, rules=YOGI_RULES) == E_CHIP  # never Character
    assert do(s, 0, OP_CHIP, A_GOLD, rules=YOGI_RULES) == E_OK
    assert (s[S.CHIPS + 0], s[S.CHIPS_BANK]) == (0, 7)
    for slot in (0, 1, SLOT_CHIP):
        assert do(s, 0, OP_GOLD, slot, rules=YOGI_RULES) == E_OK
    assert gold(s) == [21, 15]
    assert end_turn(s, 0, rules=YOGI_RULES) == 0


def test_M_A5y_one_extra_action_per_round_chip_kept_for_later_without_the_yogi():
    """M-A5y: at most one extra action per player per round; a chip may be kept and
    used in a later round, also without the Yogi."""
    s = yogi_state()
    s[S.CHIPS + 1] = 2  # seat 1 (Mogul) holds two chips, no Yogi
    start_turn(s, 1, A_GOLD, A_GOLD, rules=YOGI_RULES)
    assert s[S.CHIPS + 1] == 2  # no Yogi, no new chip
    assert do(s, 1, OP_CHIP, A_GOLD, rules=YOGI_RULES) == E_OK
    assert do(s, 1, OP_CHIP, A_GOLD, rules=YOGI_RULES) == E_CHIP  # second in one turn
    end_turn(s, 1, rules=YOGI_RULES)
    start_turn(s, 1, A_GOLD, A_GOLD, rules=YOGI_RULES)  # again in the same round
    assert do(s, 1, OP_CHIP, A_GOLD, rules=YOGI_RULES) == E_CHIP
    s[S.ROUND] += 1
    start_turn(s, 1, A_GOLD, A_GOLD, rules=YOGI_RULES)
    assert do(s, 1, OP_CHIP, A_QUARRY, rules=YOGI_RULES) == E_OK
    assert s[S.CHIPS + 1] == 0


def test_M_A5y_chips_need_the_variant_and_an_unused_chip_action_is_a_forfeit():
    """M-A5y: without the switch no chip can be used; a declared extra action left
    undone is forfeited like any chosen action (M-F2)."""
    s = new_state(2, chars=(MOGUL, MERCHANT), round_=1)
    s[S.CHIPS + 0] = 1
    start_turn(s, 0, A_GOLD, A_GOLD)
    assert do(s, 0, OP_CHIP, A_GOLD) == E_CHIP
    s = yogi_state()
    start_turn(s, 0, A_GOLD, A_GOLD, rules=YOGI_RULES)
    assert do(s, 0, OP_CHIP, A_PALACE, rules=YOGI_RULES) == E_OK
    do(s, 0, OP_GOLD, 0, rules=YOGI_RULES)
    do(s, 0, OP_GOLD, 1, rules=YOGI_RULES)
    assert end_turn(s, 0, rules=YOGI_RULES) == 1
    assert gold(s) == [19, 17]


def test_M_A5y_rulebook_example_quarry_then_chip_palace_house_then_two_houses():
    """11.2.3 example: with a chip and the picks Two houses and Quarry: first the Quarry
    (2 houses into the supply), then the chip for a Palace+house, then the two houses."""
    s = new_state(2, chars=(MOGUL, MERCHANT), rules=YOGI_RULES, round_=3)
    s[S.CHIPS + 0] = 1
    place_architect(s, 0, "orange")
    start_turn(s, 0, A_TWO_HOUSES, A_QUARRY, rules=YOGI_RULES)
    assert do(s, 0, OP_QUARRY, 1, rules=YOGI_RULES) == E_OK
    assert do(s, 0, OP_CHIP, A_PALACE_HOUSE, rules=YOGI_RULES) == E_OK
    assert do(s, 0, OP_PALACE, SLOT_CHIP, SITE_OUTER, rules=YOGI_RULES) == E_OK
    assert do(s, 0, OP_HOUSE, SLOT_CHIP, city_loc("orange"), rules=YOGI_RULES) == E_OK
    for _ in range(2):
        assert do(s, 0, OP_HOUSE, 0, city_loc("orange"), rules=YOGI_RULES) == E_OK
    assert gold(s)[0] == 15 - 13 - 2
    assert s[S.SUPPLY + 0] == 6 + 2 - 3
    assert end_turn(s, 0, rules=YOGI_RULES) == 0


def test_M_V2_neutral_palaces_take_outer_sites_and_score_for_nobody():
    """M-V2: with 4 players each garden holds one neutral outer palace: only 5 outer
    sites are left for the players; a neutral palace scores for no player."""
    r = rules(neutral_palaces=True)
    s = new_state(rules=r)
    place_architect(s, 0, "orange")
    set_gold(s, 0, 100)
    results = []
    for _ in range(3):
        start_turn(s, 0, A_PALACE, A_PALACE, rules=r)
        results += [do(s, 0, OP_PALACE, slot, SITE_OUTER, rules=r) for slot in (0, 1)]
    assert results == [E_OK] * 5 + [E_NO_SITE]
    assert gold(s)[0] == 100 - 5 * 12
    red = city("red")
    assert s[S.OUTER_NEUTRAL + red] == 1
    assert [city_points_nb(s, BOARD_ARR, r, p, red) for p in range(4)] == [0, 0, 0, 0]
