"""Invariants over many whole games (random and build-happy play, 2-4 players, with and
without the advanced switches): resources (P-C3) and figures (P-S2) conserved, markers
and action cards conserved, the limits of P-A6 held, scores recomputed from the final
state (P-E2), no illegal answer, same seed same game, the deck never outgrown (P-E1)."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.palast import layout as S
from simcore.palast.enums import (
    DK_BUILD,
    DK_FREE,
    DK_HARBOUR,
    DK_SETUP,
    END_CAP,
    END_STEPS,
    MAX_SERAGLIO,
    N_GARDENS,
    N_PALACE,
    N_QUARTERS,
    N_RES,
)
from simcore.palast.rules import RuleSet

from .helpers import Game, greedy_chooser, random_chooser

CASES = [(n, seed, v) for n in (2, 3, 4) for seed in range(4) for v in ((), ("sealed",),
         ("seraglio_figure",))]  # fmt: skip


def check(g: Game, kind: int, seat: int) -> None:
    s = g.state
    laid = kind != DK_SETUP  # P-S3 / P-S4: nothing is laid out before the hand-out
    n = int(s[S.N_PLAYERS])
    per = g.rules.per_type
    for t in range(N_RES):  # P-C3: every resource somewhere
        held = sum(int(s[S.RES + p * N_RES + t]) for p in range(n))
        harb = sum(int(s[S.HARB_N + f]) for f in range(4) if s[S.HARB_TYPE + f] == t)
        seals = sum(1 for gd in range(N_GARDENS) if s[S.SEAL + gd] == t)
        assert held + harb + seals + s[S.SUPPLY + t] == per
        assert s[S.SUPPLY + t] >= 0
    if laid:
        assert sorted(s[S.HARB_TYPE : S.HARB_TYPE + 4].tolist()) == [0, 1, 2, 3]
    else:
        assert s[S.HARB_N : S.HARB_N + 4].tolist() == [0] * 4
    for p in range(n):  # P-S2: every figure somewhere
        up = sum(1 for gd in range(N_GARDENS) if s[S.BALCONY + gd] == p)
        quarters = sum(int(s[S.QFIG + p * N_QUARTERS + q]) for q in range(N_QUARTERS))
        ser = 1 if s[S.SER_FIGURE] == p else 0
        assert s[S.FIGS + p] + up + s[S.TREASURY + p] + quarters + ser == g.rules.figures
        markers = sum(1 for i in range(MAX_SERAGLIO) if s[S.SERAGLIO + i] == p)
        assert s[S.MARKERS + p] + markers == g.rules.markers
        hand = s[S.HAND + p * N_RES : S.HAND + (p + 1) * N_RES]
        assert hand.min() >= 0 and hand.sum() == s[S.HAND_N + p]
        if p != s[S.PLAYER] and s[S.TURN] > 0:  # P-A6, kept since the seat's last turn
            assert s[S.HAND_N + p] <= g.rules.hand_limit
            assert s[S.RES + p * N_RES : S.RES + (p + 1) * N_RES].sum() <= g.rules.resource_limit
    cards = s[S.HAND : S.HAND + 4 * N_RES].sum() + s[S.ADECK_N] + s[S.DISCARD_N]
    assert cards == (20 if laid else 0)  # P-C6
    for q in range(N_QUARTERS):  # P-A5: at most 2 per quarter
        assert 0 <= s[S.QN + q] <= 2
        assert s[S.QN + q] == sum(int(s[S.QFIG + p * N_QUARTERS + q]) for p in range(n))
    shown = sum(1 for k in range(3) if 0 <= s[S.DISPLAY + k] < N_PALACE)
    left = sum(1 for i in range(int(s[S.BDECK_POS]), 27) if s[S.BDECK + i] < N_PALACE)
    if laid:
        assert s[S.GONE] + shown + left == N_PALACE  # every palace card accounted for
    legal = g.legal()
    assert len(legal) >= 2 and len(set(legal)) == len(legal)
    if kind == DK_HARBOUR:
        assert seat == s[S.PLAYER]
    if kind in (DK_FREE, DK_BUILD):
        assert legal[0] == 0


def final_checks(g: Game) -> None:
    s = g.state
    n = int(s[S.N_PLAYERS])
    assert s[S.N_ERRORS] == 0
    assert s[S.END_REASON] not in (0, END_STEPS)
    figures = []
    for p in range(n):
        up = sum(1 for gd in range(N_GARDENS) if s[S.BALCONY + gd] == p)
        figures.append(up + int(s[S.TREASURY + p]) + (1 if s[S.SER_FIGURE] == p else 0))
    assert s[S.SCORE : S.SCORE + n].tolist() == figures  # P-E2 recomputed
    ranks = s[S.RANK : S.RANK + n].tolist()
    best = max(figures)
    for p in range(n):
        assert (ranks[p] == 0) <= (figures[p] == best)
        for q in range(n):
            if figures[q] > figures[p]:
                assert ranks[q] < ranks[p]


@pytest.mark.parametrize(("players", "seed", "variants"), CASES)
def test_p_c3_p_s2_p_a5_p_a6_p_a7_p_c6_invariants_random_play(players, seed, variants):
    g = Game(players, seed, rules=RuleSet().with_variants(variants))
    g.play(random_chooser(seed), check)
    final_checks(g)


@pytest.mark.parametrize(("players", "seed"), [(n, s) for n in (2, 3, 4) for s in range(6)])
def test_p_c3_p_e1_p_e2_invariants_building_play(players, seed):
    g = Game(players, seed)
    g.play(greedy_chooser(seed), check)
    final_checks(g)
    assert g.state[S.END_REASON] != END_CAP  # builders end the game by building


def test_illegal_answers_are_counted_and_replaced():
    g = Game(4, 3)
    kind, seat = g.ask()
    g.answer(99)
    assert g.state[S.N_ERRORS] == 1
    g.play(lambda game, k, s: 999 if k == DK_FREE else random_chooser(1)(game, k, s))
    assert g.state[S.N_ERRORS] >= 1 and g.state[S.END_REASON] != 0


def test_p_i3_same_seed_same_game():
    a = Game(4, 11, game=5)
    b = Game(4, 11, game=5)
    a.play(random_chooser(2))
    b.play(random_chooser(2))
    assert np.array_equal(a.state, b.state)
    c = Game(4, 11, game=6)
    assert not np.array_equal(a.state[S.BDECK : S.BDECK + 27], c.state[S.BDECK : S.BDECK + 27])


def test_p_e1_choice_turn_cap_ends_the_game():
    g = Game(3, 4, rules=RuleSet(turn_cap=5))
    g.play(random_chooser(4))
    assert g.state[S.END_REASON] == END_CAP and g.state[S.TURN] == 5
    assert g.state[S.RANK : S.RANK + 3].min() == 0  # scored as usual (P-E2)


def test_step_cap_has_its_own_end_reason():
    from simcore.palast.nb.game_nb import MAX_STEPS

    g = Game(4, 4)
    g.state[S.STEPS] = MAX_STEPS
    assert g.ask()[0] == -1
    assert g.state[S.END_REASON] == END_STEPS
