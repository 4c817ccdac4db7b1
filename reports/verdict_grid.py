"""The first screen's chart: a grid of key values × player counts, each cell coloured by its
verdict with the effect written in (the strongest bot's), and beside it the
skill trend — each value's effect under every rung of the ladder, weakest first — where the
study played a ladder. One picture of the whole card; the card's lines are its legend.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib.pyplot as plt
from matplotlib.patches import Patch

from analyses.verdict import ABOVE, BELOW, FAIR, Finding
from analyses.verdict_study import StudyVerdict
from simcore.core.contract.plugin import GamePlugin

from .charts import Chart, save

# verdict -> (cell colour, mark, legend words); the marks keep it readable without colour
LOOK = {
    ABOVE: ("#f2b8b5", "▲", "above fair"),
    BELOW: ("#b9d3ee", "▼", "below fair"),
    FAIR: ("#cfe8cf", "=", "fair"),
}
OPEN = ("#fbe3b0", "?", "on the margin")


def _look(verdict: str) -> tuple[str, str, str]:
    return LOOK.get(verdict, OPEN)


def grid_chart(sv: StudyVerdict, game: GamePlugin, png_dir: Path | None) -> Chart:
    """The grid, and the skill trend of the player count with the longest ladder."""
    v = sv.verdicts
    counts = sorted({f.players for f in v.findings})
    values = list(dict.fromkeys(f.value for f in v.findings))
    trend_at = max(counts, key=lambda n: (len(sv.bots.get(n, [])), n == game.default_players))
    trend = len(sv.bots.get(trend_at, [])) > 1
    width = 1.6 + 1.05 * len(counts)
    height = 0.85 + 0.34 * len(values)
    fig = plt.figure(figsize=(width + (4.6 if trend else 0), height))
    total, low = fig.get_figwidth(), 0.35 / height  # the legend's strip at the bottom
    _grid(fig.add_axes((0.9 / total, low, (width - 1.2) / total, 1 - low - 0.3 / height)),
          v.findings, values, counts, game)  # fmt: skip
    if trend:
        box = ((width + 0.7) / total, low + 0.25 / height, (total - width - 1.9) / total,
               1 - low - 0.55 / height)  # fmt: skip
        _trend(fig.add_axes(box), sv, trend_at, values, game)
    handles = [Patch(facecolor=c, edgecolor="#999", label=f"{m} {w}")
               for c, m, w in (*LOOK.values(), OPEN)]  # fmt: skip
    fig.legend(handles=handles, loc="lower center", ncol=4, fontsize=7, frameon=False,
               bbox_to_anchor=(0.5, -0.02))  # fmt: skip
    title = (f"Verdict per {game.primary.label} and player count (win-rate points against "
             "fair, the strongest bot's)")  # fmt: skip
    return save(fig, "verdict-grid", title, png_dir)


def _grid(ax, findings: list[Finding], values: list, counts: list[int], game: GamePlugin):
    at = {(f.value, f.players): f for f in findings}
    for i, value in enumerate(values):
        for j, n in enumerate(counts):
            f = at.get((value, n))
            colour, mark, _ = _look(f.verdict) if f else ("#eeeeee", "", "")
            ax.add_patch(plt.Rectangle((j - 0.5, i - 0.5), 1, 1, facecolor=colour,
                                       edgecolor="white", lw=2))  # fmt: skip
            text = f"{mark} {100 * f.effect:+.1f}".replace("-", "−") if f else "–"
            ax.text(j, i, text, ha="center", va="center", fontsize=8)
    ax.set_xlim(-0.5, len(counts) - 0.5)
    ax.set_ylim(len(values) - 0.5, -0.5)
    ax.set_xticks(range(len(counts)), [f"{n} players" for n in counts], fontsize=8)
    ax.xaxis.tick_top()
    ax.set_yticks(range(len(values)), [game.primary.words(x) for x in values], fontsize=8)
    ax.tick_params(length=0)
    for s in ax.spines.values():
        s.set_visible(False)


def _trend(ax, sv: StudyVerdict, players: int, values: list, game: GamePlugin) -> None:
    """Each value's effect under every rung at `players`, weakest rung left; the band shaded."""
    fs = {f.value: f for f in sv.verdicts.at(players)}
    bots = sv.bots[players]
    d = 100 * sv.verdicts.delta
    ax.axhspan(-d, d, color="#cfe8cf", alpha=0.6, lw=0)
    ax.axhline(0, color="grey", lw=0.8)
    for value in values:
        f = fs.get(value)
        if f is None:
            continue
        xs = [k for k, b in enumerate(bots) if b in f.effects]
        ys = [100 * f.effects[bots[k]][0] for k in xs]
        ax.plot(xs, ys, marker="o", ms=3, lw=1.2, label=game.primary.words(value))
    ax.set_xticks(range(len(bots)), bots, fontsize=7, rotation=20, ha="right")
    ax.set_xlim(-0.2, len(bots) - 0.4)
    ax.set_ylabel("win-rate points against fair", fontsize=7)
    ax.tick_params(axis="y", labelsize=7)
    ax.set_title(f"Skill trend at {players} players (weakest bot left)", fontsize=8)
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=6, loc="center left", bbox_to_anchor=(1.0, 0.5), frameon=False)
