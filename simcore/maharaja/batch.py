"""Picklable description of a batch of Maharaja games, and the chunk tasks workers run."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

import numpy as np

from .board import Board
from .game import play_batch
from .results import check_fits, parquet_bytes, records_table
from .rules import RuleSet, check_deal


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
    seat_names: tuple[str, ...] = ()  # registered strategy name per seat (for results)


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


def play_chunk_parquet(spec: BatchSpec, first_game: int, n_games: int) -> bytes:
    """A chunk as the bytes of its Parquet file (the results contract, one row per seat)."""
    rec = play_chunk(spec, first_game, n_games)
    return parquet_bytes(records_table(rec, first_game, spec.seat_names, spec.rules))


def warm(spec: BatchSpec) -> None:
    """Compile (or load from the cache) the engine and driver once, before workers fork."""
    play_chunk(spec, 0, 1)


def run_config(
    spec: BatchSpec, strategies: list[dict[str, Any]], board_source: str
) -> dict[str, Any]:
    """The manifest's configuration of a Maharaja run (compared on --resume)."""
    check_fits(spec.rules)
    check_deal(spec.rules, spec.n_players)
    return {
        "game": "maharaja",
        "players": spec.n_players,
        "seed": spec.seed,
        "strategies": strategies,
        "rules": spec.rules.to_dict(),
        "rules_changed": spec.rules.diff_from_default(),
        "variants": list(spec.rules.variant_names()),
        "board": {"source": board_source, "sha256": spec.board.digest()},
    }
