"""A game's rule set as a frozen dataclass of documented, range-checked fields.

Every game states its rules as data, and the contract (plugin.Rules) asks the same of each:
validation on construction, `--set key=value`, variant switches by name, a mapping round
trip, the difference from the rulebook, a digest, `pack()`. `RuleBase` implements all of
it for int and bool fields declared with `rule(default, id, doc, lo, hi)`; a game whose
rules also hold tables or text (payout rows, a deal) overrides the hooks `_check_field`,
`_prepare_values` and `_override` for those fields, and `to_dict`/`_pack_more` for their form.

The packed array the engine reads (`rules[R.HOUSE_COST]`) is laid out by the field order:
each field takes its `slots` entries (default 1) under its `slot` name (default its name
upper-cased), then come the values `pack()` derives (`PACKED`). `offsets()` hands them out
once; a game's engine reads them as plain module-level ints (`R = offsets_module(...)`
beside the rule set), which numba freezes as constants.

Every problem is one InputError line naming the key (and its range): `RuleError` carries
the bare problem, so the file or override that set the value can name itself instead.
"""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
import json
import numbers
from collections.abc import Callable, Iterable, Mapping
from dataclasses import Field, field, fields
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar, NoReturn

import numpy as np

from simcore.core.contract.layout import Layout
from simcore.core.errors import InputError

FLAGS = dict.fromkeys(("true", "yes", "1"), True) | dict.fromkeys(("false", "no", "0"), False)
Bad = Callable[[str], NoReturn]  # raises one InputError line about the value being read


def rule(default: Any, rule_id: str, doc: str, lo: int = 0, hi: int = 1, *, slot: str = "") -> Any:
    """A field whose metadata carries its rule id, a one-line doc and its value range;
    `slot`: the name the engine reads it by, if not the field's name upper-cased."""
    meta = {"rule": rule_id, "doc": doc, "lo": lo, "hi": hi} | ({"slot": slot} if slot else {})
    return field(default=default, metadata=meta)


def slot_name(f: Field) -> str:
    """The name of a field's first entry in the packed array."""
    return f.metadata.get("slot") or f.name.upper()


@cache
def _offsets(cls: type) -> dict[str, int]:
    lay = Layout(f"{cls.__name__} packed rules")
    for f in fields(cls):  # type: ignore[arg-type]
        lay.take(slot_name(f), f.metadata.get("slots", 1))
    for name, n in cls.PACKED.items():  # type: ignore[attr-defined]
        lay.take(name, n)
    return lay.names() | {"RULES_SIZE": lay.done()}


def offsets_module(cls: type, name: str, **constants: int) -> ModuleType:
    """The packed offsets of a rule set class as a module of ints (`R.SIDES`), which numba
    reads as constants like any module's globals; `constants` adds the rule set's own named
    numbers (`R.MAX_PLAYERS`) so an engine needs one module for both."""
    module = ModuleType(name, f"Offsets of the packed {cls.__name__} array, in field order.")
    module.__dict__.update(_offsets(cls), **constants)
    return module


class RuleError(InputError):
    """An InputError that keeps the bare problem so constructors can re-name the source."""

    def __init__(self, problem: str) -> None:
        super().__init__(f"rules: {problem}")
        self.problem = problem


def bad_rule(problem: str) -> NoReturn:
    raise RuleError(problem)


def in_range(f: Field, v: int) -> bool:
    return f.metadata["lo"] <= v <= f.metadata["hi"]


def range_text(f: Field) -> str:
    return f"in {f.metadata['lo']}..{f.metadata['hi']}"


def _unknown_key(key: Any, names: list[str]) -> str:
    hint = difflib.get_close_matches(str(key), names, n=1)
    return f"unknown key {key!r}" + (f" (did you mean {hint[0]!r}?)" if hint else "")


