"""Report tables (pandas): formatted cells with n, interval and a flag for every figure.

A flag says whether the fair share (or zero, for a difference) lies inside the 95%
interval: 'n.s.' means the data cannot tell the figure from fair / from no change.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd
import polars as pl


@dataclass(frozen=True)
class Table:
    title: str
    columns: list[str]
    rows: list[list[tuple[str, str]]]  # (text, css class) per cell
    note: str = ""
    id: str = field(default="")


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(lo: float, hi: float) -> str:
    return f"{100 * lo:.1f}–{100 * hi:.1f}%"


def _flag_fair(r: pd.Series) -> tuple[str, str]:
    if r["fair_inside"]:
        return ("n.s.", "ns")
    return ("above fair", "up") if r["rate"] > r["fair"] else ("below fair", "down")


def rate_table(
    rates: pl.DataFrame,
    key: str,
    title: str,
    label=str,
    means: pl.DataFrame | None = None,
    note: str = "",
) -> Table:
    """Run, players, key, win rate, 95% interval, n, fair share, flag (+ mean palaces, gold)."""
    df = rates.to_pandas()
    cols = [
        "run",
        "players",
        key.replace("_", " "),
        "win rate",
        "95% interval",
        "n",
        "fair",
        "vs fair",
    ]
    extra = means.to_pandas().set_index(["run", "players", key]) if means is not None else None
    if extra is not None:
        cols += ["mean palaces", "mean gold"]
    rows = []
    for _, r in df.iterrows():
        row = [
            (str(r["run"]), ""),
            (str(r["players"]), "num"),
            (label(r[key]), ""),
            (_pct(r["rate"]), "num"),
            (_ci(r["lo"], r["hi"]), "num"),
            (f"{r['n']:,}", "num"),
            (_pct(r["fair"]), "num"),
            _flag_fair(r),
        ]
        if extra is not None:
            m = extra.loc[(r["run"], r["players"], r[key])]
            row += [(f"{m['palaces_mean']:.2f}", "num"), (f"{m['gold_mean']:.1f}", "num")]
        rows.append(row)
    return Table(title, cols, rows, note)


def test_table(tests: list, title: str) -> Table:
    rows = []
    for t in tests:
        p = "< 0.001" if t.p_value < 0.001 else f"{t.p_value:.3f}"
        flag = ("unequal", "up") if t.significant else ("n.s.", "ns")
        rows.append(
            [
                (t.run, ""),
                (str(t.players), "num"),
                (f"{t.statistic:.2f}", "num"),
                (str(t.df), "num"),
                (p, "num"),
                (f"{t.games:,}", "num"),
                flag,
            ]
        )
    cols = ["run", "players", "χ²", "df", "p", "games", "verdict"]
    note = (
        "Wald chi-square test of 'every one wins 1/N of the games it is in', using the exact "
        "covariance of the win counts (only N of the characters play in each game)."
    )
    return Table(title, cols, rows, note)


def share_table(dist: pl.DataFrame, col: str, title: str) -> Table:
    rows = [
        [
            (str(r["run"]), ""),
            (str(r["players"]), "num"),
            (str(r[col]), ""),
            (_pct(r["rate"]), "num"),
            (_ci(r["lo"], r["hi"]), "num"),
            (f"{r['wins']:,} of {r['n']:,}", "num"),
        ]
        for _, r in dist.to_pandas().iterrows()
    ]
    cols = ["run", "players", col.replace("_", " "), "share of games", "95% interval", "games"]
    return Table(title, cols, rows)


MEASURES = {
    "rounds": "rounds per game",
    "winner_palaces": "winner's palaces",
    "rest_palaces": "others' palaces (mean)",
    "winner_gold": "winner's gold",
    "rest_gold": "others' gold (mean)",
}


def shape_table(shape: pl.DataFrame, title: str) -> Table:
    from analyses.intervals import mean_ci

    rows = []
    for _, r in shape.to_pandas().iterrows():
        for m, name in MEASURES.items():
            lo, hi = mean_ci(r[f"{m}_mean"], r[f"{m}_sd"], int(r["games"]))
            rows.append(
                [
                    (str(r["run"]), ""),
                    (str(r["players"]), "num"),
                    (name, ""),
                    (f"{r[f'{m}_mean']:.2f}", "num"),
                    (f"{lo:.2f}–{hi:.2f}", "num"),
                    (f"{r['games']:,}", "num"),
                ]
            )
    return Table(title, ["run", "players", "measure", "mean", "95% interval", "games"], rows)


def diff_table(diffs: pl.DataFrame, key: str, title: str, points: bool = True) -> Table:
    """Differences against the baseline; 'n.s.' when the interval contains 0."""
    rows = []
    scale, unit = (100, " pts") if points else (1, "")
    for _, r in diffs.to_pandas().iterrows():
        flag = (
            ("significant", "up" if r["diff"] > 0 else "down")
            if r["significant"]
            else ("n.s.", "ns")
        )
        value = (
            f"{_pct(r['rate'])} vs {_pct(r['base_rate'])}"
            if points
            else f"{r['value']:.2f} vs {r['base_value']:.2f}"
        )
        rows.append(
            [
                (str(r["run"]), ""),
                (str(r["baseline"]), ""),
                (str(r["players"]), "num"),
                (str(r[key]), ""),
                (value, "num"),
                (f"{scale * r['diff']:+.2f}{unit}", "num"),
                (f"{scale * r['lo']:+.2f} to {scale * r['hi']:+.2f}", "num"),
                (f"{r['n']:,} / {r['base_n']:,}", "num"),
                flag,
            ]
        )
    cols = [
        "run",
        "against",
        "players",
        key.replace("_", " "),
        "value",
        "difference",
        "95% interval",
        "n (run / against)",
        "verdict",
    ]
    return Table(title, cols, rows)
