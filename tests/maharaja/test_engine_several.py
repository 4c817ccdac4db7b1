"""Several characters (M-V4, rulebook 11.3): taking without giving back, exchange and
lure when the bank is empty, order and ties by the lowest character, every power held.

[choice]: a lure names the target player by one of their characters (OP_CHARACTER
out[2]) with out[3] = LURE; an illegal DK_GIVE answer is an error and the lured
player's highest-numbered character goes instead.
"""

from __future__ import annotations

import simcore.maharaja.layout as S
from simcore.maharaja.enums import (
    A_CHARACTER,
    A_GOLD,
    ARTIST,
    BANK,
    BUILDER,
    DK_GIVE,
    DK_PICK,
    E_BAD_CHARACTER,
    E_BAD_DECISION,
    EV_CHARACTER,
    LURE,
    MERCHANT,
    MOGUL,
    MONK,
    OP_CHARACTER,
    OP_END,
    OP_GOLD,
    SADHU,
)
from simcore.maharaja.events import describe
from simcore.maharaja.game_data import default_board
from simcore.maharaja.nb.build_nb import palace_cost_nb
from simcore.maharaja.nb.characters_nb import next_to_act_nb, ranks_before_nb
from simcore.maharaja.nb.game_nb import PH_ROUND
from simcore.maharaja.nb.turn_nb import take_several_nb

from .state_builder import (
    NO_LOG,
    choose,
    drive_to_decision,
    new_log,
    new_state,
    pick,
    rules,
    start_turn,
    step,
)

SEVERAL = rules(several_characters=True)


def owners(s, n=6):
    return [int(s[S.CHAR_OWNER + k]) for k in range(n)]


def hold(s, seat, *chars):
    for k in chars:
        s[S.CHAR_OWNER + k] = seat


def test_M_V4_character_takes_a_bank_card_without_giving_one_back():
    """While the bank holds a character, the action takes one from the bank and keeps the
    own card; taking another player's card is refused then."""
    s = new_state(2, chars=(MONK, ARTIST), rules=SEVERAL, round_=1)
    start_turn(s, 0, A_CHARACTER, A_GOLD, rules=SEVERAL)
    assert take_several_nb(s, SEVERAL, NO_LOG, 0, 0, ARTIST, LURE) == -(100 + E_BAD_CHARACTER)
    assert take_several_nb(s, SEVERAL, NO_LOG, 0, 0, MOGUL, LURE) == -1
    assert owners(s) == [0, BANK, BANK, 0, BANK, 1]


def test_M_V4_exchange_when_the_bank_is_empty_gives_an_own_card_of_choice():
    """Bank empty: name another player's card and give one of the own in exchange."""
    s = new_state(2, chars=(MOGUL, MONK), rules=SEVERAL, round_=1)
    hold(s, 0, MERCHANT, SADHU)
    hold(s, 1, BUILDER, ARTIST)
    start_turn(s, 0, A_CHARACTER, A_CHARACTER, rules=SEVERAL)
    log = new_log()
    assert take_several_nb(s, SEVERAL, log, 0, 0, ARTIST, BUILDER) == -(100 + E_BAD_CHARACTER)
    assert take_several_nb(s, SEVERAL, log, 0, 0, ARTIST, SADHU) == -1
    assert owners(s) == [0, 0, 1, 1, 1, 0]
    row = next(r for r in log if r[2] == EV_CHARACTER)
    text = describe(row, default_board())
    assert "takes the Artist from Blue, giving the Sadhu in exchange" in text


def test_M_V4_lure_only_from_a_player_with_more_cards_who_chooses_what_to_give():
    """Seat 0 (1 card) lures from seat 1 (5 cards): seat 1 is asked (DK_GIVE) and gives the
    card of its choice, getting nothing back. Luring from a player with no more cards
    than oneself is refused."""
    s = new_state(2, chars=(MOGUL, MERCHANT), rules=SEVERAL)
    hold(s, 1, SADHU, MONK, BUILDER, ARTIST)
    log = new_log()
    kind, seat = drive_to_decision(
        s,
        [pick(A_CHARACTER, A_GOLD), pick(A_GOLD, A_GOLD), step(OP_CHARACTER, 0, ARTIST, LURE)],
        rules=SEVERAL,
        log=log,
    )
    assert (kind, seat) == (DK_GIVE, 1)
    drive_to_decision(s, [choose(SADHU)], rules=SEVERAL, log=log)
    assert owners(s) == [0, 1, 0, 1, 1, 1]
    assert s[S.N_ERRORS] == 0
    row = next(r for r in log if r[2] == EV_CHARACTER)
    assert "Red lures the Sadhu from Blue" in describe(row, default_board())
    # now 2 against 4: seat 1 cannot lure from seat 0
    s2 = new_state(2, chars=(MOGUL, MERCHANT), rules=SEVERAL, round_=1)
    hold(s2, 1, SADHU, MONK, BUILDER, ARTIST)
    start_turn(s2, 1, A_CHARACTER, A_GOLD, rules=SEVERAL)
    assert take_several_nb(s2, SEVERAL, NO_LOG, 1, 0, MOGUL, LURE) == -(100 + E_BAD_CHARACTER)


def test_M_V4_an_illegal_give_is_an_error_and_the_highest_card_goes():
    """[choice]: a DK_GIVE answer naming a card the lured player does not hold is recorded,
    and that player's highest-numbered card goes instead."""
    s = new_state(2, chars=(MOGUL, MERCHANT), rules=SEVERAL)
    hold(s, 1, SADHU, MONK, BUILDER, ARTIST)
    drive_to_decision(
        s,
        [
            pick(A_CHARACTER, A_GOLD),
            pick(A_GOLD, A_GOLD),
            step(OP_CHARACTER, 0, MONK, LURE),
            choose(MOGUL),
        ],
        rules=SEVERAL,
    )
    assert s[S.CHAR_OWNER + ARTIST] == 0
    assert s[S.N_ERRORS] == 1 and s[S.FIRST_ERROR] == E_BAD_DECISION


def test_M_V4_order_and_ties_use_each_players_lowest_character():
    """Turn order: seat 1 holds the Merchant (2) and the Artist, seat 0 the Sadhu (3) and
    the Monk, seat 2 the Builder: order 1, 0, 2; seat 1 wins ties against seat 0."""
    s = new_state(3, chars=(SADHU, MERCHANT, BUILDER), rules=SEVERAL)
    hold(s, 0, MONK)
    hold(s, 1, ARTIST)
    assert next_to_act_nb(s) == 1
    assert ranks_before_nb(s, 1, 0) and ranks_before_nb(s, 0, 2)
    kind, seat = drive_to_decision(
        s,
        [pick(A_GOLD, A_GOLD)] * 3 + [step(OP_GOLD, 0), step(OP_GOLD, 1), step(OP_END)],
        rules=SEVERAL,
    )
    assert seat == 0  # seat 1 has acted; seat 0 (Sadhu) before seat 2 (Builder)
    assert kind != DK_PICK


def test_M_V4_the_powers_of_all_held_characters_apply():
    """Holding the Merchant and the Artist: +1 gold at the turn start (M-K2) and palaces
    for 9 (M-K6)."""
    s = new_state(2, chars=(MERCHANT, MOGUL), rules=SEVERAL, round_=1)
    hold(s, 0, ARTIST)
    start_turn(s, 0, A_GOLD, A_GOLD, rules=SEVERAL)
    assert s[S.GOLD + 0] == 16
    assert palace_cost_nb(s, SEVERAL, 0) == 9
    assert s[S.PHASE] == PH_ROUND
