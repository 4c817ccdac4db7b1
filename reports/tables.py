"""Report tables (pandas): formatted cells with n, interval and a flag for every figure.

Every interval is family-wise, adjusted like the verdicts (analyses.multiple.family_intervals:
the rows of one player count in a table are one family), and a flag ('above fair',
'below fair', 'higher', 'lower') is shown exactly when that interval excludes the fair
share or 0: 'n.s.' means the data cannot tell the figure from fair / from no change at a
family-wise 5%, and a colour never says more than the flag. The page states this once
(analyses.multiple.FAMILY_NOTE); the χ² tests, which have no interval, stay Holm-adjusted.
Cells with fewer than SUPPORT seats are greyed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import polars as pl

from analyses.intervals import Z95
from analyses.multiple import SUPPORT, family_z, rescaled
from simcore.core.contract.plugin import GamePlugin

from .number_text import percent, percent_range
from .words import label_for, title_for


@dataclass(frozen=True)
class Table:
    title: str
    columns: list[str]
    rows: list[list[tuple[str, str]]]  # (text, css class) per cell
    note: str = ""
    id: str = field(default="")


def _flag_fair(r) -> tuple[str, str]:
    """The flag of a rate: its family-wise interval above / below the fair share."""
    if r["n"] < SUPPORT:
        return (f"n.s. (n < {SUPPORT})" if not r["significant"] else
                ("above fair" if r["rate"] > r["fair"] else "below fair") + f" (n < {SUPPORT})",
                "ns")  # fmt: skip
    if not r["significant"]:
        return ("n.s.", "ns")
    return ("above fair", "up") if r["rate"] > r["fair"] else ("below fair", "down")


def family_note(df, by: str = "players") -> str:
    """'m = 6 per player count': the family sizes of a table (the page says what they mean)."""
    if df is None or not len(df) or "family" not in df.columns:
        return ""
    sizes = sorted({int(x) for x in df["family"]})
    return f"Family-wise 95% intervals, m = {'/'.join(map(str, sizes))} per {by}."


CI = "interval (family-wise 95%)"
WRP = "win-rate points"  # the unit of a difference of win rates (52% vs 50%: +2)


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
    note = " ".join(x for x in (note, family_note(rates, "player count")) if x)
    cols = [
        "run",
        "players",
        title_for(game, key),
        "win rate",
        CI,
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
            (percent(r["rate"]), "num"),
            (percent_range(r["lo"], r["hi"]), "num"),
            (f"{r['n']:,}", "num"),
            (percent(r["fair"]), "num"),
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
        flag = ("unequal", "dep") if t.significant else ("n.s.", "ns")  # not a side: amber
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
            (percent(r["rate"]), "num"),
            (percent_range(r["lo"], r["hi"]), "num"),
            (f"{r['wins']:,} of {r['n']:,}", "num"),
        ]
        for _, r in dist.to_pandas().iterrows()
    ]
    cols = ["run", "players", title_for(game, col), "share of games", CI, "games"]
    return Table(title, cols, rows, family_note(dist, "player count"))


def shape_table(shape: pl.DataFrame, title: str, game: GamePlugin) -> Table:
    from analyses.intervals import mean_ci
    from analyses.shape import measure_names

    rows = []
    names = measure_names(game.shape)
    per = shape.group_by("players").len()  # the family: every measure of a player count
    m_of = {p: n * len(names) for p, n in per.iter_rows()}
    for _, r in shape.to_pandas().iterrows():
        z = family_z(m_of.get(r["players"], 1))
        for m, name in names:
            lo, hi = mean_ci(r[f"{m}_mean"], r[f"{m}_sd"], int(r["games"]), z)
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
    sizes = "/".join(str(x) for x in sorted(set(m_of.values())))
    return Table(
        title,
        ["run", "players", "measure", "mean", CI, "games"],
        rows,
        f"Normal intervals, family-wise 95%, m = {sizes} per player count.",
    )


def diff_table(diffs: pl.DataFrame, key: str, title: str, game: GamePlugin,
               points: bool = True) -> Table:  # fmt: skip
    """Differences against the baseline; 'n.s.' unless the Holm-adjusted test rejects."""
    rows = []
    label = label_for(game, key)
    scale = 100 if points else 1
    for _, r in diffs.to_pandas().iterrows():
        flag = (
            ("higher", "up") if r["diff"] > 0 else ("lower", "down")
        ) if r["significant"] else ("n.s.", "ns")  # fmt: skip
        if points and min(r["n"], r["base_n"]) < SUPPORT:  # too few to read: greyed
            flag = (f"{flag[0]} (n < {SUPPORT})", "ns")
        value = (
            f"{percent(r['rate'])} vs {percent(r['base_rate'])}"
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
                (f"{scale * r['diff']:+.2f}", "num"),
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
        "difference (run − against)" + (f", {WRP}" if points else ""),
        CI + (f", {WRP}" if points else ""),
        "n (run / against)",
        "verdict",
    ]
    what = "Newcombe" if points else "Welch"
    return Table(title, cols, rows, f"{what} intervals. " + family_note(diffs, "player count"))


def _cell_class(sig: bool, rate: float, fair: float) -> str:
    return "ns" if not sig else ("up" if rate > fair else "down")


def heat_table(cells: pl.DataFrame, run: str, players: int, game: GamePlugin) -> Table:
    """Factor (rows) x position (columns) of the game's joint keys: rate, interval, n."""
    factor, position = game.key(game.joint.factor), game.key(game.joint.position)
    f, o = factor.column, position.column
    d = cells.filter((pl.col("run") == run) & (pl.col("players") == players))
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
            text = f"{percent(r['rate'])} ({percent_range(r['lo'], r['hi'])}) n={r['n']:,}"
            if r["n"] < SUPPORT:  # too few seats to read: greyed, no colour
                row.append((text, "num ns"))
                continue
            row.append((text, "num " + _cell_class(r["significant"], r["rate"], r["fair"])))
        rows.append(row)
    title = f"{players} players ({run}): win rate by {factor.label} and {position.label}"
    note = (
        f"Each cell: win rate (family-wise 95% interval over the map's {d.height} cells) and "
        f"n = seats with that {factor.label} at that "
        f"position. Along a row the {factor.label} is fixed and only the position changes; "
        f"down a column the position is fixed and only the {factor.label} changes. 'never' = "
        "that combination never occurred. Colour: the interval wholly above (red) or below "
        f"(blue) the fair share {100 / players:.1f}%; grey: neither, or fewer than {SUPPORT} "
        "seats."
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
                    (f"{100 * e.effect:+.1f}", "num"),
                    (f"{100 * e.lo:+.1f} to {100 * e.hi:+.1f}", "num"),
                    (f"{e.n:,}", "num"),
                    flag,
                ]
            )
    cols = ["run", "players", "factor", "level", f"effect (vs fair), {WRP}", f"{CI}, {WRP}",
            "n (seats)", "verdict"]  # fmt: skip
    notes = [f"{f.players} players ({f.run}): {f.note}" for f in fits if f.ok and f.note]
    fl, pl_ = factor.label, position.label
    note = (
        f"Logistic regression win ~ C({fl}) + C({pl_}), one fit "
        "per run and player count, standard errors clustered by game (one winner per game "
        "ties its seats together). Effect = average marginal effect in win-rate points: the "
        f"model's win rate if every seat had this {fl} ({pl_} as it was in "
        f"the games) or this {pl_} ({fl} as it was), minus the model's "
        f"average win rate, the fair share 1/N. A {fl}'s effect is thus its worth beyond "
        f"its {pl_}, and a position's worth beyond the {factor.plural} that get it. "
        f"Intervals: delta method, family-wise over the {n_effects} effects of each model; a "
        "flag exactly when the interval excludes 0." + (" " + " ".join(notes) if notes else "")
    )
    return Table(f"{fl.capitalize()} and {pl_} estimated jointly", cols, rows, note)


