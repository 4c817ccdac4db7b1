"""Taj Mahal's search prior (strategies/tajmahal/lookahead.py prior_nb): `weighted`'s own
value of every candidate of a turn (T-D1) and of a display pick (T-D3).

Independent reasons: the policy answers with the option it values most (first of
equals, in legal_plays_nb's order), so on any state the prior's top candidate is the
policy's own answer; every legal answer is an option the policy values, so none is
left at the "not valued" floor; and `width` = 1 keeps only that answer, so the search
answers as the policy does without a rollout.
"""

from __future__ import annotations

import numpy as np
import pytest

import strategies
from simcore.core.nb import search_nb as G
from simcore.tajmahal.enums import DK_PICK, DK_TURN
from tests.test_search import Table, candidates, decisions, prior_scores, run_search, vector

SEEDS = range(6)


@pytest.fixture(scope="module")
def table():
    return Table("tajmahal", "lookahead")


def found(t: Table, kind: int) -> list[dict]:
    """Decisions of `kind` over several games, with more than one candidate."""
    out = []
    for seed in SEEDS:
        out += [d for d in decisions(t, seed, per_kind=40).get(kind, [])
                if len(candidates(t, d)) > 1]  # fmt: skip
    return out


def policy_answer(t: Table, d: dict) -> int:
    """The candidate `weighted` answers at d (on copies of its memory and stream)."""
    seat = d["seat"]
    policy = strategies.strategies("tajmahal")["weighted"]
    out = np.zeros_like(d["out"])
    ret = policy.decide(d["kind"], seat, d["state"], t.board, t.rules, policy.params(),
                        d["rng"][1 + seat : 2 + seat].copy(), d["scratch"][seat].copy(),
                        out)  # fmt: skip
    hits = [i for i, c in enumerate(candidates(t, d)) if t.H.same_nb(d["kind"], c, ret, out)]
    assert len(hits) == 1
    return hits[0]


@pytest.mark.parametrize("kind", [DK_TURN, DK_PICK])
def test_the_priors_top_candidate_is_the_policys_own_answer(table, kind):
    ds = found(table, kind)
    assert len(ds) >= 20, len(ds)
    spread = 0
    for d in ds:
        scores = prior_scores(table, d)
        assert (scores > -1e17).all(), scores.tolist()  # every legal answer is valued
        assert int(np.argmax(scores)) == policy_answer(table, d), scores.tolist()
        spread += np.ptp(scores) > 0
    assert spread > len(ds) / 2  # a real ranking, not ties


@pytest.mark.parametrize("kind", [DK_TURN, DK_PICK])
def test_width_one_answers_as_the_policy_without_a_rollout(table, kind):
    budget = "rollouts" if kind == DK_TURN else "pick_rollouts"
    for d in found(table, kind)[:30]:
        want = candidates(table, d)[policy_answer(table, d)]
        ret, _, st = run_search(table, d, vector(table, d["seat"], {budget: 30, "width": 1}))
        assert st[G.ST_ROLLOUTS] == 0 and ret == want[0]
