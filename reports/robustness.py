"""Report sections of analyses.robustness: the key table under every bot of the ladder, the
bots' measured strengths, a verdict per value of the game's primary key, the spread chart,
and the effect of the ladder's settings on the balance runs (the strategies' own choice).

Sections are plain dicts for render_report's `extra=` hook (same shape as render.py's).
"""

from __future__ import annotations

from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import polars as pl

from analyses.good_play import good_play
from analyses.multiple import SUPPORT, family_z
from analyses.robustness import (
    Robustness,
    analyse_ladder,
    ladder_plan,
    not_a_ladder,
    setting_effect,
    setting_headline,
)
from analyses.rundata import Run, find_runs
from analyses.verdict import ABOVE, BELOW, DELTA, DEPENDS, FAIR, UNDETERMINED
from analyses.verdict_study import StudyVerdict, study_verdict
from simcore.core.contract.plugin import GamePlugin, Key

from .charts import error_bars, ordered, save
from .number_text import percent
from .tables import CI, Table


def _key_chart(rb: Robustness, png_dir: Path | None, sv: StudyVerdict | None = None):
    t = rb.table
    chars = ordered(t["value"], rb.key.order)
    labels = rb.labels
    fig, ax = plt.subplots(figsize=(8, 3.6))
    width = 0.8 / len(labels)
    p = rb.ladder.players
    verdict_cells = {(c.bot, c.value): c for c in sv.verdicts.cells if c.players == p} if sv else {}
    left = sv.left_out.get(p, {}) if sv else {}
    for j, rung in enumerate(labels):
        r = t.filter(pl.col("rung") == rung)
        cell = {c: row for c, row in zip(r["value"], r.iter_rows(named=True), strict=True)}
        for c in cell:  # the competent bots' cells: the verdicts' intervals (the table's)
            v = verdict_cells.get((rung, c))
            if v is not None:
                cell[c] = {"rate": v.rate, "lo": v.lo, "hi": v.hi}
        xs = [i - 0.4 + width * (j + 0.5) for i, c in enumerate(chars) if c in cell]
        rate = np.array([100 * cell[c]["rate"] for c in chars if c in cell])
        lo = np.array([100 * cell[c]["lo"] for c in chars if c in cell])
        hi = np.array([100 * cell[c]["hi"] for c in chars if c in cell])
        if rung in left:  # left out of the verdicts: grey, no interval (as in the table)
            ax.plot(xs, rate, "o", ms=3, color="#bbbbbb", label=f"{rung} (left out)")
            continue
        ax.errorbar(xs, rate, yerr=error_bars(rate, lo, hi), fmt="o", ms=3, capsize=2, label=rung)
    fair = 100 / rb.ladder.players
    ax.axhline(fair, ls="--", color="grey", lw=1)
    ax.set_xticks(range(len(chars)), [str(rb.key.words(c)) for c in chars])
    ax.set_ylabel("win rate, % (family-wise 95% Wilson)", fontsize=8)
    ax.set_ylim(0, 100)
    how = f", {', '.join(rb.ladder.sets)}" if rb.ladder.sets else ""
    ax.set_title(f"{rb.ladder.players} players{how}: win rate by {rb.key.label} under each bot "
                 f"(fair {fair:.1f}%)", fontsize=9)  # fmt: skip
    ax.legend(fontsize=7, ncol=min(5, len(labels)))
    ax.grid(axis="y", alpha=0.3)
    return save(fig, "robustness-key", f"Win rate by {rb.key.label} under each bot", png_dir)


