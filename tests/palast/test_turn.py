"""P-R1 (turn order and steps), P-A1 extras "a" and "b", P-A6 (draw and limits), P-F2
(action cards), P-I4 (one decision at a time), P-D0..P-D9 (the answers offered)."""

from __future__ import annotations

import pytest

from simcore.palast import layout as S
from simcore.palast.enums import (
    ACT_DROP_CARD,
    ACT_DROP_RES,
    ALABASTER,
    DK_BUILD,
    DK_DROP_CARD,
    DK_DROP_RES,
    DK_FREE,
    DK_HARBOUR,
    DK_REMOVE,
    EBONY,
    EV_BUILD,
    EV_DRAW,
    EV_HARBOUR,
    EV_TURN,
    FA_CARD,
    GOLD,
    LOG_TIME,
    N_ACTS,
    N_RES,
    NONE,
    SANDSTONE,
    SIDE_A,
    SIDE_B,
)
from simcore.palast.nb.game_nb import PH_DRAW, PH_LIMITS
from simcore.palast.rules import RuleSet

from .helpers import Game, greedy_chooser
from .test_quarters import at_turn

_ = LOG_TIME

pytestmark = pytest.mark.nojit  # rule tests also run as plain Python


def test_p_r1_turns_run_in_seat_order_and_steps_in_order():
    """P-R1: seat 0, 1, 2, 3, 0, ...; within a turn the harbour comes before any build
    and the end-of-turn draw comes last."""
    g = Game(4, 2)
    g.play(greedy_chooser(2))
    ev = g.events()
    seats = [int(r[1]) for r in ev if r[2] == EV_TURN]
    assert seats[:8] == [0, 1, 2, 3, 0, 1, 2, 3]
    turn = -1
    stage = 0
    for r in ev:
        e = int(r[2])
        if e == EV_TURN:
            turn, stage = int(r[0]), 0
        elif e == EV_HARBOUR:
            assert stage == 0
            stage = 1
        elif e == EV_BUILD:
            assert stage == 1  # a build only after the harbour (P-R1 step 2)
        elif e == EV_DRAW and r[4] == 0:
            stage = 2
    assert turn > 8


def test_p_a1_side_a_draws_a_card_usable_at_once_translators_note():
    for at_once in (True, False):
        g = at_turn(rules=RuleSet(card_at_once=at_once))
        g.state[S.ADECK + g.state[S.ADECK_N] - 1] = EBONY  # the top card
        assert g.ask()[0] == DK_HARBOUR
        g.answer(SIDE_A)
        assert g.state[S.HAND + EBONY] == 1
        kind, seat = g.ask()
        usable = kind == DK_BUILD and seat == 0 and FA_CARD + EBONY in g.legal()
        assert usable == at_once


def test_p_a1_side_b_removes_a_palace_card_compulsory_choice():
    g = at_turn()
    assert g.ask()[0] == DK_HARBOUR
    g.state[S.HCARD] = SIDE_B
    g.state[S.LEGAL] = SIDE_B
    g.answer(SIDE_B)
    assert g.ask() == (DK_REMOVE, 0)
    assert NONE not in g.legal() and sorted(g.legal()) == [0, 1, 2]
    second = int(g.state[S.DISPLAY + 1])
    g.answer(0)
    assert g.state[S.DISPLAY] == second and g.state[S.GONE] == 1  # P-A2c, P-E1
    g2 = at_turn(rules=RuleSet(remove_compulsory=False))
    g2.ask()
    g2.state[S.HCARD] = SIDE_B
    g2.state[S.LEGAL] = SIDE_B
    g2.answer(SIDE_B)
    g2.ask()
    assert g2.legal()[0] == NONE


def test_p_a6_p_d8_limits_three_cards_seven_resources():
    """P-A6: after the draw at most 3 cards and 7 resources; the player chooses what goes
    (cards to the discard pile, resources to the supply)."""
    g = at_turn()
    g.state[S.HAND : S.HAND + 4] = [2, 1, 0, 0]
    g.state[S.HAND_N] = 3
    g.state[S.ADECK : S.ADECK + 20] = GOLD
    for t, n in ((ALABASTER, 3), (SANDSTONE, 3), (EBONY, 3)):
        g.state[S.RES + t] = n
        g.state[S.SUPPLY + t] -= n
    g.state[S.PHASE] = PH_DRAW
    assert g.ask() == (DK_DROP_CARD, 0)
    assert sorted(g.legal()) == [ALABASTER, SANDSTONE, GOLD]
    g.answer(GOLD)
    assert g.state[S.HAND_N] == 3 and g.state[S.DISCARD + GOLD] == 1
    assert g.ask() == (DK_DROP_RES, 0)
    g.answer(EBONY)
    assert g.ask() == (DK_DROP_RES, 0)
    g.answer(EBONY)
    assert g.res(0) == [3, 3, 1, 0]
    assert g.state[S.ACTS + ACT_DROP_CARD] == 1 and g.state[S.ACTS + ACT_DROP_RES] == 2
    assert g.ask()[1] == 1  # seat 2's turn
    assert N_ACTS > ACT_DROP_RES and g.state[S.PHASE] != PH_LIMITS


def test_p_f2_action_cards_any_number_not_when_the_supply_is_out():
    g = at_turn()
    g.state[S.HAND : S.HAND + 4] = [2, 0, 0, 0]
    g.state[S.HAND_N] = 2
    assert g.ask() == (DK_FREE, 0)
    g.answer(FA_CARD + ALABASTER)
    assert g.ask() == (DK_FREE, 0)
    g.answer(FA_CARD + ALABASTER)
    assert g.res(0)[ALABASTER] == 2 and g.state[S.DISCARD + ALABASTER] == 2
    g2 = at_turn()
    g2.state[S.HAND] = 1
    g2.state[S.HAND_N] = 1
    g2.state[S.SUPPLY + ALABASTER] = 0
    assert g2.ask()[0] == DK_HARBOUR  # the card cannot be played


def test_p_i4_p_d0_p_d1_one_decision_at_a_time_from_the_listed_answers():
    """P-I4: one seat decides at a time; P-D0 the start player hands out every type once
    (4 types for 4 seats); P-D1 two harbour sides."""
    g = Game(4, 9)
    kinds = set()

    def choose(game, kind, seat):
        kinds.add(kind)
        assert game.state[S.ASK_KIND] == kind and game.state[S.ASK_SEAT] == seat
        return game.legal()[-1]

    g.play(choose)
    assert {DK_FREE, DK_HARBOUR, DK_BUILD} <= kinds
    assert sorted(g.state[S.START_TYPE : S.START_TYPE + 4].tolist()) == list(range(N_RES))


def test_a_pending_decision_asked_again_changes_nothing():
    """The driver protocol: advance_nb asked again returns the pending decision. A search
    resumes rollouts that way, so asking twice must not count a second step (the
    decision cap would otherwise drift and end games early)."""
    from .helpers import random_chooser

    g = Game(4, 5)
    choose = random_chooser(5)
    for _ in range(60):
        kind, seat = g.ask()
        before = g.state.copy()
        assert g.ask() == (kind, seat)
        assert (g.state == before).all()
        g.answer(choose(g, kind, seat))
