"""Test of "every value of a key (a card, a seat) wins its fair share 1/N", per run.

Under the null each seat of an N-player game wins with probability 1/N. With K keys
(e.g. cards) of which only N appear in a game, the win counts W_k are not multinomial:
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
from scipy.special import chdtrc  # chi-square survival function

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
    """One test per (run, players) of "every value of `key` wins 1/N of its seats".

    The statistic needs, besides each value's wins and seats, how many games hold each pair
    of values (m_jk): every game's set of values is folded into a bit mask (value codes
    below 62), and the games are counted per mask, so the work is one pass over the seats
    and one group-by over the games, whatever their number."""
    w = win(lf)
    seats = lf.filter(pl.col(key).is_not_null())
    values = sorted(seats.select(pl.col(key).unique()).collect()[key].to_list(), key=str)
    if not values:
        return []
    if len(values) > 62:
        raise ValueError(f"{key}: {len(values)} values, at most 62 for the equality test")
    code = {v: i for i, v in enumerate(values)}
    bit = pl.lit(2, pl.Int64).pow(pl.col(key).replace_strict(code, return_dtype=pl.Int64))
    per_value = seats.group_by(*GROUP, key).agg(w.sum().alias("wins"), pl.len().alias("n"))
    masks = (
        seats.group_by(*GROUP, "game_id")
        .agg(bit.sum().alias("mask"))
        .group_by(*GROUP, "mask")
        .agg(pl.len().alias("games"))
    )
    wins, sets = pl.collect_all([per_value, masks], engine="streaming")
    out = []
    for (run, players), ms in sets.group_by(GROUP, maintain_order=True):
        wv = wins.filter((pl.col("run") == run) & (pl.col("players") == players))
        out.append(equality_test(str(run), int(players), key, values, wv, ms))
    return sorted(out, key=lambda t: (t.run, t.players))


def equality_test(run: str, players: int, key: str, values: list, wv: pl.DataFrame,
                  ms: pl.DataFrame) -> EqualityTest:  # fmt: skip
    """The equality test of one key's values at one player count (a run's, or a summary's)."""
    k = len(values)
    index = {v: i for i, v in enumerate(values)}
    m = np.zeros((k, k))
    for mask, count in ms.select("mask", "games").iter_rows():
        idx = [i for i in range(k) if mask >> i & 1]
        for i in idx:
            m[i, idx] += count
    wins = np.zeros(k)  # a shared first place counts each winner's share
    for v, won in wv.select(key, "wins").iter_rows():
        wins[index[v]] += won
    n_k = np.diag(m).copy()
    expected = n_k / players
    cov = -m / players**2
    np.fill_diagonal(cov, n_k * (1 / players) * (1 - 1 / players))
    d = wins - expected
    rank = int(np.linalg.matrix_rank(cov))
    stat = float(d @ np.linalg.pinv(cov) @ d) if rank else 0.0
    p = float(chdtrc(rank, stat)) if rank else 1.0
    return EqualityTest(run, players, key, int(ms["games"].sum()), stat, rank, p)
