"""Two sets of runs side by side (`palace-lab compare A B`): per cell (a value of the game's
primary key at a player count) the win rate in A and in B, their difference B − A with a
family-wise interval, and whether the change moved the cell toward the fair share 1/N.

Runs are matched by player count (and by folder name where a side has several runs of one
count). Where both runs of a match played the same seed, the same games exist on both
sides and a cell is *paired*: the difference is the mean over the games in which the value
occurs on both sides of (B's seat's win − A's seat's win), with a normal interval from those
per-game differences (common luck cancels). Otherwise the runs are independent samples
and the interval is Newcombe's (analyses/compare.py). Every interval is built at the
Bonferroni z of its player count's cells (analyses/multiple.py family_z), as the verdicts'.

A cell is **worse** when B's rate is further from fair than A's by more than the margin δ
(2 win-rate points, the verdicts' equivalence margin) *and* the difference's interval
excludes 0 (the move is real, not noise); **better** when closer by more than δ with the
same condition; otherwise **no clear change**.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import polars as pl

from .compare import rate_differences
from .intervals import newcombe_diff
from .multiple import family_z
from .rates import win, win_rates
from .rundata import Run

DELTA = 0.02  # the verdicts' margin: win-rate points of "no real change"
MIN_PAIRED = 30  # fewer games with the value on both sides: compared unpaired


@dataclass(frozen=True)
class Comparison:
    key: str  # the primary key's column
    pairs: tuple[tuple[Run, Run], ...]  # (A run, B run) per match
    cells: pl.DataFrame  # one row per (players, value); columns in `cell_columns`
    notes: tuple[str, ...]  # runs left unmatched, why a match is unpaired

    @property
    def worse(self) -> pl.DataFrame:
        return self.cells.filter(pl.col("change") == "worse")


def match_runs(a: Sequence[Run], b: Sequence[Run]) -> tuple[list[tuple[Run, Run]], list[str]]:
    """Pairs of runs to compare: by player count when each side has one run of it, else by
    the run's folder name; what stays unmatched is named."""
    pairs, notes = [], []
    counts = sorted({r.players for r in a} | {r.players for r in b})
    for n in counts:
        xa, xb = [r for r in a if r.players == n], [r for r in b if r.players == n]
        if len(xa) == 1 and len(xb) == 1:
            pairs.append((xa[0], xb[0]))
            continue
        names = {r.path.name: r for r in xb}
        for r in xa:
            if r.path.name in names:
                pairs.append((r, names.pop(r.path.name)))
            else:
                notes.append(f"{n} players: A's run {r.path.name} has no match in B")
        notes += [f"{n} players: B's run {k} has no match in A" for k in names]
    return pairs, notes


def _seat_rows(run: Run, key: str) -> pl.DataFrame:
    lf = run.scan()
    return (lf.filter(pl.col(key).is_not_null())
            .select("game_id", pl.col(key).alias("value"), win(lf).alias("w"))
            .group_by("game_id", "value").agg(pl.col("w").sum())
            .collect())  # fmt: skip


def _paired(ra: Run, rb: Run, key: str) -> pl.DataFrame:
    """Per value: games with it on both sides, the mean and sd of B − A."""
    j = _seat_rows(ra, key).join(_seat_rows(rb, key), on=["game_id", "value"], suffix="_b")
    return (j.with_columns((pl.col("w_b") - pl.col("w")).alias("d"))
            .group_by("value")
            .agg(pl.len().alias("pairs"), pl.col("d").mean().alias("pdiff"),
                 pl.col("d").std().alias("psd"))
            .with_columns(pl.col("psd").fill_null(0.0)))  # fmt: skip


