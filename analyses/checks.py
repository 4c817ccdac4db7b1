"""Warnings for degenerate patterns a designer should see before any figure.

Each is a plain sentence: a character never started (never dealt or never chosen), a
character never held at the end of a game, a strategy that never takes some action,
games decided almost entirely by turn order (a round-1 position winning > 90%), and
illegal requests by the strategies.
"""

from __future__ import annotations

import polars as pl

from simcore.maharaja.enums import CHARACTER_NAMES

DECIDED = 0.90  # a turn position winning more than this share decides the game


def _where(run: str, players: int, several: bool) -> str:
    return f"{players} players, {run}" if several else f"{players} players"


def warnings_for(b) -> list[str]:
    """b: analyses.balance.Balance (duck-typed to keep the import one-way)."""
    out: list[str] = []
    several = len({r.label for r in b.runs}) > 1
    for r in b.runs:
        f = (pl.col("run") == r.label) & (pl.col("players") == r.players)
        where = _where(r.label, r.players, several)
        started = set(b.start.filter(f)["start_character"].drop_nulls())
        yogi = "yogi" in r.manifest.get("variants", []) or r.manifest.get("rules", {}).get("yogi")
        pool = [c for c in CHARACTER_NAMES if c != "Yogi" or yogi]
        never = [c for c in pool if c not in started]
        if never:
            out.append(
                f"{where}: {', '.join(never)} never started a game (never dealt or chosen); "
                "no figure is shown for it and --target-ci ignores it."
            )
        held = set(b.end.filter(f)["end_character"].drop_nulls())
        gone = [c for c in pool if c in started and c not in held]
        if gone:
            out.append(
                f"{where}: {', '.join(gone)} started games but was never held at the end "
                "of one (always passed on)."
            )
        order = b.order.filter(f & (pl.col("rate") > DECIDED))
        for o in order.iter_rows(named=True):
            out.append(
                f"{where}: the player {ordinal(o['first_order'] + 1)} in round 1 wins "
                f"{100 * o['rate']:.1f}% of games (n = {o['n']:,}): turn order decides the game."
            )
    if b.actions is not None:
        never_done = b.actions.filter(pl.col("total") == 0)
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


def ordinal(k: int) -> str:
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"
