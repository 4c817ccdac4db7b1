"""`weighted`, the parametric heuristic: legal play, and choices that follow its weights."""

from __future__ import annotations

import os

import numpy as np
import pytest

import simcore.maharaja.layout as S
import strategies
from simcore.maharaja.enums import (
    A_GOLD,
    A_PALACE,
    A_PALACE_HOUSE,
    ARTIST,
    DK_CHARACTER,
    DK_PICK,
    MONK,
    OP_END,
)
from simcore.maharaja.game import play_batch
from simcore.maharaja.nb.game_nb import OUT_SIZE, SCRATCH_SIZE, WORK_SIZE, advance_nb, answer_nb
from simcore.maharaja.records import REC
from simcore.maharaja.rules import RuleSet
from strategies.maharaja.kit.route_nb import (
    NO_ROUTE,
    R_DIST,
    ROUTE_SIZE,
    open_route_costs_nb,
    route_costs_nb,
)
from strategies.maharaja.weighted import DEFAULTS, PARAMS, weighted_decide_nb
from tests.maharaja.state_builder import (
    BOARD_ARR,
    NO_LOG,
    RULES_ARR,
    START,
    city,
    new_state,
    put_houses,
    set_gold,
    village,
)

PLAIN = os.environ.get("NUMBA_DISABLE_JIT") == "1"


def params(**changes: float) -> np.ndarray:
    vec = DEFAULTS.copy()
    for key, value in changes.items():
        vec[list(PARAMS).index(key)] = value
    return vec


def decide(kind, seat, state, par=None, scratch=None):
    out = np.zeros(OUT_SIZE, dtype=np.int64)
    rng = np.array([12345], dtype=np.uint64)
    scratch = np.zeros(SCRATCH_SIZE, dtype=np.int64) if scratch is None else scratch
    par = DEFAULTS if par is None else par
    ret = weighted_decide_nb(kind, seat, state, BOARD_ARR, RULES_ARR, par, rng, scratch, out)
    return ret, out


@pytest.mark.nojit
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_plays_legal_games_alone_and_among_random(players):
    n = 2 if PLAIN else 200
    for names in (["weighted"] * players, ["weighted"] + ["random"] * (players - 1)):
        sids, par = strategies.seat_arrays(strategies.resolve(names, players))
        rec = play_batch(strategies.driver_for(), sids, par, n, players, 3, 0, RuleSet())
        assert rec[:, :, REC.ERRORS].max() == 0, names
        assert (rec[:, :, REC.END_REASON] > 0).all()
        assert ((rec[:, :, REC.RANK] == 0).sum(axis=1) == 1).all()  # one winner a game


def test_character_choice_follows_the_weights():
    """With no noise the setup choice is the highest-weighted bank card (Artist 4.0 by
    default); once the Artist is taken, the Monk (2.5) is next."""
    state = new_state(4, chars=(0, 1, 2, 4))
    for k in (ARTIST, MONK):
        state[S.CHAR_OWNER + k] = -1  # back in the bank
    no_noise = params(char_noise=0.0)
    assert decide(DK_CHARACTER, 0, state, no_noise)[0] == ARTIST
    state[S.CHAR_OWNER + ARTIST] = 3
    assert decide(DK_CHARACTER, 0, state, no_noise)[0] == MONK
    # a designer's vector changes the choice without recompiling
    state[S.CHAR_OWNER + ARTIST] = -1
    assert decide(DK_CHARACTER, 0, state, params(char_noise=0.0, char_artist=-5.0))[0] == MONK


def _first_pick(state):
    work = np.zeros(WORK_SIZE, dtype=np.int64)
    kind = advance_nb(state, BOARD_ARR, RULES_ARR, NO_LOG, work)
    assert kind == DK_PICK and state[S.ASK_SEAT] == 0
    return decide(DK_PICK, 0, state)[1][:2]


def _open_road_to_orange(state):
    for i in range(2):  # a house of seat 1 in each village of START-orange: the road is open
        put_houses(state, 1, village("S", "orange", i), 1)


def test_a_rich_player_picks_a_palace_and_builds_it():
    """24 gold (two palaces of 12) and an open road: a palace (worth 12 by default)
    beats keeping 12 gold (12 x 0.7), so the pick holds a palace action, and the turn
    builds it with no illegal request."""
    state = new_state(4)
    _open_road_to_orange(state)
    set_gold(state, 0, 26)
    a0, a1 = _first_pick(state)
    assert {a0, a1} & {A_PALACE, A_PALACE_HOUSE}
    # play the round with these picks for seat 0 and Gold for the others
    out = np.zeros(OUT_SIZE, dtype=np.int64)
    out[:2] = (a0, a1)
    answer_nb(state, BOARD_ARR, RULES_ARR, NO_LOG, out, 0)
    _play_round(state)
    assert state[S.PALACES + 0] >= 1


