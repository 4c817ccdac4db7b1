"""Thin Python API over the Maharaja engine: play one logged game or a batch.

Callers pass a `driver` (see simcore.core.driver) built over the strategies they
want; this module never imports strategies, keeping the data flow one way.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

import numpy as np

from simcore.core.errors import InputError

from . import layout as S
from . import record_layout as REC
from .board import Board, default_board
from .enums import LOG_WIDTH
from .nb.game_nb import (
    MAX_SEATS,
    OUT_SIZE,
    RNG_STREAMS,
    SCRATCH_SIZE,
    WORK_SIZE,
    write_records_nb,
)
from .rules import NOT_YET, RuleSet, check_for_players, check_supported  # noqa: F401

MIN_PLAYERS = 2
MAX_PLAYERS = MAX_SEATS
LOG_CAPACITY = 1 << 15


@dataclass(frozen=True)
class PlayedGame:
    """A finished game: its final state vector and its event log rows."""

    state: np.ndarray
    log: np.ndarray
    records: np.ndarray


def check_players(n_players: int) -> None:
    if not MIN_PLAYERS <= n_players <= MAX_PLAYERS:
        raise InputError(
            f"--players must be between {MIN_PLAYERS} and {MAX_PLAYERS}, got {n_players}"
        )


def play_game(
    driver: ModuleType,
    sids: np.ndarray,
    params: np.ndarray,
    n_players: int = 4,
    seed: int = 0,
    game: int = 0,
    rules: RuleSet | None = None,
    board: Board | None = None,
    log_capacity: int = LOG_CAPACITY,
) -> PlayedGame:
    """Play game number `game` of the stream `seed` with an event log."""
    check_players(n_players)
    rules = rules or RuleSet()
    check_supported(rules)
    check_for_players(rules, n_players)
    rules_arr = rules.pack()
    board_arr = (board or default_board()).pack()
    state = np.zeros(S.STATE_SIZE, dtype=np.int64)
    log = np.zeros((log_capacity, LOG_WIDTH), dtype=np.int64)
    rng = np.zeros(RNG_STREAMS, dtype=np.uint64)
    scratch = np.zeros((MAX_SEATS, SCRATCH_SIZE), dtype=np.int64)
    out = np.zeros(OUT_SIZE, dtype=np.int64)
    work = np.zeros(WORK_SIZE, dtype=np.int64)
    driver.play_game_nb(
        state, board_arr, rules_arr, log, n_players, seed, game, sids, params, rng, scratch,
        out, work,
    )  # fmt: skip
    n_events = int(state[S.LOG_N])
    rec = np.zeros((MAX_SEATS, REC.N_REC), dtype=np.int64)
    write_records_nb(state, sids, rec)
    return PlayedGame(state=state, log=log[: min(n_events, log_capacity)].copy(), records=rec)


def play_batch(
    driver: ModuleType,
    sids: np.ndarray,
    params: np.ndarray,
    n_games: int,
    n_players: int = 4,
    seed: int = 0,
    first_game: int = 0,
    rules: RuleSet | None = None,
    board: Board | None = None,
) -> np.ndarray:
    """Records of games first_game .. first_game + n_games - 1: (games, players, REC.N_REC)."""
    check_players(n_players)
    rules = rules or RuleSet()
    check_supported(rules)
    check_for_players(rules, n_players)
    rec = np.zeros((n_games, MAX_SEATS, REC.N_REC), dtype=np.int64)
    driver.play_batch_nb(
        (board or default_board()).pack(), rules.pack(), n_players, seed,
        first_game, sids, params, rec,
    )  # fmt: skip
    return rec[:, :n_players]
