"""Self-registering games: each game package's `plugin.py` registers its GamePlugin when
imported (simcore/core/plugin.py).

`games()` imports the plug-in of every package of `simcore` (but `core`), so a new game
plugs in by adding its folder; tests register more (a toy game) with `register_game`.
Tests and the CLI iterate this registry, e.g. a random playthrough of every game.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import sys

from simcore.core.errors import InputError
from simcore.core.plugin import GamePlugin

_GAMES: dict[str, GamePlugin] = {}
_MODULES: dict[str, str] = {}
_SCANNED = False
DEFAULT_GAME = "maharaja"


def register_game(plugin: GamePlugin, module: str | None = None) -> GamePlugin:
    """Register a game; `module` (default: the caller's module) is what a fresh worker
    process imports to know the game."""
    _GAMES[plugin.name] = plugin
    _MODULES[plugin.name] = module or sys._getframe(1).f_globals.get("__name__", "")
    return plugin


def plugin_module(name: str) -> str:
    """The module that registered a game ("" if unknown)."""
    games()
    return _MODULES.get(name, "")


def _scan() -> None:
    global _SCANNED
    if _SCANNED:
        return
    import simcore

    for info in pkgutil.iter_modules(simcore.__path__):
        if info.ispkg and info.name != "core" and not info.name.startswith("_"):
            if importlib.util.find_spec(f"simcore.{info.name}.plugin") is not None:
                importlib.import_module(f"simcore.{info.name}.plugin")
    _SCANNED = True


def games() -> dict[str, GamePlugin]:
    """Every registered game, by name (the built-in ones imported first)."""
    _scan()
    return dict(_GAMES)


def get_game(name: str) -> GamePlugin:
    known = games()
    if name not in known:
        raise InputError(f"unknown game '{name}'; known: {', '.join(sorted(known))}")
    return known[name]
