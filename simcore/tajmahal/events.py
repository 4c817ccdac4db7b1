"""Readable text and JSON records for the engine's event log rows (enums.EV_*).

`palace-lab play --game tajmahal` shows the whole game, hidden draws included (the log
is the omniscient record, not what a seat sees).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from simcore.core.nb.event_log_nb import event_fields, event_record

from .enums import (
    BONUS_NAMES,
    DRAW_BONUS,
    DRAW_DISPLAY,
    DRAW_IMMEDIATE,
    END_REASON_NAMES,
    ERROR_NAMES,
    EV_BONUS,
    EV_DISPLAY,
    EV_DRAW,
    EV_END,
    EV_ERROR,
    EV_EXCHANGE,
    EV_HAND,
    EV_NAMES,
    EV_PALACE,
    EV_PALACE_POINTS,
    EV_PICK,
    EV_PLAY,
    EV_PROVINCE,
    EV_RANK,
    EV_RESHUFFLE,
    EV_SPECIAL_POINTS,
    EV_VISIT,
    EV_WITHDRAW,
    KIND_NAMES,
    SYMBOL_NAMES,
)
from .game_data import GameData

END_WORDS = {
    "visits": "the last visit is over (T-E1)",
    "cap": "a visit reached the step cap of plays (T-R3, [choice] play_cap; no hand scoring)",
}
DRAW_WORDS = {DRAW_IMMEDIATE: "for withdrawing without a play (T-A7)",
              DRAW_BONUS: "for the '+1 card' bonus tile (T-P1)",
              DRAW_DISPLAY: "into the display"}  # fmt: skip


def seat_name(seat: int) -> str:
    """Seats are counted from 1 in text."""
    return f"seat {seat + 1}" if seat >= 0 else ""


def _name(names: tuple[str, ...], i: int) -> str:
    return names[i] if 0 <= i < len(names) else str(i)


def _prizes(mask: int) -> str:
    won = [SYMBOL_NAMES[s] for s in range(len(SYMBOL_NAMES)) if (mask >> s) & 1]
    return ", ".join(won) if won else "nothing"


def _city(data: GameData, c: int) -> str:
    m = data.map
    if not 0 <= c < len(m.cities):
        return f"city {c}"
    fort = " (fortified)" if m.fortified[c] else ""
    return f"{_city_words(str(m.cities[c]), m)}{fort}"


_SIDES = {"n": "north", "e": "east", "s": "south", "w": "west"}


def _city_words(cid: str, m) -> str:
    """A map id in words: "p5e" -> "the east city of P5 (p5e)"; an id of another shape as is."""
    if len(cid) >= 3 and cid[0] == "p" and cid[-1] in _SIDES and cid[1:-1].isdigit():
        k = int(cid[1:-1])
        names = list(getattr(m, "provinces", []) or [])
        province = names[k] if 0 <= k < len(names) else f"province {k}"
        return f"the {_SIDES[cid[-1]]} city of {province} ({cid})"
    return cid


def _province(data: GameData, p: int) -> str:
    return _name(data.map.provinces, p)


def _end(code: int) -> str:
    name = _name(END_REASON_NAMES, code)
    return END_WORDS.get(name, name)


def describe(row: np.ndarray, data: GameData) -> str:
    """One event as a sentence."""
    ev, seat, a, b, c, d = event_fields(row)
    who = seat_name(seat)
    card = data.cards.label
    texts = {
        EV_VISIT: lambda: f"--- visit {b}: {_province(data, a)} (province tile {b}); "
        f"{seat_name(c)} starts ---",
        EV_DISPLAY: lambda: f"display slot {a + 1}: {card(b)}",
        EV_PLAY: lambda: f"{who} plays {card(a)}"
        + (f" with {card(b)}" if b >= 0 else "")
        + f" (play {c} of the visit)",
        EV_WITHDRAW: lambda: f"{who} withdraws"
        + (" without having played" if b else "")
        + f" and wins {_prizes(a)}",
        EV_PALACE: lambda: f"{who} puts a {'crowned ' if b else ''}palace on {_city(data, a)}"
        + (f", taking the {_name(BONUS_NAMES, c)} bonus tile" if c >= 0 else ""),
        EV_BONUS: lambda: f"{who}: bonus tile {_name(BONUS_NAMES, a)} scores {b}",
        EV_PALACE_POINTS: lambda: f"{who}: palaces score {a} "
        f"(this province + {b} connected ones)",
        EV_PROVINCE: lambda: f"{who}: province tile {a} scores {b}",
        EV_DRAW: lambda: f"{who} draws "
        + (card(a) if a >= 0 else "nothing (no cards left)")
        + f" {DRAW_WORDS.get(c, '')}".rstrip(),
        EV_PICK: lambda: f"{who} takes {card(b)} from display slot {a + 1}",
        EV_EXCHANGE: lambda: f"{who} returns two {SYMBOL_NAMES[a]} tiles "
        + (f"and takes the {SYMBOL_NAMES[a]} special card" if b else "and keeps the "
           f"{SYMBOL_NAMES[a]} special card"),
        EV_END: lambda: f"=== game over after visit {b}: {_end(a)} ===",
        EV_HAND: lambda: f"{who}: hand scores {a} ({b} special + {c} white + {d} of the "
        "longest colour)",
        EV_RANK: lambda: f"{a + 1}. {who}: {b} points",
        EV_SPECIAL_POINTS: lambda: f"{who}: the points special card scores {a}",
        EV_RESHUFFLE: lambda: f"the discards are shuffled into a new draw pile of {a} cards",
        EV_ERROR: lambda: (
            f"{who}: illegal {_name(KIND_NAMES, b)} answer {c} ({_name(ERROR_NAMES, a)})"
        ),
    }  # fmt: skip
    return texts[ev]() if ev in texts else f"{who}: event {ev}"


def as_record(row: np.ndarray, data: GameData) -> dict[str, Any]:
    """One event as a JSON-ready dict (raw fields plus the sentence)."""
    return event_record(row, "visit", EV_NAMES, describe(row, data))
