"""The generic search (simcore/core/nb/search_nb.py, written into the driver), for every game
whose registered strategies include one: its rollouts are the driver's own game loop, it
models any registered strategy, and what the hook protocol promises holds. Every kind
the search searches has a budget parameter that caps its rollouts (0: the policy
answers, exactly); the candidates are the legal answers; `explore` replaces only
answers of explore kinds, by a uniform candidate; horizons, the time budget and threads
do what they say; the view hides what the plug-in's redraw_hidden redraws; shared
worlds of secret decisions give the unshared rollouts; a finished game's value ranks
winners first.

Only the engine protocol, the hook protocol, the plug-in and the registry are used here
(kinds, candidates and parameters are found by playing and probing, not named), so a
game with search hooks is covered as it is registered.
"""

from __future__ import annotations

import importlib

import numpy as np
import pytest

import strategies
from analyses.intervals import wilson
from simcore.core.contract.games import games
from simcore.core.nb import search_nb as G
from simcore.core.nb.event_log_nb import LOG_WIDTH
from simcore.core.nb.rng_nb import stream_seed_nb
from simcore.core.nb.search_context import Decision, Lane, World
from simcore.core.nb.search_hooks import hooks_module
from strategies.search import search_rungs
from tests.search_toy import TOY, registered_toy

GAMES = games()
SEARCHES = [
    pytest.param(g, s.name, id=f"{g}-{s.name}")
    for g in sorted(GAMES)
    for s in strategies.strategies(g).values()
    if s.search
]


def test_halving_keeps_the_better_half_in_candidate_order():
    total = np.array([1.0, 3.0, 3.0, 0.0, 5.0, 2.0, 3.0])
    alive = np.array([0, 1, 2, 3, 4, 5, 6])
    assert G.halve_nb(total, alive, 7) == 4
    # 5.0 and the three 3.0s (ties keep the lower candidate), back in candidate order
    assert alive[:4].tolist() == [1, 2, 4, 6]
    assert G.halve_nb(total, alive, 4) == 2 and alive[:2].tolist() == [1, 4]
    assert G.best_nb(total, alive, 2) == 4
    assert [G.phases_nb(n) for n in (1, 2, 3, 45)] == [0, 1, 2, 6]


def test_a_small_budget_looks_at_the_policys_answer_and_others_drawn():
    seen = set()
    for seed in range(200):
        alive = np.zeros(45, np.int64)
        G.pick_nb(alive, 45, 8, 17, seed)
        chosen = alive[:8].tolist()
        assert 17 in chosen and chosen == sorted(set(chosen)) and 0 <= min(chosen)
        assert max(chosen) < 45
        seen.update(chosen)
    assert len(seen) == 45  # every candidate gets its chance
    alive = np.zeros(5, np.int64)
    G.pick_nb(alive, 5, 5, -1, 3)
    assert alive.tolist() == [0, 1, 2, 3, 4]


def test_width_keeps_the_top_scores_in_candidate_order():
    """top_nb by hand: the k highest scores, a tie to the lower candidate."""
    scores = np.array([0.5, 2.0, -1.0, 2.0, 7.0, 0.5])
    alive = np.zeros(6, np.int64)
    G.top_nb(alive, scores, 6, 3)
    assert alive[:3].tolist() == [1, 3, 4]
    G.top_nb(alive, scores, 6, 4)  # 0.5 twice: candidate 0 before 5
    assert alive[:4].tolist() == [0, 1, 3, 4]
    G.top_nb(alive, scores, 6, 6)
    assert alive.tolist() == [0, 1, 2, 3, 4, 5]


def test_search_games_exist():
    assert SEARCHES, "no game registers a search strategy"


