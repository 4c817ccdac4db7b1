"""A turn (V-T1, V-T2), the two actions (V-A1, V-A2), collection cards (V-A3, V-A3a..d)
and taxes (V-A4), on hand-built positions. Expected values are worked out by hand from
the digest; card ids: C1..C6 small jug..vase = 0..5, C7..C12 large = 6..11, C13 = 12
(3 different), C14 = 13 (4 different), C15 = 14 (5 different, give up a jug, knife or
instrument)."""

from __future__ import annotations

import pytest

from simcore.vermaechtnis import layout as S
from simcore.vermaechtnis.enums import (
    DK_ACTION,
    DK_COLLECT,
    DK_GIVE_UP,
    E_BAD_GIVE_UP,
    E_BAD_SLOT,
    E_CANNOT_PAY,
    E_NOT_ELIGIBLE,
    GOLD,
    NONE,
    W_GONE,
)
from simcore.vermaechtnis.game_data import cards_from_dict, default_cards
from simcore.vermaechtnis.rules import RuleSet

from .state_builder import A, answer, ask, play_turn, position

SMALL_JUG, SMALL_KNIFE, SMALL_VASE = 0, 1, 5
LARGE_JUG, LARGE_KNIFE, LARGE_VASE = 6, 7, 11
ASSORTED3, ASSORTED4, ASSORTED5 = 12, 13, 14


def bit(*ks: int) -> int:
    return sum(1 << k for k in ks)


@pytest.mark.nojit
def test_V_A1_take_gold_takes_the_leftmost_coin_only():
    g = position(4, offer=[A("jug", 0)], coins_taken=1, money={0: 2})
    s = g.state
    play_turn(g, GOLD)
    assert s[S.COIN : S.COIN + 5].tolist() == [0, 0, 1, 1, 1]  # card 2 was the leftmost
    assert g.money(0) == 2 + 3


@pytest.mark.nojit
def test_V_A2_rulebook_example_two_left_one_coin_taken_costs_3():
    """Two antiques left (two bought), one coin taken: the leftmost card with a coin
    shows 3 (4 players: 4, 3, 3, 2, 2), so either antique costs 3."""
    g = position(4, offer=[A("vase", 2), A("knife", 5)], coins_taken=1, money={0: 5})
    play_turn(g, 1)
    assert g.money(0) == 5 - 3
    assert g.state[S.WHERE + A("knife", 5)] == 0 and g.state[S.OFFER + 1] == -1
    g3 = position(3, offer=[A("vase", 2), A("knife", 5)], coins_taken=1, money={0: 5})
    play_turn(g3, 0)  # 2-3 players: 4, 3, 2, 2 - also 3
    assert g3.money(0) == 2


@pytest.mark.nojit
def test_V_A2_the_antiques_number_is_points_never_price():
    g = position(4, offer=[A("jug", 0), A("statue", 0)], money={0: 8})  # worth 1 and 3
    play_turn(g, 1)
    assert g.money(0) == 8 - 4  # all coins on the cards: 4
    play_turn(g, GOLD)  # seat 1: takes the first coin
    g.state[S.MONEY + 2] = 8
    play_turn(g, 0)  # seat 2 buys the 1-point jug at the second card's price
    assert g.money(2) == 8 - 3


@pytest.mark.nojit
def test_V_A2_bought_antiques_lie_face_up_by_type():
    g = position(2, offer=[A("vase", 1), A("vase", 4)], money={0: 8, 1: 8})
    play_turn(g, 0)
    play_turn(g, 1)
    s = g.state
    assert s[S.OWN_TYPE + 0 * 6 + 5] == 1 and s[S.OWN_TYPE + 1 * 6 + 5] == 1
    assert s[S.OWN_COLOUR + 0 * 6 + 1] == 1 and s[S.OWN_COLOUR + 1 * 6 + 4] == 1


