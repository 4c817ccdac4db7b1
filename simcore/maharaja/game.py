"""Thin Python API over the Maharaja engine: play one logged game or a batch.

Callers pass a `driver` (see simcore.core.driver) built over the strategies they
want; this module never imports strategies, keeping the data flow one way. The buffers
are allocated by simcore.core.play.
"""

from __future__ import annotations

from types import ModuleType

import numpy as np

from simcore.core.errors import InputError
from simcore.core.play import PlayedGame, play_logged, play_records

from . import layout as S
from .board import Board, default_board
from .nb import game_nb
from .nb.game_nb import MAX_SEATS
from .rules import NOT_YET, RuleSet, check_for_players, check_supported  # noqa: F401

MIN_PLAYERS = 2
MAX_PLAYERS = MAX_SEATS
LOG_CAPACITY = 1 << 15


def check_players(n_players: int) -> None:
    if not MIN_PLAYERS <= n_players <= MAX_PLAYERS:
        raise InputError(
            f"--players must be between {MIN_PLAYERS} and {MAX_PLAYERS}, got {n_players}"
        )


def _checked(rules: RuleSet | None, n_players: int) -> RuleSet:
    """The rules to play (the rulebook's by default), refused if this engine or this
    player count cannot play them."""
    check_players(n_players)
    rules = rules or RuleSet()
    check_supported(rules)
    check_for_players(rules, n_players)
    return rules


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
    rules = _checked(rules, n_players)
    return play_logged(
        driver, game_nb, sids, params, n_players, seed, game,
        (board or default_board()).pack(), rules.pack(), log_capacity, S.LOG_N,
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
    board: Board | None = None,
) -> np.ndarray:
    """Records of games first_game .. first_game + n_games - 1: (games, players, REC.N_REC)."""
    rules = _checked(rules, n_players)
    return play_records(
        driver, game_nb, sids, params, n_games, n_players, seed, first_game,
        (board or default_board()).pack(), rules.pack(),
    )  # fmt: skip
