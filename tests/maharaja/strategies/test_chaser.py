"""`chaser`: legal play, it beats random, its plan shows in its decisions, determinism."""

from __future__ import annotations

import numpy as np
import pytest

import simcore.maharaja.layout as S
import strategies
from simcore.maharaja.enums import (
    A_GOLD,
    A_PALACE,
    A_PALACE_HOUSE,
    ARTIST,
    BANK,
    DK_CHARACTER,
    DK_PICK,
    DK_STEP,
    MERCHANT,
    MOGUL,
    OP_PALACE,
    SADHU,
    SITE_INNER,
)
from simcore.maharaja.game import play_batch
from simcore.maharaja.game_data import default_board
from simcore.maharaja.nb.scoring_nb import city_points_nb
from simcore.maharaja.records import REC
from simcore.maharaja.rules import RuleSet
from strategies.maharaja.chaser import best_governor_nb, chaser_decide_nb
from tests.maharaja.state_builder import (
    BOARD_ARR,
    RULES_ARR,
    city,
    city_loc,
    new_state,
    place_architect,
    put_houses,
    set_gold,
    start_turn,
)

PARAMS = strategies.strategies()["chaser"].params()
assert PARAMS[3] == 0.6  # decay, used by the governor example below


def _records(driver, names, n_games, n_players, seed=3):
    sids, params = strategies.seat_arrays(strategies.resolve(names, n_players))
    rules = RuleSet(first_chooser=-1)
    return play_batch(driver, sids, params, n_games, n_players, seed, 0, rules, default_board())


def _decide(kind, seat, state):
    out = np.zeros(8, dtype=np.int64)
    scratch = np.zeros(256, dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    ret = chaser_decide_nb(kind, seat, state, BOARD_ARR, RULES_ARR, PARAMS, rng, scratch, out)
    return ret, out


def test_beats_three_random_players(driver):
    """Target of the brief: > 60% of 4-player games against random (seat 0, random
    first chooser); 400 games give a 95% interval narrower than +-5 points."""
    rec = _records(driver, ["chaser", "random", "random", "random"], 400, 4, seed=11)
    assert (rec[:, 0, REC.RANK] == 0).mean() > 0.6


def test_deterministic(driver):
    a = _records(driver, ["chaser", "random", "chaser"], 100, 3, seed=9)
    b = _records(driver, ["chaser", "random", "chaser"], 100, 3, seed=9)
    assert np.array_equal(a, b)


def test_character_choice_by_weight():
    """Mogul first (wins ties and acts first, M-K1), Artist when the Mogul is gone."""
    s = new_state(4, chars=(MOGUL, SADHU, MERCHANT, ARTIST))
    for k in range(7):
        s[S.CHAR_OWNER + k] = BANK
    assert _decide(DK_CHARACTER, 0, s)[0] == MOGUL
    s[S.CHAR_OWNER + MOGUL] = 1
    assert _decide(DK_CHARACTER, 0, s)[0] == ARTIST


def _scored_round_state(gold):
    """Round 1, the Maharaja in orange, seat 0's architect already there."""
    s = new_state(4, chars=(MOGUL, SADHU, MERCHANT, ARTIST))
    s[S.ROUND] = 1
    s[S.MAHARAJA] = city("orange")
    place_architect(s, 0, "orange")
    set_gold(s, 0, gold)
    return s


def test_pick_converts_gold_into_palaces():
    """12 gold buys one palace (M-A6), 26 buy two; 5 gold buy none: Gold instead."""
    _, out = _decide(DK_PICK, 0, _scored_round_state(13))
    assert sorted(out[:2]).count(A_PALACE) + sorted(out[:2]).count(A_PALACE_HOUSE) == 1
    _, out = _decide(DK_PICK, 0, _scored_round_state(26))
    assert all(a in (A_PALACE, A_PALACE_HOUSE) for a in out[:2])
    _, out = _decide(DK_PICK, 0, _scored_round_state(5))
    assert A_PALACE not in out[:2] and A_PALACE_HOUSE not in out[:2] and A_GOLD in out[:2]


def test_builds_on_the_inner_site_of_the_scored_city():
    """In its turn it builds on the free inner site (3 points, M-C2) of the scored city."""
    s = _scored_round_state(15)
    start_turn(s, 0, A_PALACE, A_GOLD)
    _, out = _decide(DK_STEP, 0, s)
    assert out[0] == OP_PALACE and out[2] == SITE_INNER
    assert s[S.INNER + city("orange")] == -1  # decide never changes the state


def test_governor_brings_a_leading_city_sooner():
    """Hand example (M-A8): this round's city is orange (on field 1). Next in order are
    purple (pos 0), red (1), brown (2), yellow (3), green (4), blue (5). Seat 0 has
    3 houses in yellow; seat 1 has 3 in red. Moving yellow's governor 2 down (to 1)
    passes red and brown: yellow comes 2 places sooner, red one later, so it is the
    best move, and the gain is positive."""
    s = new_state(4, chars=(MOGUL, SADHU, MERCHANT, ARTIST))
    s[S.ROUND] = 1
    s[S.MAHARAJA] = city("orange")
    order = ["purple", "red", "brown", "yellow", "green", "blue"]
    for i, name in enumerate(order):
        s[S.GOV_POS + city(name)] = i
    s[S.GOV_POS + city("orange")] = 7
    put_houses(s, 0, city_loc("yellow"), 3)
    put_houses(s, 1, city_loc("red"), 3)
    assert city_points_nb(s, BOARD_ARR, RULES_ARR, 0, city("yellow")) == 3
    out = np.zeros(8, dtype=np.int64)
    scratch = np.zeros(256, dtype=np.int64)
    gain = best_governor_nb(s, BOARD_ARR, RULES_ARR, 0, PARAMS, scratch, out)
    assert out[0] == city("yellow")
    # weights 1000 * decay**rank: yellow rank 3 -> 1 (lead +3), red rank 1 -> 2 (lead -3)
    w = [1000 * 0.6**r for r in range(7)]
    assert gain == pytest.approx(3 * (w[1] - w[3]) - 3 * (w[2] - w[1]), abs=5)
