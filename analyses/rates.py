"""Win rates with 95% Wilson intervals, grouped by run, player count and one key column.

Each rate is the share of seats with that key that won; for a key that at most one seat
per game has (a card, a seat, a turn-order position) those seats come from
different games, so the Wilson interval's independence assumption holds. In games where
first place can be shared, a seat's win counts its share (`win_share`, 1/k).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import polars as pl

from simcore.core.contract.plugin import MaskKey

from .intervals import wilson_expr
from .multiple import two_sided

GROUP = ("run", "players")


def win(lf: pl.LazyFrame | pl.DataFrame) -> pl.Expr:
    """A seat's win as a number: its share of first place where results carry one, else
    1 for the winner and 0 otherwise."""
    names = lf.collect_schema().names()
    return pl.col("win_share" if "win_share" in names else "winner").cast(pl.Float64)


def with_intervals(counts: pl.LazyFrame | pl.DataFrame) -> pl.DataFrame:
    """Add rate, lo, hi, fair (= 1/players), `fair_inside` and `p_fair` to a frame of wins, n.

    `p_fair` is the score test of "rate = fair", the test the Wilson interval inverts
    (p_fair < 0.05 exactly when fair lies outside [lo, hi]); flags adjust it for
    multiple comparisons (analyses.multiple).
    """
    lo, hi = wilson_expr(pl.col("wins"), pl.col("n"))
    fair = 1.0 / pl.col("players").cast(pl.Float64)
    df = (
        counts.lazy()
        .with_columns((pl.col("wins") / pl.col("n")).alias("rate"), lo.alias("lo"), hi.alias("hi"))
        .with_columns(
            fair.alias("fair"),
            ((pl.col("lo") <= fair) & (fair <= pl.col("hi"))).alias("fair_inside"),
        )
        .collect()
    )
    w = df["wins"].cast(pl.Float64).to_numpy()
    n = df["n"].cast(pl.Float64).to_numpy()
    f = df["fair"].to_numpy()
    with np.errstate(divide="ignore", invalid="ignore"):
        z = (w - n * f) / np.sqrt(n * f * (1 - f))
    p = [two_sided(x) if np.isfinite(x) else float("nan") for x in z]
    return df.with_columns(pl.Series("p_fair", p, dtype=pl.Float64))


def win_rates(lf: pl.LazyFrame, by: str, order: Sequence = ()) -> pl.DataFrame:
    """Columns: run, players, <by>, wins, n, rate, lo, hi, fair, fair_inside, p_fair.
    Rows with no value of the key (null: not recorded for that seat) are left out."""
    counts = (
        lf.filter(pl.col(by).is_not_null())
        .group_by(*GROUP, by)
        .agg(win(lf).sum().alias("wins"), pl.len().alias("n"))
    )
    return in_order(with_intervals(counts), by, order)


def in_order(df: pl.DataFrame, by: str, order: Sequence = ()) -> pl.DataFrame:
    """Sort by run, players and key; key values in `order` (a game's card order) first, in
    that order, then the rest sorted."""
    if not order:
        return df.sort(*GROUP, by)
    rank = {v: i for i, v in enumerate(order)}
    o = pl.col(by).replace_strict(rank, default=len(rank), return_dtype=pl.Int32)
    return df.sort([*GROUP, o, by])


def mask_win_rates(lf: pl.LazyFrame, mask: MaskKey) -> pl.DataFrame:
    """Win rate of the seats whose mask has bit k set, per value order[k] (a seat may have
    several bits, so these rows overlap and need not add up to one winner per game)."""
    m = pl.col(mask.column).cast(pl.Int64)
    parts = [
        lf.filter((m & (1 << k)) != 0)
        .group_by(*GROUP)
        .agg(win(lf).sum().alias("wins"), pl.len().alias("n"))
        .with_columns(pl.lit(name).alias(mask.column))
        for k, name in enumerate(mask.order)
    ]
    counts = pl.concat(parts).select(*GROUP, mask.column, "wins", "n")
    return in_order(with_intervals(counts), mask.column, mask.order)


def overlapping(lf: pl.LazyFrame, column: str) -> bool:
    """Whether any seat's mask has more than one bit (the rates then overlap)."""
    m = pl.col(column).cast(pl.Int64)
    return bool(lf.select(((m & (m - 1)) != 0).any()).collect().item())


def means_by(lf: pl.LazyFrame, by: str, cols: Sequence[str], order: Sequence = ()):
    """Mean (with sd and n) of each column per run, player count and key."""
    aggs = [pl.len().alias("n")]
    for c in cols:
        aggs += [pl.col(c).mean().alias(f"{c}_mean"), pl.col(c).std().alias(f"{c}_sd")]
    df = lf.filter(pl.col(by).is_not_null()).group_by(*GROUP, by).agg(aggs).collect()
    return in_order(df, by, order)
