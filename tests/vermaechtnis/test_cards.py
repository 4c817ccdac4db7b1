"""The card table (V-C1..V-C5, V-V1d): the shipped reconstruction, the loader's checks,
packing. Expected values come from the rules digest's formulas and tables."""

from __future__ import annotations

import copy
import re
import tomllib
from importlib import resources

import pytest

from simcore.core.errors import InputError
from simcore.vermaechtnis import data_layout as T
from simcore.vermaechtnis.enums import (
    FX_CLEAR_OFFER,
    FX_EXTRA_TURN,
    FX_MONEY,
    REQ_COUNTS,
    REQ_DIFFERENT,
    TYPE_NAMES,
)
from simcore.vermaechtnis.game_data import cards_from_dict, default_cards, load_cards


def raw() -> dict:
    text = resources.files("simcore.vermaechtnis.cards").joinpath("default.toml").read_text()
    return tomllib.loads(text)


@pytest.mark.nojit
def test_V_C1_six_types_six_colours_36_antiques():
    t = default_cards()
    assert TYPE_NAMES == ("jug", "knife", "instrument", "jewellery", "statue", "vase")
    assert len(t.values) == 36 and len(t.colours) == 6


@pytest.mark.nojit
def test_V_C2_values_follow_the_reconstruction_formula():
    t = default_cards()
    for ty in range(6):
        for c in range(6):
            assert t.values[ty * 6 + c] == 1 + ((ty + c) % 6) // 2, (ty, c)
    assert sum(t.values) == 72
    for ty in range(6):  # every type and every colour holds {1,1,2,2,3,3}
        assert sorted(t.values[ty * 6 : ty * 6 + 6]) == [1, 1, 2, 2, 3, 3]
        assert sorted(t.values[ty::6]) == [1, 1, 2, 2, 3, 3]


@pytest.mark.nojit
def test_V_C3_V_C4_fifteen_collection_cards_as_in_the_digest_table():
    cards = default_cards().collection
    assert [c.id for c in cards] == [f"C{i}" for i in range(1, 16)]
    for i, ty in enumerate(TYPE_NAMES):
        small, large = cards[i], cards[6 + i]
        assert (small.sort, small.large, small.points, small.give_up) == (i, False, 2, ())
        assert (large.sort, large.large, large.points, large.give_up) == (i, True, 4, ())
        assert small.needs == tuple(2 if t == i else 0 for t in range(6)), ty
        assert large.needs == tuple(3 if t == i else 0 for t in range(6)), ty
    c13, c14, c15 = cards[12:]
    assert (c13.needs, c13.different, c13.points, c13.large) == (None, 3, 3, False)
    assert (c14.needs, c14.different, c14.points, c14.large) == (None, 4, 5, False)
    assert (c15.needs, c15.different, c15.points, c15.large) == (None, 5, 7, True)
    assert c15.give_up == (0, 1, 2)  # jug, knife, instrument
    assert {c.sort for c in (c13, c14, c15)} == {6}  # assorted


@pytest.mark.nojit
def test_V_V1d_grey_effects_of_the_reconstruction():
    cards = default_cards().collection
    assert [c.grey_effect for c in cards[:6]] == [FX_MONEY] * 6
    assert [c.grey_effect for c in cards[6:12]] == [FX_EXTRA_TURN] * 6
    assert [c.grey_effect for c in cards[12:]] == [FX_MONEY, FX_CLEAR_OFFER, FX_CLEAR_OFFER]
    assert all(c.grey_points == c.points for c in cards)  # the grey side keeps its points


def test_default_file_says_it_is_a_reconstruction():
    t = default_cards()
    assert t.reconstruction
    text = resources.files("simcore.vermaechtnis.cards").joinpath("default.toml").read_text()
    assert "RECONSTRUCTION" in text