class Table:
    """One game's engine, hooks, arrays and driver, for playing by hand."""

    def __init__(self, game: str, search: str, players: int | None = None):
        spec = GAMES[game]
        self.spec = spec
        self.game = game
        self.search = strategies.strategies(game)[search]
        self.E = importlib.import_module(spec.engine)
        self.H = hooks_module(self.search.search.hooks, spec.engine)  # with the defaults
        self.driver = strategies.driver_for(game)
        self.players = players or spec.default_players
        self.board = spec.default_data().pack()
        self.rules = spec.default_rules().pack()
        self.plain = [s for s in strategies.strategies(game).values() if not s.search]

    def arrays(self):
        E = self.E
        return dict(
            state=np.zeros(E.STATE_SIZE, np.int64),
            rng=np.zeros(E.RNG_STREAMS, np.uint64),
            scratch=np.zeros((E.MAX_SEATS, E.SCRATCH_SIZE), np.int64),
            out=np.zeros(E.OUT_SIZE, np.int64),
            work=np.zeros(E.WORK_SIZE, np.int64),
            log=np.zeros((0, LOG_WIDTH), np.int64),
            xc=np.zeros((self.H.MAX_CANDIDATES, 1 + E.OUT_SIZE), np.int64),
        )

    def seats(self, names: list[str] | None = None):
        names = names or [self.plain[i % len(self.plain)].name for i in range(self.players)]
        return strategies.seat_arrays(strategies.resolve(names, self.players, self.game),
                                      self.game)  # fmt: skip

    def start(self, a, seed: int, game: int = 0):
        self.E.start_game_nb(a["state"], self.board, self.rules, a["log"], self.players, seed,
                             game, a["rng"])  # fmt: skip
        a["scratch"][:] = 0

    def model_loop(self, a, sids, params, limit=G.NO_LIMIT, stop_seat=-1, max_answers=G.NO_LIMIT,
                   explore=0.0):  # fmt: skip
        return self.driver.model_loop_nb(
            a["state"], self.board, self.rules, a["log"], sids, params, a["rng"], a["scratch"],
            a["out"], a["work"], limit, explore, a["xc"], stop_seat, max_answers,
        )  # fmt: skip

    def records(self, a, sids):
        rec = np.zeros((self.E.MAX_SEATS, self.E.N_REC), np.int64)
        self.E.write_records_nb(a["state"], sids, rec)
        return rec

    def pending(self, a) -> int:
        """The decision kind waiting (advance_nb asks it again), -1 when the game is over."""
        return int(self.E.advance_nb(a["state"], self.board, self.rules, a["log"], a["work"]))


@pytest.mark.parametrize(("game", "search"), SEARCHES)
def test_rollout_loop_plays_the_game_of_the_play_loop(game, search):
    """From the start state, the search's rollout loop (no horizon, no exploration) plays
    exactly the game the driver's play loop plays: same seed, same state and records;
    also when stopped every few answers and continued (what a rollout's world does)."""
    t = Table(game, search)
    sids, params = t.seats()
    for g in range(3):
        played = t.arrays()
        t.driver.play_game_nb(played["state"], t.board, t.rules, played["log"], t.players, 5, g,
                              sids, params, played["rng"], played["scratch"], played["out"],
                              played["work"])  # fmt: skip
        rolled = t.arrays()
        t.start(rolled, 5, g)
        answers = t.model_loop(rolled, sids, params)
        assert answers >= t.players  # a whole game (the dice example's: a turn per seat and round)
        assert np.array_equal(rolled["state"], played["state"])
        assert np.array_equal(t.records(rolled, sids), t.records(played, sids))
        stepped = t.arrays()
        t.start(stepped, 5, g)
        total = 0
        while t.pending(stepped) >= 0:
            total += t.model_loop(stepped, sids, params, max_answers=7)
        assert total == answers
        assert np.array_equal(stepped["state"], played["state"])


@pytest.mark.parametrize(("game", "search"), SEARCHES)
def test_rollout_loop_stops_where_it_is_told(game, search):
    """At the progress limit, before the stop seat's first decision, after max answers."""
    t = Table(game, search)
    sids, params = t.seats()
    a = t.arrays()
    t.start(a, 9)
    start = t.H.progress_nb(a["state"])
    t.model_loop(a, sids, params, limit=start + 1)  # (the dice example has 3 rounds)
    assert t.pending(a) >= 0 and t.H.progress_nb(a["state"]) == start + 1
    assert t.model_loop(a, sids, params, max_answers=1) == 1
    for seat in range(t.players):
        t.model_loop(a, sids, params, stop_seat=seat)
        assert t.pending(a) >= 0 and t.E.asked_seat_nb(a["state"]) == seat
    n = t.model_loop(a, sids, params, max_answers=3)
    assert n == 3 or (n < 3 and t.pending(a) < 0)  # or the game ended first


@pytest.fixture
def toy(request):
    with registered_toy(request.param) as strategy:
        yield request.param, strategy


# The table block (strategies/search.py) and the model dispatch (generated from one
# template, simcore/core/nb/driver.py) are the same code for every game, so one game proves
# them: maharaja, whose driver with the toy tests/maharaja/strategies/test_lookahead.py
# compiles anyway (a driver with a new strategy compiles its search again: a minute or
# more per game on a cold cache). Every game's own search is tested on its full driver.
TOY_GAME = "maharaja"


