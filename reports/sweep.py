"""Report section of a parameter sweep: each balance measure against the swept rule value.

One panel per value of the game's primary key (seat, end reason); the x axis is the
first swept key and, for a 2-D grid, one line per value of the second. Win-rate panels
draw the fair share 1/N, so the value where a line crosses it can be read off.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib.pyplot as plt
import polars as pl

from analyses.sweep import SweepMeasures

from .charts import Chart, error_bars, key_order, ordered, save, slug
from .tables import CI, Table
from .words import label_for, title_for


def _panels(
    d: pl.DataFrame, by: str | None, keys: list[str], title: str, ylabel: str, fair: float | None,
    name: str, png_dir: Path | None, label=str, rulebook=None, order=(),
) -> Chart:  # fmt: skip
    x, line = keys[0], (keys[1] if len(keys) > 1 else None)
    groups = ordered(d[by], order) if by else [None]
    cols = min(4, len(groups))
    rows = -(-len(groups) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(2.9 * cols, 2.4 * rows + 0.4), squeeze=False)
    for ax in axes.flat[len(groups) :]:
        ax.set_visible(False)
    span = 0.0
    if fair is not None:  # half-height of a scale centred on the fair share that shows all
        dev = [abs(v - fair) for v in (*d["lo"].to_list(), *d["hi"].to_list()) if v is not None]
        span = 100 * max(0.02, 1.1 * max(dev, default=0.0))
    for ax, g in zip(axes.flat, groups, strict=False):
        p = d if by is None else d.filter(pl.col(by) == g)
        for lv in sorted(set(p[line])) if line else [None]:
            q = (p if line is None else p.filter(pl.col(line) == lv)).sort(x)
            xs = q[x].cast(pl.Float64).to_numpy()
            scale = 100 if fair is not None or by else 1
            ax.errorbar(
                xs,
                q["rate"].to_numpy() * scale,
                yerr=error_bars(q["rate"].to_numpy() * scale, q["lo"].to_numpy() * scale,
                          q["hi"].to_numpy() * scale),  # fmt: skip
                marker="o", ms=3, capsize=2, label=f"{line}={lv}" if line else None,
            )  # fmt: skip
        if fair is not None:
            ax.axhline(100 * fair, ls="--", color="grey", lw=1)
            ax.set_ylim(100 * fair - span, 100 * fair + span)  # fair-centred, same on every panel
        if rulebook is not None:
            ax.axvline(float(rulebook), ls=":", color="green", lw=1)
        ax.set_title(label(g) if by else title, fontsize=9)
        ax.set_xticks(sorted(set(d[x].cast(pl.Float64))))
        ax.grid(alpha=0.3)
        ax.set_xlabel(x, fontsize=8)
        ax.set_ylabel(ylabel, fontsize=8)
    if line:
        axes.flat[0].legend(fontsize=7)
    full = f"{title} against {x}" + (f", one line per {line}" if line else "")
    if fair is not None:
        full += f" (dashed: fair share {100 * fair:.1f}%)"
    if rulebook is not None:
        full += f" (dotted: rulebook {x}={rulebook})"
    fig.suptitle(full, fontsize=10)
    fig.tight_layout()
    return save(fig, slug(name), full, png_dir)


def sweep_sections(m: SweepMeasures, png_dir: Path | None) -> list[dict]:
    game = m.game
    charts = []
    rb = (m.rulebook or {}).get(m.keys[0])
    primary = game.primary.column
    for n in sorted(set(m.rates[primary]["players"])):
        f = pl.col("players") == n
        for col, rates in m.rates.items():
            charts.append(_panels(
                rates.filter(f), col, m.keys, f"{n} players: win rate by {title_for(game, col)}",
                "win rate, %", 1 / n, f"grid-{col}-{n}p", png_dir, label_for(game, col),
                rulebook=rb, order=key_order(game, col)))  # fmt: skip
        if m.length is not None:
            unit = game.shape.length_label
            charts.append(_panels(m.length.filter(f), None, m.keys,
                                  f"{n} players: mean {unit} per game",
                                  f"{unit} (family-wise 95% interval)",
                                  None, f"grid-length-{n}p", png_dir, rulebook=rb))  # fmt: skip
        if m.end_reasons is not None:
            end = game.shape.end
            charts.append(_panels(m.end_reasons.filter(f), end, m.keys,
                                  f"{n} players: how games end", "share of games, %", None,
                                  f"grid-end-{n}p", png_dir, label_for(game, end),
                                  rulebook=rb))  # fmt: skip
    key = game.primary
    note = (
        "Each point is one run of the grid with its family-wise 95% interval (Wilson for "
        "shares, normal for means; adjusted as everywhere on the page). Read off the value "
        f"at which a {key.label}'s line meets the dashed "
        "fair share; where its interval still covers the fair share on both neighbouring "
        "values, more games are needed to tell them apart."
    )
    if m.rulebook:
        book = ", ".join(f"{k}={v}" for k, v in m.rulebook.items())
        note += (
            f" Rulebook value: {book} (dotted line); differences against the run at the "
            "rulebook value are in the section 'Variants and rule values compared'."
        )
    return [{"id": "grid", "title": f"Sweep over {', '.join(m.keys)}", "charts": charts,
             "tables": [_fair_table(m)], "note": note}]  # fmt: skip


def _fair_table(m: SweepMeasures) -> Table:
    """Per value of the primary key: the grid point whose win rate is closest to fair."""
    key = m.game.primary
    label = label_for(m.game, key.column)
    rows = []
    d = m.rates[key.column].with_columns((pl.col("rate") - pl.col("fair")).abs().alias("gap"))
    for (players, value), g in d.group_by(["players", key.column], maintain_order=True):
        best = g.sort("gap").row(0, named=True)
        at = ", ".join(f"{k}={best[k]}" for k in m.keys)
        rows.append(
            [
                (str(players), "num"),
                (str(label(value)), ""),
                (at, ""),
                (f"{100 * best['rate']:.1f}%", "num"),
                (f"{100 * best['lo']:.1f}–{100 * best['hi']:.1f}%", "num"),
                (f"{best['n']:,}", "num"),
                (f"{100 * best['fair']:.1f}%", "num"),
                ("still off", "dep")
                if best.get("significant", not best["fair_inside"])
                else ("fair inside", "ns"),
            ]
        )
    cols = ["players", key.label, "closest to fair at", "win rate", CI, "n",
            "fair", "verdict"]  # fmt: skip
    note = "Only grid points were played; the best value may lie between two of them."
    return Table(f"Grid point closest to the fair share, per {key.label}", cols, rows, note)
