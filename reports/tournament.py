"""Tournament report: win rates, the pairwise 'finishes ahead' table and the rating, as one
self-contained HTML file with PNG charts beside it (same habits as render.py)."""

from __future__ import annotations

import shlex
from datetime import UTC, datetime
from importlib.metadata import version
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import polars as pl

from analyses.intervals import wilson
from analyses.tournament import Games, pairwise, rating, win_rates
from simcore.core.store.commands import suggested_command

from .charts import error_bars, save
from .render import environment, write_report
from .tables import Table


def _bar(labels, rate, lo, hi, xlabel, title, name, png_dir, ref=None):
    fig, ax = plt.subplots(figsize=(7, 0.6 + 0.45 * len(labels)))
    ys = np.arange(len(labels))
    ax.errorbar(rate, ys, xerr=error_bars(rate, lo, hi), fmt="o", capsize=3)
    if ref is not None:
        ax.axvline(ref[0], ls="--", color="grey", lw=1, label=ref[1])
        ax.legend(fontsize=7)
    ax.set_yticks(ys, labels)
    ax.invert_yaxis()
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    ax.grid(axis="x", alpha=0.3)
    return save(fig, name, title, png_dir)


def _span(lo: float, hi: float, fmt: str) -> str:
    """'lo–hi' or 'n/a' when there is no interval (no bootstrap)."""
    if np.isnan(lo) or np.isnan(hi):
        return "n/a"
    return f"{fmt.format(lo)} to {fmt.format(hi)}"


def _sections(g: Games, boots: int, png_dir: Path) -> list[dict]:
    p = g.players
    wr = win_rates(g).sort("rate", descending=True)
    rt = rating(g, boots)
    ahead, met = pairwise(g)
    # a strategy that never finished ahead of another has no finite Plackett-Luce rating
    never = {g.labels[i] for i in range(len(g.labels)) if ahead[i].sum() == 0}
    shown = rt.filter(~pl.col("strategy").is_in(list(never)))
    ref = rt["reference"][0]
    charts = [
        _bar(wr["strategy"].to_list(), wr["rate"].to_numpy() * 100, wr["lo"].to_numpy() * 100,
             wr["hi"].to_numpy() * 100, "win rate, % (95% Wilson interval)",
             f"{p} players: win rate per seat played", "tournament-win-rate", png_dir,
             (100 / p, f"fair share {100 / p:.1f}%")),
        _bar(shown["strategy"].to_list(), 100 * shown["ahead"].to_numpy(),
             100 * shown["ahead_lo"].to_numpy(), 100 * shown["ahead_hi"].to_numpy(),
             f"chance to finish ahead of {ref}, % (95% bootstrap interval)",
             f"Rating: chance to finish ahead of {ref}" + (" (without " +
             ", ".join(sorted(never)) + ": never finished ahead)" if never else ""),
             "tournament-rating", png_dir, (50, f"even with {ref}")),
    ]  # fmt: skip
    win_rows = [
        [(r["strategy"], ""), (f"{100 * r['rate']:.1f}%", "num"),
         (f"{100 * r['lo']:.1f}–{100 * r['hi']:.1f}%", "num"), (f"{r['n']:,}", "num"),
         (f"{100 / p:.1f}%", "num"),
         ("n.s.", "ns") if r["lo"] <= 1 / p <= r["hi"] else
         (("above fair", "up") if r["rate"] > 1 / p else ("below fair", "down"))]
        for r in wr.iter_rows(named=True)
    ]  # fmt: skip
    labels = g.labels
    pair_rows = []
    for i, a in enumerate(labels):
        row = [(a, "")]
        for j in range(len(labels)):
            if i == j or met[i, j] == 0:
                row.append(("–", "ns"))
                continue
            lo, hi = wilson(int(ahead[i, j]), int(met[i, j]))
            share = ahead[i, j] / met[i, j]
            cls = "ns" if lo <= 0.5 <= hi else ("up" if share > 0.5 else "down")
            row.append((f"{100 * share:.1f}% ({100 * lo:.1f}–{100 * hi:.1f}%, n={met[i, j]:,})",
                        cls))  # fmt: skip
        pair_rows.append(row)
    rate_rows = [
        [(r["strategy"], ""), (f"{100 * r['ahead']:.1f}%", "num"),
         (_span(100 * r["ahead_lo"], 100 * r["ahead_hi"], "{:.1f}%"), "num"),
         (f"{r['rating']:+.0f}", "num"), (_span(r["lo"], r["hi"], "{:+.0f}"), "num"),
         (f"{r['strength']:.3f}", "num")]
        if r["strategy"] not in never else
        [(r["strategy"], ""), ("0%", "down"), ("never finished ahead of another strategy", "ns"),
         ("−∞", "down"), ("", "ns"), ("0", "num")]
        for r in rt.iter_rows(named=True)
    ]  # fmt: skip
    games = len(g.rank)
    tables = [
        Table("Win rate per strategy", ["strategy", "win rate", "95% interval", "n (seats)",
              "fair", "vs fair"], win_rows,
              "n counts seats played; every strategy sat equally often in every seat. When a "
              "strategy fills several seats of one table those seats share a game, so its "
              "interval is somewhat too narrow."),
        Table("Pairwise: row finishes ahead of column", ["row \\ column", *labels], pair_rows,
              "Share of the games in which both played where the row strategy ranked above the "
              "column strategy, with a 95% Wilson interval and n = such (seat, seat) meetings; "
              "'n.s.' = cannot be told from 50%."),
        Table(f"Rating: chance to finish ahead of {ref} (Plackett–Luce)",
              ["strategy", f"ahead of {ref}", "95% interval", "Elo", "95% interval",
               "strength γ"], rate_rows,
              f"Plackett–Luce fit over the full finishing order of {games:,} games (Hunter's MM "
              f"algorithm). 'ahead of {ref}' is the fitted chance of finishing above {ref} in a "
              f"game both play (50% = as strong as {ref}); Elo is the same on a log scale, "
              f"{ref} = 0, 400 points = 10:1 odds. Reference: the game's default strategy "
              "when it plays, else the strongest strategy that is not `random`. Intervals: "
              + (f"{boots} bootstrap resamples of the game seeds (all tables of a seed together)."
                 if boots > 0 else "none (--boots 0).")),
    ]  # fmt: skip
    best, top = wr.row(0, named=True), shown.row(0, named=True) if shown.height else None
    found = [
        f"{best['strategy']} wins most: {100 * best['rate']:.1f}% of the seats it played "
        f"(95% interval {100 * best['lo']:.1f}–{100 * best['hi']:.1f}%, n = {best['n']:,} "
        f"seats) against a fair {100 / p:.1f}%."
    ]
    if top is not None and top["strategy"] != ref:
        found.append(
            f"{top['strategy']} rates highest: it finishes ahead of {ref} with a fitted chance "
            f"of {100 * top['ahead']:.1f}% (95% interval "
            f"{_span(100 * top['ahead_lo'], 100 * top['ahead_hi'], '{:.1f}%')})."
        )
    elif top is not None:
        found.append(f"{ref}, the reference of the rating, rates highest.")
    if never:
        found.append(f"{', '.join(sorted(never))} never finished ahead of another strategy.")
    return found, [{"id": "tournament", "title": "Strategy tournament", "charts": charts,
                    "tables": tables}]  # fmt: skip