@pytest.mark.slow
@pytest.mark.parametrize("toy", [TOY_GAME], indirect=True)
def test_a_new_strategy_is_a_model_without_editing_the_search(toy):
    """The table block names the new strategy's id and its parameters for its seat, and
    the rollouts' dispatch plays it: each of its answers is the strategy's own."""
    game, toy = toy
    search = next(s for s in strategies.strategies(game).values() if s.search)
    t = Table(game, search.name)
    ids = strategies.registry.strategy_ids(game)
    names = [search.name, f"{TOY}:b=3", *[t.plain[0].name] * (t.players - 2)]
    sids, params = t.seats(names)
    row = params[0]
    table_at = len(search.defaults)
    width = int(row[table_at])
    at = table_at + 1 + 1 * (1 + width)
    assert int(row[at]) == ids[TOY] and sids[1] == ids[TOY]
    assert row[at + 1 : at + 3].tolist() == [0.5, 3.0]
    own = table_at + 1  # the search's own seat: its policy, as its model says
    policy, policy_params = search.model(search.params())
    assert int(row[own]) == ids[policy]
    assert np.array_equal(row[own + 1 : own + 1 + len(policy_params)], policy_params)
    # the model dispatch plays the toy as the toy (its decide function, same answers)
    a = t.arrays()
    t.start(a, 3)
    asked = 0
    while (kind := t.pending(a)) >= 0 and asked < 200:
        seat = int(t.E.asked_seat_nb(a["state"]))
        got, want = np.zeros_like(a["out"]), np.zeros_like(a["out"])
        r1, r2 = a["rng"][1 + seat : 2 + seat].copy(), a["rng"][1 + seat : 2 + seat].copy()
        s1, s2 = a["scratch"][seat].copy(), a["scratch"][seat].copy()
        p = row[at + 1 : at + 1 + width].copy()
        ret1 = t.driver.model_decide_nb(kind, ids[TOY], seat, a["state"], t.board, t.rules,
                                        p, r1, s1, got)  # fmt: skip
        ret2 = toy.decide(kind, seat, a["state"], t.board, t.rules, p, r2, s2, want)
        assert ret1 == ret2 and np.array_equal(got, want) and np.array_equal(r1, r2)
        t.model_loop(a, sids, params, max_answers=1)
        asked += 1
    assert asked > 50 or t.pending(a) < 0  # many answers, or a whole (short) game


def vector(t: Table, seat: int, over: dict[int | str, float] | None = None) -> np.ndarray:
    """The search's row for `seat` among the plain strategies (its defaults, then the table
    block naming the others), with `over` (parameter index or generic name -> value)."""
    names = [t.plain[i % len(t.plain)].name for i in range(t.players)]
    names[seat] = t.search.name
    row = t.seats(names)[1][seat].copy()
    for key, value in (over or {}).items():
        row[key if isinstance(key, int) else t.search.param_names.index(key)] = value
    return row


def budget_index(t: Table, kind: int) -> int | None:
    """The parameter that is the budget of decisions of `kind` (budget_nb returns it as
    it is set), or None: found by setting each in turn, so no game's name is needed."""
    base = vector(t, 0)
    for i in range(len(t.search.defaults)):
        if all(t.H.budget_nb(kind, np.where(np.arange(base.size) == i, x, base)) == x
               for x in (0.0, 7.0, 77.0)):  # fmt: skip
            return i
    return None


def decisions(t: Table, seed: int, per_kind: int = 3) -> dict[int, list[dict]]:
    """A game of the plain strategies, kept at the first `per_kind` decisions of each kind
    (copies of every array, with "kind" and "seat"); checks on the way that the progress
    clock never goes back."""
    sids, params = t.seats()
    a = t.arrays()
    t.start(a, seed)
    kept: dict[int, list[dict]] = {}
    clock = t.H.progress_nb(a["state"])
    while (kind := t.pending(a)) >= 0:
        now = t.H.progress_nb(a["state"])
        assert now >= clock, "progress_nb went back"
        clock = now
        if len(kept.setdefault(kind, [])) < per_kind:
            snap = {k: v.copy() for k, v in a.items()}
            kept[kind].append(snap | {"kind": kind, "seat": int(t.E.asked_seat_nb(a["state"]))})
        t.model_loop(a, sids, params, max_answers=1)
    return kept


