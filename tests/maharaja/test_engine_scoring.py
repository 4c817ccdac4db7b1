"""Scoring (M-P1..M-P4, M-K3, M-K1 ties) with the rulebook's section 8.0 examples.

The 8.0 example is played in full: four turns driven op by op through
advance_nb/answer_nb, with the gold each player pays and the payouts 12, 9, 6, 3.
"""

from __future__ import annotations

import numpy as np
import pytest

import simcore.maharaja.layout as S
from simcore.maharaja.enums import (
    A_GOLD,
    A_GOVERNOR,
    A_MOVE_HOUSE,
    A_PALACE_HOUSE,
    A_TWO_HOUSES,
    ARTIST,
    BUILDER,
    DK_PICK,
    DK_STEP,
    EV_MONOPOLY,
    EV_SCORE,
    LOC_CITY0,
    LOG_A,
    LOG_B,
    LOG_C,
    LOG_D,
    LOG_SEAT,
    MERCHANT,
    MOGUL,
    MONK,
    OP_GOLD,
    OP_GOVERNOR,
    OP_HOUSE,
    OP_MOVE_HOUSE,
    OP_PALACE,
    OP_ROAD,
    SADHU,
    SITE_INNER,
    SITE_OUTER,
    SLOT_BUILDER,
)
from simcore.maharaja.nb.game_nb import WORK_SIZE
from simcore.maharaja.nb.governor_nb import field_of_nb
from simcore.maharaja.nb.scoring_nb import city_points_nb, score_city_nb

from .state_builder import (
    BOARD_ARR,
    END,
    RULES_ARR,
    P,
    city,
    city_loc,
    drive_to_decision,
    events,
    gold,
    governors,
    new_log,
    new_state,
    pick,
    place_architect,
    put_houses,
    road,
    rules,
    step,
    village,
)

ORANGE = city("orange")


def points(s, p, c=ORANGE, rules_arr=RULES_ARR):
    return int(city_points_nb(s, BOARD_ARR, rules_arr, p, c))


def score(s, c=ORANGE, rules_arr=RULES_ARR, log=None):
    """Score city c; returns each seat's gold gained."""
    before = gold(s)
    work = np.zeros(WORK_SIZE, dtype=np.int64)
    log = new_log() if log is None else log
    score_city_nb(s, BOARD_ARR, rules_arr, log, c, work)
    return [a - b for a, b in zip(gold(s), before)]


def build(s, p, inner=False, outer=0, houses=0, c=ORANGE):
    if inner:
        s[S.INNER + c] = p
    s[S.OUTER + c * P + p] += outer
    if houses:
        put_houses(s, p, LOC_CITY0 + c, houses)


# ------------------------------------------------------------------ M-P1 points


def test_M_P1_first_example_7_1_1_points():
    """8.0, first example: Jenő has only his architect in the city (1 point); Anita one
    house (1); Krisztina 2 houses, an inner and an outer palace and her architect (7)."""
    jeno, anita, krisztina = 0, 1, 2
    s = new_state(3, chars=(MERCHANT, MONK, MOGUL))  # no Sadhu: outer palace = 1
    place_architect(s, jeno, "orange")
    build(s, anita, houses=1)
    build(s, krisztina, inner=True, outer=1, houses=2)
    place_architect(s, krisztina, "orange")
    assert [points(s, p) for p in (jeno, anita, krisztina)] == [1, 1, 7]
    # 3 players: 11, 7, 3; Jenő and Anita tie at 1: Jenő's Merchant (2) beats the Monk (4)
    assert score(s) == [7, 3, 11]


def test_M_P1_points_only_count_in_the_scored_city():
    """M-P1: houses, palaces and the architect elsewhere score nothing; houses in
    villages score nothing."""
    s = new_state(2, chars=(MOGUL, MERCHANT))
    place_architect(s, 0, "red")
    put_houses(s, 0, city_loc("red"), 3)
    put_houses(s, 0, village("S", "orange"), 1)
    s[S.INNER + city("red")] = 0
    assert points(s, 0) == 0
    assert score(s) == [0, 0]


# ------------------------------------------------------------------ M-P2, M-P3


