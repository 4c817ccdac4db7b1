"""Thin Python API over the Vermächtnis engine: play one logged game or a batch.

Callers pass a `driver` (simcore.core.driver) built over the strategies they want; this
module never imports strategies, keeping the data flow one way.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

import numpy as np

from . import layout as S
from .card_table import CardTable, default_cards
from .enums import LOG_WIDTH
from .nb.game_nb import (
    MAX_SEATS,
    N_REC,
    OUT_SIZE,
    RNG_STREAMS,
    SCRATCH_SIZE,
    WORK_SIZE,
    write_records_nb,
)
from .rules import RuleSet, check_for_players

MIN_PLAYERS = 2
MAX_PLAYERS = MAX_SEATS
LOG_CAPACITY = 1 << 12  # a game logs a few hundred events


@dataclass(frozen=True)
class PlayedGame:
    """A finished game: its final state vector, its event log rows and its records."""

    state: np.ndarray
    log: np.ndarray
    records: np.ndarray


def play_game(
    driver: ModuleType,
    sids: np.ndarray,
    params: np.ndarray,
    n_players: int = 4,
    seed: int = 0,
    game: int = 0,
    rules: RuleSet | None = None,
    cards: CardTable | None = None,
    log_capacity: int = LOG_CAPACITY,
) -> PlayedGame:
    """Play game number `game` of the stream `seed` with an event log."""
    rules = rules or RuleSet()
    check_for_players(rules, n_players)
    state = np.zeros(S.STATE_SIZE, dtype=np.int64)
    log = np.zeros((log_capacity, LOG_WIDTH), dtype=np.int64)
    rng = np.zeros(RNG_STREAMS, dtype=np.uint64)
    scratch = np.zeros((MAX_SEATS, SCRATCH_SIZE), dtype=np.int64)
    out = np.zeros(OUT_SIZE, dtype=np.int64)
    work = np.zeros(WORK_SIZE, dtype=np.int64)
    driver.play_game_nb(
        state, (cards or default_cards()).pack(), rules.pack(), log, n_players, seed, game,
        sids, params, rng, scratch, out, work,
    )  # fmt: skip
    rec = np.zeros((MAX_SEATS, N_REC), dtype=np.int64)
    write_records_nb(state, sids, rec)
    n_events = min(int(state[S.LOG_N]), log_capacity)
    return PlayedGame(state=state, log=log[:n_events].copy(), records=rec)


def play_batch(
    driver: ModuleType,
    sids: np.ndarray,
    params: np.ndarray,
    n_games: int,
    n_players: int = 4,
    seed: int = 0,
    first_game: int = 0,
    rules: RuleSet | None = None,
    cards: CardTable | None = None,
) -> np.ndarray:
    """Records of games first_game .. first_game + n_games - 1: (games, players, N_REC)."""
    rules = rules or RuleSet()
    check_for_players(rules, n_players)
    rec = np.zeros((n_games, MAX_SEATS, N_REC), dtype=np.int64)
    driver.play_batch_nb(
        (cards or default_cards()).pack(), rules.pack(), n_players, seed, first_game, sids,
        params, rec,
    )  # fmt: skip
    return rec[:, :n_players]
