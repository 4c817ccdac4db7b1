"""Has better play stopped moving the answer? The two strongest rungs of a ladder compared
cell by cell (each value of the primary key): the difference of their win rates with an
interval at the family's z (Bonferroni over the values of one player count, the interval
quoted), and an equivalence test per cell: the rungs **agree** on a cell when its
difference is shown within ±delta by two one-sided tests at alpha (TOST: the two-sided
1 - 2 alpha interval, z = 1.645, within ±delta), and the ladder has **converged** at that
player count when they agree on every cell. "Every cell agrees" is an intersection-union
test (Berger 1982): it holds at alpha when each cell's test does, with no multiplicity
correction, since a wrong "converged" needs only the one cell that truly moved to pass its
own test. (Until session 10 each cell needed its two-sided family interval within ±delta:
z 2.64 over six values instead of 1.645, 2.6 times the games for the same answer.) A cell
not shown to agree "still moves with skill" (its difference and family interval quoted).

The study climbs (plays the next rung) unless the two strongest rungs are shown to agree
within CLIMB_SHARE of the margin: a stricter test than "converged" (±delta), because the
verdict is the top rung's, and an effect that only stronger play exploits can show as a
difference smaller than the margin between two weaker rungs (the calibration's `--skill`
case in docs/STUDIES.md: +1.7 points under the rung below the top, +5 under the climb).

Paired where the deals are shared: the rungs' tables play the same game seeds, so a game
id seen in both runs is the same deal. The variance of the difference of the two means
then subtracts their covariance over the shared games (n_c cov / (n_a n_b)), which is the
usual two-sample variance when no game is shared.

Read with pyarrow and numpy only: the study calls `run_cells` between runs, in the process
that may fork workers next (polars' thread pool is not fork-safe; jobs.target says so too).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .multiple import family_z

Cells = dict[object, tuple[np.ndarray, np.ndarray]]  # value -> (game ids, wins) of its seats
CLIMB_SHARE = 0.5  # the climb stops when the two rungs agree within half the margin


@dataclass(frozen=True)
class Moved:
    value: object
    diff: float  # upper rung's rate minus the lower's (fraction)
    lo: float
    hi: float
    paired: int  # games shared by both rungs for this value
    agrees: bool = False  # shown within ±delta (the equivalence test, `agreement`)


@dataclass(frozen=True)
class Agreement:
    upper: str
    lower: str
    converged: bool
    cells: list[Moved] = field(default_factory=list)  # every value, in the key's order
    delta: float = 0.02

    @property
    def moved(self) -> list[Moved]:
        """Cells not shown to agree within ±delta."""
        return [c for c in self.cells if not c.agrees]


def _mean_var(w: np.ndarray) -> tuple[float, float]:
    n = len(w)
    return (float(w.mean()), float(w.var(ddof=1)) if n > 1 else 0.25) if n else (0.0, 0.25)


def difference(a: tuple[np.ndarray, np.ndarray], b: tuple[np.ndarray, np.ndarray],
               z: float) -> tuple[float, float, float, int]:  # fmt: skip
    """(mean_a - mean_b, lo, hi, shared games) over two samples of (game ids, wins) that
    may share games."""
    (ga, wa), (gb, wb) = a, b
    ma, va = _mean_var(wa)
    mb, vb = _mean_var(wb)
    na, nb = len(wa), len(wb)
    if not na or not nb:
        return math.nan, -math.inf, math.inf, 0
    _, ia, ib = np.intersect1d(ga, gb, assume_unique=False, return_indices=True)
    nc = len(ia)
    cov = float(np.cov(wa[ia], wb[ib])[0, 1]) if nc > 2 else 0.0
    var = va / na + vb / nb - 2 * nc * cov / (na * nb)
    half = z * math.sqrt(max(var, 0.0))
    d = ma - mb
    return d, d - half, d + half, nc


def agreement(upper: Cells, lower: Cells, players: int, delta: float, order=(),
              names: tuple[str, str] = ("upper", "lower"), alpha: float = 0.05,
              union: bool = True) -> Agreement:  # fmt: skip
    """Do the two rungs agree within ±delta on every value both played? `union`: each
    cell's equivalence by TOST at alpha (the intersection-union test, module docstring);
    False: each cell's two-sided family interval within ±delta (stricter: the climb's gate
    keeps it, the calibration table was measured with it)."""
    values = [v for v in upper if v in lower]
    values = [v for v in order if v in values] + sorted(
        (v for v in values if v not in order), key=str)  # fmt: skip
    z = family_z(max(len(values), 1), alpha)
    z_eq = family_z(1, 2 * alpha) if union else z  # one-sided alpha: 1.645 at 0.05
    cells = []
    for v in values:
        d, lo, hi, nc = difference(upper[v], lower[v], z)
        half = (d - lo) * z_eq / z
        ok = -delta < d - half and d + half < delta if union else -delta < lo and hi < delta
        cells.append(Moved(v, d, lo, hi, nc, bool(ok)))
    return Agreement(names[0], names[1], bool(cells) and all(c.agrees for c in cells), cells,
                     delta)  # fmt: skip


def run_cells(run_dir: str | Path, key: str) -> Cells:
    """value -> (game ids, wins) of a run folder's finished chunks (pyarrow only)."""
    import pyarrow.parquet as pq

    from simcore.core.store.chunk_store import chunk_file
    from simcore.core.store.manifest import load_manifest
    from simcore.core.store.manifest_schema import DONE

    run_dir = Path(run_dir)
    m = load_manifest(run_dir)
    gids, vals, wins = [], [], []
    for c in m["chunks"]:
        if c.get("status") not in DONE:
            continue
        f = run_dir / chunk_file(c["index"])
        won = "win_share" if "win_share" in pq.read_schema(f).names else "winner"
        t = pq.read_table(f, columns=["game_id", key, won], use_threads=False)
        gids.append(t.column("game_id").to_numpy(zero_copy_only=False))
        vals.extend(t.column(key).to_pylist())
        wins.append(t.column(won).to_numpy(zero_copy_only=False).astype(np.float64))
    return _group(np.concatenate(gids) if gids else np.zeros(0, np.int64), vals,
                  np.concatenate(wins) if wins else np.zeros(0))  # fmt: skip


def frame_cells(lf, players: int, key: str) -> Cells:
    """The same from a run's LazyFrame (the report's side)."""
    import polars as pl

    from .rates import win

    t = (lf.filter((pl.col("players") == players) & pl.col(key).is_not_null())
         .select(pl.col("game_id"), pl.col(key).alias("v"), win(lf).alias("w"))
         .collect())  # fmt: skip
    return _group(t["game_id"].to_numpy(), t["v"].to_list(), t["w"].to_numpy())


def _group(gids: np.ndarray, vals: list, wins: np.ndarray) -> Cells:
    out: dict = {}
    for i, v in enumerate(vals):
        if v is not None:
            out.setdefault(v, []).append(i)
    return {v: (gids[np.array(ix)], wins[np.array(ix)]) for v, ix in out.items()}
