"""The Vermächtnis rule set: every number and every [choice] of the rules digest as data.

A `RuleSet` is validated when built (each problem is one `InputError` line naming the
key and its valid range), carries the rulebook defaults (ids V-… from
`shared/rules/vermaechtnis.md`) and packs itself into the int64 array laid out by
`rules_layout`. A designer changes numbers in a rules file or with `--set key=value`;
price rows are comma lists, `--set prices_4=4,4,3,2,2`.

The API mirrors simcore/maharaja/rules.py (the contract's `Rules` protocol); the two
share no code yet because Maharaja's helpers live in its own module.
"""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
import json
import numbers
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, NoReturn

import numpy as np

from ..core.datafile import read_data_file
from ..core.errors import InputError
from . import rules_layout as R

# Value ranges: with every value at its top no results column can overflow (results.py
# types money and points as Int16, rupee totals as Int32; the bounds are derived in
# tests/vermaechtnis/test_rules.py).
MONEY_HI = 100  # start money, cap, coin values, prices
OFFER_HI = 6  # layout.MAX_OFFER
DEFAULT_PRICES_23 = (4, 3, 2, 2)  # V-C5 (reconstruction), 2-3 players
DEFAULT_PRICES_4 = (4, 3, 3, 2, 2)  # V-C5 (reconstruction), 4 players
PLAYER_COUNTS = (2, 3, 4)


def _f(default: Any, rule: str, doc: str, lo: int = 0, hi: int = 1) -> Any:
    """A field whose metadata carries its rule id, a one-line doc and its value range."""
    return field(default=default, metadata={"rule": rule, "doc": doc, "lo": lo, "hi": hi})


class _RuleError(InputError):
    """An InputError that keeps the bare problem so constructors can re-name the source."""

    def __init__(self, problem: str) -> None:
        super().__init__(f"rules: {problem}")
        self.problem = problem


def _bad(problem: str) -> NoReturn:
    raise _RuleError(problem)


