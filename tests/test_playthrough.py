"""Random playthroughs of every registered game (in the spirit of OpenSpiel's
random-simulation tests): every game of `simcore.core.games.games()`, every player
count it supports, every registered strategy in every seat. Games are played through
the generated driver (simcore/core/driver.py) with the game's default rules and board,
and must finish with no strategy error and a valid end reason.
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass

import numpy as np
import pytest

import strategies
from simcore.core.games import GameSpec, games

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


@dataclass(frozen=True)
class Outcome:
    """Where a game's records keep the end reason and the error count."""

    n_rec: int
    errors: int
    end_reason: int
    valid_ends: frozenset[int]


def maharaja_outcome() -> Outcome:
    from simcore.maharaja import enums, record_layout

    names = ("palaces", "field10", "round_limit", "cap")  # M-E1, M-V1, M-A8 [choice]
    return Outcome(
        n_rec=record_layout.N_REC,
        errors=record_layout.REC_ERRORS,
        end_reason=record_layout.REC_END_REASON,
        valid_ends=frozenset(enums.END_REASON_NAMES.index(n) for n in names),
    )


OUTCOMES = {"maharaja": maharaja_outcome}


def outcome(name: str) -> Outcome:
    if name not in OUTCOMES:
        pytest.fail(f"game {name!r} is registered: add its record columns to OUTCOMES here")
    return OUTCOMES[name]()


def play(spec: GameSpec, seats: list, n_games: int, seed: int) -> np.ndarray:
    """Records (games, seats, columns) of n_games games through the game's driver."""
    driver = strategies.driver_for(spec.name)
    sids, params = strategies.seat_arrays(seats, spec.name)
    engine = importlib.import_module(spec.engine)
    rec = np.zeros((n_games, engine.MAX_SEATS, outcome(spec.name).n_rec), dtype=np.int64)
    board = spec.default_board().pack()
    rules = spec.default_rules().pack()
    driver.play_batch_nb(board, rules, len(seats), seed, 0, sids, params, rec)
    return rec[:, : len(seats)]


def check_finished(name: str, rec: np.ndarray, label: str) -> None:
    out = outcome(name)
    errors = rec[:, :, out.errors]
    assert not errors.any(), f"{label}: strategy errors in games {np.flatnonzero(errors.any(1))}"
    ends = set(np.unique(rec[:, :, out.end_reason]).tolist())
    assert ends <= out.valid_ends, f"{label}: end reasons {ends}, valid {set(out.valid_ends)}"


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
    rec = play(spec, seats, n_games, seed=1234 + players)
    assert rec.shape[:2] == (n_games, players)
    check_finished(name, rec, f"{name} {players}p random")


@pytest.mark.parametrize(("name", "players"), CASES)
def test_every_strategy_in_every_seat(name, players):
    """Each registered strategy at a full table of itself, and alone among `random`s in
    each seat in turn: the games finish cleanly."""
    spec = GAMES[name]
    known = strategies.strategies(name)
    for sname in known:
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
