"""The Maharaja rule set: every number and every [choice] of the rules digest as data.

A `RuleSet` is validated when built (each problem is one `InputError` line naming the
key), carries the rulebook defaults (ids M-… from `shared/rules/maharaja.md`) and packs
itself into the int64 array the engine reads (laid out by the field order, `R`),
so a designer changes numbers in a rules file or with `--set key=value`, never code.
Variant switches exist before the engine supports them so that files and manifests stay
stable.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from dataclasses import Field, dataclass, field, fields
from typing import Any

import numpy as np

from simcore.core.contract.rule_fields import (
    Bad,
    RuleBase,
    bad_rule,
    in_range,
    offsets_module,
    range_text,
)
from simcore.core.contract.rule_fields import rule as _f
from simcore.core.errors import InputError

from . import data_layout as B
from .enums import CHARACTER_NAMES, YOGI

# Value ranges (issue 12): no rule value may let a state entry (int64) or a results
# column overflow. Gold and the gold counters are Int32 in the results: with every value
# at its top, 5 players and 200 rounds the gold in a game stays below 3e8 (the bound is
# derived in tests/maharaja/test_rules.py); counts of houses stay within Int16, palaces
# and rounds within Int8.
_GOLD_HI = 1_000_000  # start gold and prices
_INCOME_HI = 10_000  # gold per action, income, bonus, penalty, payout, points
_HOUSES_HI = 1_000  # houses per colour and what moves them (houses_built is Int16)
_PALACES_HI = 127  # palaces is Int8
ROUNDS_HI = 200  # round_cap; batch runs allow 127 (rounds is Int8, results.check_fits)
DEFAULT_PAYOUTS: tuple[tuple[int, ...], ...] = (
    (10, 5),
    (11, 7, 3),
    (12, 9, 6, 3),
    (13, 10, 7, 4, 1),
)
MAX_PLAYERS = 5
PLAYER_COUNTS = tuple(range(2, MAX_PLAYERS + 1))
_SWITCHES = {  # variant name -> its switch field
    "yogi": "yogi",
    "neutral": "neutral_palaces",
    "auction": "auction",
    "home": "home_cities",
    "several": "several_characters",
    "short": "short_game",
}
# Values of the packed DEAL: how the characters reach the players at setup (M-S3).
DEAL_CHOOSE = 0  # the strategies choose, from the first chooser clockwise (the rulebook)
DEAL_RANDOM = 1  # a uniform random deal of distinct characters in play, one per seat
DEAL_FIXED = 2  # DEAL_CHAR + seat gives each seat's character
_ADVANCED1 = ("yogi", "neutral_palaces", "auction", "home_cities")


@dataclass(frozen=True)
class RuleSet(RuleBase):
    """All rule parameters of one game; immutable and hashable, validated on construction.

    `neutral` is on by default ([choice] M-V2), so variant_names never names it;
    neutral_palaces=false shows in rules_changed instead.
    """

    VARIANTS = {
        **{name: (fld,) for name, fld in _SWITCHES.items()},
        "advanced1": _ADVANCED1,  # the rulebook's advanced game 1
        "advanced2": (*_ADVANCED1, "several_characters"),  # advanced game 2 (M-V4)
    }
    CHOICES = (
        "forfeit_per_part",
        "round_cap",
        "governor_clamp",
        "first_chooser",
        "deal",
        "neutral_palaces",
    )
    OVERRIDE_EXAMPLE = "palace_cost=11"
    PACKED = {  # values _pack_more derives, packed after the fields
        "ROUND_LIMIT": 1,  # M-V1: last round of the short game, 0 = none
        "N_CHARACTERS": 1,  # 6 in the basic game, 7 with the Yogi (M-A5y)
        "DEAL_N": 1,  # DEAL_FIXED: characters listed (at least the number of players)
        "DEAL_CHAR": MAX_PLAYERS,  # DEAL_FIXED: the character of each seat
    }

    start_gold: int = _f(15, "M-S1", "gold each player starts with", 0, _GOLD_HI)
    palaces: int = _f(
        7, "M-C3", "palaces per player; building the last one ends the game", 1, _PALACES_HI
    )
    house_cost: int = _f(1, "M-A2", "gold per house built", 0, _GOLD_HI)
    palace_cost: int = _f(12, "M-A6", "gold per palace", 0, _GOLD_HI)
    artist_palace_cost: int = _f(9, "M-K6", "gold per palace for the Artist's holder", 0, _GOLD_HI)
    gold_action: int = _f(2, "M-A1", "gold taken by the Gold action", 0, _INCOME_HI)
    quarry_houses: int = _f(
        2, "M-A5", "houses moved from the bank to the supply by Quarry", 0, _HOUSES_HI
    )
    merchant_income: int = _f(
        1, "M-K2", "gold the Merchant's holder takes at turn start", 0, _INCOME_HI
    )
    monopoly_bonus: int = _f(5, "M-P3", "extra gold when exactly one player scores", 0, _INCOME_HI)
    forfeit_penalty: int = _f(
        2, "M-F2", "gold every other player takes on a forfeit", 0, _INCOME_HI
    )
    forfeit_per_part: bool = _f(False, "M-F2 [choice]", "forfeit per undone part, not per action")
    village_cap: int = _f(2, "M-S4", "houses a village holds", 1, 100)
    village_cap_2p: int = _f(1, "M-S4", "houses a village holds with two players", 1, 100)
    houses_per_colour: int = _f(20, "M-C3", "houses of each colour", 1, _HOUSES_HI)
    start_houses: int = _f(4, "M-S1/M-S4", "houses each player places in setup", 0, _HOUSES_HI)
    setup_supply: int = _f(6, "M-S5", "houses taken into the supply after setup", 0, _HOUSES_HI)
    outer_sites: int = _f(6, "M-C2", "outer palace sites per city (plus one inner site)", 0, 100)
    inner_points: int = _f(3, "M-P1", "points for an inner palace", 0, _INCOME_HI)
    outer_points: int = _f(1, "M-P1", "points per outer palace", 0, _INCOME_HI)
    sadhu_outer_points: int = _f(
        2, "M-K3", "points per outer palace of the Sadhu's holder", 0, _INCOME_HI
    )
    architect_points: int = _f(
        1, "M-P1", "points for the architect in the scored city", 0, _INCOME_HI
    )
    house_points: int = _f(1, "M-P1", "points per house in the scored city", 0, _INCOME_HI)
    end_field: int = _f(
        10, "M-E1", "round field whose governor placement ends the game", 1, ROUNDS_HI
    )
    round_cap: int = _f(
        30, "M-A8 [choice]", "safety cap on rounds (end reason `cap`)", 1, ROUNDS_HI
    )
    governor_steps: int = _f(
        2, "M-A8", "positions the Governor action moves a governor down", 1, 100
    )
    governor_clamp: bool = _f(True, "M-A8 [choice]", "a governor moves as far down as it can")
    first_chooser: int = _f(
        0, "M-S3 [choice]", "seat choosing a character first; -1 = random", -1, MAX_PLAYERS - 1
    )
    deal: str = field(  # packed as DEAL: DEAL_CHOOSE, DEAL_RANDOM or DEAL_FIXED
        default="choose",
        metadata={
            "rule": "M-S3 [choice]",
            "doc": "how characters reach the seats: choose (the strategies, rulebook order), "
            "random (uniform deal), fixed:<c0>,<c1>,... (per seat)",
        },
    )
    payouts: tuple[tuple[int, ...], ...] = field(  # packed row = players - 1, column = rank
        default=DEFAULT_PAYOUTS,
        metadata={
            "rule": "M-P2",
            "doc": "scoring gold by rank, one row per player count 2..5",
            "slot": "PAYOUT",
            "slots": MAX_PLAYERS * MAX_PLAYERS,
        },
    )
    short_game: bool = _f(False, "M-V1", "short game switch")
    short_game_palaces: int = _f(6, "M-V1", "palaces per player in the short game", 1, _PALACES_HI)
    short_game_rounds: int = _f(8, "M-V1", "last round of the short game", 1, ROUNDS_HI)
    yogi: bool = _f(False, "M-A5y", "Yogi and action chips switch", slot="V_YOGI")
    neutral_palaces: bool = _f(
        True, "M-V2 [choice]", "neutral outer palaces for unused colours (fewer than 5 players)",
        slot="V_NEUTRAL",
    )  # fmt: skip
    auction: bool = _f(False, "M-V3", "character auction switch", slot="V_AUCTION")
    home_cities: bool = _f(False, "M-A7h", "home cities switch", slot="V_HOME")
    several_characters: bool = _f(
        False, "M-V4", "several characters switch (advanced 2)", slot="V_MULTI"
    )
    home_points: int = _f(1, "M-A7h", "extra point in the home city's scoring", 0, _INCOME_HI)
    chips_total: int = _f(7, "M-A5y", "action chips in the game", 0, _HOUSES_HI)

    def _check_field(self, f: Field) -> None:
        """Payout lists become tuples, the deal its canonical text; the rest as RuleBase."""
        if f.name == "payouts":
            object.__setattr__(self, f.name, _payout_rows(self.payouts, DEFAULT_PAYOUTS))
        elif f.name == "deal":
            object.__setattr__(self, f.name, _deal_text(self.deal, self.yogi))
        else:
            super()._check_field(f)

    def __post_init__(self) -> None:
        """Check every value, then the values that bound each other."""
        super().__post_init__()
        most = B.MAX_CITIES * (1 + self.outer_sites)
        if self.palaces > most:
            bad_rule(
                f"palaces must be at most {most} (all sites with outer_sites), got {self.palaces}"
            )
        if self.short_game and self.short_game_palaces > self.palaces:
            got = self.short_game_palaces
            bad_rule(f"short_game_palaces must be <= palaces ({self.palaces}), got {got}")
        if self.start_houses + self.setup_supply > self.houses_per_colour:
            bad_rule(
                f"start_houses + setup_supply ({self.start_houses} + {self.setup_supply}) "
                f"must be <= houses_per_colour ({self.houses_per_colour})"
            )
        last = {"end_field": self.end_field}  # short-game limits only bind when it is on
        if self.short_game:
            last["short_game_rounds"] = self.short_game_rounds
        for name, value in last.items():
            if value > self.round_cap:
                bad_rule(f"{name} must be <= round_cap ({self.round_cap}), got {value}")
        if self.deal != "choose" and self.auction:
            bad_rule(
                f"deal={self.deal} cannot be combined with the auction (M-V3 is a way of "
                "choosing characters); use deal=choose or switch auction off"
            )
        if self.neutral_palaces and self.outer_sites < MAX_PLAYERS - 2:
            bad_rule(
                f"neutral_palaces needs outer_sites >= {MAX_PLAYERS - 2} (one neutral palace "
                f"per unused colour), got {self.outer_sites}; or set neutral_palaces=false"
            )

    @classmethod
    def _prepare_values(cls, values: dict[str, Any], base: RuleSet) -> dict[str, Any]:
        """`payouts` is a list of four rows or a table keyed by player count ("2".."5"); a
        table may give only some rows, the others are base's."""
        if "payouts" in values:
            values["payouts"] = _payout_rows(values["payouts"], base.payouts)
        return values

    def _override(self, key: str, text: str, changes: dict[str, Any], bad: Bad) -> None:
        """Also `payouts.N=a,b,...` (one row at a time) and the deal's text."""
        if key.startswith("payouts."):
            count = key.removeprefix("payouts.")
            if count not in {str(n) for n in PLAYER_COUNTS}:
                bad(f"unknown player count {count!r} in {key!r} (use payouts.2 .. payouts.5)")
            rows = dict(changes.get("payouts", {}))
            rows[count] = [_parse_int(t.strip(), "payouts." + count, bad) for t in text.split(",")]
            changes["payouts"] = rows
        elif key == "payouts":
            bad("give one row at a time, e.g. payouts.4=12,9,6,3")
        elif key == "deal":
            changes[key] = text
        elif key in _FIELDS and not isinstance(_FIELDS[key].default, bool):
            changes[key] = _parse_int(text, key, bad)
            if not in_range(_FIELDS[key], changes[key]):
                bad(f"{key} must be an integer {range_text(_FIELDS[key])}")
        else:
            super()._override(key, text, changes, bad)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON/TOML-ready dict; from_mapping(r.to_dict()) == r."""
        out = super().to_dict()
        out["payouts"] = {str(n): list(row) for n, row in zip(PLAYER_COUNTS, self.payouts)}
        return out

    def _pack_more(self, out: np.ndarray, at: Mapping[str, int]) -> None:
        """The short game folded into PALACES and ROUND_LIMIT, the characters in play, the
        deal (mode and seats) and the payout rows."""
        out[at["ROUND_LIMIT"]] = self.short_game_rounds if self.short_game else 0
        out[at["N_CHARACTERS"]] = 7 if self.yogi else 6
        out[at["PALACES"]] = self.short_game_palaces if self.short_game else self.palaces
        mode, chars = deal_mode(self.deal)
        out[at["DEAL"]] = mode
        out[at["DEAL_N"]] = len(chars)
        out[at["DEAL_CHAR"] : at["DEAL_CHAR"] + len(chars)] = chars
        for n, row in zip(PLAYER_COUNTS, self.payouts):
            start = at["PAYOUT"] + (n - 1) * MAX_PLAYERS
            out[start : start + n] = row


VARIANTS = RuleSet.VARIANTS
CHOICES = RuleSet.CHOICES
FIELD_DOCS = RuleSet.field_docs()
_FIELDS = {f.name: f for f in fields(RuleSet)}


_DEAL_MODES = {"choose": DEAL_CHOOSE, "random": DEAL_RANDOM}
_CHARACTER_CODES = {name.lower(): k for k, name in enumerate(CHARACTER_NAMES)}


def _deal_text(value: Any, yogi: bool) -> str:
    """Check a `deal` value and return its canonical text (lower case, no spaces).

    `fixed:` lists one distinct character in play per seat (the Yogi only with the yogi
    switch); a game uses the first `players` names and refuses a list shorter than that.
    Names are separated by commas or slashes (`fixed:mogul/sadhu`, for sweep grids whose
    values are comma lists); the canonical text uses commas.
    """
    if not isinstance(value, str):
        bad_rule(f"deal must be choose, random or fixed:<c0>,<c1>,..., got {value!r}")
    text = value.strip().lower()
    if text in _DEAL_MODES:
        return text
    kind, colon, rest = text.partition(":")
    if kind.strip() != "fixed" or not colon:
        bad_rule(f"deal must be choose, random or fixed:<c0>,<c1>,..., got {value!r}")
    names = [n.strip() for n in rest.replace("/", ",").split(",")]
    known = ", ".join(n.lower() for n in CHARACTER_NAMES[: YOGI + (1 if yogi else 0)])
    if not 2 <= len(names) <= MAX_PLAYERS:
        bad_rule(f"deal=fixed needs 2 to {MAX_PLAYERS} characters (one per seat), got {value!r}")
    for n in names:
        if n not in _CHARACTER_CODES or (_CHARACTER_CODES[n] == YOGI and not yogi):
            tip = " (the Yogi needs the yogi variant)" if n == "yogi" else ""
            bad_rule(f"deal=fixed: unknown character {n!r}{tip}; characters in play: {known}")
    if len(set(names)) != len(names):
        bad_rule(f"deal=fixed: each character may be dealt once, got {value!r}")
    return "fixed:" + ",".join(names)


def deal_mode(deal: str) -> tuple[int, list[int]]:
    """(packed DEAL value, character code per seat for a fixed deal) of a canonical deal text."""
    if deal in _DEAL_MODES:
        return _DEAL_MODES[deal], []
    return DEAL_FIXED, [_CHARACTER_CODES[n] for n in deal.removeprefix("fixed:").split(",")]


NOT_YET: dict[str, str] = {}  # switch field -> rule id, for switches not played yet


def check_supported(rules: RuleSet) -> None:
    """Refuse switches the engine does not play yet, rather than ignore them."""
    for field_name, rule_id in NOT_YET.items():
        if getattr(rules, field_name):
            raise InputError(f"variant '{field_name}' ({rule_id}) is not implemented yet")


def check_for_players(rules: RuleSet, n_players: int) -> None:
    """Values that depend on the player count: a fixed deal names a character for every
    seat; the first chooser is a seat of the game (or -1, random)."""
    if rules.first_chooser >= n_players:
        raise InputError(
            f"rules: first_chooser must be -1 (random) or a seat in 0..{n_players - 1} "
            f"with {n_players} players, got {rules.first_chooser}"
        )
    mode, chars = deal_mode(rules.deal)
    if mode == DEAL_FIXED and len(chars) < n_players:
        raise InputError(
            f"rules: deal={rules.deal} names {len(chars)} characters for {n_players} players "
            "(one per seat needed)"
        )


def _parse_int(text: str, key: str, bad: Bad) -> int:
    try:
        return int(text, 10)
    except ValueError:
        bad(f"{key} must be an integer, got {text!r}")


def _payout_rows(value: Any, base: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """Check payouts: a list of 4 rows or a table {n: row} over base; row n has n ints >= 0."""
    rows = list(base)
    if isinstance(value, Mapping):
        for key, row in value.items():
            n = int(key) if str(key).isdigit() else -1
            if n not in PLAYER_COUNTS:
                bad_rule(f"payouts: unknown player count {key!r} (use 2..5)")
            rows[n - 2] = row
    elif isinstance(value, list | tuple):
        if len(value) != len(PLAYER_COUNTS):
            bad_rule(f"payouts must have 4 rows (for 2..5 players), got {len(value)}")
        rows = list(value)
    else:
        bad_rule(f"payouts must be a list of rows or a table, got {value!r}")
    for n, row in zip(PLAYER_COUNTS, rows):
        if not isinstance(row, list | tuple) or len(row) != n:
            got = len(row) if isinstance(row, list | tuple) else repr(row)
            bad_rule(f"payouts for {n} players must have {n} values, got {got}")
        for x in row:
            if (
                not isinstance(x, numbers.Integral)
                or isinstance(x, bool)
                or not 0 <= x <= _INCOME_HI
            ):
                bad_rule(f"payouts for {n} players must be integers in 0..{_INCOME_HI}, got {x!r}")
    return tuple(tuple(int(x) for x in row) for row in rows)


load_rules = RuleSet.load  # a .toml or .json rules file (simcore/core/contract/rule_fields.py)

# the packed offsets the engine reads as constants, `rules[R.HOUSE_COST]`
R = offsets_module(
    RuleSet,
    __name__ + ".R",
    MAX_PLAYERS=MAX_PLAYERS,
    DEAL_CHOOSE=DEAL_CHOOSE,
    DEAL_RANDOM=DEAL_RANDOM,
    DEAL_FIXED=DEAL_FIXED,
)
