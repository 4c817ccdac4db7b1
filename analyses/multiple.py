"""Multiple-comparison control: Holm's step-down adjustment, and the p-values it needs.

A report raises many flags at once (every value of every key and difference against fair
or a baseline); at 5% each, some would be raised by chance alone. Holm (1979) keeps
the family-wise error rate at 5% without assuming independence: sort the m p-values,
multiply the i-th smallest by (m - i + 1), make the sequence non-decreasing, cap at 1.
A flag is raised only when its adjusted p-value is below 0.05.

The p-values are score tests, the tests whose inversion gives the Wilson interval:
a rate's Wilson interval excludes the fair share exactly when its score-test p < 0.05.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import polars as pl

ALPHA = 0.05


def two_sided(z: float) -> float:
    """Two-sided normal p-value of a z statistic (scipy.stats is slow to import)."""
    return math.erfc(abs(z) / math.sqrt(2.0))


HOLM_NOTE = "Holm-adjusted (family-wise 5%)"


def holm(p: Sequence[float]) -> list[float]:
    """Holm-adjusted p-values, in the order given (NaN stays NaN and is not counted)."""
    idx = sorted((i for i, x in enumerate(p) if not math.isnan(x)), key=lambda i: p[i])
    m = len(idx)
    out = [float("nan")] * len(p)
    running = 0.0
    for rank, i in enumerate(idx):
        running = max(running, min(1.0, (m - rank) * p[i]))
        out[i] = running
    return out


def holm_column(df: pl.DataFrame, p_col: str = "p_value") -> pl.DataFrame:
    """Add `p_holm` (over every row of df: the family is the whole frame) and `significant`."""
    if not df.height or p_col not in df.columns:
        return df
    adj = holm([float("nan") if x is None else float(x) for x in df[p_col]])
    return df.with_columns(
        pl.Series("p_holm", adj, dtype=pl.Float64),
        pl.Series("significant", [(a == a) and a < ALPHA for a in adj], dtype=pl.Boolean),
    )


def score_p(wins: int, n: int, p0: float) -> float:
    """Two-sided score test of wins/n = p0 (consistent with the Wilson interval)."""
    if n <= 0 or not 0 < p0 < 1:
        return float("nan")
    z = (wins - n * p0) / math.sqrt(n * p0 * (1 - p0))
    return two_sided(z)


def two_prop_p(w1: int, n1: int, w2: int, n2: int) -> float:
    """Two-sided pooled z-test of p1 = p2 for independent samples."""
    if n1 <= 0 or n2 <= 0:
        return float("nan")
    pool = (w1 + w2) / (n1 + n2)
    if pool <= 0 or pool >= 1:
        return 1.0
    se = math.sqrt(pool * (1 - pool) * (1 / n1 + 1 / n2))
    return two_sided((w1 / n1 - w2 / n2) / se)


def welch_p(m1: float, s1: float, n1: int, m2: float, s2: float, n2: int) -> float:
    """Two-sided normal-approximation test of equal means (Welch standard error)."""
    if n1 <= 1 or n2 <= 1:
        return float("nan")
    se = math.sqrt(s1 * s1 / n1 + s2 * s2 / n2)
    if se == 0:
        return 1.0 if m1 == m2 else 0.0
    return two_sided((m1 - m2) / se)
