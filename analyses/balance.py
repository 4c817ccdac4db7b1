"""All balance analyses of a set of runs in one object, for the report (or any other consumer).

Heavy aggregation is polars over the runs' Parquet files; the results are small
frames (one row per run, player count and key) that carry n and 95% intervals.
Every flag is Holm-adjusted over the rows of its own table (`p_holm`, `significant`):
the family is one table, as the report's table notes say.
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from .actions import action_mix
from .compare import baselines, mean_differences, rate_differences, sweep_parameter
from .equality import EqualityTest, equal_share_tests, with_holm
from .multiple import holm_column
from .rates import held_win_rates, means_by, several_held, win_rates
from .rundata import Run, run_frame
from .shape import distribution, shape_means
from .turn_order import ModelFit, cell_rates, choice_rates, has_columns, joint_model

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
    baseline: dict[int, str]  # players -> label of the basic-game run (see compare.baselines)
    baseline_notes: dict[int, str]  # players -> why nothing is compared
    start_diff: pl.DataFrame  # differences against the baseline (empty with one run)
    seat_diff: pl.DataFrame
    end_reason_diff: pl.DataFrame
    shape_diff: pl.DataFrame
    sweep_key: str | None  # rule value varied across >= 3 runs, all else equal
    errors: int  # illegal strategy requests summed over all games (should be 0)
    cells: pl.DataFrame | None  # win rate by starting character x round-1 turn position
    model: list[ModelFit]  # character and turn position estimated jointly
    choice: pl.DataFrame | None  # win rate by position in the character choice (if recorded)
    actions: pl.DataFrame | None  # action mix per round by strategy (if recorded)


def analyse(runs: list[Run]) -> Balance:
    lf = pl.concat([run_frame(r) for r in runs], how="diagonal_relaxed")
    start = win_rates(lf, "start_character")
    seat = win_rates(lf, "seat")
    end_reasons = distribution(lf, "end_reason")
    shape = shape_means(lf)
    base, base_notes = baselines(runs)
    shape_diff = [mean_differences(shape, m, base) for m in SHAPE_MEASURES]
    shape_diff = [d for d in shape_diff if d.height]
    turn = has_columns(lf, "first_order", "start_character")
    choice = choice_rates(lf)
    return Balance(
        runs=runs,
        start=holm_column(start, "p_fair"),
        end=holm_column(win_rates(lf, "end_character"), "p_fair"),
        held=holm_column(held_win_rates(lf), "p_fair") if several_held(lf) else None,
        seat=holm_column(seat, "p_fair"),
        order=holm_column(win_rates(lf, "first_order"), "p_fair"),
        char_means=means_by(lf, "start_character"),
        tests={
            k: with_holm(equal_share_tests(lf, k))
            for k in ("start_character", "end_character", "seat", "first_order")
        },
        shape=shape,
        rounds=distribution(lf, "rounds"),
        end_reasons=end_reasons,
        baseline=base,
        baseline_notes=base_notes,
        start_diff=holm_column(rate_differences(start, "start_character", base)),
        seat_diff=holm_column(rate_differences(seat, "seat", base)),
        end_reason_diff=holm_column(rate_differences(end_reasons, "end_reason", base)),
        shape_diff=holm_column(pl.concat(shape_diff)) if shape_diff else pl.DataFrame(),
        sweep_key=sweep_parameter([(r.players, r.manifest.get("rules", {})) for r in runs]),
        errors=int(lf.select(pl.col("errors").cast(pl.Int64).sum()).collect().item() or 0),
        cells=cell_rates(lf) if turn else None,
        model=joint_model(lf) if turn else [],
        choice=holm_column(choice, "p_fair") if choice is not None else None,
        actions=action_mix(lf),
    )
