"""The search's `gate` (simcore/core/nb/search_nb.py): where the prior's top candidate leads
by more than `gate` (margin_nb, scale-free), the policy answers without a rollout; elsewhere
the search is the ungated one. For every game with a search, through the engine protocol
and the hooks only (tests/test_search.py's Table), so a new game is covered as registered.

Independent reasons: margin_nb's values are worked by hand; an unsearched decision must be
the policy's own answer, memory and stream (as with budget 0); a searched one must not
depend on the gate that let it through, nor on the threads; off (the default) is checked
against the traces of the code before the gate (bench/search_traces.py), not here.
"""

from __future__ import annotations

import numpy as np
import pytest

import strategies
from simcore.core.nb import search_nb as G
from tests.test_search import (
    SEARCHES,
    Table,
    budget_index,
    candidates,
    prior_scores,
    run_search,
    searched,
    vector,
)

# the search on each game's full driver: a minute or more of a cold compile per game
pytestmark = pytest.mark.slow


def test_margin_by_hand():
    # top 5: leads 1, 2, 4, 5 over the others; the upper median lead 4: 1 / 4
    assert G.margin_nb(np.array([5.0, 4.0, 1.0, 0.0, 3.0]), 5) == 0.25
    # two others: the larger lead is the scale, 1 / 2
    assert G.margin_nb(np.array([2.0, -1e18, 1.0, 0.0]), 4) == 0.5  # unvalued left out
    assert G.margin_nb(np.array([3.0, 3.0, 1.0]), 3) == 0.0  # a tie for first
    assert G.margin_nb(np.array([1.0, 1.0, 1.0, 1.0]), 4) == 0.0  # no ranking at all
    assert G.margin_nb(np.array([9.0, 0.0, 0.0, 0.0]), 4) == 1.0  # the rest tie far behind
    assert G.margin_nb(np.array([2.0, 1.0]), 2) == -1.0  # two: no scale of their own
    assert G.margin_nb(np.array([2.0, 1.0, -1e18]), 3) == -1.0
    assert G.margin_nb(np.array([7.0, 1.0, 2.0, 0.0, 9.0]), 3) == 5 / 6  # only the first n
    assert G.GENERIC["gate"] == 0.0  # off by default


def policy_play(t: Table, d: dict, decide, params: np.ndarray):
    """(answer, out, memory, stream) of `decide` at d, on copies of the seat's arrays."""
    seat = d["seat"]
    rng, scratch = d["rng"][1 + seat : 2 + seat].copy(), d["scratch"][seat].copy()
    out = np.zeros_like(d["out"])
    ret = decide(d["kind"], seat, d["state"], t.board, t.rules, params, rng, scratch, out)
    return ret, out.tolist(), scratch.tolist(), rng.tolist()


def answer(t: Table, d: dict, vec: np.ndarray):
    ret, out, st = run_search(t, d, vec)
    return ret, out.tolist(), st[G.ST_BEST], st[G.ST_MEAN], st[G.ST_ROLLOUTS]


@pytest.mark.parametrize(("game", "search"), SEARCHES)
def test_the_gate_searches_only_below_the_margin(game, search):
    """gate = 1 measures the prior's margin (the test's own margin_nb of prior_nb's
    scores) and changes nothing; a gate below the margin answers as the policy does
    (answer, memory, stream: no rollout); a gate at the margin searches as without a
    gate, on one thread and on two; no lead (a tie for first, a uniform prior) is always
    searched."""
    t = Table(game, search)
    policy = strategies.strategies(game)[t.search.search.policy]
    at_policy = slice(t.search.search.policy_at, len(t.search.defaults))
    gated = unranked = 0
    for seed in (8, 9):
        for kind, found in searched(t, seed=seed).items():
            at = budget_index(t, kind)
            for d in found:
                if len(candidates(t, d)) < 3:
                    continue
                seat = d["seat"]
                margin = G.margin_nb(prior_scores(t, d), len(candidates(t, d)))
                plain = answer(t, d, vector(t, seat, {at: 30}))
                _, _, st = run_search(t, d, vector(t, seat, {at: 30, "gate": 1.0}))
                assert st[G.ST_MARGIN] == margin and (margin == -1 or 0 <= margin <= 1)
                assert answer(t, d, vector(t, seat, {at: 30, "gate": 1.0})) == plain
                if margin <= 0:  # no lead (or no scale): searched whatever the gate
                    vec = vector(t, seat, {at: 30, "gate": 0.01})
                    assert answer(t, d, vec) == plain, kind
                    unranked += 1
                    continue
                vec = vector(t, seat, {at: 30, "gate": margin / 2})
                got = policy_play(t, d, t.search.decide, vec)
                assert got == policy_play(t, d, policy.decide, vec[at_policy].copy())
                assert run_search(t, d, vec)[2][G.ST_ROLLOUTS] == 0
                gated += 1
                for threads in (1, 2):
                    vec = vector(t, seat, {at: 30, "gate": margin, "threads": threads})
                    assert answer(t, d, vec) == plain, (kind, threads)
    if gated + unranked == 0:
        pytest.skip(f"{game}: no searched decision with three candidates (no margin)")
    # a prior that ranks gates some decisions; one that never does (a uniform prior)
    # never gates one
    assert gated >= 2 or (gated == 0 and unranked >= 2), (gated, unranked)
