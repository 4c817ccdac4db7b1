"""The Vermächtnis rule set: rulebook defaults, validation, overrides, packing.

Expected numbers are written out from shared/rules/vermaechtnis.md, not from the code.
"""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from simcore.core.errors import InputError
from simcore.vermaechtnis.rules import CHOICES, FIELD_DOCS, VARIANTS, R, RuleSet, load_rules

RULEBOOK = {
    "start_money_first": 4,  # V-S5: 1 gold + 1 silver
    "start_money_others": 5,  # V-S5: 1 gold + 2 silver
    "tax_cap": 8,  # V-A4
    "gold_value": 3,  # V-A1, V-C6
    "rupees_per_point": 3,  # V-P3
    "offer_size": 4,  # V-S1
    "grey_money": 3,  # V-V1a
    "prices_23": (4, 3, 2, 2),  # V-C5 (reconstruction)
    "prices_4": (4, 3, 3, 2, 2),  # V-C5 (reconstruction)
    "lone_discard": True,  # V-P1
    "large_blocks_small": True,  # V-A3c
    "grey_sides": False,  # V-V1 [choice]: off
    "check_before_give_up": True,  # V-A3b [choice]
    "short_offer_ends": True,  # V-E1 [choice]
    "tie_after_discard": True,  # V-E2 [choice]
}


@pytest.mark.nojit
def test_V_S5_V_A4_V_A1_V_P3_V_S1_V_C5_defaults_are_the_rulebook_numbers():
    r = RuleSet()
    assert {k: getattr(r, k) for k in RULEBOOK} == RULEBOOK
    assert set(RULEBOOK) == set(r.to_dict())  # every field is checked above


def test_every_field_names_its_rule_id_and_every_choice_is_a_field():
    for name, doc in FIELD_DOCS.items():
        assert "(V-" in doc, name
    assert set(CHOICES) <= set(FIELD_DOCS)
    assert {"prices_23", "prices_4", "grey_sides", "check_before_give_up", "short_offer_ends",
            "tie_after_discard"} <= set(CHOICES)  # fmt: skip


@pytest.mark.nojit
def test_set_overrides_tax_cap_and_price_rows():
    r = RuleSet().with_overrides(["tax_cap=10", "prices_4=4,4,3,2,2", "lone_discard=no"])
    assert r.tax_cap == 10 and r.prices_4 == (4, 4, 3, 2, 2) and r.lone_discard is False
    assert r.diff_from_default() == {"tax_cap": 10, "prices_4": [4, 4, 3, 2, 2],
                                     "lone_discard": False}  # fmt: skip
    assert r.prices(4) == (4, 4, 3, 2, 2) and r.prices(3) == (4, 3, 2, 2)


@pytest.mark.parametrize(
    ("item", "problem"),
    [
        ("tax_cap=101", "tax_cap must be an integer in 0..100"),
        ("tax_cap=-1", "tax_cap must be an integer in 0..100"),
        ("tax_cap=lots", "tax_cap must be an integer in 0..100"),
        ("rupees_per_point=0", "rupees_per_point must be an integer in 1..100"),
        ("offer_size=7", "offer_size must be an integer in 1..6"),
        ("prices_4=4,3,x", "prices_4 must be 1 to 9 integers in 0..100"),
        ("prices_4=1,1,1,1,1,1,1,1,1,1", "prices_4 must be 1 to 9 integers in 0..100"),
        ("prices_23=4,300", "prices_23 must be 1 to 9 integers in 0..100"),
        ("grey_sides=maybe", "grey_sides must be true/false"),
        ("tax_kap=9", "unknown key 'tax_kap' (did you mean 'tax_cap'?)"),
        ("tax_cap", "expected key=value"),
    ],
)
def test_bad_values_are_one_line_naming_key_and_range(item, problem):
    with pytest.raises(InputError, match=re.escape(problem)) as e:
        RuleSet().with_overrides([item])
    assert "\n" not in str(e.value)