def render_tournament(g: Games, out: Path, command: list[str], boots: int = 200) -> list[Path]:
    """Write DIR/report.html and its PNG charts; nothing half-written on failure."""

    def build(png_dir: Path) -> str:
        found, sections = _sections(g, boots, png_dir)
        seats = {tuple(r.manifest["strategies"][i]["name"] for i in range(g.players))
                 for r in g.runs}  # fmt: skip
        intro = [
            f"{len(g.labels)} strategies ({', '.join(g.labels)}), {g.players} players, "
            f"{len(g.runs)} tables ({len(seats)} distinct seatings) of "
            f"{len(g.rank) // len(g.runs):,} games each on the same game seeds: every "
            "strategy sits equally often in every seat and meets the same deals there "
            "(common random numbers). The tables come from the sorted strategy list, so the "
            "order given on the command line changes nothing.",
        ]
        runs = [{"label": r.path.name, "path": str(r.path),
                 "command": suggested_command(r.path, r.manifest),  # rebuilt, never the file's
                 "seed": r.manifest["seed"], "players": r.players,
                 "games": f"{r.games_done:,}", "status": r.manifest["status"],
                 "strategies": ", ".join(s["name"] for s in r.manifest["strategies"]),
                 "variants": ", ".join(r.manifest.get("variants", [])) or "none",
                 "rules_changed": str(r.manifest.get("rules_changed", {})),
                 "board": str(r.manifest.get("board", {}).get("source")),
                 "version": r.manifest.get("package_version", "?"),
                 "when": r.manifest.get("created", "?")} for r in g.runs]  # fmt: skip
        return environment().get_template("report.html.j2").render(
            title="palace-lab strategy tournament", game=g.runs[0].game, findings=found,
            intro=intro, sections=sections, runs=runs, total_games=len(g.rank),
            report_command=shlex.join(command), version=version("palace-lab"),
            created=datetime.now(UTC).isoformat(timespec="seconds"), unfinished=[],
        )  # fmt: skip

    from .output import VERDICT_SUFFIX
    from .verdict_card import empty_json

    why = "a tournament rates strategies against each other, not the game's balance"
    return write_report(
        out, build, {VERDICT_SUFFIX: empty_json(g.runs[0].game, Path(out).name, why)}
    )
