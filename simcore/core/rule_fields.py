"""A rule set made of whole numbers and switches, for games whose rules are nothing more
(the toy test game; a game with tables, like Maharaja's payouts, writes its own).

Subclass as a frozen dataclass whose fields are `rule(default, id, doc, lo, hi)`; the base
validates every value on construction (one InputError line naming the key and its range)
and gives the contract's methods: `--set key=value`, variant switches by name, a
mapping round trip, the difference from the rulebook, and `pack()` in field order.
"""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
import json
import numbers
from collections.abc import Iterable, Mapping
from dataclasses import field, fields
from typing import Any, ClassVar

import numpy as np

from .errors import InputError

_FLAGS = dict.fromkeys(("true", "yes", "1"), True) | dict.fromkeys(("false", "no", "0"), False)


def rule(default: Any, rule_id: str, doc: str, lo: int = 0, hi: int = 1) -> Any:
    """A field whose metadata carries its rule id, a one-line doc and its value range."""
    return field(default=default, metadata={"rule": rule_id, "doc": doc, "lo": lo, "hi": hi})


class RuleBase:
    """Mixin for frozen dataclasses of int and bool rule fields (see the module doc)."""

    VARIANTS: ClassVar[dict[str, tuple[str, ...]]] = {}  # name -> switch fields it turns on
    CHOICES: ClassVar[tuple[str, ...]] = ()  # fields that are [choice]s

    def __post_init__(self) -> None:
        for f in fields(self):  # type: ignore[arg-type]
            v = getattr(self, f.name)
            if isinstance(f.default, bool):
                if not isinstance(v, bool | np.bool_):
                    raise InputError(f"rules: {f.name} must be true or false, got {v!r}")
                object.__setattr__(self, f.name, bool(v))
                continue
            lo, hi = f.metadata["lo"], f.metadata["hi"]
            if not isinstance(v, numbers.Integral) or isinstance(v, bool) or not lo <= v <= hi:
                raise InputError(f"rules: {f.name} must be an integer in {lo}..{hi}, got {v!r}")
            object.__setattr__(self, f.name, int(v))

    @classmethod
    def from_mapping(cls, data: Mapping, source: str = "rules", base: Any = None) -> Any:
        base = base if base is not None else cls()
        if not isinstance(data, Mapping):
            raise InputError(f"{source}: must be a table of key = value, got {type(data).__name__}")
        names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
        for key in data:
            if key not in names:
                hint = difflib.get_close_matches(str(key), names, n=1)
                tip = f" (did you mean {hint[0]!r}?)" if hint else ""
                raise InputError(f"{source}: unknown key {key!r}{tip}")
        try:
            return dataclasses.replace(base, **dict(data))
        except InputError as e:
            raise InputError(f"{source}: {str(e).removeprefix('rules: ')}") from None

    def with_overrides(self, items: Iterable[str]) -> Any:
        """CLI `--set key=value` strings: integers, true/false/yes/no/1/0."""
        kinds = {f.name: f for f in fields(self)}  # type: ignore[arg-type]
        changes: dict[str, Any] = {}
        for item in items:
            key, eq, text = (s.strip() for s in item.partition("="))
            if not eq or not key:
                raise InputError(f"rules override {item!r}: expected key=value")
            if key not in kinds:
                hint = difflib.get_close_matches(key, list(kinds), n=1)
                tip = f" (did you mean {hint[0]!r}?)" if hint else ""
                raise InputError(f"rules override {item!r}: unknown key {key!r}{tip}")
            if isinstance(kinds[key].default, bool):
                if text.lower() not in _FLAGS:
                    raise InputError(f"rules override {item!r}: {key} must be true/false")
                changes[key] = _FLAGS[text.lower()]
            else:
                try:
                    changes[key] = int(text, 10)
                except ValueError:
                    raise InputError(f"rules override {item!r}: {key} must be an integer") from None
        return self.from_mapping(changes, "rules override", self)

    def with_variants(self, names: Iterable[str]) -> Any:
        on: dict[str, bool] = {}
        for name in (n.strip().lower() for item in names for n in item.split(",")):
            if name not in self.VARIANTS:
                valid = ", ".join(self.VARIANTS) or "none"
                raise InputError(f"rules: unknown variant {name!r}; valid names: {valid}")
            on.update(dict.fromkeys(self.VARIANTS[name], True))
        return dataclasses.replace(self, **on)  # type: ignore[type-var]

    def variant_names(self) -> tuple[str, ...]:
        default = type(self)()
        return tuple(n for n, fs in self.VARIANTS.items() if len(fs) == 1
                     and getattr(self, fs[0]) and not getattr(default, fs[0]))  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)  # type: ignore[call-overload]

    def diff_from_default(self) -> dict[str, Any]:
        mine, std = self.to_dict(), type(self)().to_dict()
        return {k: v for k, v in mine.items() if v != std[k]}

    def digest(self) -> str:
        text = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("ascii")).hexdigest()

    def pack(self) -> np.ndarray:
        """The values in field order, as the engine reads them."""
        return np.array([int(getattr(self, f.name)) for f in fields(self)], dtype=np.int64)  # type: ignore[arg-type]

    @classmethod
    def field_docs(cls) -> dict[str, str]:
        return {f.name: f"{f.metadata['doc']} ({f.metadata['rule']})" for f in fields(cls)}  # type: ignore[arg-type]