def test_constructor_and_mapping_validate_too():
    with pytest.raises(InputError, match="start_money_first must be an integer in 0..100"):
        RuleSet(start_money_first=1000)
    with pytest.raises(InputError, match="rules: lone_discard must be true or false"):
        RuleSet(lone_discard=1)
    with pytest.raises(InputError, match="myfile: unknown key 'bogus'"):
        RuleSet.from_mapping({"bogus": 1}, "myfile")
    assert RuleSet.from_mapping({"prices_23": [3, 3, 2]}).prices_23 == (3, 3, 2)
    assert RuleSet.from_mapping({"prices_23": "3,3,2"}).prices_23 == (3, 3, 2)
    assert RuleSet().with_overrides(["prices_23=3/3/2"]).prices_23 == (3, 3, 2)


@pytest.mark.nojit
def test_to_dict_round_trip_digest_and_json():
    r = RuleSet(tax_cap=6, prices_4=(5, 4, 3, 2, 1), grey_sides=True)
    assert RuleSet.from_mapping(r.to_dict()) == r
    assert json.loads(json.dumps(r.to_dict())) == r.to_dict()
    assert r.digest() == RuleSet.from_mapping(r.to_dict()).digest() != RuleSet().digest()


def test_V_V1_variant_switch_by_name():
    assert VARIANTS == {"grey": ("grey_sides",)}
    r = RuleSet().with_variants(["grey"])
    assert r.grey_sides and r.variant_names() == ("grey",)
    assert RuleSet().variant_names() == ()
    with pytest.raises(InputError, match="unknown variant 'gray'; valid names: grey"):
        RuleSet().with_variants(["gray"])


@pytest.mark.nojit
def test_pack_puts_every_value_at_its_offset():
    r = RuleSet(start_money_first=3, start_money_others=6, tax_cap=9, gold_value=2,
                rupees_per_point=4, offer_size=5, prices_23=(5, 1), prices_4=(9, 8, 7),
                lone_discard=False, large_blocks_small=False, grey_sides=True, grey_money=7,
                check_before_give_up=False, short_offer_ends=False,
                tie_after_discard=False)  # fmt: skip
    p = r.pack()
    assert p.dtype == np.int64 and p.shape == (R.RULES_SIZE,)
    want = {R.START_MONEY_FIRST: 3, R.START_MONEY_OTHERS: 6, R.TAX_CAP: 9, R.GOLD_VALUE: 2,
            R.RUPEES_PER_POINT: 4, R.OFFER_SIZE: 5, R.LONE_DISCARD: 0,
            R.LARGE_BLOCKS_SMALL: 0, R.GREY_SIDES: 1, R.GREY_MONEY: 7,
            R.CHECK_BEFORE_GIVE_UP: 0, R.SHORT_OFFER_ENDS: 0, R.TIE_AFTER_DISCARD: 0,
            R.N_PRICES_23: 2, R.N_PRICES_4: 3}  # fmt: skip
    assert {k: int(p[k]) for k in want} == want
    assert list(p[R.PRICES_23 : R.PRICES_23 + 2]) == [5, 1]
    assert list(p[R.PRICES_4 : R.PRICES_4 + 3]) == [9, 8, 7]


def test_value_bounds_keep_every_results_column_in_range():
    """The typed columns of results.py hold any game: worst cases from the bounds."""
    from simcore.vermaechtnis.data_layout import MAX_COLL
    from simcore.vermaechtnis.game_data import POINTS_HI, VALUE_HI

    hi = 100  # rules.MONEY_HI: money, caps, coin values, prices
    points = 36 * VALUE_HI + MAX_COLL * POINTS_HI + (hi + hi + hi) // 1
    assert points < 2**15  # points (Int16); money at the end <= cap + a coin + grey money
    days = 36  # offer_size >= 1
    turns = days * (6 + R.MAX_TRADE) + MAX_COLL  # a turn takes a coin or an antique
    assert turns < 2**15  # turns, own_turns (Int16)
    assert turns * (hi + hi) < 2**31  # taxes, spent (Int32)


def test_rules_file(tmp_path):
    f = tmp_path / "r.toml"
    f.write_text("tax_cap = 10\nprices_4 = [4, 4, 3, 2, 2]\n")
    assert load_rules(f) == RuleSet(tax_cap=10, prices_4=(4, 4, 3, 2, 2))
    f.write_text("tax_cap = 200\n")
    with pytest.raises(InputError, match=r"rules file .*r.toml: tax_cap must be an integer"):
        load_rules(f)