def searched(t: Table, seed: int) -> dict[int, list[dict]]:
    """decisions() of the kinds the search searches with its defaults (budget_nb > 0)."""
    found = decisions(t, seed)
    return {k: v for k, v in found.items() if t.H.budget_nb(k, vector(t, 0)) > 0}


def candidates(t: Table, d: dict) -> np.ndarray:
    cands = np.zeros((t.H.MAX_CANDIDATES, 1 + t.E.OUT_SIZE), np.int64)
    n = t.H.candidates_nb(d["kind"], d["seat"], d["state"], t.board, t.rules, cands)
    return cands[:n]


def run_search(t: Table, d: dict, vector: np.ndarray):
    """(answer, out, stats) of the search at decision d, on copies of the seat's memory
    and stream."""
    seat = d["seat"]
    stats = np.zeros(G.N_STATS)
    out = np.zeros_like(d["out"])
    policy = strategies.registry.strategy_ids(t.game)[t.search.search.policy]
    ret = t.driver.search_stats_nb(
        d["kind"], seat, d["state"], t.board, t.rules, vector,
        d["rng"][1 + seat : 2 + seat].copy(), d["scratch"][seat].copy(), out, policy,
        t.search.search.policy_at, len(t.search.defaults), stats,
    )  # fmt: skip
    return ret, out, stats


@pytest.mark.parametrize(("game", "search"), SEARCHES)
def test_every_searched_kind_has_its_budget_and_it_caps_the_rollouts(game, search):
    """Each kind the search searches has a parameter budget_nb returns as set (the generic
    `rollouts` for one kind at least, a game parameter of its own for others); at 0 (and
    1: nothing to compare) the policy answers unsearched, below the candidate count one
    look each at that many, and above it every candidate is looked at within the cap
    (most of it spent when it is ample)."""
    t = Table(game, search)
    kinds = searched(t, seed=21)
    assert kinds, "the search searches no decision of a game"
    at = {k: budget_index(t, k) for k in kinds}
    assert all(i is not None for i in at.values()), at
    assert t.search.param_names.index("rollouts") in at.values()  # the generic budget is used
    for kind, found in kinds.items():
        d = next((d for d in found if len(candidates(t, d)) > 1), None)
        assert d is not None, f"kind {kind}: never more than one candidate"
        n = len(candidates(t, d))
        for budget in (0, 1, 7, 50, 90, 200, 333):
            _, _, st = run_search(t, d, vector(t, d["seat"], {at[kind]: budget}))
            assert st[G.ST_CANDIDATES] == n
            used = st[G.ST_ROLLOUTS]
            if budget <= 1:  # no search: the policy answers
                assert used == 0 and st[G.ST_BEST] == -1
            elif budget < n:  # one look at each of `budget` candidates
                assert used == budget and st[G.ST_BEST] >= 0
            else:  # every candidate looked at; at most the budget, most of it when ample
                assert n <= used <= budget and (budget < 2 * n or used > budget / 2), (
                    kind, budget, used)  # fmt: skip
                assert st[G.ST_BEST] >= 0


@pytest.mark.parametrize(("game", "search"), SEARCHES)
def test_an_unsearched_decision_is_the_policys_own(game, search):
    """Every kind of decision with budget 0 (the kinds the game never searches, and the
    searched ones with their budget set to 0): the search's answer, the scratch it leaves
    and the stream it draws are exactly its policy's, on the policy's own parameters."""
    t = Table(game, search)
    policy = strategies.strategies(game)[t.search.search.policy]
    at_policy = slice(t.search.search.policy_at, len(t.search.defaults))
    checked = 0
    for kind, found in decisions(t, seed=3).items():
        i = budget_index(t, kind)
        for d in found:
            seat = d["seat"]
            vec = vector(t, seat, {} if i is None else {i: 0.0})
            if t.H.budget_nb(kind, vec) != 0:
                continue
            answers = []
            for decide, p in ((t.search.decide, vec), (policy.decide, vec[at_policy].copy())):
                rng, scratch = d["rng"][1 + seat : 2 + seat].copy(), d["scratch"][seat].copy()
                out = np.zeros_like(d["out"])
                ret = decide(kind, seat, d["state"], t.board, t.rules, p, rng, scratch, out)
                answers.append((ret, out.tolist(), scratch.tolist(), rng.tolist()))
            assert answers[0] == answers[1], (kind, seat)
            checked += 1
    assert checked >= 3


