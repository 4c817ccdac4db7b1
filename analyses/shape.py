"""Game shape: how long games last, how they end, and how far the winner is ahead.

Per-game figures use one value per game (the winner's, or the mean of the other
seats), so the games are the independent units behind every interval.
"""

from __future__ import annotations

import polars as pl

from .rates import GROUP, with_intervals

# Plain words for the end_reason codes (docs/RESULTS.md), for every reader-facing text.
END_REASON_WORDS = {
    "palaces": "a player built the last palace",
    "field10": "governor reached field 10",
    "round_limit": "short game's last round played",
    "cap": "safety round cap reached",
    "error": "engine stopped a broken game",
}


def games_frame(lf: pl.LazyFrame) -> pl.LazyFrame:
    """One row per game: rounds, end reason, the winner's and the others' palaces and gold."""
    w = pl.col("winner")
    return lf.group_by(*GROUP, "game_id").agg(
        pl.col("rounds").first(),
        pl.col("end_reason").first(),
        pl.col("palaces").filter(w).first().alias("winner_palaces"),
        pl.col("palaces").filter(~w).mean().alias("rest_palaces"),
        pl.col("gold").filter(w).first().alias("winner_gold"),
        pl.col("gold").filter(~w).mean().alias("rest_gold"),
    )


def shape_means(lf: pl.LazyFrame) -> pl.DataFrame:
    """Mean, sd and n of rounds and of the winner's / others' palaces and gold per run."""
    cols = ("rounds", "winner_palaces", "rest_palaces", "winner_gold", "rest_gold")
    aggs = [pl.len().alias("games")]
    for c in cols:
        aggs += [pl.col(c).mean().alias(f"{c}_mean"), pl.col(c).std().alias(f"{c}_sd")]
    return games_frame(lf).group_by(*GROUP).agg(aggs).sort(*GROUP).collect()


def distribution(lf: pl.LazyFrame, col: str) -> pl.DataFrame:
    """Share of games per value of a per-game column (rounds, end_reason), with intervals.

    Columns: run, players, <col>, wins (games with that value), n (games), rate, lo, hi.
    """
    g = games_frame(lf)
    counts = g.group_by(*GROUP, col).agg(pl.len().alias("wins"))
    totals = g.group_by(*GROUP).agg(pl.len().alias("n"))
    out = with_intervals(counts.join(totals, on=list(GROUP)))
    return out.drop("fair", "fair_inside", "p_fair").sort(*GROUP, col)
