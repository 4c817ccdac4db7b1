"""What acts on each value of a game's primary key: the rule values a designer may tune
for it, or, where none acts, the mechanism its strength comes from.

A report's next step reads this (analyses/next_step.py): it proposes `tune-rules` on the
rule values that act on the largest imbalance, or says that none does and names the
mechanism instead of proposing a number that changes nothing. The game knows which rule
reaches which value; the generic layers do not, so the plug-in states it (`levers`).

`rules` are `--vary` texts as `tune-rules` reads them (jobs/tune/space.py): `key=lo..hi`,
`key=v1,v2,...` or a bare switch `key`. `check_levers` proves them against the rule set
(the key exists, every value is within the field's bounds and accepted at the player
counts the lever acts at, the rulebook value lies inside the range), so that the command
a report prints is one `tune-rules` accepts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from simcore.core.errors import InputError

if TYPE_CHECKING:
    from simcore.core.contract.plugin import GamePlugin, Rules


@dataclass(frozen=True)
class Lever:
    """One value of the primary key: the rule values that act on it (as `--vary` texts,
    each with a range worth trying around the rulebook value; empty: none acts) and, in a
    few plain words, where its strength comes from ("acting first in every round")."""

    value: Any
    rules: tuple[str, ...] = ()
    mechanism: str = ""
    players: tuple[int, ...] = ()  # the player counts the rules act at; () = every count

    def acts_at(self, players: int) -> bool:
        """Some rule value acts on this value in a game of `players`."""
        return bool(self.rules) and (not self.players or players in self.players)

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(vary_key(r) for r in self.rules)


def vary_key(item: str) -> str:
    """The rule key of a `--vary` text."""
    return item.partition("=")[0].strip()


def lever_for(levers: Sequence[Lever], value: Any) -> Lever | None:
    """The lever a game states for a value of its primary key (None: it states none)."""
    return next((lv for lv in levers if lv.value == value), None)


def key_values(game: GamePlugin) -> tuple[Any, ...] | None:
    """The values the primary key can take: its order, else (a seat or a position) the
    seats of the largest table; None when the plug-in does not say."""
    key = game.primary
    if key.order:
        return tuple(key.order)
    if key.ordinal or key.column == game.seat_key:
        return tuple(range(game.max_players))
    if key.expected is not None:
        return tuple(key.expected(game.default_rules().to_dict()))
    return None


def _vary_values(item: str, kind: Any) -> list[str]:
    """The values a `--vary` text names, as `--set` would read each (the ends of a range:
    a range is contiguous, so its ends bound the rest)."""
    key, eq, text = (s.strip() for s in item.partition("="))
    if isinstance(kind, bool) and not eq:
        return ["false", "true"]
    if not eq or not text:
        raise InputError(f"{item!r}: expected key=lo..hi, key=v1,v2,... or a bare switch")
    if ".." in text:
        lo, _, hi = (s.strip() for s in text.partition(".."))
        if not (_is_int(lo) and _is_int(hi) and int(lo) < int(hi)):
            raise InputError(f"{item!r}: expected a range lo..hi of whole numbers, lo < hi")
        return [lo, hi]
    parts = [p.strip() for p in text.split(",")]
    if len(parts) < 2 or len(set(parts)) != len(parts) or not all(parts):
        raise InputError(f"{item!r}: expected two or more distinct values")
    return parts


def _is_int(text: str) -> bool:
    try:
        int(text, 10)
    except ValueError:
        return False
    return True


def _covers(item: str, kind: Any, default: Any) -> bool:
    """The rulebook value lies inside the `--vary` text's values."""
    text = item.partition("=")[2].strip()
    if isinstance(kind, bool) and not text:
        return True
    if ".." in text:
        lo, _, hi = text.partition("..")
        return int(lo) <= default <= int(hi)
    return str(default).lower() in {p.strip().lower() for p in text.split(",")}


def _rule_problems(game: GamePlugin, lever: Lever, rules: Rules) -> list[str]:
    start = rules.to_dict()
    counts = lever.players or tuple(game.player_counts)
    out = []
    for item in lever.rules:
        key = vary_key(item)
        if key not in start:
            out.append(f"{item!r}: {game.name} has no rule {key!r}")
            continue
        kind = start[key]
        if not isinstance(kind, int):
            out.append(f"{item!r}: {key} is not a whole number or a switch")
            continue
        try:
            for v in _vary_values(item, kind):
                changed = rules.with_overrides([f"{key}={v}"])
                for n in counts:
                    game.check_rules(changed, n)
        except InputError as e:
            out.append(f"{item!r}: {e}")
            continue
        if not _covers(item, kind, kind):
            out.append(f"{item!r}: the rulebook value {kind} is outside it")
    return out


def lever_problems(game: GamePlugin) -> list[str]:
    """Every problem of a game's levers, one line each (empty: they are sound)."""
    values = key_values(game)
    rules = game.default_rules()
    out, seen = [], []
    for lv in game.levers:
        where = f"{game.name} lever {lv.value!r}"
        if values is not None and lv.value not in values:
            out.append(f"{where}: not a value of the {game.primary.label}")
        if lv.value in seen:
            out.append(f"{where}: stated twice")
        seen.append(lv.value)
        if not lv.mechanism.strip():
            out.append(f"{where}: no mechanism")
        if not set(lv.players) <= set(game.player_counts):
            out.append(f"{where}: player counts {lv.players} outside {game.player_counts}")
        if lv.players and not lv.rules:
            out.append(f"{where}: player counts without a rule value")
        if len(set(lv.keys)) != len(lv.keys):
            out.append(f"{where}: a rule named twice")
        out += [f"{where}: {p}" for p in _rule_problems(game, lv, rules)]
    return out


def check_levers(game: GamePlugin) -> None:
    """Raise InputError naming the first problem of a game's levers."""
    problems = lever_problems(game)
    if problems:
        raise InputError(problems[0])
