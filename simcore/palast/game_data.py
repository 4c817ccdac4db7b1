"""The three data files of Palast (what the rulebook prints only on components): the
building deck (P-C5), the harbour and its cards (P-C1b, P-C2), the action cards (P-C6).

Each is a `DataFile` (`--data NAME=FILE`, SHA-256 in the manifest) whose validator turns
a parsed TOML/JSON table into a frozen object with `pack()` and `digest()`; every problem
is one InputError line naming the file. The shipped files are reconstructions.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NoReturn

import numpy as np

from simcore.core.contract.datafile import DataFile, DataSet, check_keys, check_name, check_table

from . import data_layout as D
from .enums import ELEMENT_NAMES, END_CARD, N_GARDENS, N_RES, RES_NAMES, SIDE_NAMES, TREASURY_1

Fail = Callable[[str], NoReturn]
COST_HI = 9
PER_ELEMENT = 8  # P-S5: the deck's phases need 8 cards of each number


def _digest(d: dict[str, Any]) -> str:
    text = json.dumps(d, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _int(v: Any, what: str, lo: int, hi: int, fail: Fail) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        fail(f"{what} must be an integer in {lo}..{hi}, got {v!r}")
    return v


def _recon(data: Mapping, fail: Fail) -> bool:
    r = data.get("reconstruction", False)
    if not isinstance(r, bool):
        fail(f"'reconstruction' must be true or false, got {r!r}")
    return r


def _counts(raw: Any, what: str, hi: int, fail: Fail) -> tuple[int, ...]:
    """A table resource = count (missing resources are 0)."""
    if not isinstance(raw, Mapping):
        fail(f"{what} must be a table of resource = count, e.g. {{ alabaster = 2 }}")
    for k in raw:
        if k not in RES_NAMES:
            fail(f"{what}: unknown resource {k!r} (resources: {', '.join(RES_NAMES)})")
    return tuple(_int(raw.get(r, 0), f"{what}.{r}", 0, hi, fail) for r in RES_NAMES)


@dataclass(frozen=True)
class BuildingCards:
    """The building deck: 24 palace cards (element 1..3, garden 0..7, cost), the two
    treasury cards and the game-end card (costs only)."""

    name: str
    reconstruction: bool
    palace: tuple[tuple[int, int, tuple[int, ...]], ...]  # (element, garden, cost)
    specials: tuple[tuple[int, ...], ...]  # costs of treasury 1, treasury 2, end card

    def pack(self) -> np.ndarray:
        out = np.zeros(D.CARDS_SIZE, dtype=np.int64)
        for k, (element, garden, cost) in enumerate(self.palace):
            out[D.ELEMENT + k] = element
            out[D.GARDEN + k] = garden
            out[D.COST + k * N_RES : D.COST + (k + 1) * N_RES] = cost
        for i, cost in enumerate(self.specials):
            k = TREASURY_1 + i
            out[D.GARDEN + k] = -1
            out[D.COST + k * N_RES : D.COST + (k + 1) * N_RES] = cost
        return out

    def label(self, k: int) -> str:
        """ "fountain in garden 3 (2A 2E)" - for logs."""
        if 0 <= k < len(self.palace):
            element, garden, cost = self.palace[k]
            return f"{ELEMENT_NAMES[element]} in garden {garden + 1} ({_cost_text(cost)})"
        names = {TREASURY_1: "treasury card 1", TREASURY_1 + 1: "treasury card 2"}
        if k in names or k == END_CARD:
            return f"{names.get(k, 'game-end card')} ({_cost_text(self.specials[k - TREASURY_1])})"
        return f"card {k}"

    def to_dict(self) -> dict[str, Any]:
        def cost(c):
            return {r: n for r, n in zip(RES_NAMES, c, strict=True) if n}

        return {
            "name": self.name,
            "reconstruction": self.reconstruction,
            "palace": [
                {"element": ELEMENT_NAMES[e], "garden": g + 1, "cost": cost(c)}
                for e, g, c in self.palace
            ],  # fmt: skip
            "treasury_1": {"cost": cost(self.specials[0])},
            "treasury_2": {"cost": cost(self.specials[1])},
            "end_card": {"cost": cost(self.specials[2])},
        }

    def digest(self) -> str:
        return _digest(self.to_dict())


def _cost_text(cost: tuple[int, ...]) -> str:
    return " ".join(f"{n}{RES_NAMES[t][0].upper()}" for t, n in enumerate(cost) if n) or "free"


def cards_from_dict(data: Any, source: str = "<dict>") -> BuildingCards:
    fail = check_table(data, f"building cards {source}", {"name", "palace", "treasury_1",
                       "treasury_2", "end_card"}, {"reconstruction"})  # fmt: skip
    name = check_name(data["name"], "'name'", fail)
    raw = data["palace"]
    if not isinstance(raw, list) or len(raw) != 3 * PER_ELEMENT:
        fail(f"'palace' must list {3 * PER_ELEMENT} cards ([[palace]] tables)")
    palace = []
    for i, card in enumerate(raw, start=1):
        what = f"palace card {i}"
        if not isinstance(card, Mapping):
            fail(f"{what} must be a table")
        check_keys(card, {"element", "garden", "cost"}, set(), lambda p, w=what: fail(f"{w}: {p}"))
        if card["element"] not in ELEMENT_NAMES[1:]:
            fail(f"{what}: element must be arch, fountain or column, got {card['element']!r}")
        element = ELEMENT_NAMES.index(card["element"])
        garden = _int(card["garden"], f"{what}: garden", 1, N_GARDENS, fail) - 1
        palace.append((element, garden, _counts(card["cost"], f"{what}: cost", COST_HI, fail)))
    for e in (1, 2, 3):
        n = sum(1 for c in palace if c[0] == e)
        if n != PER_ELEMENT:
            fail(f"{n} {ELEMENT_NAMES[e]} cards; the deck needs exactly {PER_ELEMENT} (P-S5)")
    palace.sort(key=lambda c: (c[0], c[1]))
    specials = []
    for key in ("treasury_1", "treasury_2", "end_card"):
        t = data[key]
        if not isinstance(t, Mapping):
            fail(f"'{key}' must be a table with a cost")
        check_keys(t, {"cost"}, set(), lambda p, k=key: fail(f"{k}: {p}"))
        specials.append(_counts(t["cost"], f"{key}: cost", COST_HI, fail))
    return BuildingCards(name, _recon(data, fail), tuple(palace), tuple(specials))


@dataclass(frozen=True)
class Harbour:
    """Field capacities, the field of each side a..d, the two harbour cards (side up at
    the start, back)."""

    name: str
    reconstruction: bool
    capacity: tuple[int, ...]
    side_field: tuple[int, ...]  # 0-based field of side a..d
    cards: tuple[tuple[int, int], ...]

    def pack(self) -> np.ndarray:
        out = np.zeros(D.HARBOUR_SIZE, dtype=np.int64)
        base = D.CARDS_SIZE
        out[D.CAPACITY - base : D.CAPACITY - base + 4] = self.capacity
        out[D.SIDE_FIELD - base : D.SIDE_FIELD - base + 4] = self.side_field
        out[D.CARD_SIDES - base : D.CARD_SIDES - base + 4] = [s for c in self.cards for s in c]
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "reconstruction": self.reconstruction,
            "capacity": list(self.capacity),
            "side_field": {SIDE_NAMES[s]: f + 1 for s, f in enumerate(self.side_field)},
            "cards": [[SIDE_NAMES[a], SIDE_NAMES[b]] for a, b in self.cards],
        }

    def digest(self) -> str:
        return _digest(self.to_dict())


def harbour_from_dict(data: Any, source: str = "<dict>") -> Harbour:
    fail = check_table(data, f"harbour file {source}", {"name", "capacity", "side_field",
                       "cards"}, {"reconstruction"})  # fmt: skip
    name = check_name(data["name"], "'name'", fail)
    cap = data["capacity"]
    if not isinstance(cap, list) or len(cap) != 4:
        fail(f"'capacity' must list 4 counts (fields 1..4), got {cap!r}")
    capacity = tuple(_int(c, "each capacity", 1, 9, fail) for c in cap)
    sf = data["side_field"]
    if not isinstance(sf, Mapping) or set(sf) != set(SIDE_NAMES):
        fail("'side_field' must give exactly the sides a, b, c, d")
    side_field = tuple(_int(sf[s], f"side_field.{s}", 1, 4, fail) - 1 for s in SIDE_NAMES)
    if len(set(side_field)) != 4:
        fail("'side_field' names a field twice; each side has its own field")
    cards = data["cards"]
    ok = isinstance(cards, list) and len(cards) == 2
    ok = ok and all(isinstance(c, list) and len(c) == 2 for c in cards)
    if not ok:
        fail('\'cards\' must be two cards of two sides each, e.g. [["a", "d"], ["c", "b"]]')
    flat = [s for c in cards for s in c]
    if sorted(map(str, flat)) != list(SIDE_NAMES):
        fail(f"'cards' must use every side a, b, c, d exactly once, got {flat!r}")
    pairs = tuple((SIDE_NAMES.index(a), SIDE_NAMES.index(b)) for a, b in cards)
    return Harbour(name, _recon(data, fail), capacity, side_field, pairs)


@dataclass(frozen=True)
class ActionCards:
    """The unmarked action deck: cards per resource (P-C6)."""

    name: str
    reconstruction: bool
    count: tuple[int, ...]

    def pack(self) -> np.ndarray:
        return np.asarray(self.count, dtype=np.int64)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "reconstruction": self.reconstruction,
                "count": dict(zip(RES_NAMES, self.count, strict=True))}  # fmt: skip

    def digest(self) -> str:
        return _digest(self.to_dict())


def actions_from_dict(data: Any, source: str = "<dict>") -> ActionCards:
    fail = check_table(data, f"action cards {source}", {"name", "count"}, {"reconstruction"})
    name = check_name(data["name"], "'name'", fail)
    count = _counts(data["count"], "count", D.MAX_ACTION_CARDS, fail)
    if not 1 <= sum(count) <= D.MAX_ACTION_CARDS:
        fail(f"{sum(count)} action cards; the deck must hold 1..{D.MAX_ACTION_CARDS}")
    return ActionCards(name, _recon(data, fail), count)


_PKG = f"{__package__}.data"
CARDS_FILE = DataFile("cards", "building cards", cards_from_dict, _PKG, "cards.toml",
                      D.CARDS_SIZE)  # fmt: skip
HARBOUR_FILE = DataFile("harbour", "harbour file", harbour_from_dict, _PKG, "harbour.toml",
                        D.HARBOUR_SIZE)  # fmt: skip
ACTIONS_FILE = DataFile("actions", "action cards", actions_from_dict, _PKG, "actions.toml")
DATA_FILES = (CARDS_FILE, HARBOUR_FILE, ACTIONS_FILE)


def default_data() -> DataSet:
    """The shipped files, packed in declaration order (data_layout)."""
    return DataSet(tuple((f, f.default()) for f in DATA_FILES))


def cards_of(data: Any) -> BuildingCards:
    """The building cards of a game's data (a DataSet, or the cards themselves)."""
    return data["cards"] if isinstance(data, DataSet) else data
