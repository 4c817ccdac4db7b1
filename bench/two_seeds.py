"""Two studies of one game with different seeds, compared (issue 31: the same verdict
whatever the seed; docs/STUDIES.md, "Two seeds").

    python -m bench.two_seeds DIR_A DIR_B [--check]

DIR_A and DIR_B are study folders (or their report.verdict.json files). Per player count:
each run's verdict (balanced / not balanced / open) and, per cell (players, key, value), the
two verdicts: **same** (decided alike), **differ** (decided in both, differently) or **open**
(on the margin in one run or both). Exit status 1 on a flip: a cell decided above or below
the band in one run and decided otherwise in the other (above against below or fair, below
against above or fair), or a balanced / not-balanced disagreement where neither count is
open. Open cells are no flip: the rule leaves them undecided, and the issue sets them aside.

`--check` also checks each run's card as issue 31 asks it to rest: per player count at
least 3 competent bots of which at least 2 search rungs (a rung whose strategy text starts
with `lookahead`, read from the study's plan.json), every finding's effect the strongest
competent bot's (`reference` = the last competent bot, whose entry in `effects` is the
finding's effect), and the fields `converged` and per finding `effects`; exit status 2
when a card fails that (and nothing flipped).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

VERDICT_FILE = "report.verdict.json"
PLAN_FILE = "plan.json"
DECIDED = ("above", "below", "fair")
MIN_BOTS, MIN_SEARCH = 3, 2


def load(path: str | Path) -> dict:
    """A verdict file, from itself or from its study folder."""
    p = Path(path)
    return json.loads((p / VERDICT_FILE if p.is_dir() else p).read_text())


def balanced_word(b: bool | None) -> str:
    return "open" if b is None else "balanced" if b else "not balanced"


def cells(doc: dict) -> dict[tuple, dict]:
    """(players, key, value) -> finding."""
    return {(int(f["players"]), str(f["key"]), str(f["value"])): f for f in doc["findings"]}


def cell_state(a: str, b: str) -> str:
    """same / differ / open for a cell's two verdicts."""
    if a not in DECIDED or b not in DECIDED:
        return "open"
    return "same" if a == b else "differ"


def compare(a: dict, b: dict) -> dict:
    """Per player count (as text): both verdicts, the cells by state, and the flips."""
    ca, cb = cells(a), cells(b)
    counts = sorted({int(k) for k in a["balanced"]} | {int(k) for k in b["balanced"]})
    out = {}
    for n in counts:
        ba, bb = a["balanced"].get(str(n)), b["balanced"].get(str(n))
        rows = []
        for k in sorted(set(ca) | set(cb)):
            if k[0] != n:
                continue
            va = ca[k]["verdict"] if k in ca else "missing"
            vb = cb[k]["verdict"] if k in cb else "missing"
            label = (ca.get(k) or cb[k]).get("label", k[2])
            rows.append({"key": k[1], "value": k[2], "label": label, "a": va, "b": vb,
                         "state": cell_state(va, vb),
                         "effect": [ca[k]["effect"] if k in ca else None,
                                    cb[k]["effect"] if k in cb else None]})  # fmt: skip
        flips = [r["label"] for r in rows if r["state"] == "differ"]
        balance_flip = ba is not None and bb is not None and ba != bb
        out[str(n)] = {"a": balanced_word(ba), "b": balanced_word(bb), "cells": rows,
                       "flips": flips, "balance_flip": balance_flip}  # fmt: skip
    return out


def search_bots(study: Path) -> set[str]:
    """Rung labels whose strategy is a search (`lookahead...`), from the study's plan."""
    path = study / PLAN_FILE
    if not path.is_file():
        return set()
    extra = json.loads(path.read_text()).get("extra") or {}
    ladders = extra.get("ladders") or ([extra["ladder"]] if extra.get("ladder") else [])
    return {r["label"] for d in ladders for r in d.get("rungs", [])
            if str(r.get("strategy", "")).startswith("lookahead")}  # fmt: skip


def card_problems(doc: dict, search: set[str]) -> list[str]:
    """What keeps a card from resting as issue 31 asks (empty: nothing)."""
    out = []
    if "converged" not in doc:
        out.append("no `converged` field")
    competent = doc["bots"]["competent"]
    for n, bots in sorted(competent.items(), key=lambda kv: int(kv[0])):
        s = [b for b in bots if b in search]
        if len(bots) < MIN_BOTS or len(s) < MIN_SEARCH:
            out.append(f"{n} players: {len(bots)} competent bots, {len(s)} search ({bots})")
    for f in doc["findings"]:
        where = f"{f['players']}p {f.get('label', f['value'])}"
        if "effects" not in f:
            out.append(f"{where}: no `effects`")
            continue
        top = competent.get(str(f["players"]), [None])[-1]
        if f.get("reference") != top:
            out.append(f"{where}: quotes {f.get('reference')}, the strongest is {top}")
        mine = f["effects"].get(f.get("reference"))
        if mine is None or abs(mine[0] - f["effect"]) > 1e-6:
            out.append(f"{where}: effect {f['effect']} is not its reference's {mine}")
    return out


def _fmt(x) -> str:
    return "-" if x is None else f"{x:+.1f}"


def report(a: dict, b: dict, cmp: dict) -> list[str]:
    lines = []
    for n, c in cmp.items():
        states = [r["state"] for r in c["cells"]]
        tally = ", ".join(f"{states.count(s)} {s}" for s in ("same", "differ", "open"))
        lines.append(f"{n} players: A {c['a']}, B {c['b']}; cells {tally}"
                     + ("; BALANCE FLIP" if c["balance_flip"] else ""))  # fmt: skip
        for r in c["cells"]:
            lines.append(f"  {r['label']:<24} {r['a']:>12} {_fmt(r['effect'][0]):>6}  "
                         f"{r['b']:>12} {_fmt(r['effect'][1]):>6}  {r['state']}")  # fmt: skip
    lines.append(f"A: {a.get('summary', '')}")
    lines.append(f"B: {b.get('summary', '')}")
    return lines


def flipped(cmp: dict) -> bool:
    return any(c["flips"] or c["balance_flip"] for c in cmp.values())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--check", action="store_true", help="also check each card's footing")
    args = ap.parse_args(argv)
    a, b = load(args.a), load(args.b)
    cmp = compare(a, b)
    print("\n".join(report(a, b, cmp)))
    bad = False
    if args.check:
        for name, doc in (("A", a), ("B", b)):
            root = Path(getattr(args, name.lower()))
            probs = card_problems(doc, search_bots(root if root.is_dir() else root.parent))
            print(f"card {name}: " + ("rests on >= 3 bots, >= 2 search; effects the top's"
                                      if not probs else "; ".join(probs)))  # fmt: skip
            bad = bad or bool(probs)
    if flipped(cmp):
        print(
            "FLIP: "
            + "; ".join(
                f"{n}p {', '.join(c['flips']) or 'balanced'}"
                for n, c in cmp.items()
                if c["flips"] or c["balance_flip"]
            )
        )
        return 1
    return 2 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
