"""Palast's search prior (strategies/palast/lookahead.py prior_nb): `weighted`'s own value
of every listed answer of a harbour side (P-D1), a removal, a Vizier move and a quarter
(P-D5), the kinds the search searches.

Independent reasons: the policy answers with the listed answer it values most (the first
of equals), so on the seat's view the prior's top candidate is the policy's own answer;
and `width` = 1 keeps only that answer, so the search answers as the policy does without
a rollout.
"""

from __future__ import annotations

import numpy as np
import pytest

import strategies
from simcore.core.nb import search_nb as G
from simcore.palast.enums import DK_HARBOUR, DK_PLACE, DK_REMOVE, DK_VIZIER
from tests.test_search import Table, candidates, decisions, prior_scores, run_search, vector

SEEDS = range(6)


@pytest.fixture(scope="module")
def table():
    return Table("palast", "lookahead")


def found(t: Table, kind: int) -> list[dict]:
    """Decisions of `kind` over several games, with more than one candidate."""
    out = []
    for seed in SEEDS:
        out += [d for d in decisions(t, seed, per_kind=40).get(kind, [])
                if len(candidates(t, d)) > 1]  # fmt: skip
    return out


def policy_answer(t: Table, d: dict) -> int:
    """The candidate `weighted` answers at d on the seat's view (copies of its memory and
    stream), as the search's own answer is found."""
    seat = d["seat"]
    policy = strategies.strategies("palast")["weighted"]
    out = np.zeros_like(d["out"])
    view = np.zeros_like(d["state"])
    t.H.determinise_nb(d["state"], t.board, t.rules, seat, view)
    ret = policy.decide(d["kind"], seat, view, t.board, t.rules, policy.params(),
                        d["rng"][1 + seat : 2 + seat].copy(), d["scratch"][seat].copy(),
                        out)  # fmt: skip
    hits = [i for i, c in enumerate(candidates(t, d)) if t.H.same_nb(d["kind"], c, ret, out)]
    assert len(hits) == 1
    return hits[0]


KINDS = {DK_HARBOUR: ("rollouts", 20), DK_REMOVE: ("minor_rollouts", 3),
         DK_VIZIER: ("minor_rollouts", 3), DK_PLACE: ("minor_rollouts", 3)}  # fmt: skip


@pytest.mark.parametrize("kind", KINDS)
def test_the_priors_top_candidate_is_the_policys_own_answer(table, kind):
    ds = found(table, kind)
    assert len(ds) >= KINDS[kind][1], len(ds)
    spread = 0
    for d in ds:
        scores = prior_scores(table, d)
        assert int(np.argmax(scores)) == policy_answer(table, d), scores.tolist()
        spread += np.ptp(scores) > 0
    assert spread > len(ds) / 2  # a real ranking, not ties


@pytest.mark.parametrize("kind", KINDS)
def test_width_one_answers_as_the_policy_without_a_rollout(table, kind):
    for d in found(table, kind)[:30]:
        want = candidates(table, d)[policy_answer(table, d)]
        vec = vector(table, d["seat"], {KINDS[kind][0]: 30, "width": 1})
        ret, _, st = run_search(table, d, vec)
        assert st[G.ST_ROLLOUTS] == 0 and ret == want[0]
