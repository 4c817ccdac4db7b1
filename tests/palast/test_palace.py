"""P-A2, P-A2a..d, P-A3, P-A4, P-A7, P-A8, P-E1, P-E2, P-V2, P-V3: building, balconies,
the seraglio (the seed's worked example), treasury scorings and the end."""

from __future__ import annotations

import pytest

from simcore.palast import data_layout as D
from simcore.palast import layout as S
from simcore.palast.enums import (
    BUILD_SLOT,
    DK_BUILD,
    DK_FIGURE,
    DK_SEAL,
    END_CARD,
    END_CARD_PLAYED,
    END_CARDS,
    GOLD,
    MASON,
    N_RES,
    PASS,
    TIE_SERAGLIO,
    TIE_SHARED,
    TREASURY_1,
)
from simcore.palast.nb.decks_nb import purge_display_nb
from simcore.palast.nb.game_nb import PH_BUILD, PH_DONE
from simcore.palast.nb.palace_nb import (
    final_ranks_nb,
    place_marker_nb,
    seraglio_leader_nb,
    treasury_leader_nb,
)
from simcore.palast.rules import RuleSet

from .helpers import Game
from .test_quarters import at_turn

RED, YELLOW, BLUE = 0, 1, 2

pytestmark = pytest.mark.nojit  # rule tests also run as plain Python


def seraglio(g: Game) -> list[int]:
    return g.state[S.SERAGLIO : S.SERAGLIO + 6].tolist()


def test_p_a7_p_a8_p_d7_the_seeds_seraglio_example():
    """Seed, A Szeráj, example (3 players, 5 usable fields): a) blue puts a marker on field
    1; b) the others move on and red's marker on the last usable field returns to red;
    c) yellow and red have 2 markers each; d) yellow's is nearer field 1: yellow leads."""
    g = Game(players=3)
    g.state[S.SERAGLIO : S.SERAGLIO + 6] = [YELLOW, RED, YELLOW, RED, RED, -1]
    for p, n in ((RED, 2), (YELLOW, 3), (BLUE, 5)):
        g.state[S.MARKERS + p] = n
    place_marker_nb(g.state, g.r, g.log, BLUE)
    assert seraglio(g) == [BLUE, YELLOW, RED, YELLOW, RED, -1]  # field 6 unused (P-A7)
    assert g.state[S.MARKERS + RED] == 3 and g.state[S.MARKERS + BLUE] == 4
    assert seraglio_leader_nb(g.state) == YELLOW


def test_p_a7_usable_fields_by_player_count():
    for players, fields in ((2, 4), (3, 5), (4, 6)):
        g = Game(players=players)
        for _ in range(7):
            place_marker_nb(g.state, g.r, g.log, 0)
            place_marker_nb(g.state, g.r, g.log, 1)
        assert sum(1 for x in seraglio(g) if x >= 0) == fields


def test_p_a7_choice_no_marker_left_recycles_the_farthest():
    g = Game(players=4)
    g.state[S.SERAGLIO : S.SERAGLIO + 6] = [1, 0, 2, 0, 1, -1]
    g.state[S.MARKERS + 0] = 0
    place_marker_nb(g.state, g.r, g.log, 0)
    assert seraglio(g) == [0, 1, 0, 2, 1, -1]


def test_p_a3_treasury_leader_ties_by_seraglio_else_nobody():
    g = Game(players=3)
    g.state[S.BALCONY : S.BALCONY + 8] = [0, 0, 1, 1, 2, -1, -1, -1]
    assert treasury_leader_nb(g.state) == -1  # 2 - 2 tie, no markers: nobody (P-A3)
    g.state[S.SERAGLIO] = 1
    assert treasury_leader_nb(g.state) == 1  # P-A8
    g.state[S.TREASURY + 0] = 1
    assert treasury_leader_nb(g.state) == 0  # treasury figures count


def test_p_e2_ranks_shared_and_seraglio():
    g = Game(players=4)
    g.state[S.BALCONY : S.BALCONY + 8] = [0, 0, 1, 1, 2, 2, 3, -1]
    g.state[S.SERAGLIO : S.SERAGLIO + 2] = [1, 0]
    final_ranks_nb(g.state, g.log)
    assert g.state[S.RANK : S.RANK + 4].tolist() == [1, 0, 2, 3]
    assert g.state[S.TIE] == TIE_SERAGLIO
    g.state[S.SERAGLIO : S.SERAGLIO + 2] = [-1, -1]
    final_ranks_nb(g.state, g.log)
    assert g.state[S.RANK : S.RANK + 4].tolist() == [0, 0, 0, 3]
    assert g.state[S.TIE] == TIE_SHARED and g.state[S.N_WINNERS] == 3


def build_position(card: int, slot: int = 0, players: int = 4, rules=None) -> Game:
    """Seat 0 in its build step with `card` on building field `slot` and just enough to
    pay it and the field's fee."""
    g = at_turn(players, rules)
    g.state[S.DISPLAY : S.DISPLAY + 3] = [-1, -1, -1]
    g.state[S.DISPLAY + slot] = card
    g.state[S.OWN_TURNS] = 1
    g.state[S.TURN] = 1
    for t in range(N_RES):
        need = g.d[D.COST + card * N_RES + t] + (g.r[slot] if t == GOLD else 0)
        g.state[S.RES + t] = need
        g.state[S.SUPPLY + t] -= need
    g.state[S.PHASE] = PH_BUILD
    return g


