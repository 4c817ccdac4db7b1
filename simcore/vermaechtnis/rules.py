"""The Vermächtnis rule set: every number and every [choice] of the rules digest as data.

A `RuleSet` is validated when built (each problem is one `InputError` line naming the
key and its valid range), carries the rulebook defaults (ids V-… from
`shared/rules/vermaechtnis.md`) and packs itself into the int64 array the engine reads
(laid out by the field order, `R`). A designer changes numbers in a rules file
or with `--set key=value`; price rows are comma lists, `--set prices_4=4,4,3,2,2`.

The contract's `Rules` API comes from simcore/core/contract/rule_fields.py, as Maharaja's does;
this module adds the price rows.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from dataclasses import Field, dataclass, field
from typing import Any

import numpy as np

from simcore.core.contract.rule_fields import Bad, RuleBase, bad_rule, offsets_module
from simcore.core.contract.rule_fields import rule as _f
from simcore.core.errors import InputError

# Value ranges: with every value at its top no results column can overflow (results.py
# types money and points as Int16, rupee totals as Int32; the bounds are derived in
# tests/vermaechtnis/test_rules.py).
MONEY_HI = 100  # start money, cap, coin values, prices
OFFER_HI = 6  # layout.MAX_OFFER
DEFAULT_PRICES_23 = (4, 3, 2, 2)  # V-C5 (reconstruction), 2-3 players
DEFAULT_PRICES_4 = (4, 3, 3, 2, 2)  # V-C5 (reconstruction), 4 players
PLAYER_COUNTS = (2, 3, 4)
MAX_TRADE = 9  # trade cards in one set (V-C5: 9 cards in the box)
_ROWS = ("prices_23", "prices_4")


@dataclass(frozen=True)
class RuleSet(RuleBase):
    """All rule parameters of one game; immutable and hashable, validated on construction."""

    VARIANTS = {"grey": ("grey_sides",)}  # V-V1
    CHOICES = (
        "prices_23",
        "prices_4",
        "grey_sides",
        "check_before_give_up",
        "short_offer_ends",
        "tie_after_discard",
    )
    OVERRIDE_EXAMPLE = "tax_cap=10"
    PACKED = {"N_PRICES_23": 1, "N_PRICES_4": 1}  # the rows' lengths, after the fields

    start_money_first: int = _f(4, "V-S5", "rupees of the start player (seat 1)", 0, MONEY_HI)
    start_money_others: int = _f(5, "V-S5", "rupees of every other player", 0, MONEY_HI)
    tax_cap: int = _f(8, "V-A4", "rupees kept after taxes at the end of a turn", 0, MONEY_HI)
    gold_value: int = _f(3, "V-A1", "rupees of a gold coin taken from a trade card", 0, MONEY_HI)
    rupees_per_point: int = _f(3, "V-P3", "rupees per point at the end", 1, MONEY_HI)
    offer_size: int = _f(4, "V-S1/V-R2", "antiques laid out each sales day", 1, OFFER_HI)
    prices_23: tuple[int, ...] = field(
        default=DEFAULT_PRICES_23,
        metadata={"rule": "V-C5 [choice]", "doc": "trade-card prices left to right, 2-3 "
                  "players (1 to 9 cards, each 0..100), e.g. 4,3,2,2", "slots": MAX_TRADE},
    )  # fmt: skip
    prices_4: tuple[int, ...] = field(
        default=DEFAULT_PRICES_4,
        metadata={"rule": "V-C5 [choice]", "doc": "trade-card prices left to right, 4 "
                  "players (1 to 9 cards, each 0..100), e.g. 4,3,3,2,2", "slots": MAX_TRADE},
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

    def _check_field(self, f: Field) -> None:
        """Price rows (lists, tuples or comma text) become tuples; the rest as RuleBase."""
        if f.name in _ROWS:
            object.__setattr__(self, f.name, _price_row(getattr(self, f.name), f.name))
        else:
            super()._check_field(f)

    def _override(self, key: str, text: str, changes: dict[str, Any], bad: Bad) -> None:
        """Also price rows as comma lists (prices_4=4,3,3,2,2), checked on construction."""
        if key in _ROWS:
            changes[key] = text
        else:
            super()._override(key, text, changes, bad)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON/TOML-ready dict; from_mapping(r.to_dict()) == r."""
        out = super().to_dict()
        for name in _ROWS:
            out[name] = list(out[name])
        return out

    def prices(self, n_players: int) -> tuple[int, ...]:
        """The trade-card row a game of n_players uses (V-C5, V-S2)."""
        return self.prices_4 if n_players == 4 else self.prices_23

    def _pack_more(self, out: np.ndarray, at: Mapping[str, int]) -> None:
        """The price rows, left to right, and their lengths."""
        for name in _ROWS:
            row = getattr(self, name)
            out[at["N_" + name.upper()]] = len(row)
            out[at[name.upper()] : at[name.upper()] + len(row)] = row


VARIANTS = RuleSet.VARIANTS
CHOICES = RuleSet.CHOICES
FIELD_DOCS = RuleSet.field_docs()


def _price_row(value: Any, name: str) -> tuple[int, ...]:
    """A trade-card row: 1..MAX_TRADE integers 0..MONEY_HI, as a list or as text separated
    by commas or slashes (4,3,3,2,2 or 4/3/3/2/2, for sweep grids of comma lists)."""
    want = f"{name} must be 1 to {MAX_TRADE} integers in 0..{MONEY_HI}, e.g. 4,3,3,2,2"
    if isinstance(value, str):
        parts = [p.strip() for p in value.replace("/", ",").split(",")]
        try:
            value = [int(p, 10) for p in parts]
        except ValueError:
            bad_rule(f"{want}; got {value!r}")
    if not isinstance(value, list | tuple | np.ndarray) or not 1 <= len(value) <= MAX_TRADE:
        bad_rule(f"{want}; got {value!r}")
    for x in value:
        if not isinstance(x, numbers.Integral) or isinstance(x, bool) or not 0 <= x <= MONEY_HI:
            bad_rule(f"{want}; got {list(value)!r}")
    return tuple(int(x) for x in value)


def check_for_players(rules: RuleSet, n_players: int) -> None:
    """Nothing in the rule set depends on the player count beyond choosing the price row
    (V-C5); the count itself must be one the game has (V-S)."""
    if n_players not in PLAYER_COUNTS:
        raise InputError(f"--players must be between 2 and 4, got {n_players}")


load_rules = RuleSet.load  # a .toml or .json rules file (simcore/core/contract/rule_fields.py)

# the packed offsets the engine reads as constants, `rules[R.TAX_CAP]`
R = offsets_module(RuleSet, __name__ + ".R", MAX_TRADE=MAX_TRADE)