def _play_round(state):
    """Finish the round: seat 0 plays `weighted`, the others Gold and an empty turn."""
    work = np.zeros(WORK_SIZE, dtype=np.int64)
    scratch = np.zeros(SCRATCH_SIZE, dtype=np.int64)
    for _ in range(200):
        kind = advance_nb(state, BOARD_ARR, RULES_ARR, NO_LOG, work)
        seat = state[S.ASK_SEAT]
        if seat == 0:
            ret, out = decide(kind, 0, state, scratch=scratch)
        else:
            out = np.zeros(OUT_SIZE, dtype=np.int64)
            ret = 0
            if kind == DK_PICK:
                out[:2] = (A_GOLD, A_GOLD)
            else:
                out[0] = OP_END
        answer_nb(state, BOARD_ARR, RULES_ARR, NO_LOG, out, ret)
        if state[S.PALACES + 0] > 0 or state[S.PHASE] == 8:
            break


def test_open_route_costs_count_the_villages_to_open():
    """No house on the board: every road is closed, so route_costs_nb reaches no city;
    open_route_costs_nb reaches orange over START-orange by opening its 2 villages (no
    fee). One house of seat 1 in the first village leaves 1 to open and a fee of 1
    (M-F1). With a budget of 1 gold and houses at 1 gold, 2 openings do not fit."""
    state = new_state(4)
    scratch = np.zeros(2 * ROUTE_SIZE + 16, dtype=np.int64)
    opens = 2 * ROUTE_SIZE
    orange = city("orange")
    assert state[S.ARCH + 0] == START
    route_costs_nb(state, BOARD_ARR, 0, 50, scratch, 0)
    assert scratch[R_DIST + orange] >= NO_ROUTE
    open_route_costs_nb(state, BOARD_ARR, 0, 50, 1, 0, scratch, ROUTE_SIZE, opens)
    assert scratch[ROUTE_SIZE + R_DIST + orange] == 0
    assert scratch[opens + orange] == 2
    put_houses(state, 1, village("S", "orange", 0), 1)
    open_route_costs_nb(state, BOARD_ARR, 0, 50, 1, 0, scratch, ROUTE_SIZE, opens)
    assert scratch[ROUTE_SIZE + R_DIST + orange] == 1
    assert scratch[opens + orange] == 1
    state2 = new_state(4)
    open_route_costs_nb(state2, BOARD_ARR, 0, 1, 1, 0, scratch, ROUTE_SIZE, opens)
    assert scratch[ROUTE_SIZE + R_DIST + orange] >= NO_ROUTE


def test_a_closed_board_is_opened_with_own_houses():
    """No house on the board, 30 gold: every road from START is closed and has 2 villages,
    so a palace (worth 12, cost 12 x 0.7) can only be built by opening a road with two
    house parts (seat 0 holds the Mogul, no Builder): the pick must carry a palace and
    two village-capable house parts (Palace+house with House or Two houses), and the
    turn must reach a city, build the palace and make no illegal request."""
    state = new_state(4)
    set_gold(state, 0, 30)
    a0, a1 = _first_pick(state)
    assert {a0, a1} & {A_PALACE, A_PALACE_HOUSE}
    out = np.zeros(OUT_SIZE, dtype=np.int64)
    out[:2] = (a0, a1)
    answer_nb(state, BOARD_ARR, RULES_ARR, NO_LOG, out, 0)
    _play_round(state)
    assert state[S.N_ERRORS] == 0
    assert state[S.PALACES + 0] == 1
    assert state[S.ARCH + 0] != START


def test_a_poor_player_does_not_pick_a_palace():
    """With 3 gold no palace (12) can be paid: picking one would only forfeit (M-F2)."""
    state = new_state(4)
    _open_road_to_orange(state)
    set_gold(state, 0, 3)
    a0, a1 = _first_pick(state)
    assert not {a0, a1} & {A_PALACE, A_PALACE_HOUSE}


def test_games_are_reproducible_and_strong_against_random():
    names = ["weighted", "random", "random", "random"]
    sids, par = strategies.seat_arrays(strategies.resolve(names, 4))
    rules = RuleSet(first_chooser=-1)
    a = play_batch(strategies.driver_for(), sids, par, 300, 4, 9, 0, rules)
    b = play_batch(strategies.driver_for(), sids, par, 300, 4, 9, 0, rules)
    assert np.array_equal(a, b)
    wins = (a[:, 0, REC.RANK] == 0).mean()
    assert wins > 0.9  # a fair seat would win 25%
    assert np.median(a[:, 0, REC.PALACES]) >= 5
