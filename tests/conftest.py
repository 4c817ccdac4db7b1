"""Shared fixtures: packed default board and rules, a driver over the built-in strategies."""

import os

import numpy as np
import pytest

import tests.toy.game  # noqa: E402, F401  (registers the toy game for every generic test)
import tests.toy.strategies  # noqa: E402, F401

if os.environ.get("NUMBA_DISABLE_JIT") == "1":
    # As plain Python, numpy scalars warn on the RNG's intended uint64 wrap-around.
    np.seterr(over="ignore")


@pytest.fixture(scope="session")
def board():
    from simcore.maharaja.board import default_board

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
    import strategies

    return strategies.driver_for("maharaja")
