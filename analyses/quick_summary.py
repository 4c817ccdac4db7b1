"""The short summary `palace-lab run` prints: win rates with intervals, game shape.

Works on a run's lazy frame (results.scan_run) and aggregates with polars'
streaming engine, so memory does not grow with the number of games.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import polars as pl

from .intervals import wilson
from .shape import END_REASON_WORDS


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


def _collect(lf: pl.LazyFrame | pl.DataFrame) -> pl.DataFrame:
    return lf.lazy().collect(engine="streaming")


def _games(lf: pl.LazyFrame | pl.DataFrame) -> pl.LazyFrame:
    """One row per game (seat 0 carries the per-game columns)."""
    return lf.lazy().filter(pl.col("seat") == 0)


def win_rates(
    lf: pl.LazyFrame | pl.DataFrame,
    by: str,
    labels: Callable | None = None,
    order: Sequence | None = None,
) -> list[Rate]:
    """Win rate of the seats grouped by a column (start_character, seat, ...).

    Groups come in `order` if given (values not in it last), else sorted.
    """
    g = _collect(
        lf.lazy().group_by(by).agg(pl.col("winner").sum().alias("wins"), pl.len().alias("n"))
    )
    rows = sorted(g.iter_rows(), key=lambda r: (r[0] is None, str(r[0]) if order else r[0]))
    if order is not None:
        rank = {v: i for i, v in enumerate(order)}
        rows = sorted(rows, key=lambda r: rank.get(r[0], len(rank)))
    return [Rate(labels(v) if labels else str(v), int(w), int(n)) for v, w, n in rows]


def end_reasons(lf: pl.LazyFrame | pl.DataFrame) -> dict:
    """Games per end reason, keyed by its plain words ("governor reached field 10")."""
    g = _collect(_games(lf).group_by("end_reason").len().sort("end_reason"))
    return {END_REASON_WORDS.get(str(r), str(r)): n for r, n in g.iter_rows()}


def rounds_stats(lf: pl.LazyFrame | pl.DataFrame) -> tuple[float, int, int]:
    """Mean, min and max rounds per game."""
    r = pl.col("rounds")
    row = _collect(
        _games(lf).select(
            r.cast(pl.Float64).mean().alias("mean"), r.min().alias("lo"), r.max().alias("hi")
        )
    ).row(0)
    return float(row[0]), int(row[1]), int(row[2])


def winner_palaces(lf: pl.LazyFrame | pl.DataFrame) -> dict[int, int]:
    """Winners per palace count."""
    g = _collect(lf.lazy().filter(pl.col("winner")).group_by("palaces").len().sort("palaces"))
    return dict(g.iter_rows())


def error_count(lf: pl.LazyFrame | pl.DataFrame) -> int:
    """Illegal requests by strategies over all games (`errors` is per game, on every seat)."""
    total = _collect(_games(lf).select(pl.col("errors").cast(pl.Int64).sum())).item()
    return int(total or 0)
