"""Report tables (pandas): formatted cells with n, interval and a flag for every figure.

A flag ('above fair', 'below fair', 'significant', 'unequal') is raised only when it
survives Holm's adjustment over the rows of its table (analyses.multiple): 'n.s.'
means the data cannot tell the figure from fair / from no change at a family-wise 5%.
Intervals are plain (unadjusted) 95% intervals.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import polars as pl

from simcore.core.contract.plugin import GamePlugin

from .words import label_for, title_for


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


def _flag_fair(r) -> tuple[str, str]:
    sig = r["significant"] if "significant" in r else not r["fair_inside"]
    if not sig:
        return ("n.s.", "ns")
    return ("above fair", "up") if r["rate"] > r["fair"] else ("below fair", "down")


def holm_note(m: int, what: str) -> str:
    return (
        f"Flags: {what}, Holm-adjusted over the {m} rows of this table (family-wise error "
        "5%); a flag is shown only if it survives. Intervals are plain 95% intervals."
    )


FAIR_TEST = "score test of 'win rate = fair share 1/N' (the test the Wilson interval inverts)"


def rate_table(
    rates: pl.DataFrame,
    key: str,
    title: str,
    game: GamePlugin,
    means: pl.DataFrame | None = None,
    note: str = "",
) -> Table:
    """Run, players, key, win rate, 95% interval, n, fair share, flag (+ the mean of each of
    the game's seat measures, e.g. pieces and money, when `means` is given)."""
    label = label_for(game, key)
    df = rates.to_pandas()
    note = " ".join(x for x in (note, holm_note(len(df), FAIR_TEST)) if x)
    cols = [
        "run",
        "players",
        title_for(game, key),
        "win rate",
        "95% interval",
        "n",
        "fair",
        "vs fair",
    ]
    extra = means.to_pandas().set_index(["run", "players", key]) if means is not None else None
    measures = game.shape.seat_measures if (extra is not None and game.shape) else ()
    cols += [f"mean {label}" for _, label in measures]
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
        if measures:
            m = extra.loc[(r["run"], r["players"], r[key])]
            row += [(f"{m[f'{c}_mean']:.2f}", "num") for c, _ in measures]
        rows.append(row)
    return Table(title, cols, rows, note)


def p_cell(p: float | None) -> str:
    if p is None or p != p:
        return "–"
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def test_table(tests: list, title: str) -> Table:
    rows = []
    for t in tests:
        flag = ("unequal", "up") if t.significant else ("n.s.", "ns")
        rows.append(
            [
                (t.run, ""),
                (str(t.players), "num"),
                (f"{t.statistic:.2f}", "num"),
                (str(t.df), "num"),
                (p_cell(t.p_value), "num"),
                (p_cell(t.p_holm), "num"),
                (f"{t.games:,}", "num"),
                flag,
            ]
        )
    cols = ["run", "players", "χ²", "df", "p", "p (Holm)", "games", "verdict"]
    note = (
        "Wald chi-square test of 'every one wins 1/N of the games it is in', using the exact "
        "covariance of the win counts (in a game only some values may be present, e.g. N of "
        "the cards). "
        f"The verdict uses p Holm-adjusted over the {len(tests)} tests of this table "
        "(family-wise error 5%)."
    )
    return Table(title, cols, rows, note)


def share_table(dist: pl.DataFrame, col: str, title: str, game: GamePlugin) -> Table:
    label = label_for(game, col)
    rows = [
        [
            (str(r["run"]), ""),
            (str(r["players"]), "num"),
            (label(r[col]), ""),
            (_pct(r["rate"]), "num"),
            (_ci(r["lo"], r["hi"]), "num"),
            (f"{r['wins']:,} of {r['n']:,}", "num"),
        ]
        for _, r in dist.to_pandas().iterrows()
    ]
    cols = ["run", "players", title_for(game, col), "share of games", "95% interval", "games"]
    return Table(title, cols, rows)


def shape_table(shape: pl.DataFrame, title: str, game: GamePlugin) -> Table:
    from analyses.intervals import mean_ci
    from analyses.shape import measure_names

    rows = []
    for _, r in shape.to_pandas().iterrows():
        for m, name in measure_names(game.shape):
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


def diff_table(diffs: pl.DataFrame, key: str, title: str, game: GamePlugin,
               points: bool = True) -> Table:  # fmt: skip
    """Differences against the baseline; 'n.s.' unless the Holm-adjusted test rejects."""
    rows = []
    label = label_for(game, key)
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
                (str(label(r[key]) or r[key]), ""),
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
        title_for(game, key),
        "value",
        "difference",
        "95% interval",
        "n (run / against)",
        "verdict",
    ]
    what = (
        "two-proportion z-test of 'no change'"
        if points
        else "normal (Welch) test of 'no change in the mean'"
    )
    return Table(title, cols, rows, holm_note(len(rows), what))


def _cell_class(sig: bool, rate: float, fair: float) -> str:
    return "ns" if not sig else ("up" if rate > fair else "down")


THIN_CELL = 200  # seats: fewer are greyed in the heat tables (the joint model's support)