@pytest.mark.parametrize(
    ("n", "payouts"), [(2, [10, 5]), (3, [11, 7, 3]), (4, [12, 9, 6, 3]), (5, [13, 10, 7, 4, 1])]
)
def test_M_P2_payout_table_by_number_of_players(n, payouts):
    """M-P2: players ranked by points, paid by the table of the player count."""
    chars = (MOGUL, MERCHANT, SADHU, MONK, BUILDER)[:n]
    s = new_state(n, chars=chars)
    for p in range(n):
        build(s, p, houses=n - p)  # seat 0 most points
    assert score(s) == payouts


def test_M_P2_table_of_players_in_game_not_of_scorers_and_zero_gets_nothing():
    """M-P2: with 4 players in the game and 2 scoring, the 4-player table applies
    (12, 9 — not 10, 5); players with 0 points get nothing."""
    s = new_state()
    build(s, 1, houses=2)
    build(s, 3, houses=1)
    assert score(s) == [0, 12, 0, 9]


def test_M_P2_M_K1_tie_goes_to_the_lower_character():
    """M-P2/M-K1: equal points: the lower character number ranks first (the Mogul wins
    every tie)."""
    s = new_state(3, chars=(ARTIST, MOGUL, SADHU))
    for p in range(3):
        build(s, p, houses=2)
    assert score(s) == [3, 11, 7]


def test_M_P3_monopoly_plus_5():
    """M-P3: a player alone in the city gets the first payout plus 5 (4 players: 17)."""
    s = new_state()
    place_architect(s, 2, "orange")
    log = new_log()
    assert score(s, log=log) == [0, 0, 17, 0]
    assert s[S.SCORE_GOLD + 2] == 17
    mono = events(log, EV_MONOPOLY)
    assert [(e[LOG_SEAT], e[LOG_A], e[LOG_B]) for e in mono] == [(2, ORANGE, 5)]


def test_M_P3_no_monopoly_with_two_scorers_and_nothing_if_nobody_scores():
    s = new_state(2, chars=(MOGUL, MERCHANT))
    assert score(s) == [0, 0]
    place_architect(s, 0, "orange")
    place_architect(s, 1, "orange")
    assert score(s) == [10, 5]


# ------------------------------------------------------------------ M-K3 Sadhu


def test_M_K3_sadhu_outer_palaces_count_2_inner_still_3():
    """M-K3: for the Sadhu's holder each outer palace counts 2 (inner palace 3 as usual);
    the power belongs to whoever holds the card at scoring."""
    s = new_state(2, chars=(SADHU, MOGUL))
    build(s, 0, inner=True, outer=2)
    build(s, 1, outer=2, c=city("red"))
    assert points(s, 0) == 3 + 2 * 2
    s2 = new_state(2, chars=(MOGUL, SADHU))
    build(s2, 0, inner=True, outer=2)
    assert points(s2, 0) == 3 + 2 * 1


# ------------------------------------------------------------------ M-P4: the 8.0 example


