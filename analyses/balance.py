"""All balance analyses of a set of runs in one object, for the report (or any other consumer).

What is analysed comes from the game's plug-in: a win-rate table (with an all-equal test
where each value is one seat's per game) for every balance key the runs record, the
overlapping rates of its mask keys, its game-shape measures, and the joint model of its
two keys that go together (e.g. a starting card and the turn position it brings).
Each run is reduced once, in a few passes over its Parquet files (analyses.run_summary),
and the reduction is cached beside the run (analyses.summary_cache); the results are small
frames (one row per run, player count and key value) that carry n and 95% intervals.
Every interval is family-wise over the rows of one player count in its table, and every flag
(`significant`) says that interval excludes the null (analyses.multiple.family_intervals).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import polars as pl

from simcore.core.contract.plugin import GamePlugin

from .compare import baselines, mean_differences, rate_differences, sweep_parameter
from .equality import EqualityTest, with_holm
from .intervals import mean_diff_ci, newcombe_diff, wilson
from .joint_keys import ModelFit
from .multiple import family_intervals
from .rates import in_order
from .run_summary import relabel
from .rundata import Run, game_of
from .shape import measure_names
from .summary_cache import summary_of


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
    """Every run reduced once (analyses.run_summary, cached beside the run), the small
    tables joined across runs, then what compares runs: Holm over each table, differences
    against the basic-game run, the sweep key."""
    game = game_of(runs)
    parts = [(r, summary_of(r, game)) for r in runs]

    def cat(get) -> pl.DataFrame | None:
        frames = [relabel(get(s), r.label) for r, s in parts]
        frames = [f for f in frames if f is not None and f.height]
        return pl.concat(frames, how="diagonal_relaxed") if frames else None

    def labelled(get) -> list:
        return [replace(x, run=r.label) for r, s in parts for x in get(s)]

    rates, tests, masks = {}, {}, {}
    for key in game.keys:
        d = cat(lambda s, k=key.column: s.rates.get(k))
        if d is None:
            continue
        rates[key.column] = rate_intervals(in_order(d, key.column, key.order))
        if key.one_per_game:
            tests[key.column] = with_holm(labelled(lambda s, k=key.column: s.tests.get(k, [])))
    for m in game.mask_keys:
        d = cat(lambda s, c=m.column: s.masks.get(c))
        if d is not None and any(s.overlapping.get(m.column) for _, s in parts):
            masks[m.column] = rate_intervals(in_order(d, m.column, m.order))
    base, base_notes = baselines(runs)
    primary = game.primary
    shape = cat(lambda s: s.shape)
    ends = cat(lambda s: s.ends)
    diffs = {k: diff_intervals(rate_differences(rates[k], k, base))
             for k in dict.fromkeys([primary.column, game.seat_key]) if k in rates}  # fmt: skip
    shape_diff = []
    if game.shape and shape is not None:
        if ends is not None:
            diffs[game.shape.end] = diff_intervals(rate_differences(ends, game.shape.end, base))
        shape_diff = [mean_differences(shape, m, base) for m, _ in measure_names(game.shape)]
        shape_diff = [d for d in shape_diff if d.height]
    means = cat(lambda s: s.means)
    cells = cat(lambda s: s.cells)
    return Balance(
        game=game,
        runs=runs,
        rates=rates,
        tests=tests,
        masks=masks,
        means=in_order(means, primary.column, primary.order) if means is not None else None,
        shape=shape,
        lengths=share_intervals(cat(lambda s: s.lengths)),
        end_reasons=share_intervals(ends),
        baseline=base,
        baseline_notes=base_notes,
        diffs=diffs,
        shape_diff=mean_diff_intervals(pl.concat(shape_diff)) if shape_diff else pl.DataFrame(),
        sweep_key=sweep_parameter([(r.players, r.manifest.get("rules", {})) for r in runs]),
        errors=sum(s.errors for _, s in parts),
        cells=cell_intervals(cells),
        model=sorted(labelled(lambda s: s.model), key=lambda f: (f.run, f.players)),
        actions=cat(lambda s: s.actions),
    )


def rate_intervals(d: pl.DataFrame) -> pl.DataFrame:
    """Win rates: Wilson intervals at the family's z; flagged when they exclude 1/N."""
    return family_intervals(d, lambda r, z: wilson(r["wins"], r["n"], z), "fair")


def share_intervals(d: pl.DataFrame | None) -> pl.DataFrame | None:
    """Shares of games (end reasons, lengths): Wilson intervals at the family's z, no flag."""
    if d is None or not {"wins", "n"} <= set(d.columns):
        return d
    return family_intervals(d, lambda r, z: wilson(r["wins"], r["n"], z), None)


def cell_intervals(d: pl.DataFrame | None) -> pl.DataFrame | None:
    """The joint keys' cells: one family per heat map (run and player count)."""
    if d is None or not d.height:
        return d
    return family_intervals(d, lambda r, z: wilson(r["wins"], r["n"], z), "fair",
                            by=("run", "players"))  # fmt: skip


def diff_intervals(d: pl.DataFrame) -> pl.DataFrame:
    """Rate differences against the baseline: Newcombe intervals at the family's z."""
    return family_intervals(
        d, lambda r, z: newcombe_diff(r["wins"], r["n"], r["base_wins"], r["base_n"], z), 0.0
    )


def mean_diff_intervals(d: pl.DataFrame) -> pl.DataFrame:
    """Differences of means: Welch intervals at the family's z (every measure of a player
    count in one family)."""
    return family_intervals(d, lambda r, z: mean_diff_ci(r["value"], r["sd"], r["n"],
                                                         r["base_value"], r["base_sd"],
                                                         r["base_n"], z), 0.0)  # fmt: skip
