"""Board model, loader, validator and packer (rules M-C1, M-C1b, M-A7h).

Expected values are written out from the rules digest, not taken from the code.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import simcore.maharaja.data_layout as B
from simcore.core.errors import InputError
from simcore.maharaja.game_data import Board, Road, board_from_dict, default_board, load_board

# M-C1b, written out from the rules text: cities in index order, then the roads.
CITIES = ["purple", "orange", "red", "brown", "yellow", "green", "blue"]
RING = [
    ("purple", "orange", 2),
    ("orange", "red", 2),
    ("red", "blue", 1),
    ("blue", "green", 2),
    ("green", "yellow", 2),
    ("yellow", "brown", 2),
    ("brown", "purple", 1),
]
SPOKES = [("S", c, 2) for c in ("purple", "orange", "red", "yellow", "green")]
CROSS = [
    ("brown", "orange", 2),
    ("blue", "orange", 2),
    ("brown", "green", 2),
    ("blue", "yellow", 2),
]
HOMES = {
    "Mogul": "orange",
    "Merchant": "brown",
    "Sadhu": "purple",
    "Monk": "red",
    "Builder": "yellow",
    "Artist": "green",
    "Yogi": "blue",
}
DEGREES = {
    "S": 5,
    "orange": 5,
    "purple": 3,
    "red": 3,
    "brown": 4,
    "yellow": 4,
    "green": 4,
    "blue": 4,
}


def rules_dict() -> dict:
    """The default board M-C1b as a board-file structure, straight from the rules text."""
    return {
        "name": "Maharaja default board (M-C1b reconstruction)",
        "start": "S",
        "cities": list(CITIES),
        "roads": [{"a": a, "b": b, "villages": v} for a, b, v in RING + SPOKES + CROSS],
        "home_cities": dict(HOMES),
    }


def to_toml(d: dict) -> str:
    """A tiny TOML writer for board dicts (JSON string escapes are valid TOML basic strings)."""
    lines = []
    for key, value in d.items():
        if key != "roads" and not (key == "home_cities" and isinstance(value, dict)):
            lines.append(f"{key} = {json.dumps(value)}")
    for road in d.get("roads", []):
        lines.append("[[roads]]")
        lines += [f"{k} = {json.dumps(v)}" for k, v in road.items()]
    if isinstance(d.get("home_cities"), dict):
        lines.append("[home_cities]")
        lines += [f"{json.dumps(k)} = {json.dumps(v)}" for k, v in d["home_cities"].items()]
    return "\n".join(lines) + "\n"


def write(tmp_path: Path, d: dict, suffix: str = ".toml") -> Path:
    path = tmp_path / f"board{suffix}"
    path.write_text(to_toml(d) if suffix == ".toml" else json.dumps(d), encoding="utf-8")
    return path


# ---------------------------------------------------------------- default board


def test_m_c1_default_board_counts():
    """M-C1/M-C1b: seven cities, 16 roads, 30 villages, start place S."""
    b = default_board()
    assert b.start == "S"
    assert b.cities == tuple(CITIES)
    assert (b.n_cities, b.n_junctions, b.n_roads, b.n_villages) == (7, 8, 16, 30)


def test_m_c1b_roads_exactly_as_in_rules():
    """M-C1b: the roads and village counts, in file order ring, spokes, cross roads."""
    assert default_board().roads == tuple(Road(a, b, v) for a, b, v in RING + SPOKES + CROSS)
    assert default_board().to_dict() == rules_dict()


def test_m_c1b_one_village_roads():
    """M-C1b: single villages only on the two short edges red-blue and brown-purple."""
    ones = {frozenset((r.a, r.b)) for r in default_board().roads if r.villages == 1}
    assert ones == {frozenset(("red", "blue")), frozenset(("brown", "purple"))}


def test_m_c1b_degrees():
    """M-C1b: degrees S 5, orange 5, purple 3, red 3, brown/yellow/green/blue 4 (M-C1: 3..5)."""
    b = default_board()
    deg = Counter(j for r in b.roads for j in (r.a, r.b))
    assert dict(deg) == DEGREES
    packed = b.pack()
    for name, d in DEGREES.items():
        assert packed[B.DEG + b.junction_index(name)] == d


def test_m_a7h_default_home_cities():
    """M-A7h: Mogul orange, Merchant brown, Sadhu purple, Monk red, Builder yellow,
    Artist green, Yogi blue (character order 0..6)."""
    b = default_board()
    assert b.home_cities == (1, 3, 0, 2, 4, 5, 6)
    assert list(b.pack()[B.HOME_CITY : B.HOME_CITY + 7]) == [1, 3, 0, 2, 4, 5, 6]


def test_m_c1b_default_file_says_reconstruction():
    """M-C1: the docs must say the default board is a reconstruction."""
    text = (Path(__file__).parents[2] / "simcore/maharaja/boards/default.toml").read_text()
    assert "reconstruction" in text.lower()
    assert "reconstruction" in default_board().name


def test_village_names_and_road_villages():
    """M-C1: villages numbered road by road, from end a to end b."""
    b = default_board()
    names = b.village_names()
    assert len(names) == 30
    assert names[:5] == [
        "purple-orange#1",
        "purple-orange#2",
        "orange-red#1",
        "orange-red#2",
        "red-blue#1",
    ]
    assert b.road_villages(0) == (0, 1)
    assert b.road_villages(2) == (4,)
    assert b.road_villages(6) == (11,)  # brown-purple after 2+2+1+2+2+2 villages
    assert b.road_villages(15) == (28, 29)
    assert b.junction_index("S") == 7
    with pytest.raises(InputError, match="unknown junction 'violet'"):
        b.junction_index("violet")


# ---------------------------------------------------------------- pack


def test_pack_spot_checks():
    """M-C1b packed: hand-computed offsets for counts, roads, villages and hops."""
    b = default_board()
    p = b.pack()
    assert p.dtype == np.int64 and p.shape == (B.BOARD_SIZE,)
    assert p[B.N_CITIES] == 7
    assert p[B.N_JUNCTIONS] == 8
    assert p[B.START] == 7
    assert p[B.N_ROADS] == 16
    assert p[B.N_VILLAGES] == 30
    assert list(p[5:8]) == [-1, -1, -1]
    # road 0 purple-orange: villages 0 and 1
    assert (p[B.ROAD_A], p[B.ROAD_B], p[B.ROAD_NV]) == (0, 1, 2)
    assert (p[B.ROAD_V0], p[B.ROAD_V1]) == (0, 1)
    # road 2 red-blue: one village, id 4
    assert (p[B.ROAD_A + 2], p[B.ROAD_B + 2], p[B.ROAD_NV + 2]) == (2, 6, 1)
    assert (p[B.ROAD_V0 + 2], p[B.ROAD_V1 + 2]) == (4, -1)
    # road 6 brown-purple: one village, id 11
    assert (p[B.ROAD_V0 + 6], p[B.ROAD_V1 + 6]) == (11, -1)
    # road 7 S-purple: S is junction 7
    assert (p[B.ROAD_A + 7], p[B.ROAD_B + 7]) == (7, 0)
    assert p[B.VIL_ROAD + 29] == 15 and p[B.VIL_ROAD + 30] == -1
    assert p[B.ROAD_A + 16] == -1 and p[B.DEG + 8] == -1
    # S's roads in file order: spokes 7..11 to purple, orange, red, yellow, green
    s = 7 * B.MAX_DEGREE
    assert list(p[B.ADJ_ROAD + s : B.ADJ_ROAD + s + 6]) == [7, 8, 9, 10, 11, -1]
    assert list(p[B.ADJ_TO + s : B.ADJ_TO + s + 6]) == [0, 1, 2, 4, 5, -1]

    def hops(i, j):
        return p[B.HOPS + i * B.MAX_JUNCTIONS + j]

    assert hops(7, 6) == 2  # S to blue
    assert hops(0, 2) == 2  # purple to red
    assert hops(7, 0) == 1 and hops(3, 3) == 0
    assert hops(0, 8) == -1 and hops(8, 8) == -1


def check_packed(b: Board) -> None:
    """Adjacency lists every road at both ends; hops symmetric, 0 on the diagonal, 1 per road."""
    p = b.pack()
    nj, nr = b.n_junctions, b.n_roads
    deg = p[B.DEG : B.DEG + nj]
    assert deg.sum() == 2 * nr
    seen = Counter()
    for j in range(nj):
        for k in range(B.MAX_DEGREE):
            r = p[B.ADJ_ROAD + j * B.MAX_DEGREE + k]
            w = p[B.ADJ_TO + j * B.MAX_DEGREE + k]
            if k >= deg[j]:
                assert r == -1 and w == -1
                continue
            assert {p[B.ROAD_A + r], p[B.ROAD_B + r]} == {j, w}
            seen[r] += 1
    assert seen == Counter({r: 2 for r in range(nr)})
    vil = [v for r in range(nr) for v in b.road_villages(r)]
    assert vil == list(range(b.n_villages))
    for v in range(b.n_villages):
        r = p[B.VIL_ROAD + v]
        assert v in (p[B.ROAD_V0 + r], p[B.ROAD_V1 + r])
    h = p[B.HOPS : B.HOPS + B.MAX_JUNCTIONS**2].reshape(B.MAX_JUNCTIONS, B.MAX_JUNCTIONS)
    h = h[:nj, :nj]
    assert (h == h.T).all()
    assert (np.diag(h) == 0).all()
    assert (h[~np.eye(nj, dtype=bool)] >= 1).all()
    for r in range(nr):
        a, c = p[B.ROAD_A + r], p[B.ROAD_B + r]
        assert h[a, c] == 1
        assert (np.abs(h[:, a] - h[:, c]) <= 1).all()  # triangle inequality over each road
    # every distance > 1 is realised through a neighbour one step closer
    for i in range(nj):
        for j in range(nj):
            if h[i, j] > 1:
                nbrs = p[B.ADJ_TO + j * B.MAX_DEGREE : B.ADJ_TO + j * B.MAX_DEGREE + deg[j]]
                assert min(h[i, w] for w in nbrs) == h[i, j] - 1


def test_pack_adjacency_consistent_default():
    """M-C1b: every road appears at both of its ends; degree sum = 2 * roads."""
    check_packed(default_board())


# ---------------------------------------------------------------- files, digest


def test_json_board_equals_default(tmp_path):
    """M-C1: a JSON file with the same structure loads to the same board."""
    path = write(tmp_path, rules_dict(), ".json")
    assert load_board(path) == default_board()
    assert load_board(str(path)) == default_board()
    assert load_board(write(tmp_path, rules_dict(), ".toml")) == default_board()


def test_digest_stable_and_sensitive():
    b = default_board()
    assert b.digest() == board_from_dict(rules_dict()).digest()
    assert len(b.digest()) == 64
    d = rules_dict()
    d["roads"][0]["villages"] = 1
    assert board_from_dict(d).digest() != b.digest()
    d = rules_dict()
    d["roads"][-1]["b"] = "purple"  # blue-purple instead of blue-yellow
    assert board_from_dict(d).digest() != b.digest()


def test_home_cities_optional_and_case_insensitive():
    """M-A7h: the home-city table is optional; character names are case-insensitive."""
    d = rules_dict()
    del d["home_cities"]
    assert board_from_dict(d).home_cities == (-1,) * 7
    d["home_cities"] = {"yOGI": "red"}
    b = board_from_dict(d)
    assert b.home_cities == (-1, -1, -1, -1, -1, -1, 2)
    assert b.pack()[B.HOME_CITY + 6] == 2


# ---------------------------------------------------------------- validation


def mutated(fn) -> dict:
    d = copy.deepcopy(rules_dict())
    fn(d)
    return d


def road(a, b, v=2):
    return {"a": a, "b": b, "villages": v}


BAD = {
    "missing key": (lambda d: d.pop("roads"), r"missing key\(s\): roads"),
    "extra key": (lambda d: d.update(colour="red"), r"unknown key\(s\): 'colour'"),
    "name type": (lambda d: d.update(name=3), r"'name' must be a non-empty printable string"),
    "city newline": (lambda d: d["cities"].append("pi\nnk"), r"printable string, got 'pi\\nnk'"),
    "cities type": (lambda d: d.update(cities="purple"), r"'cities' must be a list"),
    "city type": (
        lambda d: d["cities"].append(5),
        r"each city must be a non-empty printable string",
    ),
    "no cities": (lambda d: d.update(cities=[]), r"0 cities; a board has 2 to 8"),
    "one city": (lambda d: d.update(cities=["purple"]), r"1 cities; a board has 2 to 8"),
    "nine cities": (
        lambda d: d["cities"].extend(["pink", "grey"]),
        r"9 cities; a board has 2 to 8",
    ),
    "duplicate city": (lambda d: d["cities"].append("red"), r"city named twice: red"),
    "start is a city": (lambda d: d.update(start="red"), r"start place 'red' has the same name"),
    "unknown junction": (
        lambda d: d["roads"].__setitem__(2, road("purple", "violet")),
        r"road 3 \(purple-violet\): unknown junction 'violet'",
    ),
    "self loop": (
        lambda d: d["roads"].append(road("red", "red")),
        r"road 17 \(red-red\) joins red to itself",
    ),
    "three villages": (
        lambda d: d["roads"][9].update(villages=3),
        r"road 10 \(S-red\) has 3 villages; a road carries 1 or 2",
    ),
    "zero villages": (lambda d: d["roads"][0].update(villages=0), r"has 0 villages"),
    "villages type": (
        lambda d: d["roads"][0].update(villages="2"),
        r"'villages' must be an integer",
    ),
    "villages bool": (
        lambda d: d["roads"][0].update(villages=True),
        r"'villages' must be an integer",
    ),
    "road keys": (
        lambda d: d["roads"][0].update(length=3),
        r"road 1 must have exactly the keys a, b, villages",
    ),
    "road missing key": (
        lambda d: d["roads"][0].pop("villages"),
        r"road 1 must have exactly the keys",
    ),
    "duplicate road": (
        lambda d: d["roads"].append(road("red", "S")),
        r"two roads join red and S \(also road 10\)",
    ),
    "isolated junction": (
        lambda d: d["cities"].append("pink"),
        r"junction pink has no road",
    ),
    "disconnected": (
        lambda d: d.update(
            roads=[road("S", "purple"), road("purple", "orange"), road("orange", "red")]
            + [road("brown", "yellow"), road("yellow", "green"), road("green", "blue")]
            + [road("blue", "brown")]
        ),
        r"cities not reachable from S: blue, brown, green, yellow$",
    ),
    "home unknown character": (
        lambda d: d["home_cities"].update(Maharaja="red"),
        r"home_cities: unknown character 'Maharaja'",
    ),
    "home unknown city": (
        lambda d: d["home_cities"].update(Yogi="violet"),
        r"home_cities: Yogi has unknown city 'violet'",
    ),
    "home is start": (
        lambda d: d["home_cities"].update(Yogi="S"),
        r"home_cities: Yogi has unknown city 'S'",
    ),
    "home twice": (
        lambda d: d["home_cities"].update(MOGUL="red"),
        r"home_cities: character Mogul given twice",
    ),
    "home type": (lambda d: d.update(home_cities="red"), r"'home_cities' must be a table"),
}


@pytest.mark.parametrize("suffix", [".toml", ".json"])
@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_board_file(tmp_path, case, suffix):
    """M-C1: every bad board file gives one InputError line naming the file and the problem."""
    fn, pattern = BAD[case]
    d = mutated(fn)
    path = write(tmp_path, d, suffix)
    with pytest.raises(InputError, match=pattern) as info:
        load_board(path)
    msg = str(info.value)
    assert msg.startswith(f"board file {path}: ")
    assert "\n" not in msg and "Traceback" not in msg


def test_too_many_roads_and_villages(tmp_path):
    """Limits of the packed layout: MAX_ROADS roads and MAX_VILLAGES villages."""
    names = [f"c{i}" for i in range(8)]
    junctions = [*names, "S"]
    pairs = [(a, b) for i, a in enumerate(junctions) for b in junctions[i + 1 :]]  # 36 roads
    d = {"name": "full", "start": "S", "cities": names, "roads": [road(a, b) for a, b in pairs]}
    with pytest.raises(InputError, match=r"72 villages; at most 64"):
        load_board(write(tmp_path, d, ".json"))
    d["roads"] += [road("S", "c0")] * 5
    with pytest.raises(InputError, match=r"41 roads; at most 40"):
        load_board(write(tmp_path, d, ".json"))


def test_degree_above_max(monkeypatch):
    """With at most 9 junctions and no double roads a degree cannot pass 8; lower the cap."""
    monkeypatch.setattr(B, "MAX_DEGREE", 4)
    with pytest.raises(InputError, match=r"junction orange has 5 roads; at most 4"):
        board_from_dict(rules_dict(), "x.toml")


@pytest.mark.parametrize(
    ("name", "content", "pattern"),
    [
        ("b.toml", 'name = "x"\nstart = \n', r"invalid TOML: .*line 2"),
        ("b.json", '{"name": "x",', r"invalid JSON: "),
        ("b.json", '{"name": "x", "name": "y"}', r"invalid JSON: duplicate key 'name'"),
        ("b.json", "[" * 100_000, r"nested too deeply"),
        ("b.json", "[1, 2]", r"the top level must be a table, got list"),
        ("b.yaml", "name: x", r"unknown suffix '.yaml'; use .toml or .json"),
    ],
)
def test_unparsable_files(tmp_path, name, content, pattern):
    path = tmp_path / name
    path.write_text(content)
    with pytest.raises(InputError, match=pattern) as info:
        load_board(path)
    assert str(info.value).startswith(f"board file {path}: ")
    assert "\n" not in str(info.value)


def test_missing_unreadable_and_binary_files(tmp_path):
    with pytest.raises(InputError, match=r"board file .*nope\.toml: file not found"):
        load_board(tmp_path / "nope.toml")
    (tmp_path / "d.toml").mkdir()
    with pytest.raises(InputError, match=r"d\.toml: cannot read"):
        load_board(tmp_path / "d.toml")
    bad = tmp_path / "bin.toml"
    bad.write_bytes(b"\xff\xfe\x00name")
    with pytest.raises(InputError, match=r"not UTF-8 text"):
        load_board(bad)


# ---------------------------------------------------------------- property test


@st.composite
def connected_boards(draw) -> dict:
    """Random connected boards: a random spanning tree over k cities + S plus extra roads."""
    k = draw(st.integers(2, B.MAX_CITIES))
    cities = [f"c{i}" for i in draw(st.permutations(range(k)))]
    junctions = [*cities, "S"]
    order = draw(st.permutations(junctions))
    edges = [(order[i], order[draw(st.integers(0, i - 1))]) for i in range(1, len(order))]
    have = {frozenset(e) for e in edges}
    others = [
        (a, b)
        for i, a in enumerate(junctions)
        for b in junctions[i + 1 :]
        if frozenset((a, b)) not in have
    ]
    if others:
        edges += draw(st.lists(st.sampled_from(others), unique=True, max_size=len(others)))
    edges = draw(st.permutations(edges))
    roads, total = [], 0
    for a, b in edges:
        v = draw(st.integers(1, 2))
        if total + v > B.MAX_VILLAGES - (len(edges) - len(roads) - 1):
            v = 1
        total += v
        a, b = (b, a) if draw(st.booleans()) else (a, b)
        roads.append(road(a, b, v))
    return {"name": "random", "start": "S", "cities": cities, "roads": roads}


@settings(max_examples=150, deadline=None)
@given(connected_boards())
def test_random_connected_boards_load_and_pack(d):
    """M-C1: any connected board within the layout limits loads and packs consistently."""
    b = board_from_dict(d)
    assert b.n_roads == len(d["roads"]) and b.n_villages <= B.MAX_VILLAGES
    check_packed(b)
    assert board_from_dict(b.to_dict()) == b
    assert board_from_dict(json.loads(json.dumps(b.to_dict()))).digest() == b.digest()
