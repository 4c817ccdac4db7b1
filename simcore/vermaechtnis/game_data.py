"""The card table as data (V-C2, V-C4, V-V1d): model, file loader, validator and packer.

The rulebook does not print the card faces, so the shipped table (`cards/default.toml`)
is the digest's reconstruction; any file of the same schema replaces it (the CLI's
`--board FILE`). Everything the engine needs is packed into one int64 array laid out by
`data_layout`, so the jitted code never sees Python objects.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NoReturn

import numpy as np

from simcore.core.contract.datafile import (
    DataFile,
    check_keys,
    check_list,
    check_name,
    check_table,
)

from . import data_layout as T
from .enums import (
    EFFECT_NAMES,
    N_ANTIQUES,
    N_COLOURS,
    N_TYPES,
    REQ_COUNTS,
    REQ_DIFFERENT,
    SORT_NAMES,
    TYPE_NAMES,
)

VALUE_HI = 9  # points of one antique
POINTS_HI = 50  # points of one collection card
_KEYS = {"name", "values", "collection"}
_OPTIONAL = {"reconstruction", "colours"}
_CARD_KEYS = {"id", "sort", "size", "points"}
_CARD_OPTIONAL = {"needs", "different", "grey_points", "give_up", "grey_effect"}
DEFAULT_COLOURS = tuple(f"colour {c + 1}" for c in range(N_COLOURS))


@dataclass(frozen=True)
class CollectionCard:
    """One collection card (V-C4). `needs` is a count per type (REQ_COUNTS) or None when
    the card asks for `different` types (REQ_DIFFERENT)."""

    id: str
    sort: int  # 0..5 a type, 6 assorted (enums.ASSORTED)
    large: bool
    needs: tuple[int, ...] | None
    different: int
    points: int
    grey_points: int
    give_up: tuple[int, ...]  # types, one antique of which is given up (V-A3b)
    grey_effect: int  # FX_* (V-V1)

    @property
    def label(self) -> str:
        """ "C15 large assorted" - for masks, logs and reports."""
        return f"{self.id} {'large' if self.large else 'small'} {SORT_NAMES[self.sort]}"

    def requirement(self) -> str:
        if self.needs is None:
            return f"{self.different} different types"
        return " + ".join(f"{n} {TYPE_NAMES[t]}" for t, n in enumerate(self.needs) if n)


@dataclass(frozen=True)
class CardTable:
    """A validated card table; build it with `load_cards` or `cards_from_dict`."""

    name: str
    reconstruction: bool
    colours: tuple[str, ...]
    values: tuple[int, ...]  # [N_ANTIQUES] points of antique type * 6 + colour (V-C2)
    collection: tuple[CollectionCard, ...]

    def antique_name(self, a: int) -> str:
        """ "knife (yellow, 2)": type, colour and points of antique a."""
        if not 0 <= a < N_ANTIQUES:
            return f"antique {a}"
        t, c = divmod(a, N_COLOURS)
        return f"{TYPE_NAMES[t]} ({self.colours[c]}, {self.values[a]})"

    def pack(self) -> np.ndarray:
        """The int64 array the engine reads (layout in data_layout)."""
        out = np.zeros(T.CARDS_SIZE, dtype=np.int64)
        out[T.N_COLL] = len(self.collection)
        out[T.VALUE : T.VALUE + N_ANTIQUES] = self.values
        for k, card in enumerate(self.collection):
            c = T.COLL + k * T.COLL_W
            out[c + T.C_SORT] = card.sort
            out[c + T.C_LARGE] = int(card.large)
            out[c + T.C_REQ] = REQ_DIFFERENT if card.needs is None else REQ_COUNTS
            out[c + T.C_DIFFERENT] = card.different
            out[c + T.C_POINTS] = card.points
            out[c + T.C_GREY_POINTS] = card.grey_points
            out[c + T.C_GIVE_UP] = sum(1 << t for t in card.give_up)
            out[c + T.C_EFFECT] = card.grey_effect
            if card.needs is not None:
                out[c + T.C_NEED : c + T.C_NEED + N_TYPES] = card.needs
                needed = [t for t, n in enumerate(card.needs) if n > 0]
                out[c + T.C_N_NEEDED] = len(needed)
                out[c + T.C_NEEDED : c + T.C_NEEDED + len(needed)] = needed
            mask = T.LARGE_MASK if card.large else T.SMALL_MASK
            out[mask + card.sort] |= 1 << k
        return out

    def to_dict(self) -> dict[str, Any]:
        """The file structure; cards_from_dict(t.to_dict()) == t."""
        cards = []
        for card in self.collection:
            d: dict[str, Any] = {
                "id": card.id,
                "sort": SORT_NAMES[card.sort],
                "size": "large" if card.large else "small",
                "points": card.points,
                "grey_points": card.grey_points,
                "give_up": [TYPE_NAMES[t] for t in card.give_up],
                "grey_effect": EFFECT_NAMES[card.grey_effect],
            }
            if card.needs is None:
                d["different"] = card.different
            else:
                d["needs"] = {TYPE_NAMES[t]: n for t, n in enumerate(card.needs) if n}
            cards.append(d)
        values = {
            name: list(self.values[t * N_COLOURS : (t + 1) * N_COLOURS])
            for t, name in enumerate(TYPE_NAMES)
        }
        return {
            "name": self.name,
            "reconstruction": self.reconstruction,
            "colours": list(self.colours),
            "values": values,
            "collection": cards,
        }

    def digest(self) -> str:
        """sha256 of a canonical JSON of to_dict(): names the exact table in run manifests."""
        text = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        return hashlib.sha256(text.encode("ascii")).hexdigest()

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(card.label for card in self.collection)


def _int(value: Any, what: str, lo: int, hi: int, fail: Callable[[str], NoReturn]) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        fail(f"{what} must be an integer in {lo}..{hi}, got {value!r}")
    return value


def _type(value: Any, what: str, fail: Callable[[str], NoReturn]) -> int:
    if value not in TYPE_NAMES:
        fail(f"{what}: unknown type {value!r} (types: {', '.join(TYPE_NAMES)})")
    return TYPE_NAMES.index(value)


def _card(raw: Any, i: int, fail: Callable[[str], NoReturn]) -> CollectionCard:
    if not isinstance(raw, Mapping):
        fail(f"collection card {i} must be a table")
    label = f"collection card {i} ({raw.get('id', '?')})"
    check_keys(raw, _CARD_KEYS, _CARD_OPTIONAL, lambda problem: fail(f"{label}: {problem}"))
    cid = check_name(raw["id"], f"{label}: 'id'", fail)
    if raw["sort"] not in SORT_NAMES:
        fail(f"{label}: sort must be one of {', '.join(SORT_NAMES)}, got {raw['sort']!r}")
    sort = SORT_NAMES.index(raw["sort"])
    if raw["size"] not in ("small", "large"):
        fail(f"{label}: size must be small or large, got {raw['size']!r}")
    if ("needs" in raw) == ("different" in raw):
        fail(f"{label}: give exactly one requirement, `needs` or `different`")
    needs: tuple[int, ...] | None = None
    different = 0
    if "needs" in raw:
        if not isinstance(raw["needs"], Mapping) or not raw["needs"]:
            fail(f"{label}: needs must be a table of type = count, e.g. {{ vase = 3 }}")
        counts = [0] * N_TYPES
        for key, n in raw["needs"].items():
            counts[_type(key, f"{label}: needs", fail)] = _int(
                n, f"{label}: needs.{key}", 0, N_COLOURS, fail
            )
        if sum(counts) == 0:
            fail(f"{label}: needs asks for no antique")
        needs = tuple(counts)
    else:
        different = _int(raw["different"], f"{label}: different", 1, N_TYPES, fail)
    points = _int(raw["points"], f"{label}: points", 0, POINTS_HI, fail)
    grey_points = _int(raw.get("grey_points", points), f"{label}: grey_points", 0, POINTS_HI, fail)
    give = raw.get("give_up", [])
    if not isinstance(give, list):
        fail(f"{label}: give_up must be a list of types, got {give!r}")
    give_up = tuple(_type(t, f"{label}: give_up", fail) for t in give)
    if len(set(give_up)) != len(give_up):
        fail(f"{label}: give_up names a type twice")
    effect = raw.get("grey_effect", "none")
    if effect not in EFFECT_NAMES:
        fail(f"{label}: grey_effect must be one of {', '.join(EFFECT_NAMES)}, got {effect!r}")
    return CollectionCard(
        cid, sort, raw["size"] == "large", needs, different, points, grey_points,
        tuple(sorted(give_up)), EFFECT_NAMES.index(effect),
    )  # fmt: skip


def cards_from_dict(data: Any, source: str = "<dict>") -> CardTable:
    """Check a parsed card file and build the CardTable; every problem is one InputError."""
    fail = check_table(data, f"card table {source}", _KEYS, _OPTIONAL)
    name = check_name(data["name"], "'name'", fail)
    recon = data.get("reconstruction", False)
    if not isinstance(recon, bool):
        fail(f"'reconstruction' must be true or false, got {recon!r}")
    colours = data.get("colours", list(DEFAULT_COLOURS))
    if not isinstance(colours, list) or len(colours) != N_COLOURS:
        fail(f"'colours' must list {N_COLOURS} names, got {colours!r}")
    for c in colours:
        check_name(c, "each colour", fail)
    if len(set(colours)) != N_COLOURS:
        fail("'colours' names a colour twice")
    raw_values = data["values"]
    if not isinstance(raw_values, Mapping):
        fail("'values' must be a table with one row per type")
    if set(raw_values) != set(TYPE_NAMES):
        fail(f"'values' must have exactly the rows {', '.join(TYPE_NAMES)}")
    values: list[int] = []
    for t in TYPE_NAMES:
        row = raw_values[t]
        if not isinstance(row, list) or len(row) != N_COLOURS:
            fail(f"values.{t} must list {N_COLOURS} values (one per colour), got {row!r}")
        values += [_int(v, f"values.{t}", 0, VALUE_HI, fail) for v in row]
    # V-C4: the game is about collections; with none, V-A3 and V-P2 never happen
    raw_cards = check_list(data["collection"], "collection cards", 1, T.MAX_COLL, fail)
    cards = tuple(_card(raw, i, fail) for i, raw in enumerate(raw_cards, start=1))
    ids = [c.id for c in cards]
    dups = sorted({i for i in ids if ids.count(i) > 1})
    if dups:
        fail(f"collection card id used twice: {', '.join(dups)}")
    return CardTable(name, recon, tuple(colours), tuple(values), cards)


# the packaged table is the digest's reconstruction (see cards/default.toml)
CARDS_FILE = DataFile("cards", "card table", cards_from_dict, f"{__package__}.cards")
load_cards = CARDS_FILE.load
default_cards = CARDS_FILE.default
