"""Random playthroughs of every registered game (in the spirit of OpenSpiel's
random-simulation tests): every game of `simcore.core.contract.games.games()`, every player
count it supports, every registered strategy in every seat. Games are played through
the generated driver (simcore/core/nb/driver.py) with the game's default rules and board,
and must finish with no strategy error and a valid end reason.
"""

from __future__ import annotations

import importlib
import os

import numpy as np
import pytest

import strategies
from simcore.core.contract.games import games
from simcore.core.contract.plugin import GamePlugin

PLAIN_PYTHON = os.environ.get("NUMBA_DISABLE_JIT") == "1"
GAMES = games()
PROTOCOL = (  # what the driver docstring says an engine module provides
    "start_game_nb",
    "advance_nb",
    "asked_seat_nb",
    "answer_nb",
    "write_records_nb",
    "STATE_SIZE",
    "OUT_SIZE",
    "SCRATCH_SIZE",
    "WORK_SIZE",
    "RNG_STREAMS",
    "MAX_SEATS",
    "N_REC",
)


def play(spec: GamePlugin, seats: list, n_games: int, seed: int):
    """The results table (one row per game and seat) of n_games games through the game's
    driver, with its default rules and data file."""
    driver = strategies.driver_for(spec.name)
    sids, params = strategies.seat_arrays(seats, spec.name)
    rules = spec.default_rules()
    rec = spec.play_batch(driver, sids, params, n_games, len(seats), seed, 0, rules,
                          spec.default_data())  # fmt: skip
    return spec.records_table(rec, 0, tuple(s.name for s in seats), rules)


def check_finished(name: str, table, label: str) -> None:
    """No strategy error; every game ended for a reason the plug-in names (not 'error')."""
    spec = GAMES[name]
    errors = np.asarray(table.column("errors").to_numpy())
    assert not errors.any(), f"{label}: {int(errors.sum())} strategy errors"
    if spec.shape is not None and spec.shape.end:
        valid = set(spec.shape.end_words) - {"error"}
        ends = set(table.column(spec.shape.end).to_pylist())
        assert ends <= valid, f"{label}: end reasons {ends}, valid {valid}"


CASES = [
    pytest.param(name, n, id=f"{name}-{n}p")
    for name, spec in sorted(GAMES.items())
    for n in range(spec.min_players, spec.max_players + 1)
]


def test_games_are_registered():
    assert "maharaja" in GAMES
    for name, spec in GAMES.items():
        assert spec.name == name and 1 <= spec.min_players <= spec.max_players
        assert "random" in strategies.strategies(name), f"{name}: no `random` strategy"


@pytest.mark.nojit
@pytest.mark.parametrize(("name", "players"), CASES)
def test_random_playthrough(name, players):
    """`random` in every seat: the games finish cleanly with a valid end reason."""
    spec = GAMES[name]
    seats = strategies.resolve(["random"], players, name)
    n_games = 2 if PLAIN_PYTHON else 50
    table = play(spec, seats, n_games, seed=1234 + players)
    assert table.num_rows == n_games * players
    check_finished(name, table, f"{name} {players}p random")


@pytest.mark.parametrize(
    "searches", [False, pytest.param(True, marks=pytest.mark.slow)], ids=["plain", "searches"]
)  # (a search compiles the game's search)
@pytest.mark.parametrize(("name", "players"), CASES)
def test_every_strategy_in_every_seat(name, players, searches):
    """Each registered strategy at a full table of itself, and alone among `random`s in
    each seat in turn: the games finish cleanly (the plain strategies, then the searches)."""
    spec = GAMES[name]
    known = strategies.strategies(name)
    names = [n for n, s in known.items() if bool(s.search) == searches]
    if not names:
        pytest.skip(f"{name}: no search strategy")
    for sname in names:
        rec = play(spec, strategies.resolve([sname], players, name), 10, seed=99)
        check_finished(name, rec, f"{name} {players}p all {sname}")
        for seat in range(players):
            names = ["random"] * players
            names[seat] = sname
            rec = play(spec, strategies.resolve(names, players, name), 5, seed=100 + seat)
            check_finished(name, rec, f"{name} {players}p {sname} in seat {seat}")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_engine_module_provides_the_driver_protocol(name):
    engine = importlib.import_module(GAMES[name].engine)
    missing = [attr for attr in PROTOCOL if not hasattr(engine, attr)]
    assert not missing, f"{GAMES[name].engine} lacks {missing}"
