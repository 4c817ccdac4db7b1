"""A game's player count, checked in one place: the plug-in (`GamePlugin.player_count`),
the engine's `Play` and every job call `checked_players`, so the range is stated once (the
game's `Play`) and refused with one message."""

from __future__ import annotations

import numpy as np

from simcore.core.errors import InputError


def checked_players(
    n_players: int | None, lo: int, hi: int, default: int, name: str | None = None
) -> int:
    """The player count a game is played with: None = the game's default; any other
    value (0 too) must be an integer in lo..hi, else InputError naming the range (and the
    game, `name`). The one check of a player count: the plug-in's `player_count`, the
    engine's `Play` and every job call it."""
    game = f" for {name}" if name else ""
    if n_players is None:
        return default
    if isinstance(n_players, bool) or not isinstance(n_players, int | np.integer):
        raise InputError(
            f"--players must be an integer between {lo} and {hi}{game}, got {n_players!r}"
        )
    if not lo <= n_players <= hi:
        raise InputError(f"--players must be between {lo} and {hi}{game}, got {n_players}")
    return int(n_players)