def _spread_chart(rb: Robustness, png_dir: Path | None):
    st = rb.strengths
    sp = {r["rung"]: r for r in rb.spread.iter_rows(named=True)}
    fig, ax = plt.subplots(figsize=(6.5, 3.6))
    x = st["strength"].to_numpy()
    xerr = family_z(len(rb.ladder.steps)) * st["strength_se"].to_numpy()
    y = np.array([100 * sp[r]["spread"] for r in st["rung"]])
    lo = np.array([100 * sp[r]["lo"] for r in st["rung"]])
    hi = np.array([100 * sp[r]["hi"] for r in st["rung"]])
    err = np.array(error_bars(y, lo, hi))
    for k, name in enumerate(st["rung"]):  # a legend, not labels: neighbours sit close
        ax.errorbar(x[k : k + 1], y[k : k + 1], xerr=xerr[k : k + 1], yerr=err[:, k : k + 1],
                    fmt="osD^v<>ph"[k % 9], capsize=3, label=name)  # fmt: skip
    ax.legend(fontsize=7, loc="best")
    ax.set_xlabel(f"measured strength: summed log-odds of the head-to-head steps "
                  f"({rb.labels[0]} = 0)")  # fmt: skip
    ax.set_ylabel(f"best − worst {rb.key.label}, points")
    ax.set_ylim(bottom=0)
    ax.set_title(f"Spread of {rb.key.label} win rates against bot strength")
    ax.grid(alpha=0.3)
    return save(fig, "robustness-spread", "Best–worst spread against bot strength", png_dir)


def trend_chart(sv: StudyVerdict, key: Key, png_dir: Path | None):
    """The skill trend: per player count, each value's effect (points against the fair
    share, the verdicts' adjusted interval) under each competent bot, weakest first; a line
    that flattens towards the strongest bots is an answer that stopped moving."""
    counts = [n for n in sorted(sv.bots) if len(sv.bots[n]) > 1]
    if not counts:
        return None
    fig, axes = plt.subplots(1, len(counts), figsize=(3.2 * len(counts) + 1, 3.4), squeeze=False)
    for ax, n in zip(axes[0], counts, strict=True):
        bots = sv.bots[n]
        for f in sv.verdicts.at(n):
            pts = [f.effects.get(b) for b in bots]
            xs = [i for i, p in enumerate(pts) if p is not None]
            y = np.array([100 * pts[i][0] for i in xs])
            lo = np.array([100 * pts[i][1] for i in xs])
            hi = np.array([100 * pts[i][2] for i in xs])
            ax.errorbar(xs, y, yerr=error_bars(y, lo, hi), fmt="o-", ms=3, capsize=2, lw=1,
                        label=str(key.words(f.value)))  # fmt: skip
        d = 100 * sv.verdicts.delta
        ax.axhspan(-d, d, color="#dddddd", alpha=0.6, lw=0)
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_xticks(range(len(bots)), bots, rotation=35, ha="right", fontsize=7)
        state = "converged" if sv.converged().get(n) else "still moving"
        ax.set_title(f"{n} players ({state})", fontsize=9)
        ax.grid(axis="y", alpha=0.3)
    axes[0][0].set_ylabel("points against the fair share", fontsize=8)
    axes[0][-1].legend(fontsize=6, loc="center left", bbox_to_anchor=(1.0, 0.5))
    fig.suptitle(f"Skill trend: each {key.label}'s effect from the weakest bot to the "
                 f"strongest (grey: the ±{d:g}-point band)", fontsize=9)  # fmt: skip
    return save(fig, "skill-trend", "Skill trend: effects from the weakest bot to the strongest",
                 png_dir)  # fmt: skip


_VCLS = {ABOVE: "up", BELOW: "down", FAIR: "", UNDETERMINED: "ns", DEPENDS: "dep"}


