"""A run's data files that differ from its game's shipped defaults (`--data NAME=FILE`, a
study run's `data`), as part of what sets its game apart from the rulebook: a run that
plays another data file is never the basic game, and its label names the file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from simcore.core.contract.games import get_game
from simcore.core.errors import InputError


def changed_data(manifest: dict[str, Any]) -> dict[str, str]:
    """`data NAME` -> the file's name, for each data file whose SHA-256 is not the shipped
    default's (a copy of the default is the default)."""
    data = manifest.get("data")
    if not isinstance(data, dict) or not data:
        return {}
    try:
        default = get_game(str(manifest.get("game"))).data_record()
    except (InputError, KeyError):
        return {}
    return {
        f"data {name}": Path(str(d.get("source", "?"))).name
        for name, d in data.items()
        if isinstance(d, dict) and d.get("sha256") != default.get(name, {}).get("sha256")
    }
