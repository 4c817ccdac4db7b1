"""Readable text and JSON records for the engine's event log rows."""

from __future__ import annotations

from typing import Any

import numpy as np

from simcore.core.nb.event_log_nb import event_fields, event_record

from .enums import (
    ACTION_NAMES,
    CHARACTER_NAMES,
    END_REASON_NAMES,
    ERROR_NAMES,
    EV_BID,
    EV_CHARACTER,
    EV_CHIP_GAIN,
    EV_CHIP_USE,
    EV_CHOOSE,
    EV_END,
    EV_ERROR,
    EV_FEE,
    EV_FORFEIT,
    EV_GOLD,
    EV_GOV_PLACED,
    EV_GOVERNOR,
    EV_GOVERNORS,
    EV_HOUSE,
    EV_MAHARAJA,
    EV_MERCHANT,
    EV_MONOPOLY,
    EV_MOVE_HOUSE,
    EV_NAMES,
    EV_PALACE,
    EV_QUARRY,
    EV_RANK,
    EV_REPLACE,
    EV_ROAD,
    EV_ROUND,
    EV_SCORE,
    EV_SETUP_HOUSE,
    EV_TURN,
    LOC_CITY0,
    SITE_INNER,
    SWAP_BASIC,
    SWAP_EXCHANGE,
    SWAP_LURE,
)
from .game_data import Board

SEAT_COLOURS = ("Red", "Blue", "Green", "Yellow", "Black")


def character_name(k: int) -> str:
    return CHARACTER_NAMES[k] if 0 <= k < len(CHARACTER_NAMES) else "-"


def location_name(board: Board, loc: int) -> str:
    """A village label (road and position) or a city name."""
    if loc >= LOC_CITY0:
        return board.cities[loc - LOC_CITY0]
    return f"village {board.village_names()[loc]}"


def _junction(board: Board, j: int) -> str:
    return board.junction_names[j]


def _action(a: int) -> str:
    return ACTION_NAMES[a] if 0 <= a < len(ACTION_NAMES) else "?"


def describe(row: np.ndarray, board: Board) -> str:
    """One event as a sentence."""
    ev, seat, a, b, c, d = event_fields(row)
    who = SEAT_COLOURS[seat] if 0 <= seat < len(SEAT_COLOURS) else ""
    city = board.cities
    texts = {
        EV_GOVERNORS: lambda: f"governor of {city[a]} starts at track position {b}",
        EV_CHOOSE: lambda: (
            f"{who} is dealt the {character_name(a)}"
            if c == 1
            else f"{who} chooses the {character_name(a)}" + (f" for {b} gold" if b else "")
        ),
        EV_SETUP_HOUSE: lambda: f"{who} places a house in {location_name(board, a)}",
        EV_ROUND: lambda: f"--- round {a} ---",
        EV_MAHARAJA: lambda: f"the Maharaja travels to {city[a]}",
        EV_GOV_PLACED: lambda: f"the governor of {city[a]} moves to track position {b}",
        EV_TURN: lambda: f"{who} ({character_name(c)}) reveals {_action(a)} + {_action(b)}",
        EV_MERCHANT: lambda: f"{who} takes {a} gold as the Merchant",
        EV_ROAD: lambda: (
            f"{who} travels {_junction(board, b)} -> {_junction(board, c)}"
            + (f", paying {d}" if d else "")
        ),
        EV_FEE: lambda: (
            f"  fee {b} to {SEAT_COLOURS[a]} in {location_name(board, c)}"
            + (" (paid by the bank)" if d else "")
        ),
        EV_GOLD: lambda: f"{who} takes {a} gold",
        EV_HOUSE: lambda: (
            f"{who} builds a house in {location_name(board, a)} for {b}"
            + (" (Builder)" if c == 3 else "")
        ),
        EV_MOVE_HOUSE: lambda: (
            f"{who} moves a house from {location_name(board, a)} "
            f"to {location_name(board, b)}" + (" (Builder)" if c == 3 else "")
        ),
        EV_QUARRY: lambda: f"{who} takes {a} houses from the quarry",
        EV_PALACE: lambda: (
            f"{who} builds {'the inner' if b == SITE_INNER else 'an outer'} "
            f"palace in {city[a]} for {c}"
        ),
        EV_GOVERNOR: lambda: f"{who} moves the governor of {city[a]} from {b} to {c}",
        EV_CHARACTER: lambda: (
            f"{who} "
            + ("lures" if d == SWAP_LURE else "takes")
            + f" the {character_name(a)} from "
            + ("the bank" if b < 0 else SEAT_COLOURS[b])
            + (
                f", giving the {character_name(c)} in exchange"
                if d == SWAP_EXCHANGE
                else f", returning the {character_name(c)}"
                if d == SWAP_BASIC
                else ""
            )
        ),
        EV_REPLACE: lambda: f"{who} takes the {character_name(a)} from the bank",
        EV_FORFEIT: lambda: f"{who} leaves {a} action(s) undone: each other player takes {b}",
        EV_SCORE: lambda: f"  {who}: {b} points in {city[a]}, rank {c + 1}, +{d} gold",
        EV_MONOPOLY: lambda: f"  {who}: monopoly in {city[a]}, +{b} gold",
        EV_END: lambda: f"=== game over after round {b}: {END_REASON_NAMES[a]} ===",
        EV_RANK: lambda: f"{a + 1}. {who} ({character_name(d)}): {b} palaces, {c} gold",
        EV_CHIP_GAIN: lambda: f"{who} takes an action chip (holds {a})",
        EV_CHIP_USE: lambda: f"{who} spends a chip on {_action(a)}",
        EV_BID: lambda: f"{who} " + ("passes" if a < 0 else f"bids {a}"),
        EV_ERROR: lambda: f"{who}: illegal request ({ERROR_NAMES[a]})",
    }
    return texts[ev]() if ev in texts else f"{who}: event {ev}"


def as_record(row: np.ndarray, board: Board) -> dict[str, Any]:
    """One event as a JSON-ready dict (raw fields plus the sentence)."""
    return event_record(row, "round", EV_NAMES, describe(row, board))
