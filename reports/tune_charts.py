"""Charts of a tuning run: the search's trials, the trade-off between imbalance and
distance from the starting rules, the confirmed imbalance of each setting, and the
recommendation's win rates against the starting rules'. Every confirmed figure is drawn
with its 95% interval; the search's own figures are marked as such (they are noisier and
biased towards the settings that happened to look good).
"""

from __future__ import annotations

from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np

from analyses.tuning import Tuning, rank_candidates

from .charts import Chart, error_bars, save

STATE_STYLE = {
    "complete": dict(marker="o", color="#36a"),
    "pruned": dict(marker="x", color="#999"),
}


def search_chart(t: Tuning, png_dir: Path | None) -> Chart:
    """Each trial's objective at the last rung it played; the best so far at the top rung."""
    trials = [x for x in t.search["trials"] if x["rungs"]]
    rung_games = t.search["rung_games"]
    fig, ax = plt.subplots(figsize=(7, 3.6))
    for r, games in enumerate(rung_games):
        pts = [(x["number"], x["rungs"][-1]["value"]) for x in trials if len(x["rungs"]) == r + 1]
        if pts:
            xs, ys = zip(*pts)
            size = 14 + 22 * r
            ax.scatter(xs, ys, s=size, alpha=0.8, label=f"last rung {r + 1} ({games:,} games)")
    top = sorted(
        (x["number"], x["rungs"][-1]["value"]) for x in trials if len(x["rungs"]) == len(rung_games)
    )
    if top:
        best, line = np.inf, []
        for n, v in top:
            best = min(best, v)
            line.append((n, best))
        ax.step(*zip(*line), where="post", color="#a33", lw=1, label="best so far (top rung)")
    ax.set_xlabel("trial")
    ax.set_ylabel(_unit(t))
    ax.set_title("Search: objective of every trial (search figures, not confirmed)")
    ax.legend(fontsize=7)
    ax.grid(alpha=0.3)
    return save(fig, "tune-search", "The search's trials", png_dir)


def tradeoff_chart(t: Tuning, png_dir: Path | None) -> Chart:
    """Imbalance against steps from the starting rules: every setting the search played
    (its top rung), the search's best per distance, and the confirmed settings."""
    best = {
        c["folder"]: (c["distance"], c["imbalance"]) for c in rank_candidates(t.search["trials"])
    }
    fig, ax = plt.subplots(figsize=(7, 3.8))
    if best:
        d, v = zip(*best.values())
        ax.scatter(d, v, s=12, color="#bbb", label="search (highest rung reached)")
        front = {}
        for di, vi in best.values():
            front[di] = min(front.get(di, np.inf), vi)
        xs = sorted(front)
        ys = np.minimum.accumulate([front[x] for x in xs])
        ax.step(xs, ys, where="post", color="#999", lw=1, label="search: best within distance")
    for c in t.confirmed:
        e = c.estimate
        ax.errorbar(
            [c.distance],
            [e.value],
            yerr=error_bars(np.array([e.value]), np.array([e.lo]), np.array([e.hi])),
            fmt="s" if c.name == "start" else "o",
            capsize=3,
            label=f"{_short(c.name)} (confirmed)",
        )
    ax.set_xlabel("steps away from the starting rules")
    ax.set_ylabel(_unit(t, objective_only=True))
    ax.set_title("Trade-off: imbalance against the size of the change")
    ax.legend(fontsize=7)
    ax.grid(alpha=0.3)
    return save(fig, "tune-tradeoff", "Imbalance against distance from the starting rules", png_dir)


def confirmed_chart(t: Tuning, png_dir: Path | None) -> Chart:
    """The confirmed imbalance of each setting, and of the check's, with 95% intervals."""
    rows = [(f"{_short(c.name)}", c.estimate) for c in t.confirmed]
    if t.check is not None:
        rows += [
            (f"{_short(c.name)} under {t.check.strategy}", c.estimate)
            for c in (t.check.start, t.check.winner)
        ]
    fig, ax = plt.subplots(figsize=(7, 0.8 + 0.42 * len(rows)))
    ys = np.arange(len(rows))
    v = np.array([e.value for _, e in rows])
    lo, hi = np.array([e.lo for _, e in rows]), np.array([e.hi for _, e in rows])
    ax.errorbar(v, ys, xerr=error_bars(v, lo, hi), fmt="o", capsize=3)
    ax.axvline(0, color="grey", lw=1, ls="--")
    ax.set_yticks(ys, [label for label, _ in rows])
    ax.invert_yaxis()
    ax.set_xlim(left=0)
    ax.set_xlabel(_unit(t, objective_only=True) + " (bias-corrected, 95% interval)")
    ax.set_title("Confirmed imbalance on fresh seeds")
    ax.grid(axis="x", alpha=0.3)
    return save(fig, "tune-confirmed", "Confirmed imbalance per setting", png_dir)


def key_chart(t: Tuning, players: int, key: str, rows: list, png_dir: Path | None) -> Chart:
    """Win rate per key value under the starting rules and the recommendation."""
    from .words import label_for, title_for

    game = t.start.runs[0].plugin
    word = label_for(game, key)
    fig, ax = plt.subplots(figsize=(7, 0.6 + 0.5 * len(rows)))
    for j, (name, idx) in enumerate((("starting rules", 1), ("recommendation", 2))):
        ys = np.arange(len(rows)) + (j - 0.5) * 0.3
        rate = np.array([r[idx][0] for r in rows]) * 100
        lo, hi = (
            np.array([r[idx][1] for r in rows]) * 100,
            np.array([r[idx][2] for r in rows]) * 100,
        )
        ax.errorbar(rate, ys, xerr=error_bars(rate, lo, hi), fmt="so"[j], capsize=3, label=name)
    ax.axvline(100 / players, ls="--", color="grey", lw=1, label=f"fair share {100 / players:.1f}%")
    ax.set_yticks(range(len(rows)), [word(r[0]) for r in rows])
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("win rate, % (95% Wilson interval; fixed 0–100% scale)")
    title = f"{title_for(game, key).capitalize()}, {players} players"
    ax.set_title(title)
    ax.legend(fontsize=7)
    ax.grid(axis="x", alpha=0.3)
    return save(fig, f"tune-{key}-{players}p".replace("_", "-"), title, png_dir)


def _unit(t: Tuning, objective_only: bool = False) -> str:
    s = t.settings
    what = f"imbalance ({s['objective']}), points"
    if s["penalty"] and not objective_only:
        return f"objective: {what} + {s['penalty']:g} per step"
    return what


def _short(name: str) -> str:
    return "starting rules" if name == "start" else name.replace(",", ", ")
