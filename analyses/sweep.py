"""Parameter sweeps: each balance measure of a sweep's runs (jobs.sweep_grid plays them)
against the swept rule values. The measures come from analyses.balance (the same
figures as the report), with the runs' rule values attached as columns.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import polars as pl

from simcore.core.contract.plugin import GamePlugin

from .balance import Balance


@dataclass(frozen=True)
class SweepMeasures:
    game: GamePlugin
    keys: list[str]  # swept rule keys: x axis first, then the lines
    rates: dict[str, pl.DataFrame]  # primary key, seat key -> win rates + rule-key columns
    end_reasons: pl.DataFrame | None  # share of games per end reason
    length: pl.DataFrame | None  # mean length per game with lo, hi
    rulebook: dict[str, int | bool] = field(default_factory=dict)  # key -> rulebook value


def measures(b: Balance, keys: list[str]) -> SweepMeasures:
    """The balance measures of each run with the run's value of every swept key."""
    from .intervals import mean_ci
    from .multiple import family_z

    values = pl.DataFrame(
        [
            {"run": r.label, "players": r.players} | {k: r.manifest["rules"][k] for k in keys}
            for r in b.runs
        ]  # fmt: skip
    )

    def attach(df: pl.DataFrame | None) -> pl.DataFrame | None:
        return None if df is None else df.join(values, on=["run", "players"], how="left")

    game = b.game
    length = None
    if b.shape is not None and game.shape is not None:
        c = game.shape.length
        length = b.shape.select("run", "players", "games", f"{c}_mean", f"{c}_sd")
        runs = dict(length.group_by("players").len().iter_rows())  # one family per count
        lo_hi = [mean_ci(m, s or 0.0, n, family_z(runs[p])) for p, m, s, n in
                 length.select("players", f"{c}_mean", f"{c}_sd", "games").iter_rows()]  # fmt: skip
        length = length.with_columns(
            pl.col(f"{c}_mean").alias("rate"),
            pl.Series("lo", [x[0] for x in lo_hi]),
            pl.Series("hi", [x[1] for x in lo_hi]),
            pl.col("games").alias("n"),
            pl.lit(f"mean {game.shape.length_label}").alias("measure"),
        )
    rates = {k: attach(b.rates[k]) for k in dict.fromkeys([b.primary, game.seat_key])
             if k in b.rates}  # fmt: skip
    defaults = game.default_rules().to_dict()
    rulebook = {k: defaults[k] for k in keys if k in defaults}
    return SweepMeasures(game, keys, rates, attach(b.end_reasons), attach(length), rulebook)
