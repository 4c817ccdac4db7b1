"""Imbalance objectives of a rule setting, and honest estimates of them (docs/TUNING.md).

Cells are (player count, balance key, key value) with win rate p and fair share f = 1/N.
Objectives, in points (percentage points of win rate):

    max:  I = max over cells of |p - f|
    rms:  I = sqrt(mean over cells of (p - f)^2)
    with a penalty:  J = I + penalty * distance   (distance: steps from the starting rules)

Noise makes the plug-in estimate (p replaced by the observed rate) too large: every cell's
|p_hat - f| is pushed up by noise, and the maximum picks the cell pushed most. Estimates
here therefore come from a bootstrap over blocks of games (analyses.win_cells):

- the value is bias-corrected, 2 * I_hat - mean(I*), where I* are the bootstrap values;
- its 95% interval is the range of I over a simultaneous 95% box for all cells (each
  cell's rate +- c * se, with c the bootstrap's 95% quantile of the largest studentised
  deviation, max-t): it covers the true imbalance whenever the box covers every rate, so
  it keeps at least 95% coverage however the cells depend on each other;
- the difference of two settings played on the same seeds uses the same block weights for
  both (paired), a basic bootstrap interval, and a one-sided bootstrap p-value.

Cells seen fewer than MIN_CELL times are left out (listed), since one rarely played
value would otherwise decide the maximum by noise alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .win_cells import Cell, Cells

MIN_CELL = 20
REPS = 2000
Z95 = 1.959963984540054

FORMULAS = {
    "max": "I = max over cells |p − f|: the worst-off key value's distance from a fair share",
    "rms": "I = √(mean over cells (p − f)²): the typical distance (a chi-square-type "
    "sum of squared gaps, scaled to points)",
}


def objective(p: np.ndarray, fair: np.ndarray, name: str) -> np.ndarray:
    """The imbalance in points over the last axis (cells); NaN cells are left out."""
    gap = np.abs(p - fair) * 100
    if name == "max":
        return np.nanmax(np.where(np.isnan(gap), -np.inf, gap), axis=-1)
    if name == "rms":
        return np.sqrt(np.nanmean(gap**2, axis=-1))
    raise ValueError(f"unknown objective {name!r}")


def _corner(near: np.ndarray, far: np.ndarray, name: str) -> tuple[float, float]:
    """The objective's range over a box whose cells are at distance near..far from fair."""
    return float(objective(near, 0, name)), float(objective(far, 0, name))


def usable(cells: Cells) -> np.ndarray:
    return cells.total_n >= MIN_CELL


def point_value(cells: Cells, name: str) -> float:
    """The plug-in imbalance (the search ranks candidates by it; they all play the same
    games at a rung, so their noise is alike)."""
    keep = usable(cells)
    if not keep.any():
        return float("nan")
    return float(objective(cells.rates[keep], cells.fair[keep], name))


def block_weights(seed: int, blocks: int, reps: int = REPS) -> np.ndarray:
    """(reps, blocks) multinomial resampling weights of the blocks, from a fixed seed."""
    rng = np.random.default_rng(seed)
    return rng.multinomial(blocks, np.full(blocks, 1.0 / blocks), size=reps).astype(np.float64)


def replicate_rates(cells: Cells, weights: np.ndarray) -> np.ndarray:
    """(reps, C) bootstrap rates."""
    with np.errstate(invalid="ignore", divide="ignore"):
        return (weights @ cells.wins) / (weights @ cells.n)


@dataclass(frozen=True)
class Estimate:
    """An imbalance figure in points: bias-corrected value, 95% interval, plug-in value."""

    value: float
    lo: float
    hi: float
    plug_in: float
    cells: int  # cells used
    left_out: tuple[Cell, ...]  # cells seen fewer than MIN_CELL times
    replicates: np.ndarray  # (reps,) bootstrap values of the plug-in


def estimate(cells: Cells, name: str, weights: np.ndarray) -> Estimate:
    keep = usable(cells)
    left = tuple(c for c, k in zip(cells.labels, keep) if not k)
    if not keep.any():
        nan = float("nan")
        return Estimate(nan, nan, nan, nan, 0, left, np.full(len(weights), nan))
    p, f = cells.rates[keep], cells.fair[keep]
    star = replicate_rates(cells, weights)[:, keep]
    plug = float(objective(p, f, name))
    reps = objective(star, f, name)
    se = np.nanstd(star, axis=0)
    se = np.where(se > 0, se, np.nan)
    with np.errstate(invalid="ignore"):
        t = np.nanmax(np.abs(star - p) / se, axis=1)
    c = float(np.nanquantile(t, 0.95)) if np.isfinite(t).any() else Z95
    se0 = np.nan_to_num(se)
    gap = np.abs(p - f)
    lo, hi = _corner(np.maximum(gap - c * se0, 0), gap + c * se0, name)
    value = float(np.clip(2 * plug - np.nanmean(reps), lo, hi))
    return Estimate(value, lo, hi, plug, int(keep.sum()), left, reps)


@dataclass(frozen=True)
class Difference:
    """A paired difference (candidate − reference) in points, with its 95% interval and the
    one-sided p-value of 'the candidate is not better by more than `margin`'."""

    value: float
    lo: float
    hi: float
    p_better: float


def difference(a: Estimate, b: Estimate, margin: float = 0.0) -> Difference:
    """a − b from bootstrap replicates drawn with the same block weights (paired).

    Basic bootstrap: the spread of a* − b* around its plug-in stands for the spread of
    the plug-in around the truth, so the interval is 2 d_hat − quantiles and the bias
    correction is the same as the estimates'. p_better tests H0: d >= -margin against
    d < -margin (a improves on b by more than the margin).
    """
    d_plug = a.plug_in - b.plug_in
    star = a.replicates - b.replicates
    star = star[np.isfinite(star)]
    if not star.size:
        nan = float("nan")
        return Difference(nan, nan, nan, nan)
    q_lo, q_hi = np.quantile(star, [0.025, 0.975])
    value = 2 * d_plug - float(star.mean())
    p = (1 + np.sum(star <= 2 * d_plug + margin)) / (star.size + 1)
    return Difference(value, 2 * d_plug - q_hi, 2 * d_plug - q_lo, float(p))


def cell_differences(a: Cells, b: Cells, weights: np.ndarray) -> list[tuple[float, ...]]:
    """Per cell, (d, lo, hi, p): rate(a) − rate(b) in points with a 95% interval and a
    two-sided p-value (paired bootstrap standard error, normal quantiles). a and b share
    labels."""
    from scipy import stats

    ra, rb = replicate_rates(a, weights), replicate_rates(b, weights)
    with np.errstate(invalid="ignore"):
        d = (a.rates - b.rates) * 100
        se = np.nanstd(ra - rb, axis=0) * 100
    out: list[tuple[float, ...]] = []
    for di, si in zip(d.tolist(), se.tolist()):
        if not (np.isfinite(di) and np.isfinite(si)):
            out.append((float("nan"),) * 4)
        elif si == 0:
            out.append((di, di, di, 1.0 if di == 0 else 0.0))
        else:
            out.append((di, di - Z95 * si, di + Z95 * si, float(2 * stats.norm.sf(abs(di) / si))))
    return out


def aligned(cells: Sequence[Cells]) -> list[Cells]:
    """The cells of several settings on one common list of labels (for paired use), in the
    order they first appear."""
    labels: dict[Cell, None] = {}
    for c in cells:
        labels.update(dict.fromkeys(c.labels))
    return [c.on(list(labels)) for c in cells]
