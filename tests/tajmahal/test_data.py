"""The data files (T-C1, T-C1b, T-C2, T-C3, T-C5): what the seed fixes holds for the
shipped reconstructions, and a wrong file is one line naming the problem."""

from __future__ import annotations

import copy

import pytest

from simcore.core.errors import InputError
from simcore.tajmahal import data_layout as D
from simcore.tajmahal.enums import COLOUR_NAMES, ELEPHANT, WHITE
from simcore.tajmahal.game_data import (
    GameData,
    cards_from_dict,
    default_data,
    load_map,
    map_from_dict,
    tiles_from_dict,
)


def test_map_as_the_seed_describes_it():
    """T-C1: 12 provinces of 4 cities except Agra's 5, 49 cities, 16 fortified ones, one
    of them the Taj Mahal city; T-C1b: the digest's grid with 66 roads."""
    m = default_data().map
    assert len(m.provinces) == 12 and len(m.cities) == 49 and sum(m.fortified) == 16
    sizes = sorted(m.city_province.count(p) for p in range(12))
    assert sizes == [4] * 11 + [5]
    agra = m.city_province[m.taj_city]
    assert m.city_province.count(agra) == 5 and agra == 6 and m.fortified[m.taj_city]
    assert len(m.roads) == 66 and m.reconstruction


def test_tiles_as_the_seed_describes_them():
    """T-C2: tile 1 shows 1 commodity, the others 2; T-C3: 15 square bonus tiles of the
    kinds +2, +1 card and the four commodities."""
    t = default_data().tiles
    assert [len(c) for c in t.province_tiles] == [1] + [2] * 11
    assert sum(t.bonus) == 15 and all(n > 0 for n in t.bonus[:6]) and t.reconstruction


def test_cards_as_the_seed_describes_them():
    """T-C5: 21 cards of each colour, 12 white (7 elephants, 1 of each other symbol), 96
    normal cards; coloured cards show 2 symbols, white ones 1."""
    c = default_data().cards
    for col in range(len(COLOUR_NAMES)):
        assert sum(n for k, n in zip(c.colour, c.count) if k == col) == 21
    whites = {sy[0]: n for k, sy, n in zip(c.colour, c.symbols, c.count) if k == WHITE}
    assert whites[ELEPHANT] == 7 and sorted(whites.values()) == [1, 1, 1, 1, 1, 7]
    assert sum(c.count) + D.N_SPECIAL == 100
    assert all(len(sy) == (1 if k == WHITE else 2) for k, sy in zip(c.colour, c.symbols))


def test_pack_is_symmetric_and_complete():
    g = default_data()
    p = g.pack()
    for a, b in g.map.roads:
        assert (p[D.ADJ + a] >> b) & 1 and (p[D.ADJ + b] >> a) & 1
    assert sum(bin(int(p[D.PROV_MASK + i])).count("1") for i in range(12)) == 49
    assert p[D.KIND_COUNT : D.KIND_COUNT + D.MAX_KINDS].sum() == 96


def _raw(name: str) -> dict:
    g = default_data()
    return copy.deepcopy({"map": g.map, "tiles": g.tiles, "cards": g.cards}[name].to_dict())


@pytest.mark.parametrize(
    "name, change, message",
    [
        ("cards", lambda d: d["white"].update(elephant=8), "97 normal cards"),
        ("cards", lambda d: d["coloured"][0].update(symbols=["tiger", "vizier"]), "symbols"),
        ("cards", lambda d: d.update(extra=1), "unknown key"),
        ("map", lambda d: d["roads"].append(list(reversed(d["roads"][0]))), "given twice"),
        ("map", lambda d: d["roads"].append(["p0n", "p0n"]), "to itself"),
        ("map", lambda d: d["roads"].append(["p0n", "nowhere"]), "unknown city"),
        ("map", lambda d: d.update(roads=[r for r in d["roads"] if "p0" not in r[0] + r[1]]),
         "not connected"),
        ("map", lambda d: d["cities"][-1].update(taj_mahal=True), "exactly one city"),
        ("map", lambda d: d["cities"][0].update(province=1), "has 3 cities"),
        ("tiles", lambda d: d["province_tiles"][0].update(commodities=["gold"]), "commodity"),
        ("tiles", lambda d: d["province_tiles"][1].update(number=1), "given twice"),
    ],
)  # fmt: skip
def test_bad_files_are_one_line(name, change, message):
    raw = _raw(name)
    change(raw)
    build = {"map": map_from_dict, "tiles": tiles_from_dict, "cards": cards_from_dict}[name]
    with pytest.raises(InputError, match=message) as e:
        build(raw, "x.toml")
    assert "\n" not in str(e.value)


def test_cross_file_checks():
    """T-S1 one tile per province; T-S2 one square tile per fortified city but Agra."""
    g = default_data()
    raw = _raw("tiles")
    raw["bonus_tiles"]["plus2"] += 1
    with pytest.raises(InputError, match="16 square bonus tiles for 15 fortified"):
        GameData(g.map, tiles_from_dict(raw), g.cards)
    raw = _raw("tiles")
    raw["province_tiles"].pop()
    with pytest.raises(InputError, match="11 province tiles for 12 provinces"):
        GameData(g.map, tiles_from_dict(raw), g.cards)


def test_file_errors_name_the_file(tmp_path):
    f = tmp_path / "map.toml"
    f.write_text("name = 1\n")
    with pytest.raises(InputError, match=r"map .*map.toml: missing key"):
        load_map(f)
    with pytest.raises(InputError, match="file not found"):
        load_map(tmp_path / "none.toml")