def _key_table(rb: Robustness, sv: StudyVerdict | None) -> Table:
    """Win rate per value and bot, with the verdicts' adjusted intervals and colours for the
    competent bots (analyses.verdict) and plain 95% intervals, greyed, for the bots left out."""
    t = rb.table
    labels = rb.labels
    p = rb.ladder.players
    cells = {(c.bot, c.value): c for c in sv.verdicts.cells if c.players == p} if sv else {}
    finding = {f.value: f for f in sv.verdicts.at(p)} if sv else {}
    left = sv.left_out.get(p, {}) if sv else {}
    rows = []
    k = rb.key
    for c in ordered(t["value"], k.order):
        row = [(str(k.words(c)), "")]
        for rung in labels:
            cell = cells.get((rung, c))
            if cell is not None:
                cls = _VCLS[cell.verdict] if cell.n >= SUPPORT else "ns"  # thin: greyed
                row.append((f"{percent(cell.rate)} ({percent(cell.lo)}–{percent(cell.hi)}, "
                            f"n={cell.n:,}): {cell.verdict}", cls))  # fmt: skip
                continue
            r = t.filter((pl.col("rung") == rung) & (pl.col("value") == c))
            if not r.height:
                row.append(("–", "ns"))
                continue
            r = r.row(0, named=True)
            row.append((f"{percent(r['rate'])} (n={r['n']:,})", "ns"))
        f = finding.get(c)
        verdict = f.verdict if f is not None else ""
        row.append((verdict, _VCLS.get(verdict, "ns")))
        rows.append(row)
    games = ", ".join(f"{k} {n:,}" for k, n in rb.games.items())
    how = f" ({', '.join(rb.ladder.sets)})" if rb.ladder.sets else ""
    heads = [f"{b} (left out)" if b in left else b for b in labels]
    out = (" Left out of the verdicts (grey, no interval): "
           + "; ".join(f"{b}, {why}" for b, why in left.items()) + "." if left else "")  # fmt: skip
    z = sv.verdicts.z.get(p) if sv else None
    adj = (f"the verdicts' interval (Wilson at z = {z:.2f}, family-wise 95% over the "
           f"player count's cells)" if z else "95% Wilson interval")  # fmt: skip
    return Table(
        f"Win rate by {k.label} under each bot{how}",
        [k.label, *heads, "verdict (strongest deciding bot)"],
        rows,
        f"Each cell: win rate ({adj}, n = seats with that {k.label}) and that bot's verdict "
        f"(fair within ±{100 * (sv.verdicts.delta if sv else 0.02):g} points of the fair "
        "share / above or below when wholly beyond that band / undetermined; the verdict "
        f"card's procedure). Games per bot: {games}.{out}",
    )


def _strength_table(rb: Robustness) -> Table:
    how = f" ({', '.join(rb.ladder.sets)})" if rb.ladder.sets else ""
    rows = []
    z = family_z(len(rb.ladder.steps))
    for r in rb.strengths.iter_rows(named=True):
        if r["below"] is None:
            rows.append([(r["rung"], ""), ("bottom rung", "ns"), ("", ""), ("", ""), ("", ""),
                         ("0.00", "num")])  # fmt: skip
            continue
        if r["stronger"]:
            flag = ("stronger", "up")
        else:  # colour only what the interval says
            flag = ("weaker", "down") if r["hi"] < 0.5 else ("not measurably stronger", "ns")
        rows.append([
            (r["rung"], ""), (r["below"], ""), (percent(r["share"]), "num"),
            (f"{percent(r['lo'])}–{percent(r['hi'])}", "num"), flag,
            (f"{r['strength']:.2f} ± {z * r['strength_se']:.2f}", "num"),
        ])  # fmt: skip
    p = rb.ladder.players
    return Table(
        "Measured strength of each bot: head to head against the rung below",
        ["bot", "against", "share of wins", CI, "verdict", "strength (log-odds)"],
        rows,
        f"{p}-player tables with each of the two bots in half the seats, every seat "
        f"arrangement on the same game seeds{how}; fair = 50%. A bot "
        "is 'stronger' only if the whole interval is above 50%. Interval: normal, over game "
        "seeds (a seed with all its arrangements is one unit), family-wise over the "
        f"{len(rb.ladder.steps)} steps. Strength: the steps' log-odds summed from "
        f"{rb.labels[0]} (± its interval).",
    )


def robustness_section(rb: Robustness, png_dir: Path | None,
                       sv: StudyVerdict | None = None) -> dict:  # fmt: skip
    broken = not_a_ladder(rb)
    why = f", with {rb.ladder.note}" if rb.ladder.note else ""
    note = (
        f"The key table (win rate by {rb.key.label}) played by several bots, weakest expected "
        f"first{why}. The verdict card quotes each cell from the strongest bot "
        "played; the weaker bots' figures are the skill trend (chart), and the card says whether "
        "the two strongest bots agree within the margin (converged). "
        + ("The ladder is not a ladder everywhere: " + "; ".join(broken) + "."
           if broken else "Each rung is measurably stronger than the one below.")
    )  # fmt: skip
    trend = trend_chart(sv, rb.key, png_dir) if sv is not None else None
    return {
        "id": "robustness",
        "title": "Robustness across bots",
        "charts": [_key_chart(rb, png_dir, sv), _spread_chart(rb, png_dir)]
        + ([trend] if trend is not None else []),
        "tables": [_key_table(rb, sv), _strength_table(rb)],
        "note": note,
    }


