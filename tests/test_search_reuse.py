"""The search's `reuse` (simcore/core/nb/search_nb.py, recall_nb / remember_nb): the level
below a search's chosen candidate (`tree`'s statistics) carried in the seat's memory row
to its next searched decision, as `reuse` rollouts of each candidate. For every game with
a search, through the engine protocol and the play loop.

Independent reasons: the carried estimates are worked by hand (a child's mean shrunk by
one rollout towards the level's mean); a memory is spent by the decision that reads it
and refused where it cannot describe the decision (other candidate count, past the
rollouts' limit); the same seed gives the same games on one thread and two; off (the
default) is checked against the traces of the code before it (bench/search_traces.py).
"""

from __future__ import annotations

import numpy as np
import pytest

import strategies
from bench.search_reuse import reuse_counts
from simcore.core.contract.games import get_game
from simcore.core.nb import search_nb as G
from strategies.search import search_rungs
from tests.test_search import SEARCHES

# the search on each game's full driver: a minute or more of a cold compile per game
pytestmark = pytest.mark.slow


def test_recall_by_hand():
    memory = np.zeros(G.SEARCH_MEMORY, np.int64)
    count, total = np.array([3, 1, 0]), np.array([1.5, 0.9, 0.0])
    G.remember_nb(memory, count, total, 3, 40)
    assert memory[G.M_KIDS] == 3 and memory[G.M_LIMIT] == 40
    est = np.zeros(3)
    assert not G.recall_nb(memory.copy(), 4, 10, est)  # another decision: 4 candidates
    assert not G.recall_nb(memory.copy(), 3, 40, est)  # at the rollouts' limit
    kept = memory.copy()
    assert G.recall_nb(memory, 3, 39, est)
    # the level's mean: 2.4 / 4 = 0.6; per child (total + 0.6) / (count + 1)
    assert np.allclose(est, [2.1 / 4, 1.5 / 2, 0.6])
    assert memory[G.M_KIDS] == 0 and not G.recall_nb(memory, 3, 39, est)  # spent
    G.remember_nb(kept, np.zeros(3, np.int64), np.zeros(3), 3, 40)  # no rollout got there
    assert kept[G.M_KIDS] == 0
    G.remember_nb(kept, count, total, G.MEMORY_CHILDREN + 1, 40)  # too many to keep
    assert kept[G.M_KIDS] == 0
    assert G.GENERIC["reuse"] == 0.0  # off by default


# whether a seat meets its own searched decision inside its rollouts (bench/search_depth.py,
# session 8: Maharaja 0 at horizon=1, Taj Mahal 0.56, Palast 3.4, Vermächtnis 2.8)
LEVEL_BELOW = {"maharaja": False, "tajmahal": True, "palast": True, "vermaechtnis": True}


def rung_text(game: str) -> str:
    """The game's cheapest recommended search at its default player count (or a small
    one where it recommends none)."""
    rungs = search_rungs(game).get(get_game(game).default_players)
    return rungs[0].strategy if rungs else "lookahead:rollouts=6"


@pytest.mark.parametrize(("game", "search"), SEARCHES)
def test_reuse_plays_the_same_games_on_one_thread_and_two(game, search):
    """`tree` and `reuse` on: the same seeds give the same records on one thread and two
    (the memory is written by the search's own thread from statistics kept in seed
    order); a played game reuses where the seat has a searched decision below its
    rollouts (bench/search_depth.py) and never where it has none: a Maharaja seat picks
    once a round and its rollouts stop at the next round."""
    plugin = get_game(game)
    players = plugin.default_players
    text = rung_text(game) + ":tree=1:reuse=4"
    runs = []
    for threads in (1, 2):
        policy = strategies.strategies(game)[search].search.policy
        names = [f"{text}:threads={threads}"] + [policy] * (players - 1)
        sids, params = strategies.seat_arrays(strategies.resolve(names, players, game), game)
        runs.append(plugin.play_batch(strategies.driver_for(game), sids, params, 2, players, 5))
    assert np.array_equal(runs[0], runs[1])
    searched, reused = reuse_counts(game, players, text, 1, 5)
    assert sum(searched.values()) > 0
    assert all(reused[k] <= searched[k] for k in reused)
    if game in LEVEL_BELOW:
        assert (sum(reused.values()) > 0) == LEVEL_BELOW[game], (searched, reused)
