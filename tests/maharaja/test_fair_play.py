"""Fair play in Maharaja (M-C3, M-R3): what a seat may not see is every other player's
gold and the picks of those who have not begun their turn (simcore/maharaja/hidden.py).
The generic test (tests/test_fair_play.py) runs every strategy with these redrawn; here,
a random first chooser in the advanced game, a strategy that peeks at gold is caught,
and the search's determinised view keeps exactly the public fields.
"""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

import simcore.maharaja.layout as S
import strategies
from simcore.maharaja.enums import A_GOLD, DK_PICK
from simcore.maharaja.game_data import default_board
from simcore.maharaja.hidden import hidden_offsets, redraw_hidden
from simcore.maharaja.nb.game_nb import RNG_STREAMS, start_game_nb
from simcore.maharaja.rules import RuleSet
from strategies.maharaja.kit.view_nb import determinise_nb
from strategies.maharaja.weighted import DEFAULTS, weighted_decide_nb
from tests.fair_play import first_leak, seat_params

GAME = "maharaja"
NAMES = sorted(strategies.strategies(GAME))


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(("players", "variants"), [(3, ()), (4, ("advanced2",))])
def test_a_random_first_chooser_changes_nothing(name, players, variants):
    """With first_chooser=-1 (M-S3 [choice]) any seat may choose first; also in the
    advanced game: bids (M-V3), gives (M-V4) and chips (M-A5y)."""
    strategy = strategies.strategies(GAME)[name]
    rules = RuleSet(first_chooser=-1).with_variants(variants)
    params = seat_params(GAME, name, players)
    assert first_leak(GAME, strategy.decide, params, players, rules) is None, name


@njit(cache=False)  # lazy: compiled by its test, not at each xdist worker's collection
def _peeking_decide_nb(kind, seat, state, board, rules, params, rng, scratch, out):
    """`weighted`, except that it saves up while the next player looks rich."""
    if kind == DK_PICK and state[S.GOLD + (seat + 1) % state[S.N_PLAYERS]] > 40:
        out[0] = A_GOLD
        out[1] = A_GOLD
        return 0
    return weighted_decide_nb(kind, seat, state, board, rules, params, rng, scratch, out)


def test_M_C3_the_check_catches_a_strategy_that_reads_an_opponents_gold():
    leak = first_leak(GAME, _peeking_decide_nb, DEFAULTS.copy(), 4, RuleSet(first_chooser=-1))
    assert leak is not None and "answer differs" in leak


def test_M_R3_hidden_are_the_opponents_gold_and_unrevealed_picks():
    """At the start of a 4-player game nobody has acted: seat 0 may not see the gold and
    both picks of each of its 3 opponents (9 fields), and nothing of its own."""
    state = np.zeros(S.STATE_SIZE, dtype=np.int64)
    start_game_nb(state, default_board().pack(), RuleSet().pack(), np.zeros((0, 7), np.int64),
                  4, 3, 0, np.zeros(RNG_STREAMS, np.uint64))  # fmt: skip
    want = {off + q for q in (1, 2, 3) for off in (S.GOLD, S.PICK0, S.PICK1)}
    assert set(hidden_offsets(state, 0)) == want
    state[S.ACTED + 2] = 1  # seat 2 has begun its turn: its picks are revealed (M-R4)
    assert set(hidden_offsets(state, 0)) == want - {S.PICK0 + 2, S.PICK1 + 2}


def test_determinised_view_replaces_gold_by_an_estimate_and_clears_picks():
    """determinise_nb (the search's view, kit/view_nb.py) clears every unrevealed pick
    (-1) and writes the same gold estimate whatever the real gold is."""
    rules = RuleSet().pack()
    state = np.zeros(S.STATE_SIZE, dtype=np.int64)
    start_game_nb(state, default_board().pack(), rules, np.zeros((0, 7), np.int64), 4, 3, 0,
                  np.zeros(RNG_STREAMS, np.uint64))  # fmt: skip
    noise = np.random.default_rng(0)
    views = []
    for _ in range(3):
        view = np.zeros_like(state)
        determinise_nb(redraw_hidden(state, rules, 0, noise), rules, 0, view)
        views.append(view)
    for view in views:
        assert np.array_equal(view, views[0])
        for q in (1, 2, 3):
            assert view[S.PICK0 + q] == view[S.PICK1 + q] == -1
    # at the start nothing has been earned or paid: the estimate is the start gold (M-S1)
    assert views[0][S.GOLD + 1 : S.GOLD + 4].tolist() == [RuleSet().start_gold] * 3
