"""The one-line warning `palace-lab run` prints when its table by a key cannot mean what it
says: a value of the game's primary key never occurred, or always went to the same seat
(the strategies choose the same thing every game, so a value's win rate is that seat's).
Generic: the plug-in's keys, and the rule settings its ladder plays to take the strategies'
own choice out (Ladder.sets), as the remedy."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import polars as pl

from simcore.core.contract.plugin import GamePlugin

MIN_SEATS = 20  # fewer seats with a value say nothing about "always the same seat"


def key_warning(lf: pl.LazyFrame | pl.DataFrame, game: GamePlugin, rules: Mapping[str, Any],
                players: int) -> str | None:  # fmt: skip
    """One line, or None when every value of the primary key occurred at several seats."""
    key = game.primary
    if key.column == game.seat_key or players < 2:
        return None
    seat = game.seat_key
    d = (lf.lazy().filter(pl.col(key.column).is_not_null())
         .group_by(key.column)
         .agg(pl.len().alias("n"), pl.col(seat).n_unique().alias("seats"),
              pl.col(seat).first().alias("seat"))
         .collect())  # fmt: skip
    seen = set(d[key.column])
    expected = list(key.expected(rules)) if key.expected is not None else []
    never = [str(key.words(v)) for v in expected if v not in seen]
    alone = [r for r in d.iter_rows(named=True) if r["seats"] == 1 and r["n"] >= MIN_SEATS]
    fixed = [f"{key.words(r[key.column])} always to {game.key(seat).words(r['seat'])}"
             for r in alone]  # fmt: skip
    if not never and not fixed:
        return None
    parts = []
    if never:
        parts.append(f"{', '.join(never)} never occurred")
    if fixed:
        parts.append(", ".join(fixed))
    ladder = game.ladder(players, False)
    fix = ""
    if ladder is not None and ladder.sets:
        fix = "; " + " ".join(f"--set {s}" for s in ladder.sets) + " takes the choice out"
    return (f"warning: {key.label}: {'; '.join(parts)}: the win rate by {key.label} shows "
            f"who gets which, not its power{fix}")  # fmt: skip
