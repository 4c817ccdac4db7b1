"""Readable text and JSON records for the engine's event log rows."""

from __future__ import annotations

from typing import Any

import numpy as np

from simcore.core.nb.event_log_nb import event_fields, event_record

from .enums import (
    BUILD_SLOT,
    ELEMENT_NAMES,
    END_REASON_NAMES,
    ERROR_NAMES,
    EV_BALCONY,
    EV_BUILD,
    EV_DISPLAY,
    EV_DRAW,
    EV_DROP_CARD,
    EV_DROP_RES,
    EV_END,
    EV_END_CARD,
    EV_ERROR,
    EV_EVICT,
    EV_FREE,
    EV_GIVE,
    EV_HARBOUR,
    EV_HARBOUR_FIELD,
    EV_MARKER,
    EV_NAMES,
    EV_PLACE,
    EV_RANK,
    EV_REMOVE,
    EV_RESHUFFLE,
    EV_SCORE,
    EV_SEAL,
    EV_SER_FIGURE,
    EV_TREASURY,
    EV_TURN,
    EV_UNBUILDABLE,
    EV_VIZIER,
    FA_BAZAAR,
    FA_CARD,
    FA_GOLD_TO,
    FA_PRODUCE,
    FA_TO_GOLD,
    KIND_NAMES,
    N_RES,
    PASS,
    QUARTER_NAMES,
    QUARTER_RES,
    RES_NAMES,
    SIDE_NAMES,
)
from .game_data import cards_of


def seat_name(seat: int) -> str:
    """Seats are counted from 1 in text; seat 1 is the start player (P-S3)."""
    return f"seat {seat + 1}" if seat >= 0 else "nobody"


def _n(names: tuple[str, ...], i: int) -> str:
    return names[i] if 0 <= i < len(names) else str(i)


def code_text(code: int) -> str:
    """An FA_* / BUILD_SLOT answer in words."""
    if code == PASS:
        return "pass"
    if FA_PRODUCE <= code < FA_GOLD_TO:
        q = code - FA_PRODUCE
        return f"{QUARTER_NAMES[q]}: +1 {RES_NAMES[QUARTER_RES[q]]}"
    if FA_GOLD_TO <= code < FA_TO_GOLD:
        return f"exchange: 1 gold for 1 {RES_NAMES[code - FA_GOLD_TO]}"
    if FA_TO_GOLD <= code < FA_BAZAAR:
        return f"exchange: 1 {RES_NAMES[code - FA_TO_GOLD]} for 1 gold"
    if FA_BAZAAR <= code < FA_CARD:
        a, b = divmod(code - FA_BAZAAR, 3)
        return f"bazaar: 1 {RES_NAMES[a]} for 1 {RES_NAMES[b]}"
    if FA_CARD <= code < FA_CARD + N_RES:
        return f"action card: +1 {RES_NAMES[code - FA_CARD]}"
    if BUILD_SLOT <= code < BUILD_SLOT + 3:
        return f"play the card on 5.{code - BUILD_SLOT + 1}"
    return f"code {code}"


def describe(row: np.ndarray, data: Any) -> str:
    """One event as a sentence."""
    ev, seat, a, b, c, d = event_fields(row)
    who = seat_name(seat)
    cards = cards_of(data)
    res = RES_NAMES
    texts = {
        EV_TURN: lambda: f"--- turn {a}: {who} ---",
        EV_GIVE: lambda: (
            f"{who} keeps {c} {_n(res, b)}"
            if a == seat
            else f"{who} hands {seat_name(a)} {c} {_n(res, b)}"
        ),
        EV_HARBOUR_FIELD: lambda: f"harbour field {a + 1}: {c} {_n(res, b)}",
        EV_HARBOUR: lambda: (
            f"{who} uses harbour side {_n(SIDE_NAMES, a)}: takes {d} "
            f"{_n(res, c)} from field {b + 1}"
        ),
        EV_DRAW: lambda: (
            f"{who} draws an action card ({_n(res, a)})"
            + (" from side a" if b else " at the end of the turn")
        ),
        EV_DISPLAY: lambda: f"building field 5.{a + 1}: {cards.label(b)}",
        EV_REMOVE: lambda: f"{who} removes {cards.label(b)} from 5.{a + 1} (side b)",
        EV_UNBUILDABLE: lambda: f"{cards.label(a)} can no longer be built and leaves (P-A2d)",
        EV_VIZIER: lambda: (
            f"{who} moves the Vizier from the {_n(QUARTER_NAMES, a)} to the "
            f"{_n(QUARTER_NAMES, b)} quarter"
        ),
        EV_FREE: lambda: f"{who}: {code_text(a)}" + (" (the Vizier's quarter)" if b else ""),
        EV_BUILD: lambda: (
            f"{who} builds {cards.label(a)} from 5.{b + 1}: "
            f"{_n(ELEMENT_NAMES, d)} in garden {c + 1}"
        ),
        EV_BALCONY: lambda: (
            f"{who} stands a figure on balcony {a + 1}"
            + (f" (from the {_n(QUARTER_NAMES, b)} quarter)" if b >= 0 else "")
        ),
        EV_EVICT: lambda: f"{seat_name(b)}'s figure leaves balcony {a + 1}",
        EV_MARKER: lambda: (
            f"{seat_name(a)} puts a seraglio marker on field 1"
            + (f"; {seat_name(b)}'s marker is pushed out" if b >= 0 else "")
            + (" (his farthest marker moved)" if c else "")
        ),
        EV_TREASURY: lambda: (
            f"{who} plays {cards.label(a)}: "
            + (
                f"{seat_name(b)} leads and has {c} on the treasury"
                if b >= 0 and d != -2
                else f"{seat_name(b)} leads but has no figure left"
                if b >= 0
                else "tied, nobody places a figure"
            )
        ),  # fmt: skip
        EV_END_CARD: lambda: f"{who} plays the game-end card from 5.{a + 1}",
        EV_PLACE: lambda: (
            f"{who} places a figure in the {_n(QUARTER_NAMES, a)} quarter for {b} gold"
        ),
        EV_DROP_CARD: lambda: f"{who} discards an action card ({_n(res, a)})",
        EV_DROP_RES: lambda: f"{who} returns 1 {_n(res, a)} (limit)",
        EV_SEAL: lambda: (
            f"{who} " + ("pays the seal" if c else "seals") + f" of garden {a + 1} ({_n(res, b)})"
        ),
        EV_SER_FIGURE: lambda: f"seraglio figure: {seat_name(a)} (was {seat_name(b)})",
        EV_RESHUFFLE: lambda: f"the {a} discarded action cards are shuffled into a new deck",
        EV_END: lambda: f"=== game over after {b} turns: {_n(END_REASON_NAMES, a)} ===",
        EV_SCORE: lambda: (
            f"{who}: {a} figures = {b} balconies + {c} treasury" + (" + 1 seraglio" if d else "")
        ),
        EV_RANK: lambda: f"{a + 1}. {who}: {b} figures",
        EV_ERROR: lambda: f"{who}: illegal {_n(KIND_NAMES, b)} answer {c} ({_n(ERROR_NAMES, a)})",
    }
    return texts[ev]() if ev in texts else f"{who}: event {ev}"


def as_record(row: np.ndarray, data: Any) -> dict[str, Any]:
    """One event as a JSON-ready dict (raw fields plus the sentence)."""
    return event_record(row, "turn", EV_NAMES, describe(row, data))
