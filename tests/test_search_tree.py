"""The search's `tree` (simcore/core/nb/search_nb.py, ucb_nb): a second level at the search
seat's next searched decision inside a rollout, a child taken by UCB1 over statistics per
candidate and child. For every game with a search, through the engine protocol and the
hooks only (tests/test_search.py's Table).

Independent reasons: ucb_nb's choices are worked by hand from UCB1's formula; where no
rollout meets a level below, the tree must change nothing (its stop and re-ask of the
pending decision is the plain loop, tests/test_search.py checks that stepping); the same
seed gives the same search on one thread and on two; the budget stays a cap; off (the
default) is checked against the traces of the code before it (bench/search_traces.py).
"""

from __future__ import annotations

import numpy as np
import pytest

from simcore.core.nb import search_nb as G
from tests.test_search import (
    SEARCHES,
    Table,
    budget_index,
    candidates,
    run_search,
    searched,
    vector,
)

# the search on each game's full driver: a minute or more of a cold compile per game
pytestmark = pytest.mark.slow


def test_ucb_by_hand():
    count = np.array([2, 1, 1, 0])
    total = np.array([1.0, 0.9, 0.2, 0.0])
    assert G.ucb_nb(count, total, 0, 1.0) == -1  # nothing known below: the policy's answer
    assert G.ucb_nb(count, total, 4, 1.0) == 3  # an untried child first
    # all tried (4 visits): 0.5 + c*sqrt(ln4/2), 0.9 + c*sqrt(ln4), 0.2 + c*sqrt(ln4)
    assert G.ucb_nb(count, total, 3, 1.0) == 1
    assert G.ucb_nb(count, total, 3, 0.0) == 1  # the best mean without exploration
    count2, total2 = np.array([3, 1]), np.array([2.7, 0.5])  # means 0.9 and 0.5, 4 visits
    # c = 1: 0.9 + 0.680 = 1.580 against 0.5 + 1.177 = 1.677: the less tried one
    assert G.ucb_nb(count2, total2, 2, 1.0) == 1
    assert G.ucb_nb(count2, total2, 2, 0.1) == 0  # 0.968 against 0.618
    assert G.GENERIC["tree"] == 0.0  # off by default


def summary(t: Table, d: dict, vec: np.ndarray):
    ret, out, st = run_search(t, d, vec)
    return ret, out.tolist(), st[G.ST_BEST], st[G.ST_MEAN], st[G.ST_ROLLOUTS], st[G.ST_BELOW]


@pytest.mark.parametrize(("game", "search"), SEARCHES)
def test_the_tree_is_reproducible_capped_and_idle_without_a_level_below(game, search):
    """tree = 1: the same answer and statistics on one thread and two, a legal
    candidate, the budget a cap; where no rollout met the seat's next searched decision
    (ST_BELOW = 0) the answer and its mean are the flat search's; without the tree no
    rollout counts a level below."""
    t = Table(game, search)
    checked = 0
    for kind, found in searched(t, seed=8).items():
        at = budget_index(t, kind)
        for d in found:
            n = len(candidates(t, d))
            if n < 2:
                continue
            seat = d["seat"]
            flat = summary(t, d, vector(t, seat, {at: 24}))
            assert flat[5] == 0
            runs = [summary(t, d, vector(t, seat, {at: 24, "tree": 1.0, "threads": th}))
                    for th in (1, 2)]  # fmt: skip
            assert runs[0] == runs[1], kind
            ret, _, best, mean, used, met = runs[0]
            assert 0 <= best < n and 0 < used <= 24 and met <= used
            if met == 0:
                assert runs[0][:5] == flat[:5], kind
            checked += 1
    assert checked >= 2, checked
