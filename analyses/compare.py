"""Side-by-side comparison of runs that differ in variant switches or rule values.

Each run is compared with a baseline run of the same player count (the first one
given): the difference of each win rate with Newcombe's interval, and the difference
of mean rounds with a Welch interval. Runs are independent samples, so these apply.
A parameter sweep is the same comparison over runs differing in one rule value.
"""

from __future__ import annotations

import polars as pl

from .intervals import mean_diff_ci, newcombe_diff


def rate_differences(rates: pl.DataFrame, key: str, baseline: dict[int, str]) -> pl.DataFrame:
    """rates: output of win_rates (or distribution); baseline: players -> baseline run label.

    Columns: run, baseline, players, <key>, rate, base_rate, diff, lo, hi, n, base_n,
    significant (the interval excludes 0).
    """
    rows = []
    index = {(r["run"], r["players"], r[key]): r for r in rates.iter_rows(named=True)}
    for r in rates.iter_rows(named=True):
        base_run = baseline.get(r["players"])
        if base_run is None or r["run"] == base_run:
            continue
        b = index.get((base_run, r["players"], r[key]))
        if b is None:
            continue
        lo, hi = newcombe_diff(r["wins"], r["n"], b["wins"], b["n"])
        rows.append(
            {
                "run": r["run"],
                "baseline": base_run,
                "players": r["players"],
                key: r[key],
                "rate": r["rate"],
                "base_rate": b["rate"],
                "diff": r["rate"] - b["rate"],
                "lo": lo,
                "hi": hi,
                "n": r["n"],
                "base_n": b["n"],
                "significant": not (lo <= 0.0 <= hi),
            }
        )
    return pl.DataFrame(rows)


def mean_differences(
    means: pl.DataFrame, col: str, baseline: dict[int, str], n_col: str = "games"
) -> pl.DataFrame:
    """Difference of a mean (means has <col>_mean, <col>_sd, n_col) against the baseline."""
    rows = []
    index = {(r["run"], r["players"]): r for r in means.iter_rows(named=True)}
    for r in means.iter_rows(named=True):
        base_run = baseline.get(r["players"])
        if base_run is None or r["run"] == base_run:
            continue
        b = index[base_run, r["players"]]
        m1, s1, n1 = r[f"{col}_mean"], r[f"{col}_sd"] or 0.0, r[n_col]
        m2, s2, n2 = b[f"{col}_mean"], b[f"{col}_sd"] or 0.0, b[n_col]
        lo, hi = mean_diff_ci(m1, s1, n1, m2, s2, n2)
        rows.append(
            {
                "run": r["run"],
                "baseline": base_run,
                "players": r["players"],
                "measure": col,
                "value": m1,
                "base_value": m2,
                "diff": m1 - m2,
                "lo": lo,
                "hi": hi,
                "n": n1,
                "base_n": n2,
                "significant": not (lo <= 0.0 <= hi),
            }
        )
    return pl.DataFrame(rows)


def baselines(runs: list[tuple[str, int]]) -> dict[int, str]:
    """players -> label of the first run with that player count (the reference)."""
    out: dict[int, str] = {}
    for label, players in runs:
        out.setdefault(players, label)
    return out


def sweep_parameter(settings: list[tuple[int, dict]]) -> str | None:
    """The one rule key whose numeric value varies between runs of the same player count,
    all else equal (a parameter sweep); None when the runs are not such a series."""
    by_players: dict[int, list[dict]] = {}
    for players, setting in settings:
        by_players.setdefault(players, []).append(setting)
    keys: set[str] = set()
    for group in by_players.values():
        if len(group) < 3:
            continue
        all_keys = set().union(*group)
        varying = {k for k in all_keys if len({repr(s.get(k)) for s in group}) > 1}
        if len(varying) != 1:
            return None
        k = varying.pop()
        if not all(isinstance(s.get(k), int) and not isinstance(s.get(k), bool) for s in group):
            return None
        keys.add(k)
    return keys.pop() if len(keys) == 1 else None
