"""Test of "every character (or seat) wins its fair share 1/N", per run and player count.

Under the null each seat of an N-player game wins with probability 1/N. With K keys
(characters) of which only N appear in a game, the win counts W_k are not multinomial:
Var(W_k) = n_k (1/N)(1 - 1/N) and Cov(W_j, W_k) = -m_jk / N^2, where n_k counts games
with key k and m_jk games with both. The Wald statistic D' S^+ D of D = W - n/N with
that exact covariance S is chi-square with rank(S) degrees of freedom (K - 1 when
every game has one winner). A plain Pearson goodness-of-fit test would ignore the
varying sets of keys per game and reject too often.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl
from scipy import stats

from .rates import GROUP, win


@dataclass(frozen=True)
class EqualityTest:
    run: str
    players: int
    key: str
    games: int
    statistic: float
    df: int
    p_value: float
    p_holm: float | None = None  # Holm-adjusted over the tests of one table (analyses.multiple)

    @property
    def significant(self) -> bool:
        return (self.p_value if self.p_holm is None else self.p_holm) < 0.05


def with_holm(tests: list[EqualityTest]) -> list[EqualityTest]:
    """The same tests with p_holm set (the family: these tests)."""
    from dataclasses import replace

    from .multiple import holm

    adj = holm([t.p_value for t in tests])
    return [replace(t, p_holm=a) for t, a in zip(tests, adj, strict=True)]


def equal_share_tests(lf: pl.LazyFrame, key: str) -> list[EqualityTest]:
    """One test per (run, players) of "every value of `key` wins 1/N of its seats"."""
    w = win(lf)
    games = (
        lf.filter(pl.col(key).is_not_null())
        .with_columns(pl.col(key).cast(pl.String), w.alias("_w"))
        .group_by(*GROUP, "game_id")
        .agg(
            pl.col(key).sort().alias("present"),
            pl.col(key).filter(pl.col("_w") > 0),
            pl.col("_w").filter(pl.col("_w") > 0).alias("_share"),
        )
        .collect()
    )
    out = []
    for (run, players), g in games.group_by(GROUP, maintain_order=True):
        out.append(_test(str(run), int(players), key, g))
    return sorted(out, key=lambda t: (t.run, t.players))


def _test(run: str, players: int, key: str, g: pl.DataFrame) -> EqualityTest:
    values = sorted({v for p in g["present"] for v in p})
    index = {v: i for i, v in enumerate(values)}
    k = len(values)
    # Games grouped by the set of keys present: few distinct sets, so this stays cheap.
    sets = g.with_columns(pl.col("present").list.join("\x1f").alias("s")).group_by("s").len()
    m = np.zeros((k, k))
    for s, count in sets.iter_rows():
        idx = [index[v] for v in s.split("\x1f")] if s else []
        for i in idx:
            m[i, idx] += count
    wins = np.zeros(k)  # a shared first place counts each winner's share
    for v, share in zip(g[key].explode(), g["_share"].explode(), strict=True):
        if v is not None:
            wins[index[v]] += share
    n_k = np.diag(m).copy()
    expected = n_k / players
    cov = -m / players**2
    np.fill_diagonal(cov, n_k * (1 / players) * (1 - 1 / players))
    d = wins - expected
    rank = int(np.linalg.matrix_rank(cov))
    stat = float(d @ np.linalg.pinv(cov) @ d) if rank else 0.0
    p = float(stats.chi2.sf(stat, rank)) if rank else 1.0
    return EqualityTest(run, players, key, g.height, stat, rank, p)
