"""Thin Python API over the Vermächtnis engine: play one logged game or a batch.

Callers pass a `driver` (simcore.core.driver) built over the strategies they want; this
module never imports strategies, keeping the data flow one way. The buffers are
allocated by simcore.core.play.
"""

from __future__ import annotations

from types import ModuleType

import numpy as np

from simcore.core.play import PlayedGame, play_logged, play_records

from . import layout as S
from .card_table import CardTable, default_cards
from .nb import game_nb
from .nb.game_nb import MAX_SEATS
from .rules import RuleSet, check_for_players

MIN_PLAYERS = 2
MAX_PLAYERS = MAX_SEATS
LOG_CAPACITY = 1 << 12  # a game logs a few hundred events


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
    return play_logged(
        driver, game_nb, sids, params, n_players, seed, game,
        (cards or default_cards()).pack(), rules.pack(), log_capacity, S.LOG_N,
    )  # fmt: skip


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
    return play_records(
        driver, game_nb, sids, params, n_games, n_players, seed, first_game,
        (cards or default_cards()).pack(), rules.pack(),
    )  # fmt: skip
