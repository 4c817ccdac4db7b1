"""Multiple-comparison control: Holm's step-down adjustment, and the p-values it needs.

A report raises many flags at once (every value of every key and difference against fair
or a baseline); at 5% each, some would be raised by chance alone. Holm (1979) keeps
the family-wise error rate at 5% without assuming independence: sort the m p-values,
multiply the i-th smallest by (m - i + 1), make the sequence non-decreasing, cap at 1.
A flag is raised only when its adjusted p-value is below 0.05.

The p-values are score tests, the tests whose inversion gives the Wilson interval:
a rate's Wilson interval excludes the fair share exactly when its score-test p < 0.05.

Every *interval* of a page is adjusted in one way (`family_intervals`, the verdicts'
`family_z`): the figures of one player count in one table (a heat map: its cells; the
verdicts: the cells of a player count) are one family of m, and each interval is built at
z = z(1 - alpha/2m), Bonferroni, which is Holm's first step. A figure is flagged exactly
when its printed interval excludes the null (the fair share, or 0 for a difference), so
an interval and its flag never disagree. Holm's later steps have no matching intervals,
so Holm stays only where a test has no interval (the chi-square tests of "all equal").
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from statistics import NormalDist

import polars as pl

ALPHA = 0.05


def two_sided(z: float) -> float:
    """Two-sided normal p-value of a z statistic (scipy.stats is slow to import)."""
    return math.erfc(abs(z) / math.sqrt(2.0))


HOLM_NOTE = "Holm-adjusted (family-wise 5%)"
FAMILY = ("players",)  # a table's rows of one player count are one family
SUPPORT = 200  # seats: a cell with fewer is greyed (too few games to read; joint_keys' support)
FAMILY_NOTE = (
    "Every interval below the card is adjusted like the verdicts: the figures of one player "
    "count in one table (a heat map: its cells) are one family of m, each interval is a "
    "family-wise 95% interval (Bonferroni, z = z(1 − 0.05/2m)), and a flag (above/below "
    "fair, higher/lower, significant) is shown exactly when its interval excludes the fair "
    f"share or 0. Cells with fewer than {SUPPORT} seats are greyed. Signs: a figure against "
    "the fair share is + when above it (stronger); a difference is the changed setup minus "
    "the one it is compared with (the basic game, the rulebook's setting), + = higher with "
    "the change."
)


def family_z(m: int, alpha: float = ALPHA) -> float:
    """Two-sided normal quantile of a Bonferroni family of m intervals (m >= 1)."""
    return NormalDist().inv_cdf(1 - alpha / (2 * max(1, m)))


Interval = Callable[[dict, float], tuple[float, float]]  # (row, z) -> (lo, hi)


def family_intervals(df: pl.DataFrame, interval: Interval, null: str | float | None,
                     by: Sequence[str] = FAMILY) -> pl.DataFrame:  # fmt: skip
    """`df` with `lo`, `hi` rebuilt at its family's z (columns `family`: m, `z`) and, when
    `null` is given (a column name such as "fair", or a number such as 0.0), `significant`:
    the interval excludes it. The family is the rows sharing the `by` columns (rows without
    data, n = 0, count for none). `interval(row, z)` builds one row's interval."""
    if not df.height:
        return df
    keys = [c for c in by if c in df.columns]
    rows = list(df.iter_rows(named=True))
    size: dict[tuple, int] = {}
    for r in rows:
        if r.get("n", 1):
            k = tuple(r[c] for c in keys)
            size[k] = size.get(k, 0) + 1
    m = [size.get(tuple(r[c] for c in keys), 1) for r in rows]
    zs = [family_z(x) for x in m]
    ci = [interval(r, z) if r.get("n", 1) else (math.nan, math.nan)
          for r, z in zip(rows, zs, strict=True)]  # fmt: skip
    out = df.with_columns(
        pl.Series("lo", [c[0] for c in ci], dtype=pl.Float64),
        pl.Series("hi", [c[1] for c in ci], dtype=pl.Float64),
        pl.Series("family", m, dtype=pl.Int64),
        pl.Series("z", zs, dtype=pl.Float64),
    )
    if null is None:
        return out
    ref = [float(r[null]) for r in rows] if isinstance(null, str) else [float(null)] * len(rows)
    sig = [bool(lo == lo and (lo > x or hi < x)) for (lo, hi), x in zip(ci, ref, strict=True)]
    return out.with_columns(pl.Series("significant", sig, dtype=pl.Boolean))


def rescaled(lo: float, hi: float, centre: float, z: float, z0: float) -> tuple[float, float]:
    """A symmetric normal interval built at z0 rebuilt at z (its half-width scales with z)."""
    return centre - (centre - lo) * z / z0, centre + (hi - centre) * z / z0


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
