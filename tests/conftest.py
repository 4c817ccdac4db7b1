"""Shared fixtures: packed default board and rules, a driver over the built-in strategies."""

import os

import numpy as np
import pytest

import strategies
import tests.toy.game  # noqa: E402, F401  (registers the toy game for every generic test)
import tests.toy.strategies  # noqa: E402, F401
from strategies import registry


def _full_driver(game=None, sids=None, params=None, extra=()):
    """The game's driver over every strategy, whatever the seats: what the suite plays."""
    return registry.driver_for(game)


# A run's driver holds only the strategies it plays (strategies.registry.driver_for), so each
# seat combination of the suite would compile a driver of its own, the engine inlined in
# its loop (tens of seconds each on a fresh cache, most of a fresh clone's suite). The
# suite plays every game on its one full driver instead: a subset driver plays the same
# games (tests/test_driver_subset.py proves it, calling registry.driver_for itself). Set
# PALACE_LAB_TEST_SUBSET_DRIVERS=1 to play the suite on subset drivers as runs do.
if os.environ.get("PALACE_LAB_TEST_SUBSET_DRIVERS") != "1":
    strategies.driver_for = _full_driver

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
