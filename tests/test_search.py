"""The generic search (simcore/core/search_nb.py, written into the driver), for every game
whose registered strategies include one: its rollouts are the driver's own game loop, it
models any registered strategy, and its budget parameters do what they say.

Only the engine protocol, the hook protocol and the registry are used here, so a second
game with search hooks is covered as it is registered.
"""

from __future__ import annotations

import importlib

import numpy as np
import pytest

import strategies
from simcore.core import search_nb as G
from simcore.core.games import games
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
        self.H = importlib.import_module(self.search.search.hooks)
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
            log=np.zeros((0, 7), np.int64),
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

    def model_loop(self, a, sids, params, limit=G.NO_LIMIT, stop_seat=-1, max_answers=G.NO_LIMIT):
        return self.driver.model_loop_nb(
            a["state"], self.board, self.rules, a["log"], sids, params, a["rng"], a["scratch"],
            a["out"], a["work"], limit, 0.0, a["xc"], stop_seat, max_answers,
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
        assert answers > 10
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
    t.model_loop(a, sids, params, limit=start + 2)
    assert t.pending(a) >= 0 and t.H.progress_nb(a["state"]) == start + 2
    t.model_loop(a, sids, params, max_answers=1)
    for seat in range(t.players):
        t.model_loop(a, sids, params, stop_seat=seat)
        assert t.pending(a) >= 0 and t.E.asked_seat_nb(a["state"]) == seat
    assert t.model_loop(a, sids, params, max_answers=3) == 3


@pytest.fixture
def toy(request):
    with registered_toy(request.param) as strategy:
        yield request.param, strategy


@pytest.mark.parametrize("toy", sorted({g for g, *_ in (p.values for p in SEARCHES)}),
                         indirect=True)  # fmt: skip
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
    assert asked > 50


def searched_state(t: Table, seed: int, nth: int = 2):
    """A game of the plain strategies stopped at the nth decision whose search budget is
    the parameter `rollouts` (budget_nb follows it)."""
    sids, params = t.seats()
    on, off = t.search.params({"rollouts": 77}), t.search.params({"rollouts": 0})
    a = t.arrays()
    t.start(a, seed)
    seen = 0
    while (kind := t.pending(a)) >= 0:
        if t.H.budget_nb(kind, on) == 77 and t.H.budget_nb(kind, off) == 0:
            seen += 1
            if seen == nth:
                seat = int(t.E.asked_seat_nb(a["state"]))
                return kind, seat, a, sids, params
        t.model_loop(a, sids, params, max_answers=1)
    raise AssertionError("no searched decision")


def run_search(t: Table, kind, seat, a, vector):
    """(answer, out, stats) of the search on copies of the seat's memory and stream."""
    stats = np.zeros(G.N_STATS)
    out = np.zeros_like(a["out"])
    policy = strategies.registry.strategy_ids(t.game)[t.search.search.policy]
    ret = t.driver.search_stats_nb(
        kind, seat, a["state"], t.board, t.rules, vector, a["rng"][1 + seat : 2 + seat].copy(),
        a["scratch"][seat].copy(), out, policy, t.search.search.policy_at,
        len(t.search.defaults), stats,
    )  # fmt: skip
    return ret, out, stats


@pytest.mark.parametrize(("game", "search"), SEARCHES)
def test_rollouts_is_a_cap_on_rollouts_per_decision(game, search):
    t = Table(game, search)
    kind, seat, a, sids, params = searched_state(t, seed=21)
    row = params[seat].copy()
    n = None
    own = len(t.search.defaults)
    for budget in (0, 7, 50, 90, 200, 333):
        vec = np.concatenate([t.search.params({"rollouts": budget}), row[own:]])
        _, _, st = run_search(t, kind, seat, a, vec)
        n = int(st[G.ST_CANDIDATES])
        used = st[G.ST_ROLLOUTS]
        if budget == 0:  # no search: the policy answers
            assert used == 0 and st[G.ST_BEST] == -1
        elif budget < n:  # one look at each of `budget` candidates
            assert used == budget and st[G.ST_BEST] >= 0
        else:  # every candidate looked at; at most the budget, most of it when it is ample
            assert n <= used <= budget and (budget < 2 * n or used > budget / 2), (budget, used)
            assert st[G.ST_BEST] >= 0
    assert n and n > 1


@pytest.mark.parametrize(("game", "search"), SEARCHES)
def test_horizon_and_time_budget_do_what_they_say(game, search):
    """horizon=h: no rollout goes further than h progress ticks (and some that far), none
    ends the game early on; horizon=0: every rollout plays to the end. ms: a search with
    a huge rollout budget stops after about that many milliseconds."""
    t = Table(game, search)
    kind, seat, a, _, _ = searched_state(t, seed=4)
    for h in (1, 2):
        vec = t.search.params({"horizon": h, "rollouts": 100})
        _, _, st = run_search(t, kind, seat, a, vec)
        if t.H.horizon_nb(kind, vec) == h:
            assert st[G.ST_REACH] == h and st[G.ST_ENDED] == 0, st
    vec = t.search.params({"horizon": 0, "rollouts": 100})
    _, _, st = run_search(t, kind, seat, a, vec)
    assert st[G.ST_ENDED] == st[G.ST_ROLLOUTS] > 0
    vec = t.search.params({"rollouts": 1e6, "ms": 30})
    ret, out, st = run_search(t, kind, seat, a, vec)
    assert 30e6 <= st[G.ST_NS] < 2000e6 and 0 < st[G.ST_ROLLOUTS] < 1e6
    assert st[G.ST_BEST] >= 0


@pytest.mark.parametrize(("game", "search"), SEARCHES)
def test_threads_change_nothing_but_speed(game, search):
    t = Table(game, search)
    kind, seat, a, _, params = searched_state(t, seed=8)
    answers = []
    for threads in (1, 2, 3):
        vec = t.search.params({"threads": threads, "rollouts": 120})
        ret, out, st = run_search(t, kind, seat, a, vec)
        answers.append((ret, out.tolist(), st[G.ST_BEST], st[G.ST_MEAN], st[G.ST_ROLLOUTS]))
    assert answers[1] == answers[0] and answers[2] == answers[0]


def test_hooks_lacking_a_hook_are_refused_by_name(monkeypatch):
    """A hooks module without every hook of the protocol is refused when the search is
    registered, naming what it lacks (not later, as a numba typing error in the driver)."""
    import sys
    import types

    from strategies.search import register_search

    mod = types.ModuleType("tests._half_hooks")
    mod.PARAMS = {}
    mod.budget_nb = lambda kind, params: 0
    monkeypatch.setitem(sys.modules, "tests._half_hooks", mod)
    game = sorted(GAMES)[0]
    policy = next(iter(strategies.strategies(game)))
    with pytest.raises(ValueError, match="lack MAX_CANDIDATES, horizon_nb") as err:
        register_search("half", "incomplete", game, "tests._half_hooks", policy)
    assert "budget_nb" not in str(err.value) and "value_nb" in str(err.value)
    assert "half" not in strategies.strategies(game)


def test_public_secrecy_hooks_keep_nothing_secret():
    """The shared no-op hooks of a game with no secrets (simcore/core/search_public_nb)."""
    from simcore.core import search_public_nb as P

    assert all(P.secret_kind_nb(k) is False for k in range(8))
    assert P.hidden_kind_nb(np.zeros(4, np.int64), 0, 1, 2) == -1
    for name in ("secret_kind_nb", "hidden_kind_nb", "restore_nb"):
        assert name in G.HOOKS
