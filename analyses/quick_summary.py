"""The short summary `palace-lab run` prints: game shape and win rates with intervals, in
the game's own terms (its plug-in's shape measures and balance keys).

Works on a run's lazy frame (results_io.scan_run) and aggregates with polars' streaming
engine, so memory does not grow with the number of games.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import polars as pl

from simcore.core.contract.plugin import GamePlugin

from .intervals import wilson
from .rates import win


@dataclass(frozen=True)
class Rate:
    label: str
    wins: float
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

    Groups come in `order` if given (values not in it last), else sorted; seats without a
    value (null) are left out.
    """
    g = _collect(
        lf.lazy()
        .filter(pl.col(by).is_not_null())
        .group_by(by)
        .agg(win(lf).sum().alias("wins"), pl.len().alias("n"))
    )
    rows = sorted(g.iter_rows(), key=lambda r: str(r[0]) if order else r[0])
    if order:
        rank = {v: i for i, v in enumerate(order)}
        rows = sorted(rows, key=lambda r: rank.get(r[0], len(rank)))
    return [Rate(labels(v) if labels else str(v), float(w), int(n)) for v, w, n in rows]


def error_count(lf: pl.LazyFrame | pl.DataFrame) -> int:
    """Illegal requests by strategies over all games (`errors` is per game, on every seat)."""
    total = _collect(_games(lf).select(pl.col("errors").cast(pl.Int64).sum())).item()
    return int(total or 0)


def shape_lines(lf: pl.LazyFrame, game: GamePlugin, games: int) -> list[str]:
    """Length (mean, min, max), how games end (plain words) and the winner's measure."""
    shape = game.shape
    if shape is None:
        return []
    r = pl.col(shape.length)
    mean, lo, hi = _collect(
        _games(lf).select(r.cast(pl.Float64).mean(), r.min().alias("lo"), r.max().alias("hi"))
    ).row(0)
    out = [f"{shape.length_label} per game: mean {mean:.2f} (min {lo}, max {hi})"]
    if shape.end:
        g = _collect(_games(lf).group_by(shape.end).len().sort(shape.end))
        ends = ", ".join(f"{shape.end_words.get(str(v), str(v))} {n / games:.1%}"
                         for v, n in g.iter_rows())  # fmt: skip
        out.append(f"game end: {ends}")
    if shape.winner_measure:
        col = shape.winner_measure
        g = _collect(lf.lazy().filter(pl.col("winner")).group_by(col).len().sort(col))
        label = dict(shape.seat_measures).get(col, col)
        out.append(f"winner's {label}: " + ", ".join(f"{k}: {v / games:.1%}"
                                                     for k, v in g.iter_rows()))  # fmt: skip
    return out


def rate_lines(lf: pl.LazyFrame, game: GamePlugin, players: int) -> list[str]:
    """Win rate by the primary key and by seat, n and 95% Wilson interval, fair share."""
    keys = list(dict.fromkeys([game.primary, game.key(game.seat_key)]))
    out = []
    for i, key in enumerate(keys):
        head = f"win rate by {key.label}"
        if i == 0:
            head += f" (n seats, 95% Wilson CI; fair {1 / players:.1%})"
        out.append(("\n" if i == 0 else "") + head)
        text = None if key.order else key.words
        for r in win_rates(lf, key.column, text, key.order or None):
            lo, hi = r.ci
            out.append(f"  {r.label:<9} {r.rate:6.1%}  [{lo:.1%}, {hi:.1%}]  n={r.n}")
    return out
