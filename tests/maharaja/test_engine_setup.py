"""Setup (M-S1..M-S5, M-C3, M-V2 at setup), driven through start_game_nb / advance_nb.

Expected numbers come from the rules digest and rulebook section 3.2 / 5.x.
"""

from __future__ import annotations

import numpy as np
import pytest

import simcore.maharaja.layout as S
from simcore.maharaja.enums import (
    A_PALACE,
    ARTIST,
    BANK,
    BUILDER,
    DK_CHARACTER,
    DK_PICK,
    DK_SETUP_HOUSE,
    E_BAD_DECISION,
    E_NO_PALACE_LEFT,
    E_OK,
    MERCHANT,
    MOGUL,
    MONK,
    OUT_OF_GAME,
    SADHU,
    SITE_OUTER,
    YOGI,
)
from simcore.maharaja.nb.game_nb import RNG_STREAMS, start_game_nb
from simcore.maharaja.nb.turn_nb import palace_error_nb

from .state_builder import (
    BOARD_ARR,
    NO_LOG,
    RULES_ARR,
    START,
    choose,
    drive_to_decision,
    new_state,
    place_architect,
    rules,
    start_turn,
)

N_CITIES = 7


def start(n_players: int, rules_arr=RULES_ARR, seed: int = 1, game: int = 0) -> np.ndarray:
    state = np.zeros(S.STATE_SIZE, dtype=np.int64)
    rng = np.zeros(RNG_STREAMS, dtype=np.uint64)
    start_game_nb(state, BOARD_ARR, rules_arr, NO_LOG, n_players, seed, game, rng)
    return state


def test_M_S1_M_C3_stock_gold_architects_maharaja_houses_in_hand():
    """M-S1: 15 gold, architects and the Maharaja on START, 4 houses in hand, no palace built;
    M-C3: the other 16 of the 20 houses wait in the bank."""
    s = start(4)
    for p in range(4):
        assert s[S.GOLD + p] == 15
        assert s[S.ARCH + p] == START
        assert s[S.SUPPLY + p] == 4
        assert s[S.QUARRY + p] == 16
        assert s[S.PALACES + p] == 0
    assert s[S.MAHARAJA] == -1  # -1 = on the start place
    assert s[S.ROUND] == 0


def test_M_S1_palaces_per_player_7_or_6_in_short_game():
    """M-S1/M-C3: 7 palaces each (6 in the short game, M-V1): the 8th (7th) is refused."""
    for short, limit in ((False, 7), (True, 6)):
        r = rules(short_game=short)
        s = new_state(4, rules=r)
        start_turn(s, 0, A_PALACE, A_PALACE, rules=r)
        place_architect(s, 0, "orange")
        s[S.PALACES + 0] = limit
        assert palace_error_nb(s, BOARD_ARR, r, 0, 0, SITE_OUTER) == E_NO_PALACE_LEFT
        s[S.PALACES + 0] = limit - 1
        assert palace_error_nb(s, BOARD_ARR, r, 0, 0, SITE_OUTER) == E_OK


def test_M_S2_governors_shuffled_onto_positions_0_to_6():
    """M-S2: the 7 governors occupy the positions 0..6 once each, in random order;
    the round fields 1..10 (positions 7..16) start empty."""
    orders = set()
    for game in range(40):
        s = start(4, game=game)
        pos = [int(s[S.GOV_POS + c]) for c in range(N_CITIES)]
        assert sorted(pos) == list(range(7))
        orders.add(tuple(pos))
    assert len(orders) > 10  # shuffled, not a fixed order


def test_M_S3_first_seat_chooses_then_clockwise_default_seat_0():
    """M-S3 [choice first_chooser=0]: seat 0 chooses first, then 1, 2, 3; unchosen
    characters stay in the bank, the Yogi is out of the basic game."""
    s = start(4)
    asked = []
    kind, seat = drive_to_decision(
        s, [choose(BUILDER), choose(MERCHANT), choose(ARTIST), choose(MOGUL)], asked=asked
    )
    assert asked == [(DK_CHARACTER, 0), (DK_CHARACTER, 1), (DK_CHARACTER, 2), (DK_CHARACTER, 3)]
    assert kind == DK_SETUP_HOUSE
    owners = [int(s[S.CHAR_OWNER + k]) for k in range(7)]
    assert owners == [3, 1, BANK, BANK, 0, 2, OUT_OF_GAME]
    assert s[S.N_ERRORS] == 0