def test_p_c4_p_a2_p_a2a_p_a2b_build_pays_cost_and_fee_and_takes_the_balcony():
    """P-A2: cost and the 5.3 fee (2 gold, P-C1a) to the supply; P-A2a: the builder's
    figure replaces the old one, whose owner gets a seraglio marker on field 1 (P-A7)."""
    card = 5  # an arch (game_data sorts palace cards by element, then garden)
    garden = int(g_garden(card))
    g = build_position(card, slot=2)
    g.state[S.BALCONY + garden] = 3
    g.state[S.FIGS + 3] -= 1
    supply = g.state[S.SUPPLY : S.SUPPLY + 4].copy()
    assert g.ask()[0] == DK_BUILD
    assert BUILD_SLOT + 2 in g.legal()
    g.answer(BUILD_SLOT + 2)
    assert g.res(0) == [0, 0, 0, 0]
    cost = g.d[D.COST + card * 4 : D.COST + card * 4 + 4].copy()
    cost[GOLD] += 2
    assert (g.state[S.SUPPLY : S.SUPPLY + 4] - supply).tolist() == cost.tolist()
    assert g.state[S.LEVEL + garden] == 1
    assert g.state[S.BALCONY + garden] == 0
    assert g.state[S.FIGS + 3] == 8 and g.state[S.FIGS + 0] == 7
    assert g.state[S.SERAGLIO] == 3
    assert g.state[S.GONE] == 1
    assert card not in g.state[S.DISPLAY : S.DISPLAY + 3].tolist()  # P-A2b


def g_garden(card: int) -> int:
    return Game().d[D.GARDEN + card]


def test_p_a2_p_d2_fee_must_be_paid():
    g = build_position(0, slot=1)
    g.state[S.RES + GOLD] -= 1  # the 5.2 fee (1 gold, P-C1a [choice]) is missing
    g.state[S.SUPPLY + GOLD] += 1
    assert g.ask()[0] != DK_BUILD or BUILD_SLOT + 1 not in g.legal()


def test_p_a2a_own_figure_replaced_gives_a_marker_translators_note():
    card = 0
    garden = g_garden(card)
    for own_marker, expect in ((True, 0), (False, -1)):
        g = build_position(card, rules=RuleSet(own_replaced_marker=own_marker))
        g.state[S.BALCONY + garden] = 0
        g.state[S.FIGS] -= 1
        g.ask()
        g.answer(BUILD_SLOT)
        assert g.state[S.BALCONY + garden] == 0
        assert g.state[S.SERAGLIO] == expect


def test_p_a2a_empty_supply_moves_a_quarter_figure():
    g = build_position(0)
    g.state[S.FIGS] = 0
    g.state[S.QFIG + MASON] = 1
    g.state[S.QN + MASON] = 1
    g.ask()
    g.answer(BUILD_SLOT)
    kind, seat = g.ask()  # a single quarter: forced, applied by the engine
    assert g.state[S.QFIG + MASON] == 0
    assert g.state[S.BALCONY + g_garden(0)] == 0
    g2 = build_position(0)
    g2.state[S.FIGS] = 0
    for q in (MASON, MASON + 1):
        g2.state[S.QFIG + q] = 1
        g2.state[S.QN + q] = 1
    g2.ask()
    g2.answer(BUILD_SLOT)
    assert g2.ask() == (DK_FIGURE, 0)
    assert sorted(g2.legal()) == [MASON, MASON + 1]


def test_p_a2c_p_a2d_unbuildable_cards_leave_at_once():
    """P-A2d: an arch whose garden already holds a fountain leaves the display, the cards
    behind move up (P-A2c) and it counts as removed (P-E1)."""
    g = Game().lay_out()
    arch = int(g.state[S.DISPLAY])
    garden = g.d[D.GARDEN + arch]
    g.state[S.LEVEL + garden] = 2
    second = int(g.state[S.DISPLAY + 1])
    purge_display_nb(g.state, g.d, g.log)
    assert g.state[S.DISPLAY] == second
    assert arch not in g.state[S.DISPLAY : S.DISPLAY + 3].tolist()
    assert g.state[S.GONE] == 1


def test_p_s5_deck_order():
    """P-S5: 8 arches, treasury 1, 8 fountains, treasury 2, 5 columns, then 3 columns and
    the end card (shuffled) - the end card is always among the last four."""
    for seed in range(30):
        g = Game(seed=seed).lay_out()
        deck = g.state[S.BDECK : S.BDECK + 27].tolist()
        assert sorted(deck[0:8]) == list(range(8)) and deck[8] == TREASURY_1
        assert sorted(deck[9:17]) == list(range(8, 16)) and deck[17] == TREASURY_1 + 1
        assert sorted(deck[18:27]) == sorted([*range(16, 24), END_CARD])
        assert END_CARD in deck[23:27]
        assert g.state[S.DISPLAY : S.DISPLAY + 3].tolist() == deck[0:3]