@pytest.mark.parametrize(("game", "search"), SEARCHES)
def test_candidates_are_the_legal_answers(game, search):
    """At searched and explored decisions: every candidate, answered, is no error (the
    results' `errors` column does not move), and the answer of every registered plain
    strategy is exactly one candidate (same_nb), so the search can choose what they can."""
    t = Table(game, search)
    names = tuple(t.plain[i % len(t.plain)].name for i in range(t.players))
    sids = t.seats()[0]

    def errors(state) -> int:
        rec = np.zeros((t.E.MAX_SEATS, t.E.N_REC), np.int64)
        t.E.write_records_nb(state, sids, rec)
        table = t.spec.records_table(rec[None, : t.players], 0, names, t.spec.default_rules())
        return int(np.asarray(table.column("errors").to_numpy()).sum())

    checked = 0
    for kind, found in decisions(t, seed=5).items():
        if t.H.budget_nb(kind, vector(t, 0)) <= 0 and not t.H.explore_kind_nb(kind):
            continue
        for d in found:
            cands = candidates(t, d)
            assert len(cands) >= 1, f"kind {kind}: no candidate"
            base = errors(d["state"])
            for c in cands:
                s = d["state"].copy()
                t.driver.apply_nb(s, t.board, t.rules, d["log"], np.zeros_like(d["out"]), c)
                assert errors(s) == base, (kind, c.tolist())
            seat = d["seat"]
            for plain in t.plain:
                out = np.zeros_like(d["out"])
                ret = plain.decide(kind, seat, d["state"], t.board, t.rules, plain.params(),
                                   d["rng"][1 + seat : 2 + seat].copy(),
                                   d["scratch"][seat].copy(), out)  # fmt: skip
                hits = [c for c in cands if t.H.same_nb(kind, c, ret, out)]
                assert len(hits) == 1, (kind, plain.name, ret, out.tolist())
            checked += 1
    assert checked >= 2


@pytest.mark.parametrize(("game", "search"), SEARCHES)
def test_explore_replaces_only_explore_kinds_by_a_uniform_candidate(game, search):
    """explore=1 in the rollout loop: an answer of an explore kind is a candidate drawn
    uniformly (over many streams every candidate comes up near its share); an answer of
    any other kind is the model's, as with explore=0."""
    t = Table(game, search)
    sids, params = t.seats()
    found = decisions(t, seed=7, per_kind=2)
    explored = [k for k in found if t.H.explore_kind_nb(k)]
    assert explored or not t.search.defaults[t.search.param_names.index("explore")]
    for kind in explored:
        d = found[kind][0]
        cands = candidates(t, d)
        classes: dict[bytes, list[int]] = {}  # the state each leads to (at the next decision)
        for i, c in enumerate(cands):
            a = {k: v.copy() for k, v in d.items() if isinstance(v, np.ndarray)}
            t.driver.apply_nb(a["state"], t.board, t.rules, a["log"], a["out"], c)
            t.pending(a)  # where the rollout loop stops after one answer
            classes.setdefault(a["state"].tobytes(), []).append(i)
        draws = 40 * len(cands)
        counts = dict.fromkeys(classes, 0)
        for r in range(draws):
            a = {k: v.copy() for k, v in d.items() if isinstance(v, np.ndarray)}
            a["rng"][:] = [stream_seed_nb(r, 99, i) for i in range(a["rng"].size)]
            t.model_loop(a, sids, params, max_answers=1, explore=1.0)
            key = a["state"].tobytes()
            assert key in counts, f"kind {kind}: an explored answer is no candidate's"
            counts[key] += 1
        for key, ids in classes.items():
            want = draws * len(ids) / len(cands)
            assert want / 3 < counts[key] < 2 * want, (kind, ids, counts[key], want)
    others = [d for k, ds in found.items() if not t.H.explore_kind_nb(k) for d in ds]
    for d in others:
        ends = []
        for explore in (0.0, 1.0):
            a = {k: v.copy() for k, v in d.items() if isinstance(v, np.ndarray)}
            t.model_loop(a, sids, params, max_answers=1, explore=explore)
            ends.append((a["state"].tolist(), a["rng"].tolist()))
        assert ends[0] == ends[1], d["kind"]
    assert explored or others


