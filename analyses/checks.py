"""Warnings for degenerate patterns a designer should see before any figure.

Each is a plain sentence: a value of a balance key that should occur but never does (a
value never dealt or chosen), a value that occurs at the start but never at the end
(a value always passed on), games decided almost entirely by position (a position
winning > 90%), a strategy that never takes some action, and illegal requests by the
strategies.
"""

from __future__ import annotations

import polars as pl

from .actions import DECISION

DECIDED = 0.90  # a position winning more than this share decides the game


def ordinal(k: int) -> str:
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def _where(run: str, players: int, several: bool) -> str:
    return f"{players} players, {run}" if several else f"{players} players"


def warnings_for(b) -> list[str]:
    """b: analyses.balance.Balance (duck-typed to keep the import one-way)."""
    out: list[str] = []
    game = b.game
    several = len({r.label for r in b.runs}) > 1
    primary = game.primary
    for r in b.runs:
        f = (pl.col("run") == r.label) & (pl.col("players") == r.players)
        where = _where(r.label, r.players, several)
        rules = r.manifest.get("rules", {}) or {}
        seen: dict[str, set] = {}
        for key in game.keys:
            if key.column not in b.rates:
                continue
            seen[key.column] = set(b.rates[key.column].filter(f)[key.column].drop_nulls())
            if key.expected is None:
                continue
            pool = list(key.expected(rules))
            if key.never_held_note:  # an end-of-game key: values that started but never ended
                gone = [v for v in pool if v in seen.get(primary.column, set())
                        and v not in seen[key.column]]  # fmt: skip
                if gone:
                    out.append(f"{where}: {', '.join(map(str, gone))} {key.never_held_note}.")
                continue
            never = [v for v in pool if v not in seen[key.column]]
            if never:
                out.append(
                    f"{where}: {', '.join(map(str, never))} never occurred as {key.label}; no "
                    "figure is shown for it"
                    + (" and --target-ci ignores it." if key is primary else ".")
                )
        for key in game.keys:
            if not key.ordinal or key.column not in b.rates or key.column == game.seat_key:
                continue
            hot = b.rates[key.column].filter(f & (pl.col("rate") > DECIDED))
            for o in hot.iter_rows(named=True):
                out.append(
                    f"{where}: {key.words(o[key.column])} wins {100 * o['rate']:.1f}% of games "
                    f"(n = {o['n']:,}): the {key.label} decides the game."
                )
    if b.actions is not None:
        # actions only: a decision kind is asked by the rules (some only in a variant)
        never_done = b.actions.filter(
            (pl.col("total") == 0) & ~pl.col("action").str.starts_with(DECISION)
        )
        for (run, players, strategy), d in never_done.group_by(
            ["run", "players", "strategy"], maintain_order=True
        ):
            acts = ", ".join(str(a) for a in d["action"])
            out.append(
                f"{_where(str(run), int(players), several)}: the {strategy} strategy never "
                f"took the action{'s' if d.height > 1 else ''} {acts} "
                f"({d['n'][0]:,} seats)."
            )
    if b.errors:
        out.append(
            f"Strategies made {b.errors:,} illegal requests; their games are counted but the "
            "strategy needs fixing."
        )
    return out
