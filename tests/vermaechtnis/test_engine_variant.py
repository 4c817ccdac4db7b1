"""The grey sides (V-V1, V-V1a..V-V1e): immediate effects at the very end of the turn.

Reconstructed effects (V-V1d): C1..C6 and C13 +3 rupees, C7..C12 an extra turn, C14 and
C15 clear the offer. Card ids as in test_engine_actions.py."""

from __future__ import annotations

import pytest

from simcore.vermaechtnis import layout as S
from simcore.vermaechtnis.enums import (
    DK_ACTION,
    EV_EFFECT,
    EV_TAX,
    FX_CLEAR_OFFER,
    FX_EXTRA_TURN,
    FX_MONEY,
    GOLD,
    LOG_A,
    LOG_B,
    W_GONE,
    W_OFFER,
)
from simcore.vermaechtnis.nb.game_nb import DONE
from simcore.vermaechtnis.rules import RuleSet

from .state_builder import A, ask, play_turn, position

GREY = RuleSet(grey_sides=True)
SMALL_JUG, LARGE_JUG, LARGE_KNIFE, ASSORTED4 = 0, 6, 7, 13


@pytest.mark.nojit
def test_V_V1a_three_rupees_then_taxes_again():
    g = position(2, owned={0: [A("jug", 0), A("jug", 1)]}, offer=[A("vase", 2)], money={0: 3},
                 rules=GREY)  # fmt: skip
    play_turn(g, GOLD, SMALL_JUG)  # 3 + 3 = 6, no tax; +3 = 9; taxes again: 8
    assert g.money(0) == 8 and g.state[S.TAXES] == 1
    fx = g.events(EV_EFFECT)
    assert len(fx) == 1 and fx[0, LOG_A] == FX_MONEY and len(g.events(EV_TAX)) == 1


@pytest.mark.nojit
def test_V_V1_off_means_no_effect():
    g = position(2, owned={0: [A("jug", 0), A("jug", 1)]}, offer=[A("vase", 2)], money={0: 3})
    play_turn(g, GOLD, SMALL_JUG)
    assert g.money(0) == 6 and len(g.events(EV_EFFECT)) == 0


@pytest.mark.nojit
def test_V_V1b_extra_turn_and_one_earned_in_it_is_forfeited():
    hand = [A("jug", 0), A("jug", 1), A("knife", 0), A("knife", 1)]
    g = position(2, owned={0: hand}, offer=[A("jug", 2), A("knife", 2), A("vase", 0)],
                 money={0: 8}, rules=GREY)  # fmt: skip
    play_turn(g, 0, LARGE_JUG)  # a third jug: the large jug card (extra turn)
    assert ask(g) == (DK_ACTION, 0)  # the same player once more, a complete turn
    s = g.state
    assert s[S.EXTRA_TURNS] == 1 and s[S.OWN_TURNS] == 2 and s[S.IN_EXTRA] == 1
    play_turn(g, 1, LARGE_KNIFE)  # the knife of slot 2 for 4: a third knife, large card
    assert s[S.N_ERRORS] == 0
    assert ask(g) == (DK_ACTION, 1)  # the second extra turn is forfeited
    fx = g.events(EV_EFFECT)
    assert fx[:, LOG_A].tolist() == [FX_EXTRA_TURN, FX_EXTRA_TURN]
    assert fx[:, LOG_B].tolist() == [0, 1]  # the second one: forfeited
    assert s[S.EXTRA_TURNS] == 1 and s[S.IN_EXTRA] == 0


@pytest.mark.nojit
def test_V_V1c_the_offer_leaves_the_game_and_the_day_ends():
    hand = [A("jug", 0), A("knife", 1), A("instrument", 2)]
    left = [A("statue", 4), A("statue", 5)]
    g = position(2, owned={0: hand}, offer=[A("vase", 3), *left], money={0: 8}, rules=GREY)
    play_turn(g, 0, ASSORTED4)  # 4 different types: C14, effect: clear the offer
    s = g.state
    assert [int(s[S.WHERE + a]) for a in left] == [W_GONE, W_GONE]
    fx = g.events(EV_EFFECT)
    assert fx[0, LOG_A] == FX_CLEAR_OFFER and fx[0, LOG_B] == 2
    assert s[S.DAY] == 2 and s[S.OFFER_N] == 4 and ask(g) == (DK_ACTION, 1)
    assert sum(s[S.WHERE + a] == W_OFFER for a in range(36)) == 4


@pytest.mark.nojit
def test_V_V1e_extra_turn_earned_as_the_day_ends_opens_the_next_day():
    g = position(3, owned={0: [A("jug", 0), A("jug", 1)]}, offer=[A("jug", 2)], money={0: 8},
                 rules=GREY)  # fmt: skip
    play_turn(g, 0, LARGE_JUG)  # the last antique of the offer, and an extra turn
    assert g.state[S.DAY] == 2 and ask(g) == (DK_ACTION, 0)  # new day first, then seat 0
    play_turn(g, GOLD)
    assert ask(g) == (DK_ACTION, 1)  # then play continues with the next seat


@pytest.mark.nojit
def test_V_V1e_an_extra_turn_is_lost_when_the_game_ends():
    g = position(
        2,
        owned={0: [A("jug", 0), A("jug", 1)]},
        offer=[A("jug", 2)],
        money={0: 8},
        deck=[],
        gone=[a for a in range(36) if a not in (0, 1, 2)],
        rules=GREY,
    )
    play_turn(g, 0, LARGE_JUG)
    assert ask(g) == (DONE, -1) and g.state[S.EXTRA_TURNS] == 0
