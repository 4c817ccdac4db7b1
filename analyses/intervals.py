"""Confidence intervals for proportions: every rate we report carries n and an interval."""

from __future__ import annotations

import math

import polars as pl

Z95 = 1.959963984540054


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for wins/n; well-behaved near 0 and 1 and for small n."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def wilson_expr(wins: pl.Expr, n: pl.Expr, z: float = Z95) -> tuple[pl.Expr, pl.Expr]:
    """Vectorised Wilson interval (lower, upper) as polars expressions; same formula as wilson."""
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)).sqrt() / denom
    return (centre - half).clip(0.0, 1.0), (centre + half).clip(0.0, 1.0)


def newcombe_diff(w1: int, n1: int, w2: int, n2: int, z: float = Z95) -> tuple[float, float]:
    """95% interval of p1 - p2 for independent samples (Newcombe's hybrid score, method 10).

    Built from the two Wilson intervals, so it behaves near 0 and 1 like they do.
    """
    p1, p2 = w1 / n1, w2 / n2
    l1, u1 = wilson(w1, n1, z)
    l2, u2 = wilson(w2, n2, z)
    d = p1 - p2
    return (
        d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2),
        d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2),
    )


def mean_ci(mean: float, sd: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Normal-approximation interval of a mean (our samples have thousands of games)."""
    if n <= 1:
        return (float("nan"), float("nan"))
    half = z * sd / math.sqrt(n)
    return (mean - half, mean + half)


def mean_diff_ci(
    m1: float, s1: float, n1: int, m2: float, s2: float, n2: int, z: float = Z95
) -> tuple[float, float]:
    """Interval of m1 - m2 for independent samples (Welch standard error, normal quantile)."""
    if n1 <= 1 or n2 <= 1:
        return (float("nan"), float("nan"))
    half = z * math.sqrt(s1 * s1 / n1 + s2 * s2 / n2)
    return (m1 - m2 - half, m1 - m2 + half)


def games_for_half_width(p: float, half: float, z: float = Z95) -> int:
    """Sample size at which a rate near p has a 95% interval of about ± half."""
    return math.ceil(z * z * p * (1 - p) / (half * half))
