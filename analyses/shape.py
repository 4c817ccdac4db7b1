"""Game shape: how long games last, how they end, and how far the winner is ahead, in the
game's own measures (its plug-in's Shape: rounds or turns, pieces or points).

Per-game figures use one value per game (the winner's, or the mean of the other seats),
so the games are the independent units behind every interval. With a shared first place
the winners' mean is the winner's value.
"""

from __future__ import annotations

import polars as pl

from simcore.core.contract.plugin import Shape

from .rates import GROUP, with_intervals


def measure_names(shape: Shape) -> list[tuple[str, str]]:
    """(column of the games frame, label): the length, then winner's and others' measures."""
    out = [(shape.length, f"{shape.length_label} per game")]
    for col, label in shape.seat_measures:
        out += [(f"winner_{col}", f"winner's {label}"), (f"rest_{col}", f"others' {label} (mean)")]
    return out


def games_frame(lf: pl.LazyFrame, shape: Shape) -> pl.LazyFrame:
    """One row per game: its length and end reason, the winners' and the others' measures."""
    w = pl.col("winner")
    aggs = [pl.col(shape.length).first()]
    if shape.end:
        aggs.append(pl.col(shape.end).first())
    for col, _ in shape.seat_measures:
        aggs += [pl.col(col).filter(w).mean().alias(f"winner_{col}"),
                 pl.col(col).filter(~w).mean().alias(f"rest_{col}")]  # fmt: skip
    return lf.group_by(*GROUP, "game_id").agg(aggs)


def shape_means(lf: pl.LazyFrame, shape: Shape) -> pl.DataFrame:
    """Mean, sd and n (games) of every shape measure per run and player count."""
    aggs = [pl.len().alias("games")]
    for c, _ in measure_names(shape):
        aggs += [pl.col(c).mean().alias(f"{c}_mean"), pl.col(c).std().alias(f"{c}_sd")]
    return games_frame(lf, shape).group_by(*GROUP).agg(aggs).sort(*GROUP).collect()


def distribution(lf: pl.LazyFrame, shape: Shape, col: str) -> pl.DataFrame:
    """Share of games per value of a per-game column (length, end reason), with intervals.

    Columns: run, players, <col>, wins (games with that value), n (games), rate, lo, hi.
    """
    g = games_frame(lf, shape)
    counts = g.group_by(*GROUP, col).agg(pl.len().alias("wins"))
    totals = g.group_by(*GROUP).agg(pl.len().alias("n"))
    out = with_intervals(counts.join(totals, on=list(GROUP)))
    return out.drop("fair", "fair_inside", "p_fair").sort(*GROUP, col)