@pytest.mark.parametrize(("game", "search"), SEARCHES)
def test_horizon_and_time_budget_do_what_they_say(game, search):
    """At every searched kind: where horizon_nb gives h > 0 ticks, no rollout goes further
    than h (and some that far) and none ends the game early on; where it gives 0, every
    rollout plays to the end. ms: a search with a huge rollout budget stops after about
    that many milliseconds."""
    t = Table(game, search)
    kinds = searched(t, seed=4)
    for kind, found in kinds.items():
        d = found[0]
        for h in (0, 1, 2):
            vec = vector(t, d["seat"], {"horizon": h, budget_index(t, kind): 100})
            _, _, st = run_search(t, d, vec)
            reach = t.H.horizon_nb(kind, vec)
            assert st[G.ST_ROLLOUTS] > 0
            if reach > 0:
                assert st[G.ST_REACH] == reach and st[G.ST_ENDED] == 0, (kind, h, st)
            else:
                assert st[G.ST_ENDED] == st[G.ST_ROLLOUTS], (kind, h, st)
    kind, found = next(iter(kinds.items()))
    vec = vector(t, found[0]["seat"], {budget_index(t, kind): 1e6, "ms": 30})
    _, _, st = run_search(t, found[0], vec)
    assert 30e6 <= st[G.ST_NS] < 2000e6 and 0 < st[G.ST_ROLLOUTS] < 1e6
    assert st[G.ST_BEST] >= 0


@pytest.mark.parametrize(("game", "search"), SEARCHES)
def test_threads_change_nothing_but_speed(game, search):
    t = Table(game, search)
    for kind, found in searched(t, seed=8).items():
        d = found[-1]
        answers = []
        for threads in (1, 2, 3):
            vec = vector(t, d["seat"], {"threads": threads, budget_index(t, kind): 120})
            ret, out, st = run_search(t, d, vec)
            answers.append((ret, out.tolist(), st[G.ST_BEST], st[G.ST_MEAN], st[G.ST_ROLLOUTS]))
        assert answers[1] == answers[0] and answers[2] == answers[0], kind


def prior_scores(t: Table, d: dict) -> np.ndarray:
    """prior_nb's scores of the candidates at decision d, on the seat's view, with the
    policy's parameters and a copy of its memory (as the search calls it)."""
    seat = d["seat"]
    view = np.zeros_like(d["state"])
    t.H.determinise_nb(d["state"], t.board, t.rules, seat, view)
    cands = candidates(t, d)
    scores = np.zeros(len(cands))
    policy = t.search.model(t.search.params())[1]
    t.H.prior_nb(d["kind"], seat, view, t.board, t.rules, policy, d["scratch"][seat].copy(),
                 cands, len(cands), scores)  # fmt: skip
    return scores


@pytest.mark.parametrize(("game", "search"), SEARCHES)
def test_width_searches_only_the_priors_top_candidates(game, search):
    """`width` = k: the rollouts go to the k candidates prior_nb ranks highest (the
    policy's own answer among them), so the answer is one of those; a prior that ranks
    at all ranks the policy's own answer first (it is the policy's argmax); width 1 is
    the policy's answer without a rollout; repeated and on 2 threads, the same answer."""
    t = Table(game, search)
    for kind, found in searched(t, seed=8).items():
        for d in found:
            n = len(candidates(t, d))
            if n < 4:
                continue
            scores = prior_scores(t, d)
            at = budget_index(t, kind)
            _, _, st = run_search(t, d, vector(t, d["seat"], {at: 40}))
            fav = int(st[G.ST_FAVOURED])
            if np.ptp(scores) > 0 and fav >= 0:  # a real ranking: the policy's answer tops it
                assert scores[fav] == scores.max(), (kind, fav, scores.tolist())
            ranked = scores.copy()
            if fav >= 0:
                ranked[fav] = np.inf
            top = set(np.argsort(-ranked, kind="stable")[:3].tolist())
            runs = []
            for threads in (1, 1, 2):
                vec = vector(t, d["seat"], {at: 40, "width": 3, "threads": threads})
                ret, out, st3 = run_search(t, d, vec)
                assert int(st3[G.ST_BEST]) in top, (kind, st3[G.ST_BEST], top)
                assert 0 < st3[G.ST_ROLLOUTS] <= 40
                runs.append((ret, out.tolist(), st3[G.ST_BEST], st3[G.ST_MEAN]))
            assert runs[1] == runs[0] and runs[2] == runs[0], kind
            _, _, st1 = run_search(t, d, vector(t, d["seat"], {at: 40, "width": 1}))
            assert st1[G.ST_ROLLOUTS] == 0 and (fav < 0 or st1[G.ST_BEST] == fav)


# Redraws that mark a field hidden: a game that deals hidden cards (Taj Mahal: a hand is a
# count per card kind) changes a count only when a redraw deals that kind to that hand,
# so every count a card may land on must have been changed by some redraw (20 left about
# one in five of them unseen).
REDRAWS = 200


