"""Playing one game or a batch from Python through a generated driver.

The driver protocol (simcore/core/driver.py) fixes the buffers a game is played with:
the state, the event log, one random stream per seat plus the game's, per-seat scratch,
the answer and work buffers and the record block, each sized by the engine module's
constants. Every game allocates them the same way, so it happens here; a game's
`play_game`/`play_batch` check its rules for the player count and pack them and its
data file (board, card table).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

import numpy as np

from .event_log_nb import LOG_WIDTH


@dataclass(frozen=True)
class PlayedGame:
    """A finished game: its final state vector, its event log rows and its records."""

    state: np.ndarray
    log: np.ndarray
    records: np.ndarray


def play_logged(
    driver: ModuleType,
    engine: ModuleType,
    sids: np.ndarray,
    params: np.ndarray,
    n_players: int,
    seed: int,
    game: int,
    data: np.ndarray,
    rules: np.ndarray,
    log_capacity: int,
    log_n_at: int,
) -> PlayedGame:
    """Play game number `game` of the stream `seed` with an event log of log_capacity rows;
    state[log_n_at] is where the engine counts the events it logged."""
    state = np.zeros(engine.STATE_SIZE, dtype=np.int64)
    log = np.zeros((log_capacity, LOG_WIDTH), dtype=np.int64)
    rng = np.zeros(engine.RNG_STREAMS, dtype=np.uint64)
    scratch = np.zeros((engine.MAX_SEATS, engine.SCRATCH_SIZE), dtype=np.int64)
    out = np.zeros(engine.OUT_SIZE, dtype=np.int64)
    work = np.zeros(engine.WORK_SIZE, dtype=np.int64)
    driver.play_game_nb(
        state, data, rules, log, n_players, seed, game, sids, params, rng, scratch, out, work
    )
    rec = np.zeros((engine.MAX_SEATS, engine.N_REC), dtype=np.int64)
    engine.write_records_nb(state, sids, rec)
    n_events = min(int(state[log_n_at]), log_capacity)
    return PlayedGame(state=state, log=log[:n_events].copy(), records=rec)


def play_records(
    driver: ModuleType,
    engine: ModuleType,
    sids: np.ndarray,
    params: np.ndarray,
    n_games: int,
    n_players: int,
    seed: int,
    first_game: int,
    data: np.ndarray,
    rules: np.ndarray,
) -> np.ndarray:
    """Records of games first_game .. first_game + n_games - 1: (games, players, N_REC)."""
    rec = np.zeros((n_games, engine.MAX_SEATS, engine.N_REC), dtype=np.int64)
    driver.play_batch_nb(data, rules, n_players, seed, first_game, sids, params, rec)
    return rec[:, :n_players]
