"""Parameter sweeps: a grid of rule values (`--set key=v1,v2,...`), and each balance measure
of the grid's runs against the swept values.

The grid is checked in full before anything is played: an unknown key, a bad value or
an empty list is one InputError. The measures come from analyses.balance (the same
figures as the report), with the runs' rule values attached as columns.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import polars as pl

from simcore.core.errors import InputError
from simcore.maharaja.rules import RuleSet

from .balance import Balance


@dataclass(frozen=True)
class Axis:
    key: str
    values: tuple[int | bool, ...]


def parse_axes(items: tuple[str, ...]) -> list[Axis]:
    """`key=v1,v2,...` per item -> axes; every value checked against the rules."""
    if not items:
        raise InputError("sweep: give at least one --set key=v1,v2,... (e.g. palace_cost=10,11)")
    axes: list[Axis] = []
    for item in items:
        key, eq, text = (s.strip() for s in item.partition("="))
        if not eq or not key:
            raise InputError(
                f"sweep --set {item!r}: expected key=v1,v2,..., e.g. palace_cost=10,11"
            )
        if key.startswith("payouts"):
            raise InputError(f"sweep --set {item!r}: payouts cannot be swept; use a rules file")
        if key in {a.key for a in axes}:
            raise InputError(f"sweep --set: {key} given twice")
        parts = [p.strip() for p in text.split(",")]
        if not text or any(not p for p in parts):
            raise InputError(f"sweep --set {item!r}: empty value list")
        values = []
        for p in parts:
            rules = RuleSet().with_overrides([f"{key}={p}"])  # InputError names a bad key/value
            values.append(getattr(rules, key))
        if len(set(values)) != len(values):
            raise InputError(f"sweep --set {item!r}: a value is repeated")
        axes.append(Axis(key, tuple(values)))
    return axes


def grid(axes: list[Axis]) -> list[dict[str, int | bool]]:
    """Every combination of values, the first axis varying slowest."""
    return [dict(zip([a.key for a in axes], combo)) for combo in
            itertools.product(*[a.values for a in axes])]  # fmt: skip


def point_folder(point: dict) -> str:
    return ",".join(f"{k}={str(v).lower()}" for k, v in point.items())


def point_sets(point: dict) -> tuple[str, ...]:
    return tuple(f"{k}={str(v).lower()}" for k, v in point.items())


def swept(axes: list[Axis]) -> list[str]:
    """Keys that take more than one value (the chart axes); single values are fixed."""
    return [a.key for a in axes if len(a.values) > 1]


@dataclass(frozen=True)
class SweepMeasures:
    keys: list[str]  # swept rule keys: x axis first, then the lines
    start: pl.DataFrame  # win rate by starting character + key columns
    seat: pl.DataFrame  # win rate by seat
    end_reasons: pl.DataFrame  # share of games per end reason
    rounds: pl.DataFrame  # mean rounds per game with lo, hi
    rulebook: dict[str, int | bool] = None  # type: ignore[assignment]  # key -> rulebook value


def measures(b: Balance, keys: list[str]) -> SweepMeasures:
    """The balance measures of each run with the run's value of every swept key."""
    from .intervals import mean_ci

    values = pl.DataFrame(
        [
            {"run": r.label, "players": r.players} | {k: r.manifest["rules"][k] for k in keys}
            for r in b.runs
        ]  # fmt: skip
    )

    def attach(df: pl.DataFrame) -> pl.DataFrame:
        return df.join(values, on=["run", "players"], how="left")

    rounds = b.shape.select("run", "players", "games", "rounds_mean", "rounds_sd")
    lo_hi = [mean_ci(m, s or 0.0, n) for m, s, n in
             rounds.select("rounds_mean", "rounds_sd", "games").iter_rows()]  # fmt: skip
    rounds = rounds.with_columns(
        pl.col("rounds_mean").alias("rate"),
        pl.Series("lo", [x[0] for x in lo_hi]),
        pl.Series("hi", [x[1] for x in lo_hi]),
        pl.col("games").alias("n"),
        pl.lit("mean rounds").alias("measure"),
    )
    defaults = RuleSet()
    rulebook = {k: getattr(defaults, k) for k in keys if hasattr(defaults, k)}
    return SweepMeasures(
        keys, attach(b.start), attach(b.seat), attach(b.end_reasons), attach(rounds), rulebook
    )