def action_table(mix: pl.DataFrame, game: GamePlugin) -> Table:
    """Actions and decisions per round (the game's length unit) by strategy, with intervals
    (family-wise over the rows of a player count; a row never taken is greyed)."""
    per = {p: n for p, n in mix.group_by("players").len().iter_rows()}
    rows = []
    for r in mix.iter_rows(named=True):
        lo, hi = rescaled(r["lo"], r["hi"], r["mean"], family_z(per[r["players"]]), Z95)
        rows.append([
            (str(r["run"]), ""),
            (str(r["players"]), "num"),
            (str(r["strategy"]), ""),
            (str(r["action"]), "" if r["total"] else "ns"),
            (f"{r['mean']:.3f}", "num" if r["total"] else "num ns"),
            (f"{max(0.0, lo):.3f}–{hi:.3f}", "num" if r["total"] else "num ns"),
            (f"{r['n']:,}", "num"),
        ])  # fmt: skip
    unit = _unit(game)
    cols = ["run", "players", "strategy", "action or decision", f"per {unit}", CI, "n (seats)"]
    note = (
        f"Times a seat took the action (act_*) or answered a decision of that kind (dk_*, "
        f"'decision: …') in a game divided by the game's {unit}s, averaged over the seats the "
        "strategy played (normal intervals, seats treated as independent; m = rows of the "
        "player count). Grey: never taken."
    )
    return Table(f"Actions and decisions per {unit} by strategy", cols, rows, note)


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


def usage_tables(sv) -> list[Table]:
    """Per player count: how often each bot of the verdicts takes each action type and
    answers each decision kind, per seat and game (analyses.competence), with the bots
    left out and why; a 'plays without' cell is amber."""
    from analyses.competence import OFTEN, RARE

    out = []
    for players, comp in sorted(sv.competence.items()):
        u = comp.usage
        if not u.height:
            continue
        left = sv.left_out.get(players, {})
        bots = [b for b in dict.fromkeys(u["bot"].to_list())]
        rate = {(r["bot"], r["action"]): r for r in u.iter_rows(named=True)}
        rows = []
        for a in dict.fromkeys(u["action"].to_list()):
            row = [(str(a), "")]
            for b in bots:
                r = rate.get((b, a))
                if r is None:
                    row.append(("–", "ns"))
                    continue
                cls = "num dep" if a in comp.left_out.get(b, []) else (
                    "num" if r["per_seat"] else "num ns")  # fmt: skip
                row.append((f"{r['per_seat']:.2f}", cls))
            rows.append(row)
        heads = [f"{b} (left out)" if b in left else b for b in bots]
        seats = ", ".join(f"{b} {rate[(b, next(iter(comp.usage['action'])))]['seats']:,}"
                          for b in bots)  # fmt: skip
        why = "; ".join(f"{b}: {w}" for b, w in left.items())
        out.append(Table(
            f"{players} players: actions and decisions per seat and game, by bot",
            ["action or decision", *heads], rows,
            "Mean per seat and game, from the rows (act_* columns: actions taken; dk_*: "
            "decisions of that kind answered). A bot that takes an action (or answers a "
            f"decision kind) at most {100 * RARE:g}% as often as a stronger bot that does so at "
            f"least {OFTEN:g} time per seat and game plays without it and is left out of the "
            f"verdicts (amber). Seats: {seats}." + (f" Left out: {why}." if why else ""),
        ))  # fmt: skip
    return out
