"""Shared fixtures: packed default board and rules, a driver over the built-in strategies."""

import os

import numpy as np
import pytest

import strategies
import tests.toy.game  # noqa: E402, F401  (registers the toy game for every generic test)
import tests.toy.strategies  # noqa: E402, F401
from strategies import registry


def _searches(game, ids) -> bool:
    known = list(registry.strategies(game).values())  # (ids are positions in name order)
    return any(i >= 0 and known[i].search for i in ids)


def _plain_driver(game):
    """The game's driver over every strategy that is not a search (no search compiled)."""
    known = registry.strategies(game).values()
    return registry.driver_for(game, [i for i, s in enumerate(known) if not s.search])


class _SuiteDriver:
    """The game's drivers as the suite plays them: a game whose seats are all plain
    strategies on the driver of every plain strategy, one with a search seat (and every
    search function: model_loop_nb, search_stats_nb, ...) on the full driver, compiled the
    first time a test asks for it. A fast run (`-m 'not slow'`) that plays a game only with
    plain strategies then never compiles that game's search."""

    _SIDS = {"play_batch_nb": 5, "play_game_nb": 7, "decide_nb": 1}  # where the ids are

    def __init__(self, game):
        self._game = game

    def _pick(self, ids):
        if _searches(self._game, ids):
            return registry.driver_for(self._game)
        return _plain_driver(self._game)

    def __getattr__(self, name):
        if not (name.endswith("_nb") or name.isupper()):  # a driver's: functions, constants
            raise AttributeError(name)  # (hypothesis and copy probe for others)
        if name not in self._SIDS:
            return getattr(registry.driver_for(self._game), name)
        at = self._SIDS[name]

        def call(*args):
            ids = np.atleast_1d(np.asarray(args[at]))
            return getattr(self._pick(ids.tolist()), name)(*args)

        return call


def _suite_driver(game=None, sids=None, params=None, extra=()):
    """The game's driver over every strategy, whatever the seats: what the suite plays
    (over every plain strategy when no seat is a search)."""
    game = game or registry.default_game()
    if sids is None:
        return _SuiteDriver(game)
    # by the seats alone: `extra` (a plan's other runs, to share one driver) may name a
    # search that a sweep's good-play runs would play, yet the suite has both drivers
    ids = [int(i) for i in sids]
    return registry.driver_for(game) if _searches(game, ids) else _plain_driver(game)


# A run's driver holds only the strategies it plays (strategies.registry.driver_for), so each
# seat combination of the suite would compile a driver of its own, the engine inlined in
# its loop (tens of seconds each on a fresh cache, most of a fresh clone's suite). The
# suite plays every game on two drivers instead, one over its plain strategies and one
# over all (with the searches, a minute or more each on a cold cache): a subset driver
# plays the same games (tests/test_driver_subset.py proves it, calling
# registry.driver_for itself). Set PALACE_LAB_TEST_SUBSET_DRIVERS=1 to play the suite on
# subset drivers as runs do.
if os.environ.get("PALACE_LAB_TEST_SUBSET_DRIVERS") != "1":
    strategies.driver_for = _suite_driver


def _search_names() -> set[str]:
    from simcore.core.contract.games import games  # noqa: PLC0415

    return {n for g in games() for n, s in registry.strategies(g).items() if s.search}


def _names_a_search(value, names) -> bool:
    if isinstance(value, str):
        return value.split(":")[0] in names
    if isinstance(value, list | tuple):
        return any(_names_a_search(v, names) for v in value)
    return isinstance(getattr(value, "strategy", None), str) and _names_a_search(
        value.strategy, names
    )  # a ladder rung


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """A case whose parameters name a search strategy (`lookahead`, `lookahead:rollouts=6`,
    ...) is slow: it plays on the game's full driver, whose search is a minute or more of a
    cold compile per game. The fast subset (-m 'not slow') keeps each test's plain cases."""
    names = _search_names()
    for item in items:
        spec = getattr(item, "callspec", None)
        if spec is not None and any(_names_a_search(v, names) for v in spec.params.values()):
            item.add_marker(pytest.mark.slow)


if os.environ.get("PALACE_LAB_TEST_SEARCH_LOG"):  # which tests compile a search driver
    _build = registry.build_driver

    def _logged_build(engine, entries, threads=True):
        if any(isinstance(e, registry.SearchEntry) for e in entries):
            with open(os.environ["PALACE_LAB_TEST_SEARCH_LOG"], "a") as log:
                log.write(f"{os.environ.get('PYTEST_CURRENT_TEST')}\t{engine}\n")
        return _build(engine, entries, threads)

    registry.build_driver = _logged_build


if os.environ.get("NUMBA_DISABLE_JIT") == "1":
    # As plain Python, numpy scalars warn on the RNG's intended uint64 wrap-around.
    np.seterr(over="ignore")


@pytest.fixture(autouse=True)
def _tables_timed_afresh():
    """Each test starts with no table warmed or timed in this process (jobs.runner keeps
    them per process): a test that stops a run while it warms must see the warm-up,
    whichever test ran before it on the same xdist worker."""
    from jobs import runner  # noqa: PLC0415

    runner.forget_tables()


@pytest.fixture(scope="session")
def board():
    from simcore.maharaja.game_data import default_board

    return default_board()


@pytest.fixture(scope="session")
def board_arr(board):
    return board.pack()


@pytest.fixture(scope="session")
def rules_arr():
    from simcore.maharaja.rules import RuleSet

    return RuleSet().pack()


@pytest.fixture(scope="session")
def driver():
    return strategies.driver_for("maharaja")
