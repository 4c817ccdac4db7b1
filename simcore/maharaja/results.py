"""Turn the kernel's record block into a typed table, one row per (game, seat)."""

from __future__ import annotations

import numpy as np
import polars as pl

from .enums import CHARACTER_NAMES, END_REASON_NAMES
from .record_layout import RECORD_COLUMNS

_SMALL = {
    "strategy": pl.Int16,
    "start_character": pl.Int8,
    "end_character": pl.Int8,
    "palaces": pl.Int8,
    "gold": pl.Int32,
    "rank": pl.Int8,
    "rounds": pl.Int16,
    "end_reason": pl.Int8,
    "first_order": pl.Int8,
}


def records_frame(rec: np.ndarray, first_game: int, strategy_names: list[str]) -> pl.DataFrame:
    """rec: (games, players, N_REC) from play_batch; game ids start at first_game."""
    n_games, n_players, _ = rec.shape
    flat = rec.reshape(n_games * n_players, -1)
    cols: dict[str, pl.Series] = {
        "game_id": pl.Series(np.repeat(np.arange(first_game, first_game + n_games), n_players)),
        "seat": pl.Series(np.tile(np.arange(n_players), n_games), dtype=pl.Int8),
        "players": pl.Series(np.full(len(flat), n_players), dtype=pl.Int8),
    }
    for i, name in enumerate(RECORD_COLUMNS):
        cols[name] = pl.Series(flat[:, i], dtype=_SMALL.get(name, pl.Int32))
    names = np.array(strategy_names + ["-"], dtype=object)
    cols["strategy_name"] = pl.Series(names[flat[:, 0]].tolist(), dtype=pl.String)
    df = pl.DataFrame(cols)
    return df.with_columns((pl.col("rank") == 0).alias("winner"))


def character_label(k: int) -> str:
    return CHARACTER_NAMES[k] if 0 <= k < len(CHARACTER_NAMES) else "-"


def end_reason_label(r: int) -> str:
    return END_REASON_NAMES[r] if 0 <= r < len(END_REASON_NAMES) else str(r)
