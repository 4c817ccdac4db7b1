"""P-F1, P-A1 "c", P-C8, P-A5: quarter actions, the Vizier's block and move, and the seed's
worked quarters example (steps a-d)."""

from __future__ import annotations

import pytest

from simcore.palast import layout as S
from simcore.palast.enums import (
    ALABASTER,
    BAZAAR,
    CARPENTER,
    DK_BUILD,
    DK_FREE,
    DK_HARBOUR,
    DK_PLACE,
    DK_VIZIER,
    DK_VIZIER_ACT,
    EBONY,
    EXCHANGE,
    FA_BAZAAR,
    FA_GOLD_TO,
    FA_PRODUCE,
    FA_TO_GOLD,
    GOLD,
    GOLDSMITH,
    MASON,
    N_QUARTERS,
    N_RES,
    PASS,
    SANDSTONE,
    SIDE_C,
    STONEMASON,
)
from simcore.palast.nb.game_nb import PH_TURN, lay_out_nb
from simcore.palast.rules import RuleSet

from .helpers import Game
from .test_harbour import set_harbour

pytestmark = pytest.mark.nojit  # rule tests also run as plain Python


def at_turn(players: int = 4, rules=None) -> Game:
    """A game at the start of seat 0's first turn, the starting hand-out skipped, every
    seat with no resources and no cards."""
    g = Game(players=players, rules=rules)
    lay_out_nb(g.state, g.d, g.log)  # P-S4..P-S7, laid out after the hand-out
    for p in range(players):
        for t in range(N_RES):
            g.state[S.RES + p * N_RES + t] = 0
    g.state[S.PHASE] = PH_TURN
    return g


def put_figure(g: Game, p: int, q: int) -> None:
    g.state[S.QFIG + p * N_QUARTERS + q] += 1
    g.state[S.QN + q] += 1
    g.state[S.FIGS + p] -= 1


def test_p_f1_p_d6_the_seeds_quarters_example():
    """Seed, A városnegyedek, example: a) blue takes an alabaster (stonemason figure);
    b) takes 3 gold from harbour side c; c) moves the Vizier to the stonemason quarter and
    takes another alabaster for the move (translator's note, rule vizier_action); d) the
    carpenter quarter, no longer blocked, gives him an ebony."""
    g = at_turn()
    put_figure(g, 0, STONEMASON)
    put_figure(g, 0, CARPENTER)
    g.state[S.VIZIER] = CARPENTER  # the carpenter quarter is blocked
    set_harbour(g, [(ALABASTER, 2), (SANDSTONE, 2), (GOLD, 3), (EBONY, 4)])
    kind, seat = g.ask()
    assert (kind, seat) == (DK_FREE, 0)
    assert FA_PRODUCE + CARPENTER not in g.legal()  # P-F1: the Vizier blocks
    g.answer(FA_PRODUCE + STONEMASON)  # a)
    assert g.res(0) == [1, 0, 0, 0]
    kind, _ = g.ask()
    if kind == DK_FREE:  # nothing else to do now but pass
        assert g.legal() == [PASS]
        g.answer(PASS)
        kind, _ = g.ask()
    assert kind == DK_HARBOUR
    g.answer(SIDE_C)  # b)
    assert g.res(0) == [1, 0, 0, 3]
    assert g.ask()[0] == DK_VIZIER
    assert CARPENTER not in g.legal()  # "to another quarter"
    g.answer(STONEMASON)  # c)
    assert g.ask()[0] == DK_VIZIER_ACT
    g.answer(FA_PRODUCE + STONEMASON)
    assert g.res(0) == [2, 0, 0, 3]
    assert g.ask()[0] == DK_BUILD
    legal = g.legal()
    assert FA_PRODUCE + CARPENTER in legal  # d) unblocked at once
    assert FA_PRODUCE + STONEMASON not in legal  # now the Vizier's quarter
    g.answer(FA_PRODUCE + CARPENTER)
    assert g.res(0) == [2, 0, 1, 3]


