"""The page and JSON of `palace-lab compare A B`: per cell (value × player count) the win
rates of A and B, B − A with its family-wise interval, and whether the change helped."""

from __future__ import annotations

import json
from html import escape
from pathlib import Path

from analyses.compare_runs import DELTA, Comparison
from simcore.core.contract.plugin import GamePlugin

from .number_text import points
from .tables import Table

_CLS = {"worse": "up", "better": "down", "no clear change": "ns"}


def _runs(r: dict) -> str:
    a, b = Path(r["a_run"]).name, Path(r["b_run"]).name
    return a if a == b else f"{a} → {b}"


def compare_table(c: Comparison, game: GamePlugin) -> Table:
    key = game.key(c.key)
    rows = []
    for r in c.cells.iter_rows(named=True):
        how = f"paired, {r['pairs']:,} games" if r["paired"] else "unpaired"
        rows.append([
            (str(r["players"]), "num"), (_runs(r), ""), (r["value"], ""),
            (f"{100 * r['a_rate']:.1f}% (n={r['a_n']:,})", "num"),
            (f"{100 * r['b_rate']:.1f}% (n={r['b_n']:,})", "num"),
            (f"{points(r['diff'])} ({points(r['lo'])} to {points(r['hi'])})", "num"),
            (how, ""), (points(r["moved"]), "num"), (r["change"], _CLS[r["change"]]),
        ])  # fmt: skip
    note = (
        "Difference: B − A in win-rate points (+ = higher with B), interval family-wise "
        "95% over the cells of one player count (Bonferroni, as the verdicts); paired over "
        "the games both sides played with that value where A and B share the seed, else "
        "Newcombe's. 'Distance moved': how much further from the fair share 1/N B's rate is "
        f"than A's (− = closer). worse / better: moved by more than {100 * DELTA:g} points "
        "and the interval excludes 0."
    )
    cols = ["players", "runs (A → B)", key.label, "A", "B", "B − A (interval)", "how",
            "distance moved", "change"]  # fmt: skip
    return Table(f"Win rate by {key.label}: B against A", cols, rows, note, id="compare")


def compare_json(c: Comparison, game: GamePlugin, page: str) -> str:
    cells = [{"players": r["players"], "key": c.key, "value": r["value"], "raw": r["raw"],
              "a": round(r["a_rate"], 6), "b": round(r["b_rate"], 6),
              "n": [r["a_n"], r["b_n"]], "diff": round(r["diff"], 6),
              "ci95": [round(r["lo"], 6), round(r["hi"], 6)], "paired": r["paired"],
              "pairs": r["pairs"], "moved": round(r["moved"], 6), "change": r["change"]}
             for r in c.cells.iter_rows(named=True)]  # fmt: skip
    out = {"generator": "palace-lab", "schema": 1, "page": page, "game": game.name,
           "delta": DELTA, "adjustment": "Bonferroni per player count; ci95 is family-wise",
           "runs": [{"a": str(a.path), "b": str(b.path), "players": a.players}
                    for a, b in c.pairs],
           "worse": c.worse.height, "cells": cells, "notes": list(c.notes)}  # fmt: skip
    return json.dumps(out, indent=1, ensure_ascii=False) + "\n"


def verdict_line(c: Comparison) -> str:
    """One sentence: did B help?"""
    n = c.cells.height
    worse, better = c.worse.height, c.cells.filter(c.cells["change"] == "better").height
    if not n:
        return "No cell to compare (no matching runs)."
    if worse:
        return f"B is worse than A: {worse} of {n} cells moved further from fair."
    if better:
        return f"B helped: {better} of {n} cells moved toward fair, none further from it."
    return f"No clear change: no cell of {n} moved by more than {100 * DELTA:g} points."


def compare_page(c: Comparison, game: GamePlugin, table: Table, commands: list[str]) -> str:
    head = "".join(f"<th>{escape(x)}</th>" for x in table.columns)
    body = "".join(
        "<tr>" + "".join(f'<td class="{escape(cls)}">{escape(t)}</td>' for t, cls in row)
        + "</tr>" for row in table.rows)  # fmt: skip
    notes = "".join(f"<li>{escape(n)}</li>" for n in c.notes)
    runs = "".join(f"<li><code>{escape(x)}</code></li>" for x in commands)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>palace-lab compare: B against A – {escape(game.title)}</title>
<style>body{{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em}}
table{{border-collapse:collapse;font-size:.85em}}th,td{{border-bottom:1px solid #ddd;
padding:.2em .6em;text-align:left}}td.up{{color:#a33;font-weight:600}}
td.down{{color:#262;font-weight:600}}td.ns{{color:#888}}.note{{color:#555;font-size:.85em}}
</style></head><body>
<h1>B against A – {escape(game.title)}</h1>
<p id="summary"><b>{escape(verdict_line(c))}</b></p>
<h2>{escape(table.title)}</h2>
<table class="data"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>
<p class="note">{escape(table.note)}</p>
{f"<h2>Notes</h2><ul>{notes}</ul>" if notes else ""}
<h2 id="repro">Reproducibility</h2><ul>{runs}</ul>
</body></html>
"""
