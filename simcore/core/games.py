"""Self-registering games: each game package registers a GameSpec when imported.

Tests and the CLI iterate this registry (e.g. a random playthrough of every
registered game), so a new game plugs in without touching the core.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from simcore.core.errors import InputError


@dataclass(frozen=True)
class GameSpec:
    """What the core needs to know about a game."""

    name: str
    title: str
    min_players: int
    max_players: int
    engine: str  # module implementing the driver protocol (simcore/core/driver.py)
    default_rules: Callable[[], Any]
    default_board: Callable[[], Any]


_GAMES: dict[str, GameSpec] = {}
_BUILTIN = ("simcore.maharaja",)


def register_game(spec: GameSpec) -> GameSpec:
    _GAMES[spec.name] = spec
    return spec


def games() -> dict[str, GameSpec]:
    """Every registered game, importing the built-in game packages first."""
    for module in _BUILTIN:
        importlib.import_module(module)
    return dict(_GAMES)


def get_game(name: str) -> GameSpec:
    known = games()
    if name not in known:
        raise InputError(f"unknown game '{name}'; known: {', '.join(sorted(known))}")
    return known[name]