@dataclass(frozen=True)
class RuleSet:
    """All rule parameters of one game; immutable and hashable, validated on construction."""

    start_money_first: int = _f(4, "V-S5", "rupees of the start player (seat 1)", 0, MONEY_HI)
    start_money_others: int = _f(5, "V-S5", "rupees of every other player", 0, MONEY_HI)
    tax_cap: int = _f(8, "V-A4", "rupees kept after taxes at the end of a turn", 0, MONEY_HI)
    gold_value: int = _f(3, "V-A1", "rupees of a gold coin taken from a trade card", 0, MONEY_HI)
    rupees_per_point: int = _f(3, "V-P3", "rupees per point at the end", 1, MONEY_HI)
    offer_size: int = _f(4, "V-S1/V-R2", "antiques laid out each sales day", 1, OFFER_HI)
    prices_23: tuple[int, ...] = field(
        default=DEFAULT_PRICES_23,
        metadata={"rule": "V-C5 [choice]", "doc": "trade-card prices left to right, 2-3 "
                  "players (1 to 9 cards, each 0..100), e.g. 4,3,2,2"},
    )  # fmt: skip
    prices_4: tuple[int, ...] = field(
        default=DEFAULT_PRICES_4,
        metadata={"rule": "V-C5 [choice]", "doc": "trade-card prices left to right, 4 "
                  "players (1 to 9 cards, each 0..100), e.g. 4,3,3,2,2"},
    )  # fmt: skip
    lone_discard: bool = _f(True, "V-P1", "at the end a lone antique of a colour is given up")
    large_blocks_small: bool = _f(
        True, "V-A3c", "the large card of a sort blocks the small ones of that sort"
    )
    grey_sides: bool = _f(
        False, "V-V1 [choice]", "grey sides with immediate effects (any player count)"
    )
    grey_money: int = _f(3, "V-V1a", "rupees of the grey money effect", 0, MONEY_HI)
    check_before_give_up: bool = _f(
        True, "V-A3b [choice]", "requirement checked before the give-up (else after it)"
    )
    short_offer_ends: bool = _f(
        True, "V-E1 [choice]", "fewer cards than an offer left ends the game (else laid out)"
    )
    tie_after_discard: bool = _f(
        True, "V-E2 [choice]", "the tie-break counts antiques after V-P1 (else before)"
    )

    def __post_init__(self) -> None:
        """Check every value; normalise numpy scalars, lists and comma text."""
        for f in fields(self):
            v, name = getattr(self, f.name), f.name
            if name in _ROWS:
                object.__setattr__(self, name, _price_row(v, name))
            elif isinstance(f.default, bool):
                if not isinstance(v, bool | np.bool_):
                    _bad(f"{name} must be true or false, got {v!r}")
                object.__setattr__(self, name, bool(v))
            else:
                if not isinstance(v, numbers.Integral) or isinstance(v, bool) or not _fits(f, v):
                    _bad(f"{name} must be an integer {_range(f)}, got {v!r}")
                object.__setattr__(self, name, int(v))

    @classmethod
    def from_mapping(
        cls, data: Mapping, source: str = "rules", base: RuleSet | None = None
    ) -> RuleSet:
        """Rules from a parsed file or dict; absent keys keep base's values (the defaults).
        Price rows are lists of integers or comma text ("4,3,3,2,2")."""
        base = base or cls()
        if not isinstance(data, Mapping):
            raise InputError(f"{source}: must be a table of key = value, got {type(data).__name__}")
        for key in data:
            if key not in _FIELDS:
                hint = difflib.get_close_matches(str(key), list(_FIELDS), n=1)
                tip = f" (did you mean {hint[0]!r}?)" if hint else ""
                raise InputError(f"{source}: unknown key {key!r}{tip}")
        try:
            return dataclasses.replace(base, **dict(data))
        except _RuleError as e:
            raise InputError(f"{source}: {e.problem}") from None

    def with_overrides(self, items: Iterable[str]) -> RuleSet:
        """Apply CLI `--set key=value` strings: integers, true/false/yes/no/1/0, and price
        rows as comma lists (prices_4=4,3,3,2,2)."""
        changes: dict[str, Any] = {}
        for item in items:

            def bad(problem: str, item: str = item) -> NoReturn:
                raise InputError(f"rules override {item!r}: {problem}")

            key, eq, text = (s.strip() for s in item.partition("="))
            if not eq or not key:
                bad("expected key=value, e.g. tax_cap=10")
            if key not in _FIELDS:
                hint = difflib.get_close_matches(key, list(_FIELDS), n=1)
                bad(f"unknown key {key!r}" + (f" (did you mean {hint[0]!r}?)" if hint else ""))
            f = _FIELDS[key]
            if key in _ROWS:
                changes[key] = text
            elif isinstance(f.default, bool):
                if text.lower() not in _FLAGS:
                    bad(f"{key} must be true/false/yes/no/1/0, got {text!r}")
                changes[key] = _FLAGS[text.lower()]
            else:
                try:
                    changes[key] = int(text, 10)
                except ValueError:
                    bad(f"{key} must be an integer {_range(f)}, got {text!r}")
                if not _fits(f, changes[key]):
                    bad(f"{key} must be an integer {_range(f)}")
        return RuleSet.from_mapping(changes, "rules override", base=self)

    def with_variants(self, names: Iterable[str]) -> RuleSet:
        """Turn variant switches on by name (comma lists allowed)."""
        on: dict[str, bool] = {}
        for name in (n.strip().lower() for item in names for n in item.split(",")):
            if name not in VARIANTS:
                raise InputError(
                    f"rules: unknown variant {name!r}; valid names: {', '.join(VARIANTS)}"
                )
            on.update(dict.fromkeys(VARIANTS[name], True))
        return dataclasses.replace(self, **on)

    def variant_names(self) -> tuple[str, ...]:
        """Names of the switches turned on away from the rulebook game (reports, manifests)."""
        return tuple(n for n, flds in VARIANTS.items() if all(getattr(self, f) for f in flds))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON/TOML-ready dict; from_mapping(r.to_dict()) == r."""
        out = dataclasses.asdict(self)
        for name in _ROWS:
            out[name] = list(out[name])
        return out

    def diff_from_default(self) -> dict[str, Any]:
        """Only the keys that differ from the rulebook (to_dict form): what a manifest shows."""
        mine, std = self.to_dict(), RuleSet().to_dict()
        return {k: v for k, v in mine.items() if v != std[k]}

    def digest(self) -> str:
        """sha256 of the canonical JSON of to_dict(): names the exact rules in run manifests."""
        text = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("ascii")).hexdigest()

    def prices(self, n_players: int) -> tuple[int, ...]:
        """The trade-card row a game of n_players uses (V-C5, V-S2)."""
        return self.prices_4 if n_players == 4 else self.prices_23

    def pack(self) -> np.ndarray:
        """The int64 array the engine reads (layout in rules_layout)."""
        out = np.zeros(R.RULES_SIZE, dtype=np.int64)
        for name, offset in _DIRECT.items():
            out[offset] = int(getattr(self, name))
        out[R.N_PRICES_23] = len(self.prices_23)
        out[R.PRICES_23 : R.PRICES_23 + len(self.prices_23)] = self.prices_23
        out[R.N_PRICES_4] = len(self.prices_4)
        out[R.PRICES_4 : R.PRICES_4 + len(self.prices_4)] = self.prices_4
        return out


_FIELDS = {f.name: f for f in fields(RuleSet)}
_ROWS = ("prices_23", "prices_4")
_DIRECT = {  # fields copied one-to-one into the packed array
    "start_money_first": R.START_MONEY_FIRST,
    "start_money_others": R.START_MONEY_OTHERS,
    "tax_cap": R.TAX_CAP,
    "gold_value": R.GOLD_VALUE,
    "rupees_per_point": R.RUPEES_PER_POINT,
    "offer_size": R.OFFER_SIZE,
    "lone_discard": R.LONE_DISCARD,
    "large_blocks_small": R.LARGE_BLOCKS_SMALL,
    "grey_sides": R.GREY_SIDES,
    "grey_money": R.GREY_MONEY,
    "check_before_give_up": R.CHECK_BEFORE_GIVE_UP,
    "short_offer_ends": R.SHORT_OFFER_ENDS,
    "tie_after_discard": R.TIE_AFTER_DISCARD,
}
_FLAGS = dict.fromkeys(("true", "yes", "1"), True) | dict.fromkeys(("false", "no", "0"), False)
VARIANTS: dict[str, tuple[str, ...]] = {"grey": ("grey_sides",)}  # V-V1
CHOICES: tuple[str, ...] = (
    "prices_23",
    "prices_4",
    "grey_sides",
    "check_before_give_up",
    "short_offer_ends",
    "tie_after_discard",
)
FIELD_DOCS: dict[str, str] = {
    f.name: f"{f.metadata['doc']} ({f.metadata['rule']})" for f in fields(RuleSet)
}


def _fits(f: Any, v: int) -> bool:
    return f.metadata["lo"] <= v <= f.metadata["hi"]


def _range(f: Any) -> str:
    return f"in {f.metadata['lo']}..{f.metadata['hi']}"


def _price_row(value: Any, name: str) -> tuple[int, ...]:
    """A trade-card row: 1..MAX_TRADE integers 0..MONEY_HI, as a list or as text separated
    by commas or slashes (4,3,3,2,2 or 4/3/3/2/2, for sweep grids of comma lists)."""
    want = f"{name} must be 1 to {R.MAX_TRADE} integers in 0..{MONEY_HI}, e.g. 4,3,3,2,2"
    if isinstance(value, str):
        parts = [p.strip() for p in value.replace("/", ",").split(",")]
        try:
            value = [int(p, 10) for p in parts]
        except ValueError:
            _bad(f"{want}; got {value!r}")
    if not isinstance(value, list | tuple | np.ndarray) or not 1 <= len(value) <= R.MAX_TRADE:
        _bad(f"{want}; got {value!r}")
    for x in value:
        if not isinstance(x, numbers.Integral) or isinstance(x, bool) or not 0 <= x <= MONEY_HI:
            _bad(f"{want}; got {list(value)!r}")
    return tuple(int(x) for x in value)


def check_for_players(rules: RuleSet, n_players: int) -> None:
    """Nothing in the rule set depends on the player count beyond choosing the price row
    (V-C5); the count itself must be one the game has (V-S)."""
    if n_players not in PLAYER_COUNTS:
        raise InputError(f"--players must be between 2 and 4, got {n_players}")


def load_rules(path: str | Path) -> RuleSet:
    """Read a .toml or .json rules file (only the keys that differ need be given)."""
    return RuleSet.from_mapping(read_data_file(path, "rules file"), f"rules file {Path(path)}")