@pytest.mark.nojit
@pytest.mark.parametrize(
    ("money", "slot", "err"),
    [(3, 0, E_CANNOT_PAY), (9, 1, E_BAD_SLOT), (9, -5, E_BAD_SLOT), (9, 6, E_BAD_SLOT)],
)
def test_V_A2_illegal_purchase_is_counted_and_gold_is_taken_instead(money, slot, err):
    g = position(4, offer=[A("jug", 0)], money={0: money})
    play_turn(g, slot)
    s = g.state
    assert s[S.N_ERRORS] == 1 and s[S.FIRST_ERROR] == err
    assert s[S.COIN] == 0 and s[S.WHERE + A("jug", 0)] != 0  # V-T2: gold instead
    assert g.money(0) == min(money + 3, 8)


@pytest.mark.nojit
def test_V_T1_action_then_collection_card_then_taxes():
    g = position(4, owned={0: [A("vase", 0)]}, offer=[A("vase", 1)], coins_taken=3,
                 money={0: 12})  # fmt: skip
    assert ask(g) == (DK_ACTION, 0)
    answer(g, 0)  # buys the second vase for 2 (three coins gone: 2)
    assert ask(g) == (DK_COLLECT, 0)
    assert g.money(0) == 10  # taxes not yet paid
    answer(g, SMALL_VASE)
    kind, seat = ask(g)
    assert g.money(0) == 8 and g.state[S.TAXES] == 2  # step 3: taxes
    assert g.state[S.COLL] == bit(SMALL_VASE)
    assert (kind, seat) == (DK_ACTION, 1)


@pytest.mark.nojit
def test_V_T2_gold_is_legal_with_no_money_and_a_full_offer():
    g = position(4, offer=[A("jug", 0), A("jug", 1), A("jug", 2), A("jug", 3)], money={0: 0})
    play_turn(g, GOLD)
    assert g.money(0) == 3 and g.state[S.N_ERRORS] == 0


@pytest.mark.nojit
def test_V_A3_a_card_may_be_taken_after_gold_and_declined_and_taken_later():
    g = position(2, owned={0: [A("jug", 0), A("jug", 5)]}, offer=[A("vase", 0)])
    assert ask(g) == (DK_ACTION, 0)
    answer(g, GOLD)
    assert ask(g) == (DK_COLLECT, 0)  # also after taking gold
    assert g.state[S.ELIGIBLE] == bit(SMALL_JUG)
    answer(g, NONE)  # optional
    play_turn(g, GOLD)  # seat 1
    assert ask(g) == (DK_ACTION, 0)
    answer(g, GOLD)
    assert ask(g) == (DK_COLLECT, 0)  # still possible: it may be taken later
    answer(g, SMALL_JUG)
    assert g.state[S.COLL] == bit(SMALL_JUG)


@pytest.mark.nojit
def test_V_A3_at_most_one_card_per_turn():
    hand = [A("jug", 0), A("jug", 1), A("knife", 2), A("vase", 3)]  # small jug and 3 types
    g = position(2, owned={0: hand}, offer=[A("statue", 0)])
    answer(g, GOLD) if ask(g)[0] == DK_ACTION else None
    assert ask(g) == (DK_COLLECT, 0)
    assert g.state[S.ELIGIBLE] == bit(SMALL_JUG, ASSORTED3)
    answer(g, ASSORTED3)
    assert ask(g) == (DK_ACTION, 1)  # no second card this turn
    play_turn(g, GOLD)
    answer(g, GOLD)
    assert ask(g) == (DK_COLLECT, 0) and g.state[S.ELIGIBLE] == bit(SMALL_JUG)


@pytest.mark.nojit
def test_V_A3_an_ineligible_card_is_an_error_and_no_card():
    g = position(2, owned={0: [A("jug", 0), A("jug", 1)]}, offer=[A("vase", 0)])
    play_turn(g, GOLD, LARGE_JUG)  # needs 3 jugs
    assert g.state[S.N_ERRORS] == 1 and g.state[S.FIRST_ERROR] == E_NOT_ELIGIBLE
    assert g.state[S.COLL] == 0 and g.state[S.SUPPLY] == (1 << 15) - 1


