"""The games' search priors (strategies/<game>/lookahead.py prior_nb): `weighted`'s own value
of every candidate of the kinds the search searches — Taj Mahal's turn (T-D1) and display
pick (T-D3); Palast's harbour side (P-D1), removal, Vizier move and quarter (P-D5);
Vermächtnis's action (V-D1: gold or a purchase), collection card (V-D2, none included) and
give-up (V-D3: minus the points it loses). Maharaja's pair values are checked by the
generic width test of every game (tests/test_search.py).

Independent reasons: the policy answers with the candidate it values most (the first of
equals), so on the seat's view the prior's top candidate is the policy's own answer, found
here by asking the policy itself; and `width` = 1 keeps only that answer, so the search
answers as the policy does without a rollout.
"""

from __future__ import annotations

import numpy as np
import pytest

import strategies
from simcore.core.nb import search_nb as G
from simcore.palast import enums as P
from simcore.tajmahal import enums as T
from simcore.vermaechtnis import enums as V
from tests.test_search import Table, candidates, decisions, prior_scores, run_search, vector

# the search on each game's full driver: a minute or more of a cold compile per game
pytestmark = pytest.mark.slow

SEEDS = range(6)
# game: {searched kind: (its rollout budget's parameter, decisions of it the seeds must give)}
KINDS = {
    "tajmahal": {T.DK_TURN: ("rollouts", 20), T.DK_PICK: ("pick_rollouts", 20)},
    "palast": {P.DK_HARBOUR: ("rollouts", 20), P.DK_REMOVE: ("minor_rollouts", 3),
               P.DK_VIZIER: ("minor_rollouts", 3), P.DK_PLACE: ("minor_rollouts", 3)},
    "vermaechtnis": {V.DK_ACTION: ("rollouts", 20), V.DK_COLLECT: ("card_rollouts", 5),
                     V.DK_GIVE_UP: ("card_rollouts", 3)},
}  # fmt: skip
CASES = [pytest.param(g, k, id=f"{g}-{k}") for g, kinds in KINDS.items() for k in kinds]
EVERY_ANSWER_VALUED = {"tajmahal"}  # every legal answer is an option the policy values


@pytest.fixture(scope="module")
def tables() -> dict[str, Table]:
    return {}


def table(tables: dict[str, Table], game: str) -> Table:
    if game not in tables:
        tables[game] = Table(game, "lookahead")
    return tables[game]


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
    policy = strategies.strategies(t.game)["weighted"]
    out = np.zeros_like(d["out"])
    view = np.zeros_like(d["state"])
    t.H.determinise_nb(d["state"], t.board, t.rules, seat, view)
    ret = policy.decide(d["kind"], seat, view, t.board, t.rules, policy.params(),
                        d["rng"][1 + seat : 2 + seat].copy(), d["scratch"][seat].copy(),
                        out)  # fmt: skip
    hits = [i for i, c in enumerate(candidates(t, d)) if t.H.same_nb(d["kind"], c, ret, out)]
    assert len(hits) == 1
    return hits[0]


@pytest.mark.parametrize(("game", "kind"), CASES)
def test_the_priors_top_candidate_is_the_policys_own_answer(tables, game, kind):
    t = table(tables, game)
    ds = found(t, kind)
    assert len(ds) >= KINDS[game][kind][1], len(ds)
    spread = 0
    for d in ds:
        scores = prior_scores(t, d)
        assert int(np.argmax(scores)) == policy_answer(t, d), scores.tolist()
        if game in EVERY_ANSWER_VALUED:
            assert (scores > -1e17).all(), scores.tolist()
        spread += np.ptp(scores) > 0
    assert spread > len(ds) / 2  # a real ranking, not ties


@pytest.mark.parametrize(("game", "kind"), CASES)
def test_width_one_answers_as_the_policy_without_a_rollout(tables, game, kind):
    t = table(tables, game)
    for d in found(t, kind)[:30]:
        want = candidates(t, d)[policy_answer(t, d)]
        vec = vector(t, d["seat"], {KINDS[game][kind][0]: 30, "width": 1})
        ret, _, st = run_search(t, d, vec)
        assert st[G.ST_ROLLOUTS] == 0 and ret == want[0]