class RuleBase:
    """Mixin for a frozen dataclass of rule fields (see the module doc)."""

    VARIANTS: ClassVar[dict[str, tuple[str, ...]]] = {}  # name -> switch fields it turns on
    CHOICES: ClassVar[tuple[str, ...]] = ()  # fields that are [choice]s
    OVERRIDE_EXAMPLE: ClassVar[str] = ""  # shown when a --set item has no "=", e.g. "x=1"
    PACKED: ClassVar[dict[str, int]] = {}  # derived values: slot name -> entries, after fields

    def __post_init__(self) -> None:
        for f in fields(self):  # type: ignore[arg-type]
            self._check_field(f)

    def _check_field(self, f: Field) -> None:
        """Check one value and normalise numpy scalars to int/bool (hook: other kinds)."""
        v = getattr(self, f.name)
        if isinstance(f.default, bool):
            if not isinstance(v, bool | np.bool_):
                bad_rule(f"{f.name} must be true or false, got {v!r}")
            object.__setattr__(self, f.name, bool(v))
            return
        if not isinstance(v, numbers.Integral) or isinstance(v, bool) or not in_range(f, v):
            bad_rule(f"{f.name} must be an integer {range_text(f)}, got {v!r}")
        object.__setattr__(self, f.name, int(v))

    @classmethod
    def from_mapping(cls, data: Mapping, source: str = "rules", base: Any = None) -> Any:
        """Rules from a parsed file or dict; absent keys keep base's values (the defaults)."""
        base = base if base is not None else cls()
        if not isinstance(data, Mapping):
            raise InputError(f"{source}: must be a table of key = value, got {type(data).__name__}")
        names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
        for key in data:
            if key not in names:
                raise InputError(f"{source}: {_unknown_key(key, names)}")
        try:
            return dataclasses.replace(base, **cls._prepare_values(dict(data), base))
        except RuleError as e:
            raise InputError(f"{source}: {e.problem}") from None

    @classmethod
    def load(cls, path: str | Path) -> Any:
        """Rules from a .toml or .json rules file (only the keys that differ need be given);
        every problem is one InputError line naming the file."""
        from simcore.core.contract.datafile import read_data_file  # noqa: PLC0415  (datafile imports no rules)

        return cls.from_mapping(read_data_file(path, "rules file"), f"rules file {Path(path)}")

    @classmethod
    def _prepare_values(cls, values: dict[str, Any], base: Any) -> dict[str, Any]:
        """Hook: values of a file or of overrides, before construction (partial tables)."""
        return values

    def with_overrides(self, items: Iterable[str]) -> Any:
        """CLI `--set key=value` strings: integers, true/false/yes/no/1/0, and what the
        game's `_override` reads (rows of a table)."""
        changes: dict[str, Any] = {}
        for item in items:

            def bad(problem: str, item: str = item) -> NoReturn:
                raise InputError(f"rules override {item!r}: {problem}")

            key, eq, text = (s.strip() for s in item.partition("="))
            if not eq or not key:
                example = self.OVERRIDE_EXAMPLE
                bad(f"expected key=value, e.g. {example}" if example else "expected key=value")
            self._override(key, text, changes, bad)
        return self.from_mapping(changes, "rules override", self)

    def _override(self, key: str, text: str, changes: dict[str, Any], bad: Bad) -> None:
        """Read one `--set key=text` into changes (hook: a game's own kinds of field)."""
        kinds = {f.name: f for f in fields(self)}  # type: ignore[arg-type]
        if key not in kinds:
            bad(_unknown_key(key, list(kinds)))
        f = kinds[key]
        if isinstance(f.default, bool):
            if text.lower() not in FLAGS:
                bad(f"{key} must be true/false/yes/no/1/0, got {text!r}")
            changes[key] = FLAGS[text.lower()]
            return
        try:
            changes[key] = int(text, 10)
        except ValueError:
            bad(f"{key} must be an integer {range_text(f)}, got {text!r}")
        if not in_range(f, changes[key]):
            bad(f"{key} must be an integer {range_text(f)}")

    def with_variants(self, names: Iterable[str]) -> Any:
        """Turn variant switches on by name (comma lists allowed), incl. bundles of them."""
        on: dict[str, bool] = {}
        for name in (n.strip().lower() for item in names for n in item.split(",")):
            if name not in self.VARIANTS:
                valid = ", ".join(self.VARIANTS) or "none"
                raise InputError(f"rules: unknown variant {name!r}; valid names: {valid}")
            on.update(dict.fromkeys(self.VARIANTS[name], True))
        return dataclasses.replace(self, **on)  # type: ignore[type-var]

    def variant_names(self) -> tuple[str, ...]:
        """Names of the single switches turned on away from the rulebook game, in VARIANTS
        order (reports, manifests); a switch on by default is never named (its field shows
        in the rules that differ when it is turned off)."""
        default = type(self)()
        return tuple(n for n, fs in self.VARIANTS.items() if len(fs) == 1
                     and getattr(self, fs[0]) and not getattr(default, fs[0]))  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON/TOML-ready dict; from_mapping(r.to_dict()) == r."""
        return dataclasses.asdict(self)  # type: ignore[call-overload]

    def diff_from_default(self) -> dict[str, Any]:
        """Only the keys that differ from the rulebook (to_dict form): what a manifest shows."""
        mine, std = self.to_dict(), type(self)().to_dict()
        return {k: v for k, v in mine.items() if v != std[k]}

    def digest(self) -> str:
        """sha256 of the canonical JSON of to_dict(): names the exact rules in run manifests."""
        text = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("ascii")).hexdigest()

    @classmethod
    def offsets(cls) -> dict[str, int]:
        """Offset of every slot of the packed array, by name, and its RULES_SIZE (module doc)."""
        return dict(_offsets(cls))

    def pack(self) -> np.ndarray:
        """The array the engine reads: int and bool fields of one slot copied in field
        order, the rest (tables, text, derived values) by `_pack_more`; unused entries 0."""
        at = _offsets(type(self))
        out = np.zeros(at["RULES_SIZE"], dtype=np.int64)
        rest = []
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if isinstance(value, int) and f.metadata.get("slots", 1) == 1:
                out[at[slot_name(f)]] = int(value)
            else:
                rest.append(f.name)
        if (rest or self.PACKED) and type(self)._pack_more is RuleBase._pack_more:
            raise TypeError(f"{type(self).__name__}: no _pack_more for {rest or self.PACKED}")
        self._pack_more(out, at)
        return out

    def _pack_more(self, out: np.ndarray, at: Mapping[str, int]) -> None:
        """Hook: write the fields that are not one int (tables, text) and PACKED values."""

    @classmethod
    def field_docs(cls) -> dict[str, str]:
        """key -> its one-line doc and rule id (`palace-lab rules`)."""
        return {f.name: f"{f.metadata['doc']} ({f.metadata['rule']})" for f in fields(cls)}  # type: ignore[arg-type]
