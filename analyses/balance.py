"""All balance analyses of a set of runs in one object, for the report (or any other consumer).

Heavy aggregation is polars over the runs' Parquet files; the results are small
frames (one row per run, player count and key) that carry n and 95% intervals.
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from .compare import baselines, mean_differences, rate_differences, sweep_parameter
from .equality import EqualityTest, equal_share_tests
from .rates import held_win_rates, means_by, several_held, win_rates
from .rundata import Run, run_frame
from .shape import distribution, shape_means

SHAPE_MEASURES = ("rounds", "winner_palaces", "rest_palaces", "winner_gold", "rest_gold")


@dataclass(frozen=True)
class Balance:
    runs: list[Run]
    start: pl.DataFrame  # win rate by starting character
    end: pl.DataFrame  # win rate by character held at the end (lowest one)
    held: pl.DataFrame | None  # by each character held, only for several-characters games
    seat: pl.DataFrame
    order: pl.DataFrame  # by position in the first round's turn order
    char_means: pl.DataFrame  # mean palaces and gold by starting character
    tests: dict[str, list[EqualityTest]]  # key column -> tests of "all equal"
    shape: pl.DataFrame
    rounds: pl.DataFrame
    end_reasons: pl.DataFrame
    baseline: dict[int, str]  # players -> label of the reference run
    start_diff: pl.DataFrame  # differences against the baseline (empty with one run)
    seat_diff: pl.DataFrame
    end_reason_diff: pl.DataFrame
    shape_diff: pl.DataFrame
    sweep_key: str | None  # rule value varied across >= 3 runs, all else equal
    errors: int  # illegal strategy requests summed over all games (should be 0)


def analyse(runs: list[Run]) -> Balance:
    lf = pl.concat([run_frame(r) for r in runs], how="diagonal_relaxed")
    start = win_rates(lf, "start_character")
    seat = win_rates(lf, "seat")
    end_reasons = distribution(lf, "end_reason")
    shape = shape_means(lf)
    base = baselines([(r.label, r.players) for r in runs])
    shape_diff = [mean_differences(shape, m, base) for m in SHAPE_MEASURES]
    shape_diff = [d for d in shape_diff if d.height]
    return Balance(
        runs=runs,
        start=start,
        end=win_rates(lf, "end_character"),
        held=held_win_rates(lf) if several_held(lf) else None,
        seat=seat,
        order=win_rates(lf, "first_order"),
        char_means=means_by(lf, "start_character"),
        tests={
            k: equal_share_tests(lf, k)
            for k in ("start_character", "end_character", "seat", "first_order")
        },
        shape=shape,
        rounds=distribution(lf, "rounds"),
        end_reasons=end_reasons,
        baseline=base,
        start_diff=rate_differences(start, "start_character", base),
        seat_diff=rate_differences(seat, "seat", base),
        end_reason_diff=rate_differences(end_reasons, "end_reason", base),
        shape_diff=pl.concat(shape_diff) if shape_diff else pl.DataFrame(),
        sweep_key=sweep_parameter([(r.players, r.manifest.get("rules", {})) for r in runs]),
        errors=int(lf.select(pl.col("errors").cast(pl.Int64).sum()).collect().item() or 0),
    )
