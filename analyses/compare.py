"""Side-by-side comparison of runs that differ in variant switches or rule values.

Each run is compared with the basic-game run of the same player count: the run with no
variant and every rule at its rulebook value (settings that all runs of that player
count share, e.g. a setting every run shares, do not count). For a sweep that is the run at
the rulebook value. When there is no such run, or several, nothing is compared (an
arbitrary baseline would make every difference arbitrary) and the note says why.
Differences carry Newcombe's interval (rates) or a Welch interval (means) and a
p-value for the Holm adjustment. Runs are independent samples, so these apply.
"""

from __future__ import annotations

from typing import Any

import polars as pl

from .data_setting import changed_data
from .intervals import mean_diff_ci, newcombe_diff
from .multiple import two_prop_p, welch_p


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
                "wins": r["wins"],
                "base_wins": b["wins"],
                "p_value": two_prop_p(r["wins"], r["n"], b["wins"], b["n"]),
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
        b = index.get((base_run, r["players"]))
        if b is None:
            continue
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
                "sd": s1,
                "base_sd": s2,
                "p_value": welch_p(m1, s1, n1, m2, s2, n2),
                "significant": not (lo <= 0.0 <= hi),
            }
        )
    return pl.DataFrame(rows)


def run_setting(manifest: dict[str, Any]) -> dict[str, Any]:
    """Everything that sets a run's game apart from the rulebook: variants and changed rules."""
    out: dict[str, Any] = {f"variant {v}": True for v in manifest.get("variants", [])}
    out |= {k: v for k, v in manifest.get("rules_changed", {}).items()}
    return out | changed_data(manifest)


def baselines(runs: list) -> tuple[dict[int, str], dict[int, str]]:
    """(players -> label of the basic-game run, players -> note when there is none).

    runs: analyses.rundata.Run objects (label, players, manifest). Player counts with
    a single run have nothing to compare and get neither.
    """
    groups: dict[int, list] = {}
    for r in runs:
        groups.setdefault(r.players, []).append(r)
    base: dict[int, str] = {}
    notes: dict[int, str] = {}
    for players, group in sorted(groups.items()):
        if len(group) < 2:
            continue
        settings = [run_setting(r.manifest) for r in group]
        keys = set().union(*settings)
        common = {k for k in keys if len({repr(s.get(k)) for s in settings}) == 1}
        hits = [r for r, s in zip(group, settings, strict=True) if set(s) <= common]
        varying = sorted(keys - common)
        if len(hits) == 1:
            base[players] = hits[0].label
        elif not hits:
            at = ", ".join(f"{k} at its rulebook value" for k in varying if "variant" not in k)
            notes[players] = (
                f"With {players} players no run plays the basic game (no variant"
                + (f", {at}" if at else "")
                + "), so the runs are not compared with each other."
            )
        else:
            notes[players] = (
                f"With {players} players several runs play the basic game "
                f"({', '.join(r.label for r in hits)}), so none is taken as the baseline."
            )
    return base, notes


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
