"""The short summary `palace-lab run` prints: win rates with intervals, game shape."""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from .intervals import wilson


@dataclass(frozen=True)
class Rate:
    label: str
    wins: int
    n: int

    @property
    def rate(self) -> float:
        return self.wins / self.n if self.n else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.wins, self.n)


def win_rates(df: pl.DataFrame, by: str, labels=None) -> list[Rate]:
    """Win rate of the seats grouped by a column (start_character, seat, ...)."""
    g = df.group_by(by).agg(pl.col("winner").sum().alias("wins"), pl.len().alias("n")).sort(by)
    return [Rate(labels(v) if labels else str(v), int(w), int(n)) for v, w, n in g.iter_rows()]


def end_reasons(df: pl.DataFrame) -> dict[int, int]:
    games = df.filter(pl.col("seat") == 0)
    return dict(games.group_by("end_reason").len().sort("end_reason").iter_rows())


def rounds_stats(df: pl.DataFrame) -> tuple[float, int, int]:
    r = df.filter(pl.col("seat") == 0)["rounds"]
    return float(r.mean()), int(r.min()), int(r.max())


def winner_palaces(df: pl.DataFrame) -> dict[int, int]:
    w = df.filter(pl.col("winner"))
    return dict(w.group_by("palaces").len().sort("palaces").iter_rows())
