"""Picklable description of a batch of games of any registered game, and the chunk tasks
that workers run (jobs/runner.py).

A worker finds the game by name through its plug-in (`plugin_module` is imported first,
so a game registered outside `simcore/`, e.g. a test game, is known in a fresh worker
process too) and the driver through `driver_factory(game)`: simcore never imports
strategies, it is handed the name of the function that builds the driver.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

import numpy as np

from simcore.core.contract.games import get_game, plugin_module
from simcore.core.contract.plugin import GamePlugin
from simcore.core.store.results_io import parquet_bytes

DRIVER_FACTORY = "strategies:driver_for"  # (game, sids, params, extra) -> driver; importable


@dataclass(frozen=True)
class BatchSpec:
    """Everything a worker needs to play any chunk of a run."""

    game: str
    n_players: int
    seed: int
    rules: Any
    data: Any  # the game's data file (board, card table)
    sids: np.ndarray
    params: np.ndarray
    seat_names: tuple[str, ...] = ()  # registered strategy name per seat (for results)
    driver_factory: str = DRIVER_FACTORY
    plugin_module: str = ""  # module that registers the game (default: found by name)
    driver_extra: tuple[int, ...] = ()  # ids the driver holds besides the seats' (a study's)

    @classmethod
    def of(cls, game: str, n_players: int, seed: int, rules, data, sids, params,
           seat_names=(), driver_factory: str = DRIVER_FACTORY) -> BatchSpec:  # fmt: skip
        return cls(game, n_players, seed, rules, data, sids, params, tuple(seat_names),
                   driver_factory, plugin_module(game))  # fmt: skip


def plugin_of(spec: BatchSpec) -> GamePlugin:
    if spec.plugin_module:
        importlib.import_module(spec.plugin_module)
    return get_game(spec.game)


def load_driver(spec: BatchSpec):
    module, _, func = spec.driver_factory.partition(":")
    factory = getattr(importlib.import_module(module), func)
    return factory(spec.game, spec.sids, spec.params, spec.driver_extra)


def play_chunk(spec: BatchSpec, first_game: int, n_games: int) -> np.ndarray:
    """Records (games, players, record width) of games first_game .. first_game + n - 1."""
    plugin = plugin_of(spec)
    return plugin.play_batch(load_driver(spec), spec.sids, spec.params, n_games, spec.n_players,
                             spec.seed, first_game, spec.rules, spec.data)  # fmt: skip


def play_chunk_parquet(spec: BatchSpec, first_game: int, n_games: int) -> bytes:
    """A chunk as the bytes of its Parquet file (the game's results contract)."""
    rec = play_chunk(spec, first_game, n_games)
    table = plugin_of(spec).records_table(rec, first_game, spec.seat_names, spec.rules)
    return parquet_bytes(table)


def warm(spec: BatchSpec) -> None:
    """Compile (or load from the cache) the engine and driver once, before workers fork."""
    play_chunk(spec, 0, 1)


def run_config(spec: BatchSpec, strategies: list[dict[str, Any]], data_source: str) -> dict:
    """The manifest's configuration of a run (compared on --resume). The data file is
    recorded under `board` whatever the game calls it (source and sha256)."""
    plugin = plugin_of(spec)
    plugin.check_batch(spec.rules)
    plugin.check_rules(spec.rules, spec.n_players)
    return {
        "game": spec.game,
        "players": spec.n_players,
        "seed": spec.seed,
        "strategies": strategies,
        "rules": spec.rules.to_dict(),
        "rules_changed": spec.rules.diff_from_default(),
        "variants": list(spec.rules.variant_names()),
        "board": {"source": data_source, "sha256": spec.data.digest()},
    }