def setting_section(runs: list[Run], sets: list[str], key: Key) -> dict | None:
    """The balance runs as played against the same with the ladder's settings (e.g.
    the strategies choosing against a random deal), per player count; None without pairs."""
    ce = setting_effect(runs, sets, key)
    if not ce.height:
        return None
    what = ", ".join(sets)
    rows = []
    for r in ce.iter_rows(named=True):
        flag = (("higher with " + what, "up") if r["diff"] > 0 else ("lower with " + what, "down")
                ) if r["significant"] else ("n.s.", "ns")  # fmt: skip
        if min(r["n"], r["base_n"]) < SUPPORT:  # too few seats to read: greyed
            flag = (f"{flag[0]} (n < {SUPPORT})", "ns")
        rows.append([
            (str(r["players"]), "num"), (str(key.words(r["value"])), ""),
            (f"{percent(r['with'])} (n={r['with_n']:,})", "num"),
            (f"{percent(r['played'])} (n={r['played_n']:,})", "num"),
            (f"{100 * r['diff']:+.1f} pts", "num"),
            (f"{100 * r['lo']:+.1f} to {100 * r['hi']:+.1f}", "num"), flag,
        ])  # fmt: skip
    table = Table(
        f"Win rate by {key.label}: with {what} minus as played",
        ["players", key.label, f"with {what}", "as played", "difference (with − as played)",
         CI, "verdict"],
        rows,
        "Same strategy, same player count, the rulebook's setting otherwise. Interval: "
        "Newcombe, family-wise per player count. A large "
        f"difference means the {key.label}'s figure as played reflects the strategies' own "
        "choices, not the game alone.",
    )  # fmt: skip
    return {
        "id": "choice",
        "title": f"Effect of {what}: the strategies' own choices",
        "charts": [],
        "tables": [table],
        "note": f"With {what} the strategies' own choice is taken out of the {key.label}; the "
        "difference is what their choice adds.",
    }


def study_report(root: Path, game: GamePlugin):
    """What a study folder reports besides the balance sections: (run directories for the
    balance report, extra(b, png_dir) sections, headline sentences). The ladder is read
    from the study's plan; a study made only of ladder runs reports its key-table runs as
    the balance part.
    """
    root = Path(root)
    plan = ladder_plan(root)
    rb = analyse_ladder(root, game, plan) if plan is not None else None
    own = [p for p in root.iterdir() if (p / "manifest.json").is_file()]
    dirs = [root] if own or plan is None else [root / plan.tables[0].split("/")[0]]
    sets = plan.sets if plan is not None else []
    # the verdicts are the card's (reports.verdict_card); the headline keeps what the card
    # does not say: where the ladder is not a ladder
    broken = not_a_ladder(rb) if rb is not None else []
    headline = (
        ["The ladder is not a ladder everywhere: " + "; ".join(broken) + "."] if broken else []
    )
    sv = study_verdict(find_runs(dirs), game, root, plan) if rb is not None else None
    headline += setting_headline(setting_effect(find_runs(dirs), sets, game.primary), sets,
                                 game.primary)  # fmt: skip

    from .good_play import good_play_section, sentence

    gp = good_play(root, game.primary.column)
    headline += [sentence(g, game.primary) + "." for g in gp if g.verdict == "differs"]

    def extra(b, png_dir):
        out = [robustness_section(rb, png_dir, sv)] if rb is not None else []
        ch = setting_section(b.runs, sets, game.primary)
        good = good_play_section(gp, game.primary, DELTA)
        return out + ([ch] if ch else []) + ([good] if good else [])

    return dirs, extra, headline
