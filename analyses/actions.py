"""What the strategies do: the action and decision mix per round, per strategy (from the
act_* and dk_* columns).

act_<action> counts how often a seat took that action in the game, dk_<kind> how often it
answered a decision of that kind; divided by the game's rounds it is the seat's rate per
round. The mean over seats played by one
strategy carries a normal 95% interval (thousands of seats; seats of one game are
counted separately, which the interval treats as independent).
"""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl

from .intervals import mean_ci
from .rates import GROUP

PREFIX = "act_"  # act_<action>: times the seat took that action type in the game
DK_PREFIX = "dk_"  # dk_<kind>: times the seat answered a decision of that kind in the game
DECISION = "decision: "  # how a decision kind is named beside the actions


def usage_columns(names: Sequence[str]) -> list[str]:
    """The usage columns of a schema, in file order: actions (act_*), then decision kinds
    (dk_*). docs/RESULTS.md states the convention; any game that writes them gets the
    usage table and the competence check."""
    return [c for c in names if c.startswith(PREFIX)] + [c for c in names
                                                         if c.startswith(DK_PREFIX)]  # fmt: skip


def action_columns(lf: pl.LazyFrame) -> list[str]:
    return usage_columns(lf.collect_schema().names())


def action_name(col: str) -> str:
    """'act_Two_houses' -> 'Two houses'; 'dk_setup_house' -> 'decision: setup house'."""
    if col.startswith(DK_PREFIX):
        return DECISION + col[len(DK_PREFIX) :].replace("_", " ")
    return col[len(PREFIX) :].replace("_", " ")


def action_mix(lf: pl.LazyFrame, length: str = "rounds") -> pl.DataFrame | None:
    """Columns: run, players, strategy, action, mean (per round), lo, hi, n, total.

    None when the runs carry no act_* columns (older runs).
    """
    cols = action_columns(lf)
    if not cols:
        return None
    return action_rows(action_query(lf, cols, length).collect(), cols)


def action_query(lf: pl.LazyFrame, cols: list[str], length: str = "rounds") -> pl.LazyFrame:
    """Per run, players and strategy: n seats and each action's mean, sd (per unit of the
    game's length, e.g. per round) and total."""
    per_unit = pl.col(length).cast(pl.Float64).clip(1.0, None)
    aggs = [pl.col(cols[0]).is_not_null().sum().alias("n")]
    for c in cols:
        per = pl.col(c).cast(pl.Float64) / per_unit
        aggs += [
            per.mean().alias(f"{c}__mean"),
            per.std().alias(f"{c}__sd"),
            pl.col(c).cast(pl.Int64).sum().alias(f"{c}__total"),
        ]
    return lf.group_by(*GROUP, "strategy").agg(aggs).sort(*GROUP, "strategy")


def action_rows(wide: pl.DataFrame, cols: list[str]) -> pl.DataFrame | None:
    """Long rows (one per run, players, strategy and action) from the per-strategy means,
    sds and totals of each act_* column (`<col>__mean`, `__sd`, `__total`, and `n`)."""
    rows = []
    for r in wide.iter_rows(named=True):
        for c in cols:
            m, sd = r[f"{c}__mean"], r[f"{c}__sd"] or 0.0
            if m is None:  # an older run, concatenated with newer ones: not recorded
                continue
            lo, hi = mean_ci(m, sd, r["n"])
            rows.append(
                {
                    "run": r["run"],
                    "players": r["players"],
                    "strategy": r["strategy"],
                    "action": action_name(c),
                    "mean": m,
                    "lo": lo,
                    "hi": hi,
                    "n": r["n"],
                    "total": r[f"{c}__total"],
                }
            )
    return pl.DataFrame(rows) if rows else None
