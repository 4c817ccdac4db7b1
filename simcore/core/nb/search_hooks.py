"""Which search hooks a game's search plays with: the game's own where its hooks module
defines them, else the defaults (simcore/core/nb/search_defaults_nb.py).

A game must state its legal answers (MAX_CANDIDATES and candidates_nb: nothing else can
know them) and, if it has hidden information (its plug-in's `redraw_hidden`), what a seat
may know (determinise_nb): the default view is the whole state, which would let the
search read the others' secrets. Every other hook of search_nb.HOOKS has a default; the
default value_nb reads the engine's RANK block, so an engine without one writes value_nb.

The generated driver (simcore/core/nb/driver.py) binds `H` to `hooks_module(...)`: the
game's module itself when it defines every hook (the four built-in games: their drivers
are unchanged), else a module of its hooks and the defaults.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from simcore.core.nb import search_defaults_nb as D
from simcore.core.nb.search_nb import HOOKS

LEGAL = ("MAX_CANDIDATES", "candidates_nb")  # the legal answers: no default
SECRETS = ("determinise_nb",)  # what a seat may know: no default with hidden information
RANK = "RANK"  # the engine's block the default value reads

_MODULES: dict[tuple[str, str], ModuleType] = {}


def lacking(hooks: str, engine: str, hidden: bool) -> str:
    """What keeps `hooks` from a search, in words ('' if nothing): the hooks without a
    default it lacks, and why."""
    mod = importlib.import_module(hooks)
    missing = [h for h in LEGAL if not hasattr(mod, h)]
    why = []
    if missing:
        why.append("the legal answers")
    if hidden:
        secret = [h for h in SECRETS if not hasattr(mod, h)]
        missing += secret
        if secret:
            why.append("what a seat may know: the game has hidden information (redraw_hidden)")
    if not hasattr(mod, "value_nb") and not hasattr(importlib.import_module(engine), RANK):
        missing.append("value_nb")
        why.append(f"the value: the engine {engine} has no {RANK} block for the default")
    if not missing:
        return ""
    return f"lack {', '.join(missing)} ({'; '.join(why)}; docs/GAMES.md)"


def defaulted(hooks: str) -> tuple[str, ...]:
    """The hooks `hooks` leaves to the defaults."""
    mod = importlib.import_module(hooks)
    return tuple(h for h in HOOKS if not hasattr(mod, h))


def hooks_module(hooks: str, engine: str) -> ModuleType:
    """The hooks a search plays with: `hooks` itself if it defines every one, else a
    module of its hooks and the defaults (the same object for the same names)."""
    mod = importlib.import_module(hooks)
    if not defaulted(hooks):
        return mod
    key = (hooks, engine)
    if key not in _MODULES:
        merged = ModuleType(f"{hooks}+defaults", f"{hooks}'s search hooks, else the defaults")
        for h in HOOKS:
            if hasattr(mod, h):
                value = getattr(mod, h)
            elif h == "value_nb":
                value = D.win_share_value(getattr(importlib.import_module(engine), RANK))
            else:
                value = getattr(D, h)
            setattr(merged, h, value)
        _MODULES[key] = merged
    return _MODULES[key]


def driver_import(hooks: str, engine: str) -> str:
    """The generated driver's line(s) binding `H` (the game's module imported by name, so
    that the driver's cache is stamped with it)."""
    if not defaulted(hooks):
        return f"import {hooks} as H\n"
    return (f"import {hooks}  # the game's search hooks; the rest are defaults\n"
            "from simcore.core.nb.search_hooks import hooks_module\n"
            f'H = hooks_module("{hooks}", "{engine}")\n')  # fmt: skip
