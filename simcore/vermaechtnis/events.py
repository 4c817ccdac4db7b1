"""Readable text and JSON records for the engine's event log rows."""

from __future__ import annotations

from typing import Any

import numpy as np

from simcore.core.nb.event_log_nb import event_fields, event_record

from .enums import (
    EFFECT_NAMES,
    END_REASON_NAMES,
    ERROR_NAMES,
    EV_BUY,
    EV_COLLECT,
    EV_DAY,
    EV_DAY_END,
    EV_EFFECT,
    EV_END,
    EV_ERROR,
    EV_EXTRA_TURN,
    EV_GIVE_UP,
    EV_GOLD,
    EV_LONE,
    EV_NAMES,
    EV_OFFER,
    EV_RANK,
    EV_SCORE,
    EV_TAX,
    FX_CLEAR_OFFER,
    FX_EXTRA_TURN,
    FX_MONEY,
    KIND_NAMES,
)
from .game_data import CardTable


def seat_name(seat: int) -> str:
    """Seats are counted from 1 in text; seat 1 is the start player (V-S5)."""
    return f"seat {seat + 1}" if seat >= 0 else ""


def _card(cards: CardTable, k: int) -> str:
    return cards.collection[k].label if 0 <= k < len(cards.collection) else f"card {k}"


def _name(names: tuple[str, ...], i: int) -> str:
    return names[i] if 0 <= i < len(names) else str(i)


def describe(row: np.ndarray, cards: CardTable) -> str:
    """One event as a sentence."""
    ev, seat, a, b, c, d = event_fields(row)
    who = seat_name(seat)
    ant = cards.antique_name
    texts = {
        EV_DAY: lambda: f"--- sales day {a} ---",
        EV_OFFER: lambda: f"offer slot {a + 1}: {ant(b)}",
        EV_GOLD: lambda: f"{who} takes the gold coin of trade card {a + 1} (+{b}, has {c})",
        EV_BUY: lambda: f"{who} buys {ant(b)} from slot {a + 1} for {c} (has {d})",
        EV_COLLECT: lambda: f"{who} takes collection card {_card(cards, a)}",
        EV_GIVE_UP: lambda: f"{who} gives up {ant(a)}",
        EV_TAX: lambda: f"{who} pays {a} in taxes (keeps {b})",
        EV_EFFECT: lambda: (
            f"{who}: grey effect {_name(EFFECT_NAMES, a)}"
            + (f" ({b} antiques leave the offer)" if a == FX_CLEAR_OFFER else "")
            + (" - forfeited (already an extra turn)" if a == FX_EXTRA_TURN and b else "")
            + (f" (has {c})" if a == FX_MONEY else "")
        ),
        EV_EXTRA_TURN: lambda: f"{who} takes an extra turn",
        EV_DAY_END: lambda: f"the day ends; {a} antiques left in the offer leave the game",
        EV_END: lambda: f"=== game over after {b} turns: {_name(END_REASON_NAMES, a)} ===",
        EV_LONE: lambda: f"{who} gives up {ant(a)}, the only antique of its colour",
        EV_SCORE: lambda: f"{who}: {a} points = {b} antiques + {c} collections + {d} money",
        EV_RANK: lambda: f"{a + 1}. {who}: {b} points, {c} antiques",
        EV_ERROR: lambda: (
            f"{who}: illegal {_name(KIND_NAMES, b)} answer {c} ({_name(ERROR_NAMES, a)})"
        ),
    }
    return texts[ev]() if ev in texts else f"{who}: event {ev}"


def as_record(row: np.ndarray, cards: CardTable) -> dict[str, Any]:
    """One event as a JSON-ready dict (raw fields plus the sentence)."""
    return event_record(row, "day", EV_NAMES, describe(row, cards))
