"""The Maharaja board as data (M-C1): model, file loader, validator and packer.

A board file (TOML, or JSON of the same structure) names the start place, the
cities and the roads with their village counts, plus the home city of each
character (M-A7h). The rulebook does not print the map, so the shipped default
(`boards/default.toml`, M-C1b) is a reconstruction; any other file of this
schema can replace it. Everything the engine needs is packed into one int64
array laid out by `data_layout`, so the jitted code never sees Python objects.
"""

from __future__ import annotations

import hashlib
import json
from collections import deque
from dataclasses import dataclass
from typing import Any

import numpy as np

from simcore.core.contract.datafile import DataFile, check_name, check_table
from simcore.core.errors import InputError

from . import data_layout as B
from .enums import CHARACTER_NAMES

_KEYS = {"name", "start", "cities", "roads"}
_OPTIONAL_KEYS = {"home_cities"}
_ROAD_KEYS = {"a", "b", "villages"}


@dataclass(frozen=True)
class Road:
    """A road between junctions `a` and `b`; its villages run from `a` to `b`."""

    a: str
    b: str
    villages: int


@dataclass(frozen=True)
class Board:
    """A validated board. Build it with `load_board` or `board_from_dict`, which check it.

    Junctions are the cities in file order, then the start place (index n_cities),
    so city indices and junction indices agree. home_cities holds one city index
    per character 0..6 (Mogul..Yogi), -1 where the file gives none.
    """

    name: str
    start: str
    cities: tuple[str, ...]
    roads: tuple[Road, ...]
    home_cities: tuple[int, ...]

    @property
    def n_cities(self) -> int:
        return len(self.cities)

    @property
    def n_junctions(self) -> int:
        return len(self.cities) + 1

    @property
    def n_roads(self) -> int:
        return len(self.roads)

    @property
    def n_villages(self) -> int:
        return sum(r.villages for r in self.roads)

    @property
    def junction_names(self) -> tuple[str, ...]:
        return (*self.cities, self.start)

    def junction_index(self, name: str) -> int:
        """Index of a junction by name; InputError because names come from users (CLI, files)."""
        try:
            return self.junction_names.index(name)
        except ValueError:
            known = ", ".join(self.junction_names)
            raise InputError(f"board {self.name!r}: unknown junction {name!r} ({known})") from None

    def _first_village(self) -> list[int]:
        first, v = [], 0
        for road in self.roads:
            first.append(v)
            v += road.villages
        return first

    def road_villages(self, r: int) -> tuple[int, ...]:
        """Village ids of road r, from its end a to its end b."""
        v0 = self._first_village()[r]
        return tuple(range(v0, v0 + self.roads[r].villages))

    def village_names(self) -> list[str]:
        """Readable labels ("purple-orange#1") in village-id order, for logs and reports."""
        return [f"{r.a}-{r.b}#{i + 1}" for r in self.roads for i in range(r.villages)]

    def hops(self) -> np.ndarray:
        """Road-count distances between junctions (BFS), ignoring villages and houses."""
        ends = [(self.junction_index(r.a), self.junction_index(r.b)) for r in self.roads]
        nj = self.n_junctions
        return np.array([_bfs(nj, ends, s) for s in range(nj)], dtype=np.int64)

    def pack(self) -> np.ndarray:
        """The int64 array the engine reads (layout in data_layout); unused entries are -1."""
        out = np.full(B.BOARD_SIZE, -1, dtype=np.int64)
        out[B.N_CITIES] = self.n_cities
        out[B.N_JUNCTIONS] = self.n_junctions
        out[B.START] = self.n_cities
        out[B.N_ROADS] = self.n_roads
        out[B.N_VILLAGES] = self.n_villages
        deg = [0] * self.n_junctions
        for r, road in enumerate(self.roads):
            a, b = self.junction_index(road.a), self.junction_index(road.b)
            vils = self.road_villages(r)
            out[B.ROAD_A + r] = a
            out[B.ROAD_B + r] = b
            out[B.ROAD_NV + r] = road.villages
            out[B.ROAD_V0 + r] = vils[0]
            if len(vils) > 1:
                out[B.ROAD_V1 + r] = vils[1]
            for v in vils:
                out[B.VIL_ROAD + v] = r
            for j, other in ((a, b), (b, a)):
                slot = j * B.MAX_DEGREE + deg[j]
                out[B.ADJ_ROAD + slot] = r
                out[B.ADJ_TO + slot] = other
                deg[j] += 1
        out[B.DEG : B.DEG + self.n_junctions] = deg
        out[B.HOME_CITY : B.HOME_CITY + B.N_HOME_SLOTS] = self.home_cities
        nj = self.n_junctions
        for i, row in enumerate(self.hops()):
            out[B.HOPS + i * B.MAX_JUNCTIONS : B.HOPS + i * B.MAX_JUNCTIONS + nj] = row
        return out

    def to_dict(self) -> dict[str, Any]:
        """The board-file structure; board_from_dict(b.to_dict()) == b."""
        homes = {
            CHARACTER_NAMES[k]: self.cities[c] for k, c in enumerate(self.home_cities) if c >= 0
        }
        return {
            "name": self.name,
            "start": self.start,
            "cities": list(self.cities),
            "roads": [{"a": r.a, "b": r.b, "villages": r.villages} for r in self.roads],
            "home_cities": homes,
        }

    def digest(self) -> str:
        """sha256 of a canonical JSON of to_dict(): names the exact board in run manifests."""
        text = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        return hashlib.sha256(text.encode("ascii")).hexdigest()


