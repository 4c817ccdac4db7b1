"""All balance analyses of a set of runs in one object, for the report (or any other consumer).

What is analysed comes from the game's plug-in: a win-rate table (with an all-equal test
where each value is one seat's per game) for every balance key the runs record, the
overlapping rates of its mask keys, its game-shape measures, and the joint model of its
two keys that go together (Maharaja: starting character and round-1 turn position).
Heavy aggregation is polars over the runs' Parquet files; the results are small frames
(one row per run, player count and key value) that carry n and 95% intervals. Every flag
is Holm-adjusted over the rows of its own table (`p_holm`, `significant`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import polars as pl

from simcore.core.plugin import GamePlugin

from .actions import action_mix
from .compare import baselines, mean_differences, rate_differences, sweep_parameter
from .equality import EqualityTest, equal_share_tests, with_holm
from .joint_keys import ModelFit, cell_rates, has_columns, joint_model
from .multiple import holm_column
from .rates import mask_win_rates, means_by, overlapping, win_rates
from .rundata import Run, game_of, run_frame
from .shape import distribution, measure_names, shape_means


@dataclass(frozen=True)
class Balance:
    game: GamePlugin
    runs: list[Run]
    rates: dict[str, pl.DataFrame]  # key column -> win rate per value (keys the runs record)
    tests: dict[str, list[EqualityTest]]  # key column -> tests of "all equal" (one per game)
    masks: dict[str, pl.DataFrame]  # mask column -> win rate per value held (when overlapping)
    means: pl.DataFrame | None  # seat measures by primary key value
    shape: pl.DataFrame | None  # mean length and winner's/others' measures per run
    lengths: pl.DataFrame | None  # share of games per length
    end_reasons: pl.DataFrame | None  # share of games per end reason
    baseline: dict[int, str]  # players -> label of the basic-game run (see compare.baselines)
    baseline_notes: dict[int, str]  # players -> why nothing is compared
    diffs: dict[str, pl.DataFrame]  # primary/seat key, end reason -> differences to baseline
    shape_diff: pl.DataFrame
    sweep_key: str | None  # rule value varied across >= 3 runs, all else equal
    errors: int  # illegal strategy requests summed over all games (should be 0)
    cells: pl.DataFrame | None = None  # win rate by factor x position (game.joint)
    model: list[ModelFit] = field(default_factory=list)  # factor and position jointly
    actions: pl.DataFrame | None = None  # action mix per round by strategy (if recorded)

    @property
    def primary(self) -> str:
        return self.game.primary.column

    @property
    def start(self) -> pl.DataFrame:
        """Win rate by the primary key (the table every summary starts from)."""
        return self.rates[self.primary]


def analyse(runs: list[Run]) -> Balance:
    game = game_of(runs)
    lf = pl.concat([run_frame(r) for r in runs], how="diagonal_relaxed")
    cols = set(lf.collect_schema().names())
    rates, tests = {}, {}
    for key in game.keys:
        if key.column not in cols:
            continue
        rates[key.column] = holm_column(win_rates(lf, key.column, key.order), "p_fair")
        if key.one_per_game:
            tests[key.column] = with_holm(equal_share_tests(lf, key.column))
    masks = {
        m.column: holm_column(mask_win_rates(lf, m), "p_fair")
        for m in game.mask_keys
        if m.column in cols and overlapping(lf, m.column)
    }
    base, base_notes = baselines(runs)
    primary = game.primary
    shape = shape_means(lf, game.shape) if game.shape else None
    lengths = ends = None
    shape_diff = []
    diffs = {k: holm_column(rate_differences(rates[k], k, base))
             for k in dict.fromkeys([primary.column, game.seat_key]) if k in rates}  # fmt: skip
    if game.shape:
        lengths = distribution(lf, game.shape, game.shape.length)
        if game.shape.end:
            ends = distribution(lf, game.shape, game.shape.end)
            diffs[game.shape.end] = holm_column(rate_differences(ends, game.shape.end, base))
        shape_diff = [mean_differences(shape, m, base) for m, _ in measure_names(game.shape)]
        shape_diff = [d for d in shape_diff if d.height]
    seat_cols = [c for c, _ in (game.shape.seat_measures if game.shape else ())]
    joint = game.joint
    split = joint is not None and has_columns(lf, joint.factor, joint.position)
    order = game.key(joint.factor).order if split else ()
    return Balance(
        game=game,
        runs=runs,
        rates=rates,
        tests=tests,
        masks=masks,
        means=means_by(lf, primary.column, seat_cols, primary.order) if seat_cols else None,
        shape=shape,
        lengths=lengths,
        end_reasons=ends,
        baseline=base,
        baseline_notes=base_notes,
        diffs=diffs,
        shape_diff=holm_column(pl.concat(shape_diff)) if shape_diff else pl.DataFrame(),
        sweep_key=sweep_parameter([(r.players, r.manifest.get("rules", {})) for r in runs]),
        errors=int(lf.select(pl.col("errors").cast(pl.Int64).sum()).collect().item() or 0),
        cells=cell_rates(lf, joint, order) if split else None,
        model=joint_model(lf, joint, order) if split else [],
        actions=action_mix(lf),
    )
