"""A run's driver holds only the strategies it plays (and its searches' rollout policies),
and plays exactly the games the driver over every strategy plays. (registry.driver_for:
the suite's strategies.driver_for is the full driver, tests/conftest.py.)

What a driver holds is read from its generated source (`sources` below), which is what
numba compiles: a test of the choice does not compile the driver (a search driver is a
minute or more of a cold compile); the test that plays compiles its one subset driver."""

from __future__ import annotations

import numpy as np
import pytest

import strategies
from simcore.core.contract.games import get_game
from simcore.core.nb.driver import driver_source
from strategies import registry
from strategies.registry import strategy_ids


def arrays(game: str, names: list[str]):
    seats = strategies.resolve(names, len(names), game)
    return strategies.seat_arrays(seats, game)


@pytest.fixture
def sources(monkeypatch):
    """registry.driver_for with the build replaced by the driver's source: `source(game,
    sids, params)` is the text build_driver would write and compile."""
    monkeypatch.setattr(registry, "_DRIVERS", {})
    monkeypatch.setattr(registry, "build_driver", driver_source)
    return registry.driver_for


@pytest.mark.parametrize("game", ["maharaja", "vermaechtnis"])
def test_a_subset_driver_names_only_the_run_strategies(game, sources):
    default = strategies.default_strategy(game)
    sids, _ = arrays(game, [default, default, default])
    text = sources(game, sids)
    head = text.splitlines()[0]  # "# Generated ... Strategies: a.b, ..."
    assert head.count(",") == 0, head  # one strategy
    branches = [line for line in text.splitlines() if line.strip().startswith("if sid ==")]
    assert [line.split("==")[1].strip(" :") for line in branches] == [
        str(strategy_ids(game)[default])
    ]


def test_a_search_brings_its_rollout_policy(sources):
    sids, _ = arrays("maharaja", ["lookahead", "chaser", "chaser"])
    ids = strategy_ids("maharaja")
    head = sources("maharaja", sids).splitlines()[0]
    assert "chaser" in head and "weighted" in head and "search(" in head
    assert "house_network" not in head and "palace_rush" not in head and "random" not in head
    assert ids["lookahead"] in sids


@pytest.mark.parametrize(
    "names",
    [
        ["weighted", "chaser", "random", "palace-rush"],
        ["lookahead:rollouts=4", "weighted", "chaser"],
    ],
)
def test_the_subset_driver_plays_the_same_games_as_the_full_one(names):
    game = "maharaja"
    spec = get_game(game)
    sids, params = arrays(game, names)
    rules, data = spec.default_rules(), spec.default_data()
    n = len(names)
    full = spec.play_batch(strategies.driver_for(game), sids, params, 6, n, 41, 3, rules, data)
    # with the seats' params, as a run asks for it (no threads asked: the serial search)
    part = spec.play_batch(registry.driver_for(game, sids, params), sids, params, 6, n, 41, 3,
                           rules, data)  # fmt: skip
    assert full.shape == part.shape and full.size > 0
    np.testing.assert_array_equal(full, part)


def test_threads_are_compiled_only_for_a_search_seat_that_asks_for_them(sources):
    one, p1 = arrays("maharaja", ["lookahead:threads=1", "weighted", "weighted"])
    two, p2 = arrays("maharaja", ["lookahead:threads=2", "weighted", "weighted"])
    serial = sources("maharaja", one, p1)
    parallel = sources("maharaja", two, p2)
    assert "PARALLEL = False" in serial and "PARALLEL = True" not in serial
    assert "PARALLEL = True" in parallel  # batch_par_nb: @njit(..., parallel=PARALLEL)
    assert "parallel=PARALLEL" in parallel and "prange(threads)" in parallel


def test_a_plan_shares_one_driver_across_its_runs():
    from jobs.plans import share_driver  # noqa: PLC0415
    from jobs.run_job import RunJob  # noqa: PLC0415

    jobs = [RunJob(4, 10, 0, s).check() for s in ("chaser", "weighted", "house-network")]
    share_driver(jobs)
    ids = strategy_ids("maharaja")
    want = tuple(sorted(ids[n] for n in ("chaser", "weighted", "house-network")))
    assert [job.spec.driver_extra for job in jobs] == [want] * 3