@pytest.mark.nojit
def test_V_A3a_colour_plays_no_role_and_antiques_are_not_used_up():
    vases = [A("vase", 0), A("vase", 4)]  # two colours
    g = position(2, owned={0: vases}, offer=[A("vase", 2), A("jug", 1)], money={0: 5})
    play_turn(g, 0, SMALL_VASE)  # a third vase; small first
    assert g.state[S.COLL] == bit(SMALL_VASE)
    play_turn(g, GOLD)  # seat 1
    play_turn(g, GOLD, LARGE_VASE)  # the same three vases earn the large card too
    assert g.state[S.COLL] == bit(SMALL_VASE, LARGE_VASE)
    assert g.owned(0) == sorted([*vases, A("vase", 2)])  # nothing used up


@pytest.mark.nojit
def test_V_A3a_assorted_cards_need_n_different_types_of_any_colour():
    hand = [A("jug", 0), A("knife", 0), A("vase", 0), A("vase", 1)]  # 3 types, one colour
    g = position(2, owned={0: hand}, offer=[A("statue", 3)])
    play_turn(g, GOLD)
    assert g.state[S.ELIGIBLE] & bit(ASSORTED3, ASSORTED4) == bit(ASSORTED3)


@pytest.mark.nojit
def test_V_A3b_V_D3_give_up_one_antique_of_a_pictured_type():
    hand = [A("jug", 0), A("knife", 1), A("instrument", 2), A("jewellery", 3), A("statue", 4)]
    g = position(2, owned={0: hand}, offer=[A("vase", 5)])
    answer(g, GOLD) if ask(g)[0] == DK_ACTION else None
    assert ask(g) == (DK_COLLECT, 0) and g.state[S.ELIGIBLE] >> ASSORTED5 & 1
    answer(g, ASSORTED5)
    assert ask(g) == (DK_GIVE_UP, 0)
    answer(g, A("knife", 1))  # checked before the give-up: a card that counted may go
    s = g.state
    assert s[S.WHERE + A("knife", 1)] == W_GONE and s[S.GAVE_UP] == 1
    assert s[S.COLL] >> ASSORTED5 & 1 and s[S.N_ERRORS] == 0


@pytest.mark.nojit
def test_V_A3b_no_other_type_may_be_given_up():
    hand = [A("jug", 3), A("knife", 1), A("instrument", 2), A("jewellery", 3), A("statue", 4)]
    g = position(2, owned={0: hand}, offer=[A("vase", 5)])
    play_turn(g, GOLD, ASSORTED5, give_up=A("jewellery", 3))  # not pictured
    s = g.state
    assert s[S.N_ERRORS] == 1 and s[S.FIRST_ERROR] == E_BAD_GIVE_UP
    assert s[S.WHERE + A("jewellery", 3)] == 0
    # the default: the lowest-numbered legal antique (the jug, id 3)
    assert s[S.WHERE + A("jug", 3)] == W_GONE and s[S.GAVE_UP] == 1


def _table(give_up_type: str, needs: dict) -> object:
    d = default_cards().to_dict()
    d["collection"] = [{"id": "X", "sort": "vase", "size": "small", "needs": needs,
                        "points": 5, "give_up": [give_up_type]}]  # fmt: skip
    return cards_from_dict(d)


@pytest.mark.nojit
def test_V_A3b_without_an_antique_of_the_pictured_types_the_card_cannot_be_taken():
    cards = _table("jug", {"vase": 2})
    vases = [A("vase", 0), A("vase", 1)]
    g = position(2, owned={0: vases}, offer=[A("statue", 3)], cards=cards)
    play_turn(g, GOLD)  # no collection decision: nothing eligible
    assert ask(g) == (DK_ACTION, 1)
    g = position(2, owned={0: [*vases, A("jug", 2)]}, offer=[A("statue", 3)], cards=cards)
    play_turn(g, GOLD, 0, give_up=A("jug", 2))
    assert g.state[S.COLL] == 1 and g.owned(0) == vases


