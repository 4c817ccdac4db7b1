"""Win rates with 95% Wilson intervals, grouped by run, player count and one key column.

Each rate is the share of seats with that key that won; for a key that at most one seat
per game has (a character, a seat, a turn-order position) those seats come from
different games, so the Wilson interval's independence assumption holds.
"""

from __future__ import annotations

import numpy as np
import polars as pl
from scipy import stats

from simcore.maharaja.enums import CHARACTER_NAMES

from .intervals import wilson_expr

GROUP = ("run", "players")


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
    return df.with_columns(pl.Series("p_fair", 2 * stats.norm.sf(np.abs(z)), dtype=pl.Float64))


def win_rates(lf: pl.LazyFrame, by: str) -> pl.DataFrame:
    """Columns: run, players, <by>, wins, n, rate, lo, hi, fair, fair_inside."""
    counts = lf.group_by(*GROUP, by).agg(
        pl.col("winner").cast(pl.Int64).sum().alias("wins"), pl.len().alias("n")
    )
    return card_order(with_intervals(counts), by)


def card_order(df: pl.DataFrame, by: str) -> pl.DataFrame:
    """Sort by run, players and key; characters in card order (Mogul first), not by name."""
    if df.schema[by] != pl.String:
        return df.sort(*GROUP, by)
    rank = {c: i for i, c in enumerate(CHARACTER_NAMES)}
    o = pl.col(by).replace_strict(rank, default=len(rank), return_dtype=pl.Int32)
    return df.sort([*GROUP, o, by])


def held_win_rates(lf: pl.LazyFrame) -> pl.DataFrame:
    """Win rate of the seats holding each character at the end (bit k of characters_held).

    In the several-characters variant a seat can hold more than one; then these rows
    overlap and do not add up to one winner per game.
    """
    mask = pl.col("characters_held").cast(pl.Int32)
    parts = [
        lf.filter((mask & (1 << k)) != 0)
        .group_by(*GROUP)
        .agg(pl.col("winner").cast(pl.Int64).sum().alias("wins"), pl.len().alias("n"))
        .with_columns(pl.lit(name).alias("character"))
        for k, name in enumerate(CHARACTER_NAMES)
    ]
    counts = pl.concat(parts).select(*GROUP, "character", "wins", "n")
    return card_order(with_intervals(counts), "character")


def several_held(lf: pl.LazyFrame) -> bool:
    """Whether any seat ends holding more than one character (several-characters games)."""
    m = pl.col("characters_held").cast(pl.Int32)
    return bool(lf.select(((m & (m - 1)) != 0).any()).collect().item())


def means_by(lf: pl.LazyFrame, by: str, cols: tuple[str, ...] = ("palaces", "gold")):
    """Mean (with sd and n) of each column per run, player count and key."""
    aggs = [pl.len().alias("n")]
    for c in cols:
        aggs += [pl.col(c).mean().alias(f"{c}_mean"), pl.col(c).std().alias(f"{c}_sd")]
    return card_order(lf.group_by(*GROUP, by).agg(aggs).collect(), by)