@pytest.mark.parametrize(("game", "search"), SEARCHES)
def test_the_view_hides_what_the_seat_may_not_see_and_a_redraw_only_that(game, search):
    """determinise_nb: the same view whatever the hidden part (the plug-in's redraw_hidden
    draws it anew), equal to the state wherever redraws never change it; redraw_nb then
    changes only fields the redraws change (what the seat may not see)."""
    t = Table(game, search)
    if t.spec.redraw_hidden is None:
        pytest.skip(f"{game} declares no hidden information")
    noise = np.random.default_rng(1)
    checked = 0
    for found in decisions(t, seed=6, per_kind=4).values():
        for d in found:
            state, seat = d["state"], d["seat"]
            hidden = np.zeros(state.size, bool)
            views = []
            for _ in range(REDRAWS):
                other = t.spec.redraw_hidden(state, t.rules, seat, noise)
                hidden |= other != state
                view = np.zeros_like(state)
                t.H.determinise_nb(other, t.board, t.rules, seat, view)
                views.append(view)
            assert all(np.array_equal(v, views[0]) for v in views), (d["kind"], seat)
            assert np.array_equal(views[0][~hidden], state[~hidden]), (d["kind"], seat)
            sim = views[0].copy()
            rng = np.array([stream_seed_nb(3, seat, 0)], np.uint64)
            t.H.redraw_nb(sim, t.board, t.rules, seat, vector(t, seat), rng)
            assert np.array_equal(sim[~hidden], views[0][~hidden]), (d["kind"], seat)
            checked += int(hidden.any())
    assert checked >= 3


@pytest.mark.parametrize(("game", "search"), SEARCHES)
def test_shared_worlds_give_the_rollouts_of_unshared_ones(game, search):
    """At a secret decision (secret_kind_nb) the others' decisions before this seat is
    asked again are played once per seed for all candidates, and the candidate written in
    (restore_nb): every candidate's rollout value is what it is without sharing."""
    t = Table(game, search)
    found = decisions(t, seed=6, per_kind=6)
    secret = [d for k, ds in found.items() if t.H.secret_kind_nb(k) for d in ds]
    if not secret:
        pytest.skip(f"{game}: no decision is secret")
    sids, params = t.seats()
    ids = strategies.registry.strategy_ids(game)
    E, M = t.E, t.E.MAX_SEATS
    shared_seen = 0
    for d in secret:
        kind, seat = d["kind"], d["seat"]
        vec = vector(t, seat)
        policy = t.search.model(t.search.params())[1]
        msids = np.full(M, -1, np.int64)
        msids[: t.players] = sids[: t.players]
        msids[seat] = ids[t.search.search.policy]
        mparams = np.zeros((M, max(params.shape[1], len(policy))))
        mparams[: t.players, : params.shape[1]] = params[: t.players]
        mparams[seat, :] = 0
        mparams[seat, : len(policy)] = policy
        view = np.zeros_like(d["state"])
        t.H.determinise_nb(d["state"], t.board, t.rules, seat, view)
        cands = candidates(t, d)
        values = []
        dec = Decision(view, t.board, t.rules, np.int64(seat), np.int64(kind), vec, msids,
                       mparams, d["scratch"][seat], cands, np.int64(0), np.int64(0), G.NO_LIMIT,
                       0.05)  # fmt: skip
        for share in (True, False):
            w = World(np.zeros(E.STATE_SIZE, np.int64), np.zeros((M, E.SCRATCH_SIZE), np.int64),
                      np.zeros(E.RNG_STREAMS, np.uint64))  # fmt: skip
            b = Lane(np.zeros(E.STATE_SIZE, np.int64), np.zeros((M, E.SCRATCH_SIZE), np.int64),
                     np.zeros(E.RNG_STREAMS, np.uint64), np.zeros(E.OUT_SIZE, np.int64),
                     np.zeros(E.WORK_SIZE, np.int64), np.zeros_like(d["xc"]),
                     np.zeros((0, LOG_WIDTH), np.int64))  # fmt: skip
            shared = t.driver.world_nb(dec, w, np.int64(11), cands[0], share, b)
            if not share:
                assert not shared
            values.append([t.driver.rollout_nb(dec, w, shared, c, b, np.int64(-1))[0]
                           for c in cands])  # fmt: skip
            shared_seen += int(shared)
        assert values[0] == values[1], (kind, seat)
    assert shared_seen >= 1  # some world did share (else nothing was compared)


