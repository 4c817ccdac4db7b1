"""Plain words for the codes a run records, wherever a reader sees them.

Data keep their codes (`field10`, seat 0, first_order 0); the report shows words:
"governor reached field 10", "seat 1", "1st in round 1".
"""

from __future__ import annotations

from collections.abc import Callable

from analyses.checks import ordinal
from analyses.shape import END_REASON_WORDS

END_REASONS = END_REASON_WORDS

KEY_TITLES = {
    "start_character": "starting character",
    "end_character": "character at the end",
    "character": "character",
    "seat": "seat",
    "first_order": "round-1 turn position",
    "choice_order": "position in the character choice",
    "end_reason": "how the game ended",
    "rounds": "rounds",
    "measure": "measure",
}


def end_reason(code) -> str:
    return END_REASONS.get(str(code), str(code))


def seat(s) -> str:
    """Seats are 0-based in the data, 1-based on the page."""
    return f"seat {int(s) + 1}"


def turn(o) -> str:
    return f"{ordinal(int(o) + 1)} in round 1"


def choice(o) -> str:
    return f"{ordinal(int(o) + 1)} to choose"


LABELS: dict[str, Callable] = {
    "end_reason": end_reason,
    "seat": seat,
    "first_order": turn,
    "choice_order": choice,
}


def label_for(key: str) -> Callable:
    return LABELS.get(key, str)


def title_for(key: str) -> str:
    return KEY_TITLES.get(key, key.replace("_", " "))


def deal_text(deal) -> str:
    d = str(deal or "choose")
    if d == "choose":
        return "chosen by the strategies (deal=choose)"
    if d == "random":
        return "dealt at random (deal=random)"
    return f"fixed per seat ({d})"


def chooser_text(first_chooser) -> str:
    if first_chooser is None:
        return "first chooser not recorded"
    if int(first_chooser) < 0:
        return "random first chooser (first_chooser=-1)"
    return f"seat {int(first_chooser) + 1} chooses first (first_chooser={int(first_chooser)})"


def _seat_text(s: dict) -> str:
    params = s.get("params") or {}
    inner = ", ".join(f"{k}={v:g}" if isinstance(v, float) else f"{k}={v}"
                      for k, v in sorted(params.items()))  # fmt: skip
    return f"{s.get('name')} ({inner})" if inner else str(s.get("name"))


def strategies_text(m: dict) -> str:
    seats = [_seat_text(s) for s in m.get("strategies", [])]
    if not seats:
        return "strategies not recorded"
    if len(set(seats)) == 1:
        return f"{seats[0]} in every seat"
    return ", ".join(f"{seat(i)}: {s}" for i, s in enumerate(seats))


def settings_text(m: dict) -> str:
    """Every setting of a run in one line: variants, changed rules, deal, chooser, strategies."""
    rules = m.get("rules", {}) or {}
    changed = {
        k: v
        for k, v in (m.get("rules_changed", {}) or {}).items()
        if k not in ("deal", "first_chooser")
    }
    parts = [
        f"{m.get('players', '?')} players",
        "variants: " + (", ".join(m.get("variants", [])) or "none"),
        "rules changed: " + (", ".join(f"{k}={v}" for k, v in sorted(changed.items())) or "none"),
        "characters " + deal_text(rules.get("deal")),
        chooser_text(rules.get("first_chooser")),
        "strategies: " + strategies_text(m),
    ]
    return "; ".join(parts)