def compare_runs(a: Sequence[Run], b: Sequence[Run], key: str, order: Sequence = (),
                 words: Callable[[Any], str] = str) -> Comparison:  # fmt: skip
    """The cells of every match, intervals family-wise per player count; `value` is the
    key's value in the game's words (seats and positions 1-based), `raw` as stored."""
    pairs, notes = match_runs(a, b)
    rows = []
    for ra, rb in pairs:
        rates = win_rates(
            pl.concat([ra.scan().with_columns(pl.lit("A").alias("run")),
                       rb.scan().with_columns(pl.lit("B").alias("run"))], how="diagonal_relaxed")
            .with_columns(pl.lit(ra.players).alias("players")),
            key, order,
        )  # fmt: skip
        diff = rate_differences(rates, key, {ra.players: "A"})
        same_seed = ra.manifest.get("seed") == rb.manifest.get("seed")
        paired = _paired(ra, rb, key) if same_seed else None
        if not same_seed:
            notes.append(f"{ra.players} players: A and B played different seeds "
                         f"({ra.manifest.get('seed')} and {rb.manifest.get('seed')}): "
                         "compared unpaired")  # fmt: skip
        pinfo = {} if paired is None else {r["value"]: r for r in paired.iter_rows(named=True)}
        for r in diff.iter_rows(named=True):
            p = pinfo.get(r[key])
            use = p is not None and p["pairs"] >= MIN_PAIRED
            rows.append({
                "players": ra.players, "value": str(words(r[key])), "raw": str(r[key]),
                "a_run": str(ra.path),
                "b_run": str(rb.path), "a_rate": r["base_rate"], "b_rate": r["rate"],
                "a_n": r["base_n"], "b_n": r["n"], "a_wins": r["base_wins"],
                "b_wins": r["wins"], "fair": 1.0 / ra.players,
                "paired": use, "pairs": p["pairs"] if use else 0,
                "diff": p["pdiff"] if use else r["diff"], "psd": p["psd"] if use else 0.0,
            })  # fmt: skip
    cells = _with_family_intervals(pl.DataFrame(rows, schema=_SCHEMA))
    return Comparison(key, tuple(pairs), cells, tuple(notes))


_SCHEMA = {"players": pl.Int64, "value": pl.String, "raw": pl.String, "a_run": pl.String,
           "b_run": pl.String,
           "a_rate": pl.Float64, "b_rate": pl.Float64, "a_n": pl.Int64, "b_n": pl.Int64,
           "a_wins": pl.Float64, "b_wins": pl.Float64, "fair": pl.Float64,
           "paired": pl.Boolean, "pairs": pl.Int64, "diff": pl.Float64,
           "psd": pl.Float64}  # fmt: skip


def _interval(r: dict, z: float) -> tuple[float, float]:
    if r["paired"]:
        half = z * r["psd"] / math.sqrt(r["pairs"])
        return r["diff"] - half, r["diff"] + half
    lo, hi = newcombe_diff(r["b_wins"], r["b_n"], r["a_wins"], r["a_n"], z)
    return lo, hi


def _with_family_intervals(df: pl.DataFrame) -> pl.DataFrame:
    """lo, hi at the Bonferroni z of the player count's cells; the distance change; change."""
    if not df.height:
        return df.with_columns(*(pl.lit(None, t).alias(c) for c, t in _ADDED.items()))
    m = df.group_by("players").len()
    size = dict(zip(m["players"], m["len"], strict=True))
    rows = []
    for r in df.iter_rows(named=True):
        z = family_z(size[r["players"]])
        lo, hi = _interval(r, z)
        moved = abs(r["b_rate"] - r["fair"]) - abs(r["a_rate"] - r["fair"])
        real = lo > 0 or hi < 0
        change = ("worse" if real and moved > DELTA else
                  "better" if real and moved < -DELTA else "no clear change")  # fmt: skip
        rows.append({**r, "lo": lo, "hi": hi, "family": size[r["players"]], "z": z,
                     "moved": moved, "change": change})  # fmt: skip
    return pl.DataFrame(rows, schema={**_SCHEMA, **_ADDED})


_ADDED = {"lo": pl.Float64, "hi": pl.Float64, "family": pl.Int64, "z": pl.Float64,
          "moved": pl.Float64, "change": pl.String}  # fmt: skip