def test_M_S3_first_chooser_choice_seat_2_and_random():
    """M-S3 [choice]: first_chooser=2 starts at seat 2 and goes clockwise (2, 0, 1 with
    three players); first_chooser=-1 draws a seat per game."""
    s = start(3, rules(first_chooser=2))
    asked = []
    drive_to_decision(s, [choose(MOGUL), choose(SADHU), choose(MONK)], asked=asked)
    assert [seat for _, seat in asked] == [2, 0, 1]
    assert s[S.CHAR_OWNER + MOGUL] == 2
    firsts = {int(start(4, rules(first_chooser=-1), game=g)[S.FIRST_CHOOSER]) for g in range(40)}
    assert firsts == {0, 1, 2, 3}


def test_M_S3_taken_character_is_an_error_and_falls_back_to_a_bank_one():
    """M-S3: only a bank character can be chosen; an illegal answer is recorded and the
    lowest bank character is given instead."""
    s = start(2)
    drive_to_decision(s, [choose(SADHU), choose(SADHU)])
    assert s[S.CHAR_OWNER + SADHU] == 0
    assert s[S.CHAR_OWNER + MOGUL] == 1
    assert s[S.N_ERRORS] == 1 and s[S.FIRST_ERROR] == E_BAD_DECISION


def test_M_S3_yogi_joins_only_with_the_yogi_variant():
    """M-C3/M-A5y: character 7 (Yogi) is only in the advanced game."""
    assert start(4)[S.CHAR_OWNER + YOGI] == OUT_OF_GAME
    assert start(4, rules(yogi=True))[S.CHAR_OWNER + YOGI] == BANK


def setup_answers(chars, villages):
    return [choose(k) for k in chars] + [choose(v) for v in villages]


@pytest.mark.nojit
def test_M_S4_M_S5_four_passes_in_ascending_character_order_then_supply_6():
    """M-S4: each player places one house per pass, in ascending character number, four
    passes; M-S5: then 6 houses into the supply, 10 stay in the bank (20 per colour)."""
    s = start(4)
    asked = []
    # seat 0 Builder, 1 Merchant, 2 Artist, 3 Mogul -> order 3, 1, 0, 2
    kind, seat = drive_to_decision(
        s, setup_answers((BUILDER, MERCHANT, ARTIST, MOGUL), range(16)), asked=asked
    )
    houses = asked[4:]
    assert all(k == DK_SETUP_HOUSE for k, _ in houses)
    assert [p for _, p in houses] == [3, 1, 0, 2] * 4
    assert (kind, seat) == (DK_PICK, 0)  # round 1 has begun
    for p in range(4):
        assert s[S.SUPPLY + p] == 6
        assert s[S.QUARRY + p] == 10
        assert s[S.GOLD + p] == 15
    assert [int(s[S.VIL_TOTAL + v]) for v in range(16)] == [1] * 16
    assert s[S.N_ERRORS] == 0


def test_M_S4_village_cap_2_in_setup():
    """M-S4: a village holds at most 2 houses, also in setup: a third is refused
    (recorded as an error, placed in the first village with room)."""
    s = start(3)
    drive_to_decision(s, setup_answers((MOGUL, MERCHANT, SADHU), [5, 5, 5]))
    assert s[S.VIL_TOTAL + 5] == 2
    assert s[S.VIL_TOTAL + 0] == 1
    assert s[S.N_ERRORS] == 1 and s[S.FIRST_ERROR] == E_BAD_DECISION


def test_M_S4_village_cap_1_with_two_players():
    """M-S4: with two players a village holds only 1 house."""
    s = start(2)
    drive_to_decision(s, setup_answers((MOGUL, MERCHANT), [5, 5]))
    assert s[S.VIL_TOTAL + 5] == 1
    assert s[S.VIL_TOTAL + 0] == 1
    assert s[S.N_ERRORS] == 1


@pytest.mark.parametrize(("n", "neutral"), [(2, 3), (3, 2), (4, 1), (5, 0)])
def test_M_V2_neutral_outer_palaces_one_per_unused_colour(n, neutral):
    """M-V2: with fewer than 5 players each palace garden gets one neutral outer palace
    per unused colour; they use outer sites. [choice] On by default, in the basic game
    too (rulebook 5.0 refers to 11.2.4); neutral_palaces=false switches it off."""
    for s in (start(n), start(n, rules(neutral_palaces=True))):
        for c in range(N_CITIES):
            assert s[S.OUTER_NEUTRAL + c] == neutral
            assert s[S.OUTER_USED + c] == neutral
    off = start(n, rules(neutral_palaces=False))
    assert all(off[S.OUTER_USED + c] == 0 for c in range(N_CITIES))