@pytest.mark.nojit
def test_V_A3b_choice_requirement_checked_before_or_after_the_give_up():
    cards = _table("vase", {"vase": 2})  # needs 2 vases, gives one up
    vases = [A("vase", 0), A("vase", 1)]
    g = position(2, owned={0: vases}, offer=[A("statue", 3)], cards=cards)
    play_turn(g, GOLD, 0, give_up=A("vase", 1))  # default: checked before
    assert g.state[S.COLL] == 1 and g.owned(0) == [A("vase", 0)]
    after = RuleSet(check_before_give_up=False)
    g = position(2, owned={0: vases}, offer=[A("statue", 3)], cards=cards, rules=after)
    play_turn(g, GOLD)
    assert ask(g) == (DK_ACTION, 1)  # two vases minus one do not meet "2 vases"
    g = position(2, owned={0: [*vases, A("vase", 2)]}, offer=[A("statue", 3)], cards=cards,
                 rules=after)  # fmt: skip
    play_turn(g, GOLD, 0, give_up=A("vase", 2))
    assert g.state[S.COLL] == 1


@pytest.mark.nojit
def test_V_A3c_the_large_card_blocks_the_small_one_of_its_sort():
    vases = [A("vase", 0), A("vase", 1), A("vase", 2)]
    g = position(2, owned={0: vases}, offer=[A("jug", 3)], held={0: bit(LARGE_VASE)})
    play_turn(g, GOLD)
    assert ask(g) == (DK_ACTION, 1)  # Tim holds the 3-vase card: not the 2-vase one
    off = RuleSet(large_blocks_small=False)
    g = position(2, owned={0: vases}, offer=[A("jug", 3)], held={0: bit(LARGE_VASE)}, rules=off)
    play_turn(g, GOLD, SMALL_VASE)
    assert g.state[S.COLL] == bit(LARGE_VASE, SMALL_VASE)


@pytest.mark.nojit
def test_V_A3c_small_first_then_large_and_small_although_large_is_met():
    knives = [A("knife", 0), A("knife", 1), A("knife", 2)]
    g = position(2, owned={0: knives}, offer=[A("jug", 3)])
    play_turn(g, GOLD, SMALL_KNIFE)  # with 3 knives he may take the 2-knife card
    play_turn(g, GOLD)
    play_turn(g, GOLD, LARGE_KNIFE)  # small first, then large: allowed
    assert g.state[S.COLL] == bit(SMALL_KNIFE, LARGE_KNIFE)


@pytest.mark.nojit
def test_V_A3c_assorted_both_small_then_large_but_large_blocks_both_small():
    five = [A("jug", 0), A("knife", 1), A("instrument", 2), A("jewellery", 3), A("statue", 4)]
    g = position(2, owned={0: five}, offer=[A("vase", 0)], held={0: bit(ASSORTED3)})
    play_turn(g, GOLD)
    assert g.state[S.ELIGIBLE] == bit(ASSORTED4, ASSORTED5)  # Claus: 4 or 5 different
    g = position(2, owned={0: five}, offer=[A("vase", 0)], held={0: bit(ASSORTED5)})
    play_turn(g, GOLD)
    assert ask(g) == (DK_ACTION, 1)  # the large card blocks both small ones


@pytest.mark.nojit
def test_V_A3d_only_the_supply_counts_and_cards_are_kept_for_good():
    vases = [A("vase", 0), A("vase", 1)]
    g = position(2, owned={0: vases}, offer=[A("jug", 3)], held={1: bit(SMALL_VASE)})
    play_turn(g, GOLD)
    assert ask(g) == (DK_ACTION, 1)  # seat 1's card is never offered
    assert g.state[S.COLL + 1] == bit(SMALL_VASE)
    g = position(2, owned={0: [A("jug", 0), A("knife", 1), A("instrument", 2), A("vase", 3),
                               A("statue", 4)]}, offer=[A("vase", 5)])  # fmt: skip
    play_turn(g, GOLD, ASSORTED5, give_up=A("jug", 0))
    assert g.state[S.COLL] >> ASSORTED5 & 1  # kept although it now has 4 types


@pytest.mark.nojit
@pytest.mark.parametrize(
    ("money", "cap", "kept", "paid"), [(7, 8, 8, 2), (5, 8, 8, 0), (7, 10, 10, 0), (9, 10, 10, 2)]
)
def test_V_A4_money_above_the_cap_goes_to_the_bank(money, cap, kept, paid):
    g = position(2, offer=[A("jug", 3)], money={0: money}, rules=RuleSet(tax_cap=cap))
    play_turn(g, GOLD)  # +3
    assert g.money(0) == min(money + 3, kept) and g.state[S.TAXES] == paid