def test_p_a1_vizier_action_off():
    g = at_turn(rules=RuleSet(vizier_action=False))
    set_harbour(g, [(ALABASTER, 2), (SANDSTONE, 2), (GOLD, 3), (EBONY, 4)])
    assert g.ask()[0] == DK_HARBOUR
    g.answer(SIDE_C)
    assert g.ask()[0] == DK_VIZIER
    g.answer(STONEMASON)
    kind, seat = g.ask()
    assert (kind, seat) != (DK_VIZIER_ACT, 0)  # no destination action is offered
    assert g.res(0) == [0, 0, 0, 3]


def test_p_f1_one_use_per_figure_per_turn_two_figures_twice():
    g = at_turn()
    put_figure(g, 0, MASON)
    put_figure(g, 0, MASON)
    assert g.ask()[0] == DK_FREE
    g.answer(FA_PRODUCE + MASON)
    assert g.ask()[0] == DK_FREE
    g.answer(FA_PRODUCE + MASON)
    assert g.res(0)[SANDSTONE] == 2
    kind, _ = g.ask()
    assert kind == DK_HARBOUR  # nothing left to do before the harbour


@pytest.mark.parametrize(
    ("code", "start", "after"),
    [
        (FA_GOLD_TO + EBONY, [0, 0, 0, 1], [0, 0, 1, 0]),
        (FA_TO_GOLD + ALABASTER, [1, 0, 0, 0], [0, 0, 0, 1]),
        (FA_BAZAAR + ALABASTER * 3 + SANDSTONE, [1, 0, 0, 0], [0, 1, 0, 0]),
    ],
)
def test_p_c8_exchange_and_bazaar(code, start, after):
    """P-C8: exchange swaps own gold for A/S/E or the reverse; bazaar swaps a non-gold
    resource for a different non-gold one; both with the common supply."""
    g = at_turn()
    put_figure(g, 0, EXCHANGE)
    put_figure(g, 0, BAZAAR)
    g.state[S.VIZIER] = GOLDSMITH
    for t in range(N_RES):
        g.state[S.RES + t] = start[t]
    assert g.ask()[0] == DK_FREE
    assert code in g.legal()
    assert FA_BAZAAR + ALABASTER * 3 + ALABASTER not in g.legal()
    g.answer(code)
    assert g.res(0) == after


def test_p_c8_empty_supply_gives_nothing():
    g = at_turn()
    put_figure(g, 0, STONEMASON)
    g.state[S.SUPPLY + ALABASTER] = 0
    assert g.ask()[0] == DK_HARBOUR  # the free window had nothing legal but passing


def test_p_a5_p_d5_placement_costs_and_room():
    """P-A5: after a palace build, a figure into a quarter with room: 1 gold for the first
    figure there, 2 for the second; a quarter holds 2; the new figure acts next turn."""
    g = at_turn()
    put_figure(g, 1, MASON)
    put_figure(g, 1, MASON)
    put_figure(g, 2, GOLDSMITH)
    g.state[S.BUILT] = 1
    g.state[S.RES + GOLD] = 2
    from simcore.palast.nb.game_nb import PH_PLACE

    g.state[S.PHASE] = PH_PLACE
    assert g.ask()[0] == DK_PLACE
    legal = g.legal()
    assert MASON not in legal and GOLDSMITH in legal and STONEMASON in legal
    g.answer(GOLDSMITH)
    assert g.res(0)[GOLD] == 0  # 2 gold: the second figure there
    assert g.state[S.QN + GOLDSMITH] == 2
    from simcore.palast.nb.free_nb import quarter_uses_nb

    assert quarter_uses_nb(g.state, 0, GOLDSMITH) == 0  # usable from the next turn on
    g.state[S.PLACED_Q] = -1  # the next turn
    assert quarter_uses_nb(g.state, 0, GOLDSMITH) == 1
