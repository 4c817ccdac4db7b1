"""The rule values a tuning run may change (`--vary`), checked in full before anything is
played, and the distance of a setting from the starting rules.

`--vary key=lo..hi` is an integer range, `--vary key=v1,v2,...` a list of values and a bare
`--vary key` a true/false switch (both values). Every value goes through the game's own
rules (`with_overrides`), so a key, a value or a combination the game refuses is one
InputError line here, never a failed trial later.
"""

from __future__ import annotations

import difflib
import itertools
import math
from dataclasses import dataclass
from typing import Any

from simcore.core.contract.plugin import GamePlugin, Rules
from simcore.core.errors import InputError

MAX_VALUES = 1_000_000  # values of one integer range
CHECK_ALL_POINTS = 10_000  # grids up to this size have every combination checked up front


@dataclass(frozen=True)
class Axis:
    """One rule key the search may change: its values in order and the starting value."""

    key: str
    lo: int | None  # an integer range lo..hi (then `values` is empty) ...
    hi: int | None
    values: tuple[int | bool, ...] = ()  # ... or an explicit list (switches: False, True)
    start: int | bool = 0  # the value in the starting rules (rulebook + --set/--rules)

    @property
    def size(self) -> int:
        return self.hi - self.lo + 1 if self.values == () else len(self.values)

    def value(self, index: int) -> int | bool:
        """The rule value of the search's integer parameter."""
        return self.lo + index if self.values == () else self.values[index]

    def index(self, value: int | bool) -> int | None:
        """The search parameter of a rule value (None: outside the axis)."""
        if self.values == ():
            ok = not isinstance(value, bool) and self.lo <= value <= self.hi
            return value - self.lo if ok else None
        hits = [i for i, v in enumerate(self.values) if v == value and type(v) is type(value)]
        return hits[0] if hits else None

    def text(self) -> str:
        if self.values == ():
            return f"{self.key}={self.lo}..{self.hi}"
        return f"{self.key}={','.join(_word(v) for v in self.values)}"


def _word(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def parse_vary(items: tuple[str, ...], plugin: GamePlugin, base: Rules) -> tuple[Axis, ...]:
    """The axes of `--vary` items, every value checked against the game's rules over `base`
    (the starting rules); InputError naming the item otherwise."""
    if not items:
        raise InputError("tune-rules: give at least one --vary key=lo..hi (e.g. key=9..15)")
    start = base.to_dict()
    axes: list[Axis] = []
    for item in items:
        key, eq, text = (s.strip() for s in item.partition("="))
        if not key:
            raise InputError(f"--vary {item!r}: expected key=lo..hi, key=v1,v2,... or key")
        if key not in start:
            hint = difflib.get_close_matches(key, list(start), n=1)
            tip = f" (did you mean {hint[0]!r}?)" if hint else ""
            raise InputError(f"--vary {item!r}: unknown rule key {key!r}{tip}")
        if key in {a.key for a in axes}:
            raise InputError(f"--vary: {key} given twice")
        kind = start[key]
        if not isinstance(kind, int):
            raise InputError(
                f"--vary {item!r}: {key} is not a whole number or a true/false switch; only "
                "those can be tuned (use --set or --rules for it)"
            )
        if isinstance(kind, bool):
            axes.append(_switch(item, key, eq, text, base))
        else:
            axes.append(_integers(item, key, eq, text, base))
    return tuple(axes)


def _switch(item: str, key: str, eq: str, text: str, base: Rules) -> Axis:
    words = ["false", "true"] if not eq else [p.strip() for p in text.split(",")]
    if not all(words):
        raise InputError(f"--vary {item!r}: empty value")
    values = tuple(bool(base.with_overrides([f"{key}={w}"]).to_dict()[key]) for w in words)
    return _listed(item, key, sorted(set(values), key=int), len(values), base)


def _integers(item: str, key: str, eq: str, text: str, base: Rules) -> Axis:
    if not eq or not text:
        raise InputError(f"--vary {item!r}: give a range lo..hi or values v1,v2,... for {key}")
    if ".." in text:
        lo_t, _, hi_t = (s.strip() for s in text.partition(".."))
        lo, hi = _int(item, lo_t), _int(item, hi_t)
        if lo > hi:
            raise InputError(f"--vary {item!r}: empty range ({lo} > {hi})")
        if lo == hi:
            raise InputError(f"--vary {item!r}: one value only; use --set {key}={lo} to fix it")
        if hi - lo + 1 > MAX_VALUES:
            raise InputError(f"--vary {item!r}: {hi - lo + 1:,} values; at most {MAX_VALUES:,}")
        for v in (lo, hi):  # integer ranges are contiguous: the ends bound the rest
            base.with_overrides([f"{key}={v}"])
        return Axis(key, lo, hi, (), base.to_dict()[key])
    parts = [p.strip() for p in text.split(",")]
    if not all(parts):
        raise InputError(f"--vary {item!r}: empty value in the list")
    values = [_int(item, p) for p in parts]
    for v in values:
        base.with_overrides([f"{key}={v}"])
    return _listed(item, key, sorted(set(values)), len(values), base)


def _listed(item: str, key: str, values: list, given: int, base: Rules) -> Axis:
    if len(values) != given:
        raise InputError(f"--vary {item!r}: a value is repeated")
    if len(values) < 2:
        raise InputError(f"--vary {item!r}: one value only; use --set to fix it")
    return Axis(key, None, None, tuple(values), base.to_dict()[key])


def _int(item: str, text: str) -> int:
    try:
        return int(text, 10)
    except ValueError:
        raise InputError(f"--vary {item!r}: {text!r} is not a whole number") from None


def grid_size(axes: tuple[Axis, ...]) -> int:
    return math.prod(a.size for a in axes)


def check_points(
    axes: tuple[Axis, ...], base: Rules, plugin: GamePlugin, players: tuple[int, ...]
) -> None:
    """Refuse a grid whose combinations the game does not accept (checked in full up to
    CHECK_ALL_POINTS points, else at the corners)."""
    if grid_size(axes) <= CHECK_ALL_POINTS:
        points = itertools.product(*[range(a.size) for a in axes])
    else:
        points = itertools.product(*[sorted({0, a.size - 1}) for a in axes])
    for idx in points:
        values = {a.key: a.value(i) for a, i in zip(axes, idx)}
        try:
            rules = base.with_overrides(setting_sets(values))
            for n in players:
                plugin.check_rules(rules, n)
        except InputError as e:
            what = ", ".join(f"{k}={_word(v)}" for k, v in values.items())
            raise InputError(f"--vary: the game refuses {what}: {e}") from None


def setting_sets(values: dict[str, Any]) -> tuple[str, ...]:
    """`--set` items of a setting, in axis order."""
    return tuple(f"{k}={_word(v)}" for k, v in values.items())


def setting_folder(values: dict[str, Any]) -> str:
    """A setting's folder name: key=value pairs joined by commas."""
    return ",".join(setting_sets(values))


def distance(axes: tuple[Axis, ...], values: dict[str, Any]) -> int:
    """Steps from the starting rules: |value - start| per integer key, 1 per flipped switch."""
    return sum(abs(int(values[a.key]) - int(a.start)) for a in axes)


def start_values(axes: tuple[Axis, ...]) -> dict[str, int | bool]:
    return {a.key: a.start for a in axes}
