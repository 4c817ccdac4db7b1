"""Self-registering games: a game's module registers its GamePlugin when imported
(simcore/core/contract/plugin.py), and its strategies with it.

`games()` imports two kinds of modules, the same way: the plug-in of every package of
`simcore` (but `core`), so a built-in game plugs in by adding its folder, and the module
each entry of the entry-point group `palace_lab.games` names, so a game in a package of
its own plugs in by being installed (docs/GAMES.md). Tests register more (a toy game)
with `register_game`. The default game is the first built-in one in name order, unless
$PALACE_LAB_GAME names another: generic code takes it from here, never names a game.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import os
import pkgutil
import sys

from simcore.core.contract.plugin import GamePlugin
from simcore.core.errors import InputError

_GAMES: dict[str, GamePlugin] = {}
_MODULES: dict[str, str] = {}
_SCANNED = False
ENTRY_POINTS = "palace_lab.games"  # entries name a module that registers a game


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


def _builtin_modules() -> list[str]:
    import simcore

    return [
        f"simcore.{info.name}.plugin"
        for info in sorted(pkgutil.iter_modules(simcore.__path__), key=lambda i: i.name)
        if info.ispkg and info.name != "core" and not info.name.startswith("_")
        and importlib.util.find_spec(f"simcore.{info.name}.plugin") is not None
    ]  # fmt: skip


def _scan() -> None:
    global _SCANNED
    if _SCANNED:
        return
    _SCANNED = True  # (a game's module may ask for the games while it registers)
    try:
        for module in _builtin_modules():
            importlib.import_module(module)
    except BaseException:
        _SCANNED = False  # a built-in game that fails to load fails every time, loudly
        raise
    for entry in sorted(importlib.metadata.entry_points(group=ENTRY_POINTS), key=lambda e: e.name):
        before = set(_GAMES)
        try:
            importlib.import_module(entry.value)
        except Exception as e:  # noqa: BLE001  (a broken outside package must not stop the rest)
            print(f"palace-lab: game package {entry.value!r} did not load: {e}", file=sys.stderr)
            continue
        for name in set(_GAMES) - before:  # a worker imports the entry's module: it also
            _MODULES[name] = entry.value  # registers the game's strategies


def default_game() -> str:
    """The game a command plays when none is named: $PALACE_LAB_GAME, else the first
    built-in game in name order."""
    chosen = os.environ.get("PALACE_LAB_GAME", "")
    if chosen:
        return chosen
    builtin = [m.split(".")[1] for m in _builtin_modules()]
    known = games()
    return next((g for g in builtin if g in known), min(known, default=""))


def games() -> dict[str, GamePlugin]:
    """Every registered game, by name (the built-in ones imported first)."""
    _scan()
    return dict(_GAMES)


def get_game(name: str) -> GamePlugin:
    known = games()
    if name not in known:
        raise InputError(f"unknown game '{name}'; known: {', '.join(sorted(known))}")
    return known[name]