@pytest.mark.nojit
def test_pack_layout():
    t = default_cards()
    p = t.pack()
    assert p[T.N_COLL] == 15
    assert list(p[T.VALUE : T.VALUE + 36]) == list(t.values)
    c6 = T.COLL + 5 * T.COLL_W  # small vase
    assert p[c6 + T.C_REQ] == REQ_COUNTS and p[c6 + T.C_NEED + 5] == 2
    c15 = T.COLL + 14 * T.COLL_W
    assert p[c15 + T.C_REQ] == REQ_DIFFERENT and p[c15 + T.C_DIFFERENT] == 5
    assert p[c15 + T.C_GIVE_UP] == 0b111
    assert p[T.LARGE_MASK + 5] == 1 << 11  # C12 is vase's large card
    assert p[T.LARGE_MASK + 6] == 1 << 14  # C15 is the large assorted card
    assert p[T.SMALL_MASK + 5] == 1 << 5 and p[T.SMALL_MASK + 6] == (1 << 12) | (1 << 13)
    assert p[c6 + T.C_N_NEEDED] == 1 and p[c6 + T.C_NEEDED] == 5  # only vases are checked


def test_round_trip_and_digest():
    t = default_cards()
    assert cards_from_dict(t.to_dict()) == t
    assert cards_from_dict(t.to_dict()).digest() == t.digest()
    d = t.to_dict()
    d["values"]["jug"][0] = 2
    assert cards_from_dict(d).digest() != t.digest()


def _with(change) -> dict:
    d = copy.deepcopy(raw())
    change(d)
    return d


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda d: d.pop("values"), "missing key(s): values"),
        (lambda d: d.update(extra=1), "unknown key(s): 'extra'"),
        (lambda d: d["values"].pop("vase"), "'values' must have exactly the rows"),
        (lambda d: d["values"].update(jug=[1, 2]), "values.jug must list 6 values"),
        (lambda d: d["values"].update(jug=[1, 2, 3, 4, 5, 10]), "values.jug must be an integer "
         "in 0..9"),
        (lambda d: d["collection"][0].update(sort="lamp"), "sort must be one of"),
        (lambda d: d["collection"][0].update(size="huge"), "size must be small or large"),
        (lambda d: d["collection"][0].update(different=3), "exactly one requirement"),
        (lambda d: d["collection"][0].update(needs={"lamp": 2}), "unknown type 'lamp'"),
        (lambda d: d["collection"][0].update(needs={"jug": 7}), "needs.jug must be an integer"),
        (lambda d: d["collection"][12].update(different=7), "different must be an integer "
         "in 1..6"),
        (lambda d: d["collection"][0].update(points=51), "points must be an integer in 0..50"),
        (lambda d: d["collection"][0].update(give_up=["jug", "jug"]), "names a type twice"),
        (lambda d: d["collection"][0].update(grey_effect="teleport"), "grey_effect must be"),
        (lambda d: d["collection"][1].update(id="C1"), "id used twice: C1"),
        (lambda d: d["collection"].extend([d["collection"][0]] * 2), "17 collection cards; at "
         "most 16"),
        (lambda d: d.update(colours=["a"] * 6), "names a colour twice"),
        (lambda d: d.update(collection=[]), "0 collection cards; at least 1"),  # issue 34
    ],
)  # fmt: skip
def test_bad_card_table_is_one_line_naming_the_problem(change, problem):
    with pytest.raises(InputError, match=re.escape(problem)) as e:
        cards_from_dict(_with(change), "t.toml")
    assert str(e.value).startswith("card table t.toml: ") and "\n" not in str(e.value)


def test_load_cards_reads_files_and_refuses_non_files(tmp_path):
    f = tmp_path / "cards.toml"
    f.write_text(resources.files("simcore.vermaechtnis.cards").joinpath("default.toml")
                 .read_text())  # fmt: skip
    assert load_cards(f) == default_cards()
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    with pytest.raises(InputError, match="card table .*: cannot read \\(a directory\\)"):
        load_cards(folder)
    with pytest.raises(InputError, match="file not found"):
        load_cards(tmp_path / "missing.toml")
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * (1 << 20))
    with pytest.raises(InputError, match="at most 1,048,576 bytes"):
        load_cards(big)