@pytest.mark.nojit
def test_M_P4_scoring_example_6_5_4_1_points_pays_12_9_6_3():
    """Rulebook 8.0, scoring example in city A (= orange, round 1):

    * Krisztina (Mogul): Palace+house and Gold; pays 11 (13 - 2): a house in a village,
      travels to A, the inner palace there. 4 points (architect, inner palace).
    * Péter (Sadhu): Palace+house and Move house; pays 13, travels to A, an outer palace
      and a house there, moves one of his houses there. 5 points (architect, outer
      palace 2 for the Sadhu, 2 houses).
    * Jenő (Builder): Two houses twice; pays 4, travels to A, 4 houses there and one
      more free (Builder). 6 points (architect, 5 houses).
    * Anita (Artist): Palace+house and Governor; travels to D (= red), the inner palace
      and a house there for 10 (Artist), moves the D governor two places down, then
      travels to A for 1 point.
    * Scoring: Jenő 12, Péter 9, Krisztina 6, Anita 3. Next round the Maharaja goes to D
      and the D governor goes to field 2.

    Every route runs over villages where the traveller has a house: no fees.
    """
    krisztina, peter, jeno, anita = 0, 1, 2, 3
    a, d = "orange", "red"
    # governors: A at the bottom (round 1), D at position 3
    s = new_state(4, chars=(MOGUL, SADHU, BUILDER, ARTIST), governors=(1, 0, 3, 2, 4, 5, 6))
    for i in (0, 1):
        for p in (krisztina, peter):
            put_houses(s, p, village("S", a, i))
        for p in (jeno, anita):
            put_houses(s, p, village("S", d, i))
            put_houses(s, p, village(d, a, i))
    spare = village("S", "green")
    put_houses(s, peter, spare)
    log = new_log(1024)

    def play(answers):
        return drive_to_decision(s, answers, log=log)

    picks = [
        pick(A_PALACE_HOUSE, A_GOLD),
        pick(A_PALACE_HOUSE, A_MOVE_HOUSE),
        pick(A_TWO_HOUSES, A_TWO_HOUSES),
        pick(A_PALACE_HOUSE, A_GOVERNOR),
    ]
    assert play(picks) == (DK_STEP, krisztina)
    assert s[S.MAHARAJA] == city(a)
    play([
        step(OP_GOLD, 1),
        step(OP_HOUSE, 0, village("purple", "orange")),
        step(OP_ROAD, road("S", a)),
        step(OP_PALACE, 0, SITE_INNER),
    ])  # fmt: skip
    assert gold(s)[krisztina] == 15 - 11
    assert play([
        END,
        step(OP_ROAD, road("S", a)),
        step(OP_PALACE, 0, SITE_OUTER),
        step(OP_HOUSE, 0, city_loc(a)),
        step(OP_MOVE_HOUSE, 1, spare, city_loc(a)),
    ]) == (DK_STEP, peter)  # fmt: skip
    assert gold(s)[peter] == 15 - 13
    assert play([
        END,
        step(OP_ROAD, road("S", d)),
        step(OP_ROAD, road(d, a)),
        step(OP_HOUSE, 0, city_loc(a)),
        step(OP_HOUSE, 0, city_loc(a)),
        step(OP_HOUSE, 1, city_loc(a)),
        step(OP_HOUSE, 1, city_loc(a)),
        step(OP_HOUSE, SLOT_BUILDER, city_loc(a)),
    ]) == (DK_STEP, jeno)  # fmt: skip
    assert gold(s)[jeno] == 15 - 4
    assert play([
        END,
        step(OP_ROAD, road("S", d)),
        step(OP_PALACE, 0, SITE_INNER),
        step(OP_HOUSE, 0, city_loc(d)),
        step(OP_GOVERNOR, 1, city(d)),
        step(OP_ROAD, road(d, a)),
    ]) == (DK_STEP, anita)  # fmt: skip
    assert gold(s)[anita] == 15 - 10
    assert [points(s, p) for p in range(4)] == [4, 5, 6, 1]
    assert play([END]) == (DK_PICK, 0)  # scored; round 2 begins

    scores = [(e[LOG_SEAT], e[LOG_B], e[LOG_C], e[LOG_D]) for e in events(log, EV_SCORE)]
    # (seat, points, rank, gold)
    assert scores == [(jeno, 6, 0, 12), (peter, 5, 1, 9), (krisztina, 4, 2, 6), (anita, 1, 3, 3)]
    assert all(e[LOG_A] == city(a) for e in events(log, EV_SCORE))
    assert gold(s) == [15 - 11 + 6, 15 - 13 + 9, 15 - 4 + 12, 15 - 10 + 3]
    assert [s[S.FORFEITS + p] for p in range(4)] == [0, 0, 0, 0]
    assert s[S.N_ERRORS] == 0
    # next round: the Maharaja in D, its governor on field 2
    assert s[S.ROUND] == 2 and s[S.MAHARAJA] == city(d)
    assert governors(s)[d] == s[S.GOV_PLACED] and field_of_nb(BOARD_ARR, s[S.GOV_PLACED]) == 2


# ------------------------------------------------------------------ M-A7h home city


def test_M_A7h_home_city_point_even_if_absent():
    """M-A7h (variant): in its home city's scoring (Mogul: orange) the holder gets 1
    extra point even if otherwise absent; off by default."""
    r = rules(home_cities=True)
    s = new_state(2, chars=(MOGUL, MERCHANT), rules=r)
    place_architect(s, 1, "orange")
    assert points(s, 0, rules_arr=r) == 1
    assert points(s, 0) == 0
    assert points(s, 1, c=city("brown"), rules_arr=r) == 1  # Merchant: brown
    # tie 1 : 1, the Mogul first
    assert score(s, rules_arr=r) == [10, 5]