def _bfs(n: int, ends: list[tuple[int, int]], s: int) -> list[int]:
    """Road count from junction s to every junction, -1 where unreachable."""
    dist = [-1] * n
    dist[s] = 0
    queue = deque([s])
    while queue:
        u = queue.popleft()
        for a, b in ends:
            w = b if a == u else a if b == u else -1
            if w >= 0 and dist[w] < 0:
                dist[w] = dist[u] + 1
                queue.append(w)
    return dist


def board_from_dict(data: dict, source: str = "<dict>") -> Board:
    """Check a parsed board file and build the Board; every problem is one InputError line."""
    fail = check_table(data, f"board file {source}", _KEYS, _OPTIONAL_KEYS)
    name = check_name(data["name"], "'name'", fail)
    start = check_name(data["start"], "'start'", fail)
    cities = data["cities"]
    if not isinstance(cities, list):
        fail(f"'cities' must be a list of names, got {type(cities).__name__}")
    for c in cities:
        check_name(c, "each city", fail)
    if not B.MAX_CITIES >= len(cities) >= 2:
        fail(f"{len(cities)} cities; a board has 2 to {B.MAX_CITIES}")
    dups = sorted({c for c in cities if cities.count(c) > 1})
    if dups:
        fail(f"city named twice: {', '.join(dups)}")
    if start in cities:
        fail(f"start place {start!r} has the same name as a city")
    junctions = [*cities, start]

    raw_roads = data["roads"]
    if not isinstance(raw_roads, list):
        fail(f"'roads' must be a list of tables, got {type(raw_roads).__name__}")
    if len(raw_roads) > B.MAX_ROADS:
        fail(f"{len(raw_roads)} roads; at most {B.MAX_ROADS}")
    roads: list[Road] = []
    pairs: dict[frozenset, int] = {}
    deg = dict.fromkeys(junctions, 0)
    for i, raw in enumerate(raw_roads, start=1):
        if not isinstance(raw, dict):
            fail(f"road {i} must be a table with keys a, b, villages")
        if raw.keys() != _ROAD_KEYS:
            fail(
                f"road {i} must have exactly the keys a, b, villages, "
                f"got {', '.join(map(repr, raw))}"
            )
        a = check_name(raw["a"], f"road {i}: 'a'", fail)
        b = check_name(raw["b"], f"road {i}: 'b'", fail)
        label = f"road {i} ({a}-{b})"
        for end in (a, b):
            if end not in deg:
                fail(f"{label}: unknown junction {end!r}")
        if a == b:
            fail(f"{label} joins {a} to itself")
        nv = raw["villages"]
        if not isinstance(nv, int) or isinstance(nv, bool):
            fail(f"{label}: 'villages' must be an integer, got {nv!r}")
        if not 1 <= nv <= B.MAX_VILLAGES_PER_ROAD:
            fail(f"{label} has {nv} villages; a road carries 1 or {B.MAX_VILLAGES_PER_ROAD}")
        pair = frozenset((a, b))
        if pair in pairs:
            fail(f"{label}: two roads join {a} and {b} (also road {pairs[pair]})")
        pairs[pair] = i
        deg[a] += 1
        deg[b] += 1
        roads.append(Road(a, b, nv))
    n_vil = sum(r.villages for r in roads)
    if n_vil > B.MAX_VILLAGES:
        fail(f"{n_vil} villages; at most {B.MAX_VILLAGES}")
    for j in junctions:
        if deg[j] == 0:
            fail(f"junction {j} has no road")
        if deg[j] > B.MAX_DEGREE:
            fail(f"junction {j} has {deg[j]} roads; at most {B.MAX_DEGREE}")
    ends = [(junctions.index(r.a), junctions.index(r.b)) for r in roads]
    dist = _bfs(len(junctions), ends, len(cities))
    lost = sorted(c for c, d in zip(cities, dist) if d < 0)
    if lost:
        fail(f"cities not reachable from {start}: {', '.join(lost)}")

    homes = [-1] * B.N_HOME_SLOTS
    raw_homes = data.get("home_cities", {})
    if not isinstance(raw_homes, dict):
        fail(f"'home_cities' must be a table, got {type(raw_homes).__name__}")
    by_name = {n.lower(): k for k, n in enumerate(CHARACTER_NAMES)}
    for char, city in raw_homes.items():
        k = by_name.get(str(char).lower())
        if k is None:
            fail(f"home_cities: unknown character {char!r} ({', '.join(CHARACTER_NAMES)})")
        if homes[k] >= 0:
            fail(f"home_cities: character {CHARACTER_NAMES[k]} given twice")
        if not isinstance(city, str) or city not in cities:
            fail(f"home_cities: {char} has unknown city {city!r}")
        homes[k] = cities.index(city)
    return Board(name, start, tuple(cities), tuple(roads), tuple(homes))


# M-C1b: the packaged default board is a reconstruction (see boards/default.toml)
BOARD_FILE = DataFile("board", "board file", board_from_dict, f"{__package__}.boards")
load_board = BOARD_FILE.load
default_board = BOARD_FILE.default