def test_p_a3_p_a4_p_d3_p_d4_treasury_card_scores_and_end_card_ends():
    g = build_position(TREASURY_1)
    g.state[S.BALCONY] = 2
    g.ask()
    g.answer(BUILD_SLOT)
    assert g.state[S.TREASURY + 2] == 1 and g.state[S.SCORED_1] == 2
    g = build_position(END_CARD, slot=0)
    g.ask()
    g.answer(BUILD_SLOT)
    assert g.ask()[0] == -1
    assert g.state[S.END_REASON] == END_CARD_PLAYED and g.state[S.PHASE] == PH_DONE
    assert g.state[S.ENDER] == 0


def test_p_a3_choice_treasury_alone():
    g = build_position(TREASURY_1, rules=RuleSet(treasury_alone=False))
    kind, seat = g.ask()
    assert seat != 0 or kind != DK_BUILD or BUILD_SLOT not in g.legal()


def test_p_e1_the_24th_card_ends_the_game():
    g = build_position(0)
    g.state[S.GONE] = 23
    g.ask()
    g.answer(BUILD_SLOT)
    assert g.ask()[0] == -1
    assert g.state[S.END_REASON] == END_CARDS


def test_p_v3_p_d9_seal_costs_one_more_and_returns():
    r = RuleSet(sealed_gardens=True)
    g = build_position(0, rules=r)
    g.state[S.RES + 1] += 1
    g.state[S.SUPPLY + 1] -= 1
    g.ask()
    g.answer(BUILD_SLOT)
    assert g.ask() == (DK_SEAL, 0)
    g.answer(1)
    garden = g_garden(0)
    assert g.state[S.SEAL + garden] == 1 and g.res(0)[1] == 0
    fountain = 8 + garden  # the fountain of the same garden
    g2 = build_position(fountain, rules=r)
    g2.state[S.SEAL + garden] = 1
    g2.state[S.LEVEL + garden] = 1
    from simcore.palast.nb.legal_nb import can_pay_nb

    assert not can_pay_nb(g2.state, g2.d, g2.r, 0, 0)  # one sandstone short
    g2.state[S.RES + 1] += 1
    g2.state[S.SUPPLY + 1] -= 1
    assert can_pay_nb(g2.state, g2.d, g2.r, 0, 0)
    supply = int(g2.state[S.SUPPLY + 1])
    g2.ask()
    g2.answer(BUILD_SLOT)
    assert g2.state[S.SEAL + garden] == -1
    assert g2.state[S.SUPPLY + 1] == supply + 2 + g2.d[D.COST + fountain * 4 + 1]


def test_p_v2_seraglio_figure_follows_the_leader():
    g = Game(players=3, rules=RuleSet(seraglio_figure=True))
    place_marker_nb(g.state, g.r, g.log, 1)
    assert g.state[S.SER_FIGURE] == 1 and g.state[S.FIGS + 1] == 7
    place_marker_nb(g.state, g.r, g.log, 2)
    place_marker_nb(g.state, g.r, g.log, 2)
    assert g.state[S.SER_FIGURE] == 2 and g.state[S.FIGS + 1] == 8


def test_p_a2a_p_a7_p_v2_own_figure_back_onto_the_seraglio_asks_nothing():
    """Issue 34: a builder with no figure in supply or in a quarter replaces his own
    balcony figure; it comes back (P-A2a), his marker (P-A7, translator's note) makes him
    the seraglio leader and the figure stands on his marker (P-V2). He has no figure left
    to stand on the balcony, so no figure decision is asked (it would have no answer) and
    nothing is taken from a quarter: his 8 figures stay 8."""
    from simcore.palast.nb.invariants_nb import invariants_nb

    card = 0
    garden = int(g_garden(card))
    g = build_position(card, rules=RuleSet(seraglio_figure=True))
    g.state[S.BALCONY + garden] = 0
    g.state[S.FIGS] = 0
    g.state[S.TREASURY] = 7  # his other 7 figures are up: none in supply or a quarter
    assert invariants_nb(g.state, g.d, g.r) == 0
    assert g.ask()[0] == DK_BUILD
    g.answer(BUILD_SLOT)
    assert g.state[S.SERAGLIO] == 0 and g.state[S.SER_FIGURE] == 0
    assert g.state[S.BALCONY + garden] == -1 and g.state[S.FIGS] == 0
    assert g.state[S.QN : S.QN + 6].tolist() == [0] * 6
    assert g.state[S.QFIG : S.QFIG + 24].tolist() == [0] * 24
    kind, _ = g.ask()
    assert kind != DK_FIGURE
    assert g.state[S.N_ERRORS] == 0
    assert invariants_nb(g.state, g.d, g.r) == 0


def test_p_a2_pass_ends_the_build_step():
    g = build_position(0)
    g.ask()
    assert g.legal()[0] == PASS
    g.answer(PASS)
    assert g.state[S.PHASE] != PH_BUILD and g.state[S.BUILT] == 0
