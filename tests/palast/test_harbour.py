"""P-S4, P-A1, P-A1r, P-C1b, P-C2: the harbour, its refill (the seed's worked example) and
the harbour cards."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.palast import data_layout as D
from simcore.palast import layout as S
from simcore.palast.enums import (
    ALABASTER,
    DK_HARBOUR,
    DK_SETUP,
    EBONY,
    GOLD,
    N_RES,
    SANDSTONE,
    SIDE_A,
    SIDE_C,
    SIDE_D,
)
from simcore.palast.nb.harbour_nb import take_harbour_nb

from .helpers import Game

pytestmark = pytest.mark.nojit  # rule tests also run as plain Python


def set_harbour(g: Game, fields: list[tuple[int, int]]) -> None:
    """Put (type, count) on fields 1..4, taking them from the supply."""
    for f in range(len(fields)):
        g.state[S.SUPPLY + g.state[S.HARB_TYPE + f]] += g.state[S.HARB_N + f]
        g.state[S.HARB_N + f] = 0
    for f, (t, n) in enumerate(fields):
        g.state[S.HARB_TYPE + f] = t
        g.state[S.HARB_N + f] = n
        g.state[S.SUPPLY + t] -= n


def harbour(g: Game) -> list[tuple[int, int]]:
    return [(int(g.state[S.HARB_TYPE + f]), int(g.state[S.HARB_N + f])) for f in range(4)]


def test_p_s4_p_c1b_every_type_once_each_field_full():
    """P-S4: one type per field, all four types, each field at its capacity (2, 2, 3, 4,
    P-C1b); laid out after the hand-out (P-S3: 4 types + 2 bonus with 4 players), 11
    more resources leave the supply of 15 per type (P-C3)."""
    for seed in range(20):
        g = Game(seed=seed)
        while g.ask()[0] == DK_SETUP:
            g.answer(g.legal()[0])
        fields = harbour(g)
        assert sorted(t for t, _ in fields) == [0, 1, 2, 3]
        assert [n for _, n in fields] == [2, 2, 3, 4]
        total = sum(g.state[S.SUPPLY : S.SUPPLY + N_RES])
        assert total == 60 - 6 - 11


def test_p_a1r_the_seeds_refill_example():
    """Seed, A kikötők újratöltése: 3 sandstone taken from field 3 of gold 2 / alabaster 2
    / sandstone 3 / ebony 4; alabaster and gold move one field on, the alabaster is topped
    up to 3, the ebony stays, field 1 gets the sandstone taken (filled to 2)."""
    g = Game()
    set_harbour(g, [(GOLD, 2), (ALABASTER, 2), (SANDSTONE, 3), (EBONY, 4)])
    before = g.res(0)
    supply = g.state[S.SUPPLY : S.SUPPLY + N_RES].copy()
    take_harbour_nb(g.state, g.d, g.log, 0, SIDE_C)  # side c = field 3 (P-C1b [choice])
    assert harbour(g) == [(SANDSTONE, 2), (GOLD, 2), (ALABASTER, 3), (EBONY, 4)]
    assert g.res(0)[SANDSTONE] == before[SANDSTONE] + 3
    # from the supply: one alabaster (top-up) and two sandstone (field 1)
    assert g.state[S.SUPPLY + ALABASTER] == supply[ALABASTER] - 1
    assert g.state[S.SUPPLY + SANDSTONE] == supply[SANDSTONE] - 2


def test_p_a1r_supply_short_fills_as_far_as_possible():
    """P-A1r: "as far as possible" - an empty supply leaves the field short."""
    g = Game()
    set_harbour(g, [(GOLD, 2), (ALABASTER, 2), (SANDSTONE, 3), (EBONY, 4)])
    g.state[S.SUPPLY + ALABASTER] = 0
    g.state[S.SUPPLY + SANDSTONE] = 1
    take_harbour_nb(g.state, g.d, g.log, 0, SIDE_C)
    assert harbour(g) == [(SANDSTONE, 1), (GOLD, 2), (ALABASTER, 2), (EBONY, 4)]


def test_p_a1r_field_4_shifts_everything_and_field_1_only_refills():
    g = Game()
    set_harbour(g, [(GOLD, 2), (ALABASTER, 2), (SANDSTONE, 3), (EBONY, 4)])
    take_harbour_nb(g.state, g.d, g.log, 0, SIDE_D)
    assert harbour(g) == [(EBONY, 2), (GOLD, 2), (ALABASTER, 3), (SANDSTONE, 4)]
    take_harbour_nb(g.state, g.d, g.log, 1, SIDE_A)  # field 1: nothing moves
    assert harbour(g) == [(EBONY, 2), (GOLD, 2), (ALABASTER, 3), (SANDSTONE, 4)]


def test_p_c2_p_s6_p_a1_sides_up_and_flip():
    """P-C2 [choice]: card X = a / d, card Y = c / b, a and c up; P-A1: the used card is
    turned over, so its other side is offered next turn."""
    g = Game().lay_out()
    assert g.d[D.CARD_SIDES : D.CARD_SIDES + 4].tolist() == [0, 3, 2, 1]
    for p in range(4):
        assert sorted(g.state[S.HCARD + p * 2 : S.HCARD + p * 2 + 2].tolist()) == [0, 2]
    take_harbour_nb(g.state, g.d, g.log, 0, SIDE_A)
    assert sorted(g.state[S.HCARD : S.HCARD + 2].tolist()) == [SIDE_C, SIDE_D]
    take_harbour_nb(g.state, g.d, g.log, 0, SIDE_C)
    assert sorted(g.state[S.HCARD : S.HCARD + 2].tolist()) == [1, SIDE_D]


def test_p_a1_p_d1_the_harbour_offers_exactly_the_two_face_up_sides():
    g = Game(players=2)
    while True:
        kind, seat = g.ask()
        if kind == DK_HARBOUR:
            break
        g.answer(g.legal()[0])
    up = sorted(g.state[S.HCARD + seat * 2 : S.HCARD + seat * 2 + 2].tolist())
    assert sorted(g.legal()) == up
    assert np.all(g.state[S.HARB_N : S.HARB_N + 4] > 0)
