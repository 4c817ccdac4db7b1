"""The game's data files: map (T-C1, T-C1b), tiles (T-C2, T-C3) and cards (T-C5).

What the seed leaves to its missing pictures is a reconstruction (the digest's, shipped
in data/*.toml); any file of the same schema replaces one (docs/games/tajmahal.md gives
the schema). Every problem is one InputError line naming the file. Each file is a
`DataFile` of the plug-in (`--data map=FILE`); `GameData` bundles the three, checks them
against each other and packs them into the array of data_layout (one block per file).

    map.toml    name, reconstruction, provinces = [names], [[cities]] id province
                fortified taj_mahal, roads = [[city id, city id], ...]
    tiles.toml  name, reconstruction, [[province_tiles]] number commodities,
                [bonus_tiles] rice tea spice jewels plus2 card (counts)
    cards.toml  name, reconstruction, [white] symbol = count,
                [[coloured]] colours symbols count
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import numpy as np

from simcore.core.contract.datafile import (
    DataFile,
    DataSet,
    check_keys,
    check_name,
    check_table,
)
from simcore.core.errors import InputError

from . import data_layout as D
from .enums import (
    B_CARD,
    BONUS_NAMES,
    COLOUR_NAMES,
    COMMODITY_NAMES,
    N_SYMBOLS,
    SPECIAL,
    SYMBOL_NAMES,
    WHITE,
)

Fail = Callable[[str], NoReturn]
PACKAGE = f"{__package__}.data"
FILES = ("map", "tiles", "cards")  # the named data files, each data/<name>.toml by default


def _int(value: Any, what: str, lo: int, hi: int, fail: Fail) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        fail(f"{what} must be an integer in {lo}..{hi}, got {value!r}")
    return value


def _flag(data: Mapping, key: str, fail: Fail, default: bool = False) -> bool:
    v = data.get(key, default)
    if not isinstance(v, bool):
        fail(f"{key!r} must be true or false, got {v!r}")
    return v


def _digest(d: dict[str, Any]) -> str:
    text = json.dumps(d, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


@dataclass(frozen=True)
class MapData:
    """T-C1: provinces, cities (province, fortified), the Taj Mahal city and the roads."""

    name: str
    reconstruction: bool
    provinces: tuple[str, ...]
    cities: tuple[str, ...]
    city_province: tuple[int, ...]
    fortified: tuple[bool, ...]
    taj_city: int
    roads: tuple[tuple[int, int], ...]  # city indices, a < b, sorted

    def to_dict(self) -> dict[str, Any]:
        cities = [
            {"id": c, "province": self.city_province[i], "fortified": self.fortified[i]}
            | ({"taj_mahal": True} if i == self.taj_city else {})
            for i, c in enumerate(self.cities)
        ]
        roads = [[self.cities[a], self.cities[b]] for a, b in self.roads]
        return {"name": self.name, "reconstruction": self.reconstruction,
                "provinces": list(self.provinces), "cities": cities, "roads": roads}  # fmt: skip

    def digest(self) -> str:
        return _digest(self.to_dict())

    def pack(self) -> np.ndarray:
        """The map block of the data array (data_layout)."""
        out = np.zeros(D.MAP_SIZE, dtype=np.int64)
        out[D.N_PROV] = len(self.provinces)
        out[D.N_CITIES] = len(self.cities)
        out[D.TAJ_CITY] = self.taj_city
        out[D.AGRA_PROV] = self.city_province[self.taj_city]
        for i in range(len(self.cities)):
            p = self.city_province[i]
            out[D.CITY_PROV + i] = p
            out[D.CITY_FORT + i] = int(self.fortified[i])
            out[D.PROV_MASK + p] |= 1 << i
        for a, b in self.roads:
            out[D.ADJ + a] |= 1 << b
            out[D.ADJ + b] |= 1 << a
        return out


@dataclass(frozen=True)
class TileData:
    """T-C2 commodities of each province tile (by number), T-C3 the square bonus tiles."""

    name: str
    reconstruction: bool
    province_tiles: tuple[tuple[int, ...], ...]  # tile number - 1 -> commodity indices
    bonus: tuple[int, ...]  # count per bonus kind (enums.BONUS_NAMES, B_TAJ = 0)

    def to_dict(self) -> dict[str, Any]:
        tiles = [{"number": i + 1, "commodities": [COMMODITY_NAMES[k] for k in t]}
                 for i, t in enumerate(self.province_tiles)]  # fmt: skip
        bonus = {BONUS_NAMES[k]: n for k, n in enumerate(self.bonus[: B_CARD + 1])}
        return {"name": self.name, "reconstruction": self.reconstruction,
                "province_tiles": tiles, "bonus_tiles": bonus}  # fmt: skip

    def digest(self) -> str:
        return _digest(self.to_dict())

    def pack(self) -> np.ndarray:
        """The tiles block of the data array (data_layout, offsets from D.MAP_SIZE)."""
        out = np.zeros(D.TILES_SIZE, dtype=np.int64)
        at = -D.MAP_SIZE
        out[at + D.N_BONUS] = sum(self.bonus)
        out[at + D.BONUS_POOL : at + D.BONUS_POOL + len(self.bonus)] = self.bonus
        for i, comm in enumerate(self.province_tiles):
            for k in comm:
                out[at + D.TILE_COMM + i * 4 + k] += 1
        return out


@dataclass(frozen=True)
class CardData:
    """T-C5: the normal card kinds - colour (or WHITE), printed symbols, count."""

    name: str
    reconstruction: bool
    colour: tuple[int, ...]
    symbols: tuple[tuple[int, ...], ...]  # per kind: symbol indices (1 white, 2 coloured)
    count: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        coloured = [{"colours": [COLOUR_NAMES[c]], "symbols": [SYMBOL_NAMES[s] for s in sy],
                     "count": n} for c, sy, n in zip(self.colour, self.symbols, self.count)
                    if c != WHITE]  # fmt: skip
        white = {SYMBOL_NAMES[sy[0]]: n for c, sy, n in zip(self.colour, self.symbols,
                 self.count) if c == WHITE}  # fmt: skip
        return {"name": self.name, "reconstruction": self.reconstruction,
                "white": white, "coloured": coloured}  # fmt: skip

    def digest(self) -> str:
        return _digest(self.to_dict())

    def pack(self) -> np.ndarray:
        """The cards block of the data array (data_layout, offsets from D.N_KINDS)."""
        out = np.zeros(D.CARDS_SIZE, dtype=np.int64)
        at = -D.N_KINDS
        out[at + D.N_KINDS] = len(self.colour)
        for k in range(len(self.colour)):
            out[at + D.KIND_COLOUR + k] = self.colour[k]
            out[at + D.KIND_COUNT + k] = self.count[k]
            for s in self.symbols[k]:
                out[at + D.KIND_SYM + k * N_SYMBOLS + s] += 1
        for i in range(D.N_SPECIAL):
            out[at + D.KIND_COLOUR + len(self.colour) + i] = SPECIAL
        return out

    def label(self, kind: int) -> str:
        """ "red elephant+vizier", "white mogul" - for logs and tests."""
        if not 0 <= kind < len(self.colour):
            t = kind - len(self.colour)
            return f"{SYMBOL_NAMES[t]} special card" if 0 <= t < D.N_SPECIAL else f"card {kind}"
        c = self.colour[kind]
        return f"{'white' if c == WHITE else COLOUR_NAMES[c]} " + "+".join(
            SYMBOL_NAMES[s] for s in self.symbols[kind]
        )


def map_from_dict(data: Any, source: str = "<dict>") -> MapData:
    """Check a parsed map file (T-C1): every problem is one line naming the file."""
    fail = check_table(data, f"map {source}", {"name", "provinces", "cities", "roads"},
                       {"reconstruction"})  # fmt: skip
    name = check_name(data["name"], "'name'", fail)
    recon = _flag(data, "reconstruction", fail)
    provinces = data["provinces"]
    if not isinstance(provinces, list) or not 1 <= len(provinces) <= D.MAX_PROV:
        fail(f"'provinces' must list 1 to {D.MAX_PROV} names")
    for p in provinces:
        check_name(p, "each province", fail)
    if len(set(provinces)) != len(provinces):
        fail("'provinces' names a province twice")
    raw = data["cities"]
    if not isinstance(raw, list) or not 1 <= len(raw) <= D.MAX_CITIES:
        fail(f"'cities' must be a list of 1 to {D.MAX_CITIES} tables ([[cities]])")
    ids: list[str] = []
    prov: list[int] = []
    fort: list[bool] = []
    taj: list[int] = []
    for i, c in enumerate(raw, start=1):
        if not isinstance(c, Mapping):
            fail(f"city {i} must be a table")

        def cfail(problem: str, i: int = i, c: Mapping = c) -> NoReturn:
            fail(f"city {i} ({c.get('id', '?')}): {problem}")

        check_keys(c, {"id", "province"}, {"fortified", "taj_mahal"}, cfail)
        ids.append(check_name(c["id"], "'id'", cfail))
        prov.append(_int(c["province"], "province", 0, len(provinces) - 1, cfail))
        fort.append(_flag(c, "fortified", cfail))
        if _flag(c, "taj_mahal", cfail):
            taj.append(i - 1)
    dups = sorted({c for c in ids if ids.count(c) > 1})
    if dups:
        fail(f"city id used twice: {', '.join(dups)}")
    for p, pname in enumerate(provinces):
        n = prov.count(p)
        if n < 4:  # T-A3: one palace per influence type, 4 per visit at most
            fail(f"province {pname!r} has {n} cities; at least 4 needed (T-A3)")
    if len(taj) != 1:
        fail(f"exactly one city must have taj_mahal = true, found {len(taj)}")
    if not fort[taj[0]]:
        fail(f"the Taj Mahal city {ids[taj[0]]!r} must be fortified (T-S2)")
    roads_raw = data["roads"]
    if not isinstance(roads_raw, list):
        fail("'roads' must be a list of [city id, city id] pairs")
    index = {c: i for i, c in enumerate(ids)}
    roads: set[tuple[int, int]] = set()
    for r in roads_raw:
        if not isinstance(r, list) or len(r) != 2 or not all(isinstance(x, str) for x in r):
            fail(f"each road must be a pair of city ids, got {r!r}")
        for x in r:
            if x not in index:
                fail(f"road {r!r}: unknown city {x!r}")
        a, b = sorted((index[r[0]], index[r[1]]))
        if a == b:
            fail(f"road {r!r} joins a city to itself")
        if (a, b) in roads:
            fail(f"road {r!r} is given twice (roads are two-way)")
        roads.add((a, b))
    seen, todo = {0}, [0]  # the network is connected (T-C1: one road network)
    adj: dict[int, list[int]] = {i: [] for i in range(len(ids))}
    for a, b in roads:
        adj[a].append(b)
        adj[b].append(a)
    while todo:
        for b in adj[todo.pop()]:
            if b not in seen:
                seen.add(b)
                todo.append(b)
    if len(seen) != len(ids):
        cut = sorted(set(range(len(ids))) - seen)
        fail(f"the road network is not connected: {ids[cut[0]]!r} cannot be reached from "
             f"{ids[0]!r}")  # fmt: skip
    return MapData(name, recon, tuple(provinces), tuple(ids), tuple(prov), tuple(fort),
                   taj[0], tuple(sorted(roads)))  # fmt: skip


def tiles_from_dict(data: Any, source: str = "<dict>") -> TileData:
    """Check a parsed tiles file (T-C2, T-C3)."""
    fail = check_table(data, f"tiles {source}", {"name", "province_tiles", "bonus_tiles"},
                       {"reconstruction"})  # fmt: skip
    name = check_name(data["name"], "'name'", fail)
    recon = _flag(data, "reconstruction", fail)
    raw = data["province_tiles"]
    if not isinstance(raw, list) or not 1 <= len(raw) <= D.MAX_PROV:
        fail(f"'province_tiles' must be a list of 1 to {D.MAX_PROV} tables")
    by_number: dict[int, tuple[int, ...]] = {}
    for i, t in enumerate(raw, start=1):
        if not isinstance(t, Mapping):
            fail(f"province tile {i} must be a table")

        def tfail(problem: str, i: int = i) -> NoReturn:
            fail(f"province tile {i}: {problem}")

        check_keys(t, {"number", "commodities"}, set(), tfail)
        num = _int(t["number"], "number", 1, len(raw), tfail)
        if num in by_number:
            tfail(f"number {num} given twice")
        comm = t["commodities"]
        if not isinstance(comm, list) or not 1 <= len(comm) <= 2:
            tfail(f"commodities must list 1 or 2 of {', '.join(COMMODITY_NAMES)}")
        for k in comm:
            if k not in COMMODITY_NAMES:
                tfail(f"unknown commodity {k!r} (commodities: {', '.join(COMMODITY_NAMES)})")
        by_number[num] = tuple(COMMODITY_NAMES.index(k) for k in comm)
    bonus_raw = data["bonus_tiles"]
    kinds = BONUS_NAMES[: B_CARD + 1]
    if not isinstance(bonus_raw, Mapping):
        fail(f"'bonus_tiles' must be a table of kind = count ({', '.join(kinds)})")
    check_keys(bonus_raw, set(), set(kinds), lambda p: fail(f"bonus_tiles: {p}"))
    bonus = [0] * len(BONUS_NAMES)
    for k, n in bonus_raw.items():
        bonus[kinds.index(k)] = _int(n, f"bonus_tiles.{k}", 0, D.MAX_CITIES, fail)
    return TileData(name, recon, tuple(by_number[i] for i in range(1, len(raw) + 1)),
                    tuple(bonus))  # fmt: skip


def cards_from_dict(data: Any, source: str = "<dict>") -> CardData:
    """Check a parsed cards file (T-C5): 96 normal cards, so 100 with the special cards."""
    fail = check_table(data, f"cards {source}", {"name", "white", "coloured"},
                       {"reconstruction"})  # fmt: skip
    name = check_name(data["name"], "'name'", fail)
    recon = _flag(data, "reconstruction", fail)
    colour: list[int] = []
    symbols: list[tuple[int, ...]] = []
    count: list[int] = []
    raw = data["coloured"]
    if not isinstance(raw, list) or not raw:
        fail("'coloured' must be a list of tables ([[coloured]])")
    for i, row in enumerate(raw, start=1):
        if not isinstance(row, Mapping):
            fail(f"coloured row {i} must be a table")

        def rfail(problem: str, i: int = i) -> NoReturn:
            fail(f"coloured row {i}: {problem}")

        check_keys(row, {"colours", "symbols", "count"}, set(), rfail)
        cols, syms = row["colours"], row["symbols"]
        if not isinstance(cols, list) or not cols or any(c not in COLOUR_NAMES for c in cols):
            rfail(f"colours must list some of {', '.join(COLOUR_NAMES)}, got {cols!r}")
        if len(set(cols)) != len(cols):
            rfail("colours names a colour twice")
        if not isinstance(syms, list) or len(syms) != 2 or any(s not in SYMBOL_NAMES for s in syms):
            rfail(f"symbols must be 2 of {', '.join(SYMBOL_NAMES)} (T-C5), got {syms!r}")
        n = _int(row["count"], "count", 1, D.N_NORMAL_CARDS, rfail)
        pair = tuple(sorted(SYMBOL_NAMES.index(s) for s in syms))
        for c in cols:
            ci = COLOUR_NAMES.index(c)
            if any(colour[k] == ci and symbols[k] == pair for k in range(len(colour))):
                rfail(f"{c} {'+'.join(syms)} is given twice; add up the counts")
            colour.append(ci)
            symbols.append(pair)
            count.append(n)
    for ci, cname in enumerate(COLOUR_NAMES):
        if ci not in colour:
            fail(f"no {cname} cards (T-C5: four colours)")
    white = data["white"]
    if not isinstance(white, Mapping) or not white:
        fail(f"'white' must be a table of symbol = count ({', '.join(SYMBOL_NAMES)})")
    check_keys(white, set(), set(SYMBOL_NAMES), lambda p: fail(f"white: {p}"))
    for s in SYMBOL_NAMES:
        if s in white:
            colour.append(WHITE)
            symbols.append((SYMBOL_NAMES.index(s),))
            count.append(_int(white[s], f"white.{s}", 1, D.N_NORMAL_CARDS, fail))
    if len(colour) + D.N_SPECIAL > D.MAX_KINDS:
        fail(f"{len(colour)} card kinds; at most {D.MAX_KINDS - D.N_SPECIAL}")
    total = sum(count)
    if total != D.N_NORMAL_CARDS:
        fail(f"{total} normal cards; the game has {D.N_NORMAL_CARDS} (+ 4 special = 100, T-C5)")
    return CardData(name, recon, tuple(colour), tuple(symbols), tuple(count))


MAP_FILE = DataFile("map", "map", map_from_dict, PACKAGE, "map.toml", D.MAP_SIZE)
TILES_FILE = DataFile("tiles", "tiles", tiles_from_dict, PACKAGE, "tiles.toml", D.TILES_SIZE)
CARDS_FILE = DataFile("cards", "cards", cards_from_dict, PACKAGE, "cards.toml", D.CARDS_SIZE)
DATA_FILES = (MAP_FILE, TILES_FILE, CARDS_FILE)  # declaration order = packing order


class GameData(DataSet):
    """The three data files of one game, checked against each other: the plug-in's data
    (a DataSet, so the manifest records each file's SHA-256 and `--data NAME=FILE`
    replaces one); `pack()` concatenates the three blocks of data_layout."""

    def __init__(self, map: MapData, tiles: TileData, cards: CardData) -> None:
        parts = ((MAP_FILE, map), (TILES_FILE, tiles), (CARDS_FILE, cards))
        object.__setattr__(self, "parts", parts)

        def fail(problem: str) -> NoReturn:
            raise InputError(f"data files {map.name!r} + {tiles.name!r}: {problem}")

        if len(tiles.province_tiles) != len(map.provinces):  # T-S1: one tile per province
            fail(f"{len(tiles.province_tiles)} province tiles for {len(map.provinces)} provinces")
        squares = sum(map.fortified) - 1  # T-S2: the Taj Mahal tile takes the Taj city
        if sum(tiles.bonus) != squares:
            fail(f"{sum(tiles.bonus)} square bonus tiles for {squares} fortified cities besides "
                 "the Taj Mahal city (T-S2)")  # fmt: skip

    @classmethod
    def of(cls, data: DataSet) -> GameData:
        """The plug-in's DataSet of the three files, checked against each other."""
        return cls(data["map"], data["tiles"], data["cards"])

    @property
    def map(self) -> MapData:
        return self["map"]

    @property
    def tiles(self) -> TileData:
        return self["tiles"]

    @property
    def cards(self) -> CardData:
        return self["cards"]

    @property
    def reconstruction(self) -> bool:
        return self.map.reconstruction or self.tiles.reconstruction or self.cards.reconstruction

    def digests(self) -> dict[str, str]:
        """SHA-256 per named data file (what a manifest records)."""
        return {f.name: obj.digest() for f, obj in self.parts}

    def pack(self) -> np.ndarray:
        """The int64 array the engine reads (layout in data_layout)."""
        out = super().pack()
        assert out.size == D.DATA_SIZE
        return out


def load_map(path: str | Path) -> MapData:
    return MAP_FILE.load(path)


def load_tiles(path: str | Path) -> TileData:
    return TILES_FILE.load(path)


def load_cards(path: str | Path) -> CardData:
    return CARDS_FILE.load(path)


@functools.lru_cache(maxsize=1)
def default_data() -> GameData:
    """The packaged files: the digest's reconstructions (T-C1b, T-C2, T-C3, T-C5)."""
    return GameData(MAP_FILE.default(), TILES_FILE.default(), CARDS_FILE.default())


def load_data(map: str | Path | None = None, tiles: str | Path | None = None,
              cards: str | Path | None = None) -> GameData:  # fmt: skip
    """The default data with any of the three files replaced (a cross-file problem is one
    line too)."""
    d = default_data()
    return GameData(
        load_map(map) if map else d.map,
        load_tiles(tiles) if tiles else d.tiles,
        load_cards(cards) if cards else d.cards,
    )
