"""Picklable description of a batch of Maharaja games, and the chunk task workers run."""

from __future__ import annotations

import importlib
from dataclasses import dataclass

import numpy as np

from .board import Board
from .game import play_batch
from .rules import RuleSet


@dataclass(frozen=True)
class BatchSpec:
    """Everything a worker needs to play any chunk of a run."""

    n_players: int
    seed: int
    rules: RuleSet
    board: Board
    sids: np.ndarray
    params: np.ndarray
    driver_factory: str  # "module:function" returning the driver (importable in workers)


def load_driver(factory: str):
    module, _, func = factory.partition(":")
    return getattr(importlib.import_module(module), func)()


def play_chunk(spec: BatchSpec, first_game: int, n_games: int) -> np.ndarray:
    """Records (games, players, N_REC) of games first_game .. first_game + n_games - 1."""
    return play_batch(
        load_driver(spec.driver_factory),
        spec.sids,
        spec.params,
        n_games,
        spec.n_players,
        spec.seed,
        first_game,
        spec.rules,
        spec.board,
    )
