"""`palace-lab play`'s running score: the game played one decision at a time, the same
loop as the driver's (simcore/core/nb/driver_loop.py), so that each seat's standing can be
read between decisions and written whenever it changes."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import numpy as np

from simcore.core.contract.layout import LOG_N
from simcore.core.contract.play import game_buffers
from simcore.core.contract.plugin import GamePlugin


@dataclass(frozen=True)
class Standing:
    """Each seat's standing after the first `events` log rows."""

    events: int
    column: str
    label: str
    values: tuple[int, ...]


def _reader(plugin: GamePlugin, engine: ModuleType, sids, rules: Any):
    """The game's standings hook, or the first seat measure read from the records."""
    if plugin.standings is not None:
        return plugin.standings
    measures = plugin.shape.seat_measures if plugin.shape is not None else ()
    if not measures:
        return None
    column, label = measures[0]

    def from_records(state, n_players):
        rec = np.zeros((engine.MAX_SEATS, engine.N_REC), dtype=np.int64)
        engine.write_records_nb(state, sids, rec)
        names = ["-"] * n_players
        table = plugin.records_table(rec[None, :n_players], 0, names, rules)
        return column, label, [int(v) for v in table.column(column).to_pylist()]

    return from_records


def play_scored(plugin: GamePlugin, driver: ModuleType, sids, params, players: int, seed: int,
                index: int, rules: Any, data: Any,
                log_capacity: int = 1 << 12) -> tuple[np.ndarray, list[Standing]]:  # fmt: skip
    """The game's event log and its standings each time one changed (the last at the end)."""
    engine = importlib.import_module(plugin.engine)
    state, log, rng, scratch, out, work = game_buffers(engine, log_capacity)
    board, packed = data.pack(), rules.pack()
    engine.start_game_nb(state, board, packed, log, players, seed, index, rng)
    read = _reader(plugin, engine, sids, rules)
    seen: list[Standing] = []

    def note() -> None:
        if read is None:
            return
        column, label, values = read(state, players)
        if not seen or tuple(values) != seen[-1].values:
            n = min(int(state[LOG_N]), log_capacity)
            seen.append(Standing(n, column, label, tuple(int(v) for v in values)))

    note()
    while (kind := engine.advance_nb(state, board, packed, log, work)) >= 0:
        seat = engine.asked_seat_nb(state)
        out[:] = 0
        ret = driver.decide_nb(
            kind, sids[seat], seat, state, board, packed, params[seat],
            rng[1 + seat : 2 + seat], scratch[seat], out,
        )  # fmt: skip
        engine.answer_nb(state, board, packed, log, out, ret)
        note()
    note()
    return log[: min(int(state[LOG_N]), log_capacity)].copy(), seen


def score_line(standing: Standing) -> str:
    """'  score (LABEL): seat 1: 2 · seat 2: 0 · ...'"""
    seats = " · ".join(f"seat {i + 1}: {v}" for i, v in enumerate(standing.values))
    return f"  score ({standing.label}): {seats}"


def with_scores(lines: Sequence[str], standings: Sequence[Standing]) -> list[str]:
    """The event sentences with a score line after the events that changed a standing
    (the opening standings, all zero before any event, are left out)."""
    out: list[str] = []
    last = {s.events: s for s in standings if s.events > 0}  # the latest after each event
    pending = [last[k] for k in sorted(last)]
    for i, line in enumerate(lines):
        out.append(line)
        while pending and pending[0].events == i + 1:
            out.append(score_line(pending.pop(0)))
    out += [score_line(s) for s in pending]
    return out
