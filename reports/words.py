"""Plain words for the codes a run records, wherever a reader sees them, from the game's
plug-in: key labels ("starting card"), value words ("seat 1", "the player 1st in
round 1"), end reasons ("the track reached its end"), and each run's settings.

Data keep their codes (`field10`, seat 0, first_order 0); the report shows words.
"""

from __future__ import annotations

from collections.abc import Callable

from simcore.core.contract.plugin import GamePlugin


def _measures(game: GamePlugin) -> dict[str, str]:
    from analyses.shape import measure_names

    return dict(measure_names(game.shape)) if game.shape else {}


def title_for(game: GamePlugin, col: str) -> str:
    """A column's name in a table header."""
    for k in game.keys:
        if k.column == col:
            return k.label
    for m in game.mask_keys:
        if m.column == col:
            return m.label
    if game.shape and col == game.shape.end:
        return "how the game ended"
    if game.shape and col == game.shape.length:
        return game.shape.length_label
    return {"measure": "measure", "value": "value"}.get(col, col.replace("_", " "))


def label_for(game: GamePlugin, col: str) -> Callable:
    """Value -> words for a column (str for values that are words already)."""
    for k in game.keys:
        if k.column == col and k.text is not None:
            return k.words
    if game.shape and col == game.shape.end:
        return lambda v: game.shape.end_words.get(str(v), str(v))
    if col == "measure":
        names = _measures(game)
        return lambda v: names.get(str(v), str(v))
    return str


def _seat_text(s: dict) -> str:
    params = s.get("params") or {}
    inner = ", ".join(f"{k}={v:g}" if isinstance(v, float) else f"{k}={v}"
                      for k, v in sorted(params.items()))  # fmt: skip
    return f"{s.get('name')} ({inner})" if inner else str(s.get("name"))


def strategies_text(m: dict, game: GamePlugin | None = None) -> str:
    seats = [_seat_text(s) for s in m.get("strategies", [])]
    if not seats:
        return "strategies not recorded"
    if len(set(seats)) == 1:
        return f"{seats[0]} in every seat"
    seat = game.key(game.seat_key).words if game else (lambda i: f"seat {int(i) + 1}")
    return ", ".join(f"{seat(i)}: {s}" for i, s in enumerate(seats))


def settings_text(m: dict, game: GamePlugin) -> str:
    """Every setting of a run in one line: variants, changed rules, the game's own words on
    how it was set up, strategies."""
    own = game.run_settings(m)
    shown = set(game.run_settings_keys)
    changed = {k: v for k, v in (m.get("rules_changed", {}) or {}).items() if k not in shown}
    parts = [
        f"{m.get('players', '?')} players",
        "variants: " + (", ".join(m.get("variants", [])) or "none"),
        "rules changed: " + (", ".join(f"{k}={v}" for k, v in sorted(changed.items())) or "none"),
        *own,
        "strategies: " + strategies_text(m, game),
    ]
    return "; ".join(parts)
