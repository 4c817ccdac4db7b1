"""The kit's one-source-per-rule pieces: the payout estimate agrees with the engine's
scoring, the route search's two modes agree where no road is closed, and the layout
declarations check themselves at import."""

from __future__ import annotations

import numpy as np
import pytest

import simcore.maharaja.data_layout as B
import simcore.maharaja.layout as S
import strategies
from simcore.maharaja.game import play_game
from simcore.maharaja.game_data import default_board
from simcore.maharaja.nb.game_nb import SCRATCH_SIZE
from simcore.maharaja.nb.scoring_nb import city_points_nb, score_city_nb
from simcore.maharaja.rules import RuleSet
from strategies.maharaja.kit.payout_nb import payout_table_nb
from strategies.maharaja.kit.route_nb import (
    R_DIST,
    R_PREV,
    ROUTE_SIZE,
    fee_search_nb,
    road_tolls_nb,
)

BOARD = default_board()
BOARD_ARR = BOARD.pack()


def final_states(players: int, games: int):
    sids, params = strategies.seat_arrays(strategies.resolve(["random"], players))
    for g in range(games):
        yield play_game(strategies.driver_for(), sids, params, players, 7, g).state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_payout_estimate_is_the_engines_scoring(players):
    """payout_table_nb with the seat's own points pays what score_city_nb pays it."""
    rules = RuleSet().pack()
    log = np.zeros((0, 7), dtype=np.int64)
    work = np.zeros(4 * 5, dtype=np.int64)
    scratch = np.zeros(SCRATCH_SIZE, dtype=np.int64)
    checked = 0
    for state in final_states(players, 12):
        for c in range(BOARD_ARR[B.N_CITIES]):
            after = state.copy()
            score_city_nb(after, BOARD_ARR, rules, log, c, work)
            for p in range(players):
                own = city_points_nb(state, BOARD_ARR, rules, p, c)
                payout_table_nb(state, BOARD_ARR, rules, p, c, own, 1, scratch, 0, 8)
                assert scratch[0] == after[S.GOLD + p] - state[S.GOLD + p]
                checked += 1
    assert checked > 0


def test_route_search_modes_agree_on_open_roads():
    """With every village built, the opening search opens nothing and finds the same
    fees and last roads as the open-roads search."""
    for state in final_states(4, 6):
        state[S.VIL_TOTAL : S.VIL_TOTAL + BOARD_ARR[B.N_VILLAGES]] = np.maximum(
            state[S.VIL_TOTAL : S.VIL_TOTAL + BOARD_ARR[B.N_VILLAGES]], 1
        )
        a = np.zeros(SCRATCH_SIZE, dtype=np.int64)
        b = np.zeros(SCRATCH_SIZE, dtype=np.int64)
        opens = 2 * ROUTE_SIZE
        fee_search_nb(state, BOARD_ARR, 0, 30, False, 0, 0, 1, -1, a, 0, 0, -1)
        fee_search_nb(state, BOARD_ARR, 0, 30, True, 2, 5, 16, -1, b, 0, opens, -1)
        nj = BOARD_ARR[B.N_JUNCTIONS]
        assert np.array_equal(a[R_DIST : R_DIST + nj], b[R_DIST : R_DIST + nj])
        assert np.array_equal(a[R_PREV : R_PREV + nj], b[R_PREV : R_PREV + nj])
        assert not b[opens : opens + nj].any()


def test_route_search_reads_the_toll_table_as_the_villages():
    """The searches over road_tolls_nb's table fill the same blocks as those that read
    the villages, in both modes, for every seat and budget."""
    for state in final_states(4, 6):
        for seat in range(4):
            for budget in (0, 3, 30):
                for opening in (False, True):
                    a = np.zeros(SCRATCH_SIZE, dtype=np.int64)
                    b = np.zeros(SCRATCH_SIZE, dtype=np.int64)
                    opens = 2 * ROUTE_SIZE
                    tab = opens + B.MAX_JUNCTIONS
                    road_tolls_nb(state, BOARD_ARR, seat, b, tab)
                    fee_search_nb(state, BOARD_ARR, seat, budget, opening, 2, 5, 16, -1, a, 0,
                                  opens, -1)  # fmt: skip
                    fee_search_nb(state, BOARD_ARR, seat, budget, opening, 2, 5, 16, -1, b, 0,
                                  opens, tab)  # fmt: skip
                    assert np.array_equal(a[:tab], b[:tab])