def heat_table(cells: pl.DataFrame, run: str, players: int, game: GamePlugin) -> Table:
    """Factor (rows) x position (columns) of the game's joint keys: rate, interval, n."""
    from analyses.multiple import holm_column

    factor, position = game.key(game.joint.factor), game.key(game.joint.position)
    f, o = factor.column, position.column
    d = holm_column(cells.filter((pl.col("run") == run) & (pl.col("players") == players)), "p_fair")
    orders = sorted(set(d[o]))
    present = set(d[f])
    chars = [c for c in factor.order if c in present] + sorted(present - set(factor.order))
    index = {(r[f], r[o]): r for r in d.iter_rows(named=True)}
    rows = []
    for c in chars:
        row = [(str(c), "")]
        for k in orders:
            r = index.get((c, k))
            if r is None:
                row.append(("never", "ns"))
                continue
            text = f"{_pct(r['rate'])} ({_ci(r['lo'], r['hi'])}) n={r['n']:,}"
            if r["n"] < THIN_CELL:  # too few seats to read: greyed, no colour
                row.append((text, "num ns"))
                continue
            row.append((text, "num " + _cell_class(r["significant"], r["rate"], r["fair"])))
        rows.append(row)
    title = f"{players} players ({run}): win rate by {factor.label} and {position.label}"
    note = (
        f"Each cell: win rate (95% interval) and n = seats with that {factor.label} at that "
        f"position. Along a row the {factor.label} is fixed and only the position changes; "
        f"down a column the position is fixed and only the {factor.label} changes. 'never' = "
        "that combination never occurred. Colour: above (red) or below (blue) the "
        f"fair share {100 / players:.1f}%; grey: fewer than {THIN_CELL} seats. "
        + holm_note(d.height, FAIR_TEST).replace("rows", "cells")
    )
    return Table(title, [factor.label, *[position.words(k) for k in orders]], rows, note)


def model_table(fits: list, game: GamePlugin) -> Table:
    """Average marginal effects of the game's joint keys from the joint model."""
    factor, position = game.key(game.joint.factor), game.key(game.joint.position)
    rows = []
    n_effects = max((len(f.effects) for f in fits), default=0)
    for f in fits:
        if not f.ok:
            rows.append([(f.run, ""), (str(f.players), "num"), ("no model", ""), (f.note, ""),
                         ("", ""), ("", ""), ("", ""), ("", "")])  # fmt: skip
            continue
        for e in f.effects:
            flag = ("n.s.", "ns") if not e.significant else (
                ("higher", "up") if e.effect > 0 else ("lower", "down"))  # fmt: skip
            is_factor = e.factor == "factor"
            what = e.level if is_factor else position.words(e.level)
            rows.append(
                [
                    (f.run, ""),
                    (str(f.players), "num"),
                    (factor.label if is_factor else position.label, ""),
                    (str(what), ""),
                    (f"{100 * e.effect:+.1f} pts", "num"),
                    (f"{100 * e.lo:+.1f} to {100 * e.hi:+.1f}", "num"),
                    (f"{e.n:,}", "num"),
                    flag,
                ]
            )
    cols = ["run", "players", "factor", "level", "effect", "95% interval", "n (seats)", "verdict"]
    notes = [f"{f.players} players ({f.run}): {f.note}" for f in fits if f.ok and f.note]
    fl, pl_ = factor.label, position.label
    note = (
        f"Logistic regression win ~ C({fl}) + C({pl_}), one fit "
        "per run and player count, standard errors clustered by game (one winner per game "
        "ties its seats together). Effect = average marginal effect in percentage points: the "
        f"model's win rate if every seat had this {fl} ({pl_} as it was in "
        f"the games) or this {pl_} ({fl} as it was), minus the model's "
        f"average win rate, the fair share 1/N. A {fl}'s effect is thus its worth beyond "
        f"its {pl_}, and a position's worth beyond the {factor.plural} that get it. "
        "Intervals: delta method. Flags: z-test of 'effect = 0', Holm-adjusted over the "
        f"{n_effects} effects of each model (family-wise error 5%); a flag is shown only if it "
        "survives." + (" " + " ".join(notes) if notes else "")
    )
    return Table(f"{fl.capitalize()} and {pl_} estimated jointly", cols, rows, note)


def action_table(mix: pl.DataFrame, game: GamePlugin) -> Table:
    """Actions per round (the game's length unit) by strategy, with intervals."""
    rows = [
        [
            (str(r["run"]), ""),
            (str(r["players"]), "num"),
            (str(r["strategy"]), ""),
            (str(r["action"]), ""),
            (f"{r['mean']:.3f}", "num"),
            (f"{r['lo']:.3f}–{r['hi']:.3f}", "num" if r["total"] else "num down"),
            (f"{r['n']:,}", "num"),
        ]
        for r in mix.iter_rows(named=True)
    ]
    unit = _unit(game)
    cols = ["run", "players", "strategy", "action", f"per {unit}", "95% interval", "n (seats)"]
    note = (
        f"Times a seat took the action in a game divided by the game's {unit}s, averaged over "
        "the seats the strategy played (normal 95% interval, seats treated as independent)."
    )
    return Table(f"Action mix per {unit} by strategy", cols, rows, note)


def _unit(game: GamePlugin) -> str:
    """'round' from the length label 'rounds'."""
    label = game.shape.length_label if game.shape else "rounds"
    return label[:-1] if label.endswith("s") else label


def runs_table(runs: list, baseline: dict[int, str], game: GamePlugin) -> Table:
    """Every run with all its settings, and whether it is its player count's baseline."""
    from .words import settings_text

    rows = [
        [
            (r.label, ""),
            (str(r.players), "num"),
            (f"{r.games_done:,}", "num"),
            (settings_text(r.manifest, game), ""),
            ("baseline" if baseline.get(r.players) == r.label else "", ""),
        ]
        for r in runs
    ]
    cols = ["run", "players", "games", "settings", "role"]
    return Table("Runs in this report", cols, rows)
