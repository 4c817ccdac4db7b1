"""One game as text for `palace-lab play`: a header naming what is played, the game's own
event sentences, and the final ranking in rank order (from the game's results table, so
every game gets it the same way)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from simcore.core.contract.plugin import GamePlugin


def header(plugin: GamePlugin, players: int, strategy: str, seed: int, index: int,
           rules: Any) -> list[str]:  # fmt: skip
    """Game, players, the bot in each seat, seed and game index, and rules off the rulebook."""
    names = [s.strip() for s in strategy.split(",")]
    bots = (f"{names[0]} in every seat" if len(names) == 1
            else ", ".join(f"seat {i + 1}: {n}" for i, n in enumerate(names)))  # fmt: skip
    changed = rules.diff_from_default()
    rule_text = ", ".join(f"{k}={v}" for k, v in sorted(changed.items())) or "the rulebook's"
    return [
        f"=== {plugin.title} ===",
        f"players: {players} · bots: {bots} · seed {seed}, game {index} · rules: {rule_text}",
    ]


def ranking(plugin: GamePlugin, records, players: int, seat_names: Sequence[str],
            rules: Any) -> list[str]:  # fmt: skip
    """'Final ranking' lines in rank order: place, seat, bot, the game's seat measures."""
    table = plugin.records_table(records[None, :players], 0, list(seat_names), rules)
    rows = sorted(table.to_pylist(), key=lambda r: (r["rank"], r["seat"]))
    measures = plugin.shape.seat_measures if plugin.shape is not None else ()
    out = ["Final ranking:"]
    for r in rows:
        shown = ", ".join(f"{r[c]} {label}" for c, label in measures if c in r)
        out.append(f"  {r['rank'] + 1}. seat {r['seat'] + 1} ({r['strategy']})"
                   + (f": {shown}" if shown else ""))  # fmt: skip
    shape = plugin.shape
    if shape is not None and rows and shape.end in rows[0]:
        reason = str(rows[0][shape.end])
        out.append(f"The game ended: {shape.end_words.get(reason, reason)}.")
    return out


def json_event(record: dict[str, Any]) -> dict[str, Any]:
    """One event of `play --json` with its seat fields ("seat", "..._seat") numbered from 1
    as the text numbers them; an event of no seat (-1) has null."""
    return {k: (v + 1 if v >= 0 else None)
            if (k == "seat" or k.endswith("_seat")) and isinstance(v, int) else v
            for k, v in record.items()}  # fmt: skip