@pytest.mark.parametrize(("game", "search"), SEARCHES)
def test_value_of_a_finished_game_ranks_every_winner_above_every_other_seat(game, search):
    """value_nb of a finished game is its outcome for the seat: whatever margin a game
    adds, a winner (the results' `winner` column) is worth more than a seat that lost."""
    t = Table(game, search)
    sids, params = t.seats()
    names = tuple(t.plain[i % len(t.plain)].name for i in range(t.players))
    games_with_losers = 0
    for g in range(6):
        a = t.arrays()
        t.driver.play_game_nb(a["state"], t.board, t.rules, a["log"], t.players, 8, g, sids,
                              params, a["rng"], a["scratch"], a["out"], a["work"])  # fmt: skip
        assert t.pending(a) < 0
        table = t.spec.records_table(t.records(a, sids)[None, : t.players], 0, names,
                                     t.spec.default_rules())  # fmt: skip
        won = table.column("winner").to_pylist()
        vec = vector(t, 0)
        value = [t.H.value_nb(a["state"], t.board, t.rules, p, vec) for p in range(t.players)]
        if not all(won):
            games_with_losers += 1
            assert min(v for v, w in zip(value, won) if w) > max(
                v for v, w in zip(value, won) if not w), (value, won)  # fmt: skip
    assert games_with_losers >= 3


def test_hooks_lacking_the_legal_answers_are_refused_by_name(monkeypatch):
    """A hooks module without the legal answers (the hooks with no default) is refused
    when the search is registered, naming what it lacks (not later, as a numba typing
    error in the driver); the hooks with a default are not named."""
    import sys
    import types

    from strategies.search import register_search

    mod = types.ModuleType("tests._half_hooks")
    mod.PARAMS = {}
    mod.budget_nb = lambda kind, params: 0
    mod.determinise_nb = lambda state, board, rules, seat, view: None
    monkeypatch.setitem(sys.modules, "tests._half_hooks", mod)
    game = sorted(GAMES)[0]
    policy = next(iter(strategies.strategies(game)))
    with pytest.raises(ValueError, match="lack MAX_CANDIDATES, candidates_nb") as err:
        register_search("half", "incomplete", game, "tests._half_hooks", policy)
    assert "budget_nb" not in str(err.value) and "value_nb" not in str(err.value)
    assert "half" not in strategies.strategies(game)


def test_public_secrecy_hooks_keep_nothing_secret():
    """The shared no-op hooks of a game with no secrets (simcore/core/search_public_nb)."""
    from simcore.core.nb import search_public_nb as P

    assert all(P.secret_kind_nb(k) is False for k in range(8))
    assert P.hidden_kind_nb(np.zeros(4, np.int64), 0, 1, 2) == -1
    for name in ("secret_kind_nb", "hidden_kind_nb", "restore_nb"):
        assert name in G.HOOKS


RUNGS = [
    pytest.param(g, r, id=f"{g}-{r.label}-{r.players}p")
    for g in sorted(GAMES)
    for rs in search_rungs(g).values()
    for r in rs
]


def test_every_game_with_a_search_recommends_a_fast_and_a_strong_rung():
    """The verdict's ladders are built from these (issue 30): two rungs or more per
    game, weakest first, the faster first."""
    for game in sorted({p.values[0] for p in SEARCHES} - {"toy"}):
        per_players = search_rungs(game)
        assert per_players, game
        for rs in per_players.values():
            assert len(rs) >= 2, game
            assert rs[0].games_per_cpu_s > rs[-1].games_per_cpu_s, game


@pytest.mark.parametrize(("game", "rung"), RUNGS)
def test_a_rung_plays_the_games_search_with_its_measured_intervals(game, rung):
    """A rung is a `--strategy` text of the game's search whose figures are consistent:
    each share's interval is the Wilson interval of its n (recomputed here), and x top
    is what the two speeds say."""
    s = strategies.resolve([rung.strategy] * rung.players, rung.players, game)[0]
    assert s.search is not None
    assert rung.players in GAMES[game].player_counts
    for m in (rung.vs_top, rung.vs_weighted):
        assert m.n >= 100
        lo, hi = wilson(round(m.share * m.n), m.n)
        tol = 2.0 / m.n  # the share is recorded to 0.1 point: a game either way
        assert abs(lo - m.lo) < tol and abs(hi - m.hi) < tol, (m, lo, hi)
        assert m.lo < m.share < m.hi
    assert rung.games_per_cpu_s > 0 and rung.top_games_per_cpu_s > 0
