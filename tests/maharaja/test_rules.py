"""The rule set (rules digest ids M-…): defaults, validation, packing and constructors.

Expected numbers are written out from `shared/rules/maharaja.md`, not taken from the code.
"""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simcore.core.errors import InputError
from simcore.maharaja.rules import CHOICES, FIELD_DOCS, VARIANTS, R, RuleSet, load_rules

# The rulebook numbers, copied literally from the digest (id in the comment).
RULEBOOK = {
    "start_gold": 15,  # M-S1
    "palaces": 7,  # M-C3
    "house_cost": 1,  # M-A2
    "palace_cost": 12,  # M-A6
    "artist_palace_cost": 9,  # M-K6
    "gold_action": 2,  # M-A1
    "quarry_houses": 2,  # M-A5
    "merchant_income": 1,  # M-K2
    "monopoly_bonus": 5,  # M-P3
    "forfeit_penalty": 2,  # M-F2
    "village_cap": 2,  # M-S4
    "village_cap_2p": 1,  # M-S4
    "houses_per_colour": 20,  # M-C3
    "start_houses": 4,  # M-S1/M-S4
    "setup_supply": 6,  # M-S5
    "outer_sites": 6,  # M-C2
    "inner_points": 3,  # M-P1
    "outer_points": 1,  # M-P1
    "sadhu_outer_points": 2,  # M-K3
    "architect_points": 1,  # M-P1
    "house_points": 1,  # M-P1
    "end_field": 10,  # M-E1
    "governor_steps": 2,  # M-A8
    "short_game_palaces": 6,  # M-V1
    "short_game_rounds": 8,  # M-V1
    "home_points": 1,  # M-A7h
    "chips_total": 7,  # M-A5y
}
PAYOUTS = {2: (10, 5), 3: (11, 7, 3), 4: (12, 9, 6, 3), 5: (13, 10, 7, 4, 1)}  # M-P2
SWITCHES = ("short_game", "yogi", "neutral_palaces", "auction", "home_cities")
SWITCHES += ("several_characters",)
OFFSETS = {
    "start_gold": R.START_GOLD,
    "palaces": R.PALACES,
    "house_cost": R.HOUSE_COST,
    "palace_cost": R.PALACE_COST,
    "artist_palace_cost": R.ARTIST_PALACE_COST,
    "gold_action": R.GOLD_ACTION,
    "quarry_houses": R.QUARRY_HOUSES,
    "merchant_income": R.MERCHANT_INCOME,
    "monopoly_bonus": R.MONOPOLY_BONUS,
    "forfeit_penalty": R.FORFEIT_PENALTY,
    "village_cap": R.VILLAGE_CAP,
    "village_cap_2p": R.VILLAGE_CAP_2P,
    "houses_per_colour": R.HOUSES_PER_COLOUR,
    "start_houses": R.START_HOUSES,
    "setup_supply": R.SETUP_SUPPLY,
    "outer_sites": R.OUTER_SITES,
    "inner_points": R.INNER_POINTS,
    "outer_points": R.OUTER_POINTS,
    "sadhu_outer_points": R.SADHU_OUTER_POINTS,
    "architect_points": R.ARCHITECT_POINTS,
    "house_points": R.HOUSE_POINTS,
    "end_field": R.END_FIELD,
    "governor_steps": R.GOVERNOR_STEPS,
    "home_points": R.HOME_POINTS,
    "chips_total": R.CHIPS_TOTAL,
}


def payout_cell(players: int, rank: int) -> int:
    return R.PAYOUT + (players - 1) * R.MAX_PLAYERS + rank


# --- defaults and packing -------------------------------------------------------------


def test_defaults_are_the_rulebook_numbers():
    """M-S1 15 gold, M-A6 palace 12, M-K6 artist 9, M-P2 payouts, M-P3 bonus 5, ..."""
    r = RuleSet()
    for name, value in RULEBOOK.items():
        assert getattr(r, name) == value, name
    assert r.payouts == tuple(PAYOUTS[n] for n in (2, 3, 4, 5))
    assert r.payouts[4 - 2] == (12, 9, 6, 3)


def test_choice_defaults_M_F2_M_A8_M_S3():
    """[choice] defaults: forfeit once per action (M-F2), cap 30 and clamp (M-A8), seat 0
    chooses first and the strategies choose (M-S3)."""
    r = RuleSet()
    assert (r.forfeit_per_part, r.round_cap, r.governor_clamp, r.first_chooser, r.deal) == (
        False,
        30,
        True,
        0,
        "choose",
    )
    assert r.neutral_palaces  # M-V2 [choice]: on with fewer than 5 players, basic game too
    assert CHOICES == (
        "forfeit_per_part",
        "round_cap",
        "governor_clamp",
        "first_chooser",
        "deal",
        "neutral_palaces",
    )
    assert r.variant_names() == ()
    assert not any(getattr(r, s) for s in SWITCHES if s != "neutral_palaces")


def test_pack_holds_rulebook_numbers_at_layout_offsets():
    """pack() fills the offsets R: M-S1..M-P3 numbers, M-P2 payouts per row, zeros elsewhere."""
    a = RuleSet().pack()
    assert a.dtype == np.int64 and a.shape == (R.RULES_SIZE,)
    for name, offset in OFFSETS.items():
        assert a[offset] == RULEBOOK[name], name
    assert a[R.ROUND_CAP] == 30 and a[R.GOVERNOR_CLAMP] == 1 and a[R.FIRST_CHOOSER] == 0
    assert a[R.FORFEIT_PER_PART] == 0 and a[R.ROUND_LIMIT] == 0 and a[R.N_CHARACTERS] == 6
    for off in (R.V_YOGI, R.V_AUCTION, R.V_HOME, R.V_MULTI):
        assert a[off] == 0
    assert a[R.V_NEUTRAL] == 1  # M-V2 [choice]: on by default
    assert a[R.DEAL] == R.DEAL_CHOOSE and a[R.DEAL_N] == 0
    assert a[R.SHORT_GAME] == 0
    for n, row in PAYOUTS.items():
        assert [a[payout_cell(n, k)] for k in range(R.MAX_PLAYERS)] == [*row] + [0] * (5 - n)
    assert not a[payout_cell(1, 0) : payout_cell(2, 0)].any()  # no 1-player row
    table = {R.PAYOUT + i for i in range(R.MAX_PLAYERS * R.MAX_PLAYERS)}
    deal = {R.DEAL_CHAR + i for i in range(R.MAX_PLAYERS)}
    scalars = set(OFFSETS.values()) | {R.ROUND_CAP, R.GOVERNOR_CLAMP, R.FIRST_CHOOSER}
    assert not scalars & (table | deal)  # no scalar inside the payout table or the deal


def test_every_packed_value_comes_from_its_field():
    """Each scalar field changed alone moves exactly its own offset (no offset mix-ups)."""
    base = RuleSet().pack()
    for name, offset in OFFSETS.items():
        value = getattr(RuleSet(), name) + 1
        changes = {name: value}
        if name in ("start_houses", "setup_supply"):
            changes["houses_per_colour"] = 21
        if name == "end_field":
            changes["end_field"] = 11
        a = RuleSet.from_mapping(changes).pack()
        moved = set(np.flatnonzero(a != base))
        expect = {offset} | ({R.HOUSES_PER_COLOUR} if "houses_per_colour" in changes else set())
        assert moved == expect, name
        assert a[offset] == changes[name]


def test_short_game_packs_six_palaces_and_round_eight_M_V1():
    a = RuleSet(short_game=True).pack()
    assert a[R.PALACES] == 6 and a[R.ROUND_LIMIT] == 8 and a[R.SHORT_GAME] == 1


def test_yogi_packs_seven_characters_M_A5y():
    a = RuleSet(yogi=True).pack()
    assert a[R.N_CHARACTERS] == 7 and a[R.V_YOGI] == 1 and a[R.CHIPS_TOTAL] == 7


def test_switches_and_choices_pack_as_0_1_M_F2_M_A8_M_V2_M_V3_M_A7h_M_V4():
    r = RuleSet(
        forfeit_per_part=True,
        governor_clamp=False,
        first_chooser=-1,
        neutral_palaces=True,
        auction=True,
        home_cities=True,
        several_characters=True,
    )
    a = r.pack()
    assert a[R.FORFEIT_PER_PART] == 1 and a[R.GOVERNOR_CLAMP] == 0
    assert a[R.FIRST_CHOOSER] == -1
    assert [a[o] for o in (R.V_NEUTRAL, R.V_AUCTION, R.V_HOME, R.V_MULTI)] == [1] * 4
    assert a[R.V_YOGI] == 0 and a[R.N_CHARACTERS] == 6


def test_field_docs_name_a_rule_id_for_every_field():
    names = [f.name for f in dataclasses.fields(RuleSet)]
    assert list(FIELD_DOCS) == names
    for name, doc in FIELD_DOCS.items():
        assert "(M-" in doc and "\n" not in doc, name
    for name in CHOICES:
        assert "[choice]" in FIELD_DOCS[name]


# --- validation -------------------------------------------------------------------------

BAD = [
    ({"palace_cost": -3}, r"^rules: palace_cost must be an integer in 0\.\.1000000, got -3$"),
    ({"start_gold": True}, r"start_gold must be an integer in 0\.\.1000000, got True"),
    ({"house_cost": 1.0}, r"house_cost must be an integer in 0\.\.1000000, got 1\.0"),
    ({"house_cost": "1"}, r"house_cost must be an integer"),
    ({"yogi": 1}, r"yogi must be true or false, got 1"),
    ({"governor_clamp": "yes"}, r"governor_clamp must be true or false"),
    ({"palaces": 0}, r"palaces must be an integer in 1\.\.127, got 0"),
    ({"palaces": 20, "outer_sites": 1}, r"palaces must be at most 16"),
    ({"village_cap": 0}, r"village_cap must be an integer in 1\.\.100"),
    ({"village_cap_2p": 0}, r"village_cap_2p must be an integer in 1\.\.100"),
    ({"houses_per_colour": 9}, r"start_houses \+ setup_supply \(4 \+ 6\) must be <= houses_per"),
    ({"end_field": 0}, r"end_field must be an integer in 1\.\.200, got 0"),
    ({"end_field": 31}, r"end_field must be <= round_cap \(30\), got 31"),
    ({"round_cap": 0}, r"round_cap must be an integer in 1\.\.200, got 0"),
    ({"round_cap": 201}, r"round_cap must be an integer in 1\.\.200, got 201"),
    ({"first_chooser": 5}, r"first_chooser must be an integer in -1\.\.4, got 5"),
    ({"first_chooser": -2}, r"first_chooser must be an integer in -1\.\.4, got -2"),
    ({"governor_steps": 0}, r"governor_steps must be an integer in 1\.\.100"),
    (
        {"short_game": True, "short_game_palaces": 8},
        r"short_game_palaces must be <= palaces \(7\), got 8",
    ),
    (
        {"short_game": True, "short_game_rounds": 31},
        r"short_game_rounds must be <= round_cap \(30\)",
    ),
    ({"neutral_palaces": True, "outer_sites": 2}, r"neutral_palaces needs outer_sites >= 3"),
    ({"chips_total": -1}, r"chips_total must be an integer in 0\.\.1000"),
    ({"monopoly_bonus": 10**12}, r"monopoly_bonus must be an integer in 0\.\.10000"),
    ({"payouts": [[10, 5], [11, 7, 3], [12, 9, 6]]}, r"payouts must have 4 rows"),
    ({"payouts": {"4": [12, 9, 6]}}, r"^rules: payouts for 4 players must have 4 values, got 3$"),
    ({"payouts": {"2": [10, -5]}}, r"payouts for 2 players must be integers in 0\.\.10000, got -5"),
    (
        {"payouts": {"3": [11, 7, True]}},
        r"3 players must be integers in 0\.\.10000, got True",
    ),
    ({"payouts": {"6": [1] * 6}}, r"payouts: unknown player count '6'"),
    ({"payouts": {"2": 10}}, r"payouts for 2 players must have 2 values, got 10"),
    ({"payouts": 12}, r"payouts must be a list of rows or a table"),
]


@pytest.mark.parametrize(("changes", "message"), BAD)
def test_constructor_rejects_bad_values_naming_the_key(changes, message):
    """Every validation path raises one InputError line naming the key (M-… fields)."""
    with pytest.raises(InputError, match=message) as info:
        RuleSet(**changes)
    assert "\n" not in str(info.value) and str(info.value).startswith("rules: ")


@pytest.mark.parametrize(("changes", "message"), BAD)
def test_from_mapping_names_the_source(changes, message):
    message = message.removeprefix("^rules: ").removeprefix("^")
    with pytest.raises(InputError, match=message) as info:
        RuleSet.from_mapping(changes, "rules file x.toml")
    assert str(info.value).startswith("rules file x.toml: ")


def test_unknown_key_gets_a_suggestion():
    with pytest.raises(
        InputError,
        match=r"^rules file x\.toml: unknown key 'palace_cots' \(did you mean 'palace_cost'\?\)$",
    ):
        RuleSet.from_mapping({"palace_cots": 11}, "rules file x.toml")
    with pytest.raises(InputError, match=r"^rules: unknown key 'zzzzzz'$"):
        RuleSet.from_mapping({"zzzzzz": 1})
    with pytest.raises(InputError, match=r"must be a table"):
        RuleSet.from_mapping([1, 2])


def test_from_mapping_payouts_as_table_or_list_M_P2():
    """A table may give only some rows (the rest stay the rulebook's); a list gives all four."""
    r = RuleSet.from_mapping({"payouts": {"4": [20, 10, 5, 0]}})
    assert r.payouts == ((10, 5), (11, 7, 3), (20, 10, 5, 0), (13, 10, 7, 4, 1))
    rows = [[1, 0], [2, 1, 0], [3, 2, 1, 0], [4, 3, 2, 1, 0]]
    r2 = RuleSet.from_mapping({"payouts": rows})
    assert r2.payouts == tuple(map(tuple, rows))
    assert [r2.pack()[payout_cell(5, k)] for k in range(5)] == [4, 3, 2, 1, 0]
    assert RuleSet.from_mapping({"payouts": {4: [12, 9, 6, 3]}}) == RuleSet()


def test_numpy_scalars_are_normalised():
    r = RuleSet(palace_cost=np.int64(11), yogi=np.bool_(True))
    assert type(r.palace_cost) is int and r.palace_cost == 11 and r.yogi is True
    assert r == RuleSet(palace_cost=11, yogi=True) and hash(r) == hash(
        RuleSet(palace_cost=11, yogi=True)
    )


def test_short_game_limits_bind_only_when_it_is_on_M_V1():
    """A shorter round cap needs no short-game edits until the short game (M-V1) is switched on."""
    r = RuleSet(round_cap=5, end_field=5)
    assert r.pack()[R.ROUND_CAP] == 5 and r.pack()[R.ROUND_LIMIT] == 0
    assert RuleSet(palaces=4).pack()[R.PALACES] == 4
    with pytest.raises(InputError, match=r"short_game_rounds must be <= round_cap \(5\), got 8"):
        r.with_variants(["short"])
    with pytest.raises(InputError, match=r"short_game_palaces must be <= palaces \(4\), got 6"):
        RuleSet(palaces=4).with_variants(["short"])


# --- overrides and variants -----------------------------------------------------------


def test_with_overrides_parses_ints_booleans_and_payouts():
    r = RuleSet().with_overrides(
        [
            "palace_cost=11",
            " artist_palace_cost = 8 ",
            "first_chooser=-1",
            "yogi=yes",
            "governor_clamp=False",
            "forfeit_per_part=1",
            "auction=no",
            "payouts.4=20,10,5,0",
            "payouts.2=7, 3",
        ]
    )
    assert (r.palace_cost, r.artist_palace_cost, r.first_chooser) == (11, 8, -1)
    assert (r.yogi, r.governor_clamp, r.forfeit_per_part, r.auction) == (True, False, True, False)
    assert r.payouts == ((7, 3), (11, 7, 3), (20, 10, 5, 0), (13, 10, 7, 4, 1))
    assert RuleSet().with_overrides([]) == RuleSet()
    assert RuleSet(palace_cost=5).with_overrides(["house_cost=2"]).palace_cost == 5  # keeps base


@pytest.mark.parametrize(
    ("item", "message"),
    [
        ("palace_cost", r"^rules override 'palace_cost': expected key=value"),
        ("palace_cost=abc", r"^rules override 'palace_cost=abc': palace_cost must be an integer"),
        ("=3", r"^rules override '=3': expected key=value"),
        ("palace_cost=1.5", r"palace_cost must be an integer, got '1\.5'"),
        ("palace_cost=", r"palace_cost must be an integer, got ''"),
        ("palace_cots=1", r"unknown key 'palace_cots' \(did you mean 'palace_cost'\?\)"),
        ("yogi=maybe", r"yogi must be true/false/yes/no/1/0, got 'maybe'"),
        ("payouts=1,2", r"give one row at a time"),
        ("payouts.6=1,1,1,1,1,1", r"unknown player count '6'"),
        ("payouts.4=12,9,x,3", r"payouts\.4 must be an integer, got 'x'"),
        ("payouts.4=12,9,6", r"^rules override: payouts for 4 players must have 4 values, got 3$"),
        (
            "palace_cost=-3",
            r"^rules override 'palace_cost=-3': palace_cost must be an integer in 0\.\.1000000$",
        ),
        # issue 12: values beyond what the engine's integer columns hold name the range
        (
            "start_gold=40000000",
            r"^rules override 'start_gold=40000000': start_gold must be an integer in "
            r"0\.\.1000000$",
        ),
        ("palaces=128", r"^rules override 'palaces=128': palaces must be an integer in 1\.\.127$"),
        ("round_cap=1000", r"round_cap must be an integer in 1\.\.200$"),
        ("village_cap=101", r"village_cap must be an integer in 1\.\.100$"),
        ("deal=deal", r"deal must be choose, random or fixed"),
    ],
)
def test_bad_override_strings_give_one_line_errors(item, message):
    with pytest.raises(InputError, match=message) as info:
        RuleSet().with_overrides([item])
    assert "\n" not in str(info.value)


def test_with_variants_single_names_and_bundles_M_V1_to_M_V4():
    assert RuleSet().with_variants(["yogi"]).variant_names() == ("yogi",)
    r = RuleSet().with_variants(["short", "home"])
    assert r.short_game and r.home_cities and r.variant_names() == ("home", "short")
    # M-V2 [choice]: neutral palaces are part of the basic game (rulebook 5.0 refers to
    # 11.2.4), so the bundles switch them on without naming them as a variant
    adv1 = RuleSet().with_variants(["advanced1"])
    assert adv1.variant_names() == ("yogi", "auction", "home") and adv1.neutral_palaces
    assert not adv1.several_characters and not adv1.short_game
    adv2 = RuleSet().with_variants(["advanced2"])
    assert adv2.variant_names() == ("yogi", "auction", "home", "several")
    assert RuleSet().with_variants(["neutral"]) == RuleSet()  # the old name still works
    assert RuleSet(neutral_palaces=False).with_variants(["neutral"]) == RuleSet()
    assert RuleSet().with_variants(["yogi,auction"]) == RuleSet(yogi=True, auction=True)
    assert RuleSet().with_variants([]) == RuleSet()
    assert set(VARIANTS) == {"yogi", "neutral", "auction", "home", "several", "short"} | {
        "advanced1",
        "advanced2",
    }


def test_unknown_variant_lists_valid_names():
    with pytest.raises(InputError, match=r"unknown variant 'yoga'; valid names: yogi, .*advanced2"):
        RuleSet().with_variants(["yoga"])


# --- files ----------------------------------------------------------------------------


def test_load_rules_toml(tmp_path):
    p = tmp_path / "house.toml"
    p.write_text(
        'palace_cost = 11\nyogi = true\n\n[payouts]\n"4" = [20, 10, 5, 0]\n', encoding="utf-8"
    )
    r = load_rules(p)
    assert r.palace_cost == 11 and r.yogi and r.payouts[2] == (20, 10, 5, 0)
    assert r.diff_from_default() == {
        "palace_cost": 11,
        "yogi": True,
        "payouts": {"2": [10, 5], "3": [11, 7, 3], "4": [20, 10, 5, 0], "5": [13, 10, 7, 4, 1]},
    }


def test_load_rules_json(tmp_path):
    p = tmp_path / "house.json"
    p.write_text(
        json.dumps({"short_game": True, "payouts": [[1, 0]] + [[0] * n for n in (3, 4, 5)]})
    )
    r = load_rules(p)
    assert r.short_game and r.payouts[0] == (1, 0) and r.pack()[R.PALACES] == 6


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("x.toml", "palace_cost = ", r"invalid TOML: "),
        ("x.json", "{palace_cost: 1}", r"invalid JSON: "),
        ("x.json", '{"palace_cost": 1, "palace_cost": 2}', r"invalid JSON: duplicate key"),
        ("x.json", "[1, 2]", r"must be a table"),
        ("x.toml", "palace_cots = 11", r"unknown key 'palace_cots' \(did you mean 'palace_cost'"),
        ("x.toml", "palace_cost = -3", r"palace_cost must be an integer in 0\.\.1000000, got -3$"),
        (
            "x.json",
            '{"house_cost": 1.5}',
            r"house_cost must be an integer in 0\.\.1000000, got 1\.5",
        ),
        ("x.yaml", "palace_cost: 1", r"unknown suffix '\.yaml'"),
    ],
)
def test_bad_rules_files_name_the_file(tmp_path, name, content, message):
    p = tmp_path / name
    p.write_text(content, encoding="utf-8")
    with pytest.raises(InputError, match=message) as info:
        load_rules(p)
    assert str(info.value).startswith(f"rules file {p}: ") and "\n" not in str(info.value)


def test_missing_and_undecodable_rules_files(tmp_path):
    with pytest.raises(InputError, match=r"rules file .*nope\.toml: file not found"):
        load_rules(tmp_path / "nope.toml")
    p = tmp_path / "latin.toml"
    p.write_bytes(b"palace_cost = 11 # \xe9\n")
    with pytest.raises(InputError, match=r"not UTF-8"):
        load_rules(p)


# --- round trips (hypothesis) ---------------------------------------------------------


@st.composite
def valid_changes(draw):
    """A random valid override dict (a random subset of keys, cross-field limits kept)."""
    round_cap = draw(st.integers(1, 200))
    outer = draw(st.integers(0, 8))
    palaces = draw(st.integers(1, 8 * (1 + outer)))
    houses = draw(st.integers(1, 40))
    start = draw(st.integers(0, houses))
    full = {
        "round_cap": round_cap,
        "end_field": draw(st.integers(1, round_cap)),
        "short_game_rounds": draw(st.integers(1, round_cap)),
        "outer_sites": outer,
        "palaces": palaces,
        "short_game_palaces": draw(st.integers(1, palaces)),
        "houses_per_colour": houses,
        "start_houses": start,
        "setup_supply": draw(st.integers(0, houses - start)),
        "first_chooser": draw(st.integers(-1, 4)),
        "village_cap": draw(st.integers(1, 4)),
        "village_cap_2p": draw(st.integers(1, 4)),
        "governor_steps": draw(st.integers(1, 5)),
        "payouts": {
            str(n): draw(st.lists(st.integers(0, 30), min_size=n, max_size=n))
            for n in draw(st.sets(st.sampled_from([2, 3, 4, 5])))
        },
    }
    for name in ("start_gold", "house_cost", "palace_cost", "artist_palace_cost", "gold_action"):
        full[name] = draw(st.integers(0, 50))
    for name in ("quarry_houses", "monopoly_bonus", "forfeit_penalty", "inner_points"):
        full[name] = draw(st.integers(0, 50))
    for name in ("governor_clamp", "forfeit_per_part", *SWITCHES):
        full[name] = draw(st.booleans())
    if outer < 3:
        full["neutral_palaces"] = False
    keys = draw(st.sets(st.sampled_from(sorted(full))))
    groups = (  # values drawn against each other are given together
        {"round_cap", "end_field", "short_game_rounds"},
        {"outer_sites", "palaces", "short_game_palaces", "neutral_palaces"},
        {"houses_per_colour", "start_houses", "setup_supply"},
    )
    for group in groups:
        if keys & group:
            keys |= group
    return {k: full[k] for k in keys}


@settings(max_examples=150, deadline=None)
@given(valid_changes())
def test_round_trips_and_deterministic_pack(changes):
    """from_mapping(to_dict()) and from_mapping(diff_from_default()) give the same rules;
    pack() and digest() are deterministic; JSON survives."""
    r = RuleSet.from_mapping(changes)
    assert RuleSet.from_mapping(r.to_dict()) == r
    assert RuleSet.from_mapping(r.diff_from_default()) == r
    assert RuleSet.from_mapping(json.loads(json.dumps(r.to_dict()))) == r
    assert np.array_equal(r.pack(), r.pack())
    assert np.array_equal(RuleSet.from_mapping(r.to_dict()).pack(), r.pack())
    assert r.digest() == RuleSet.from_mapping(r.to_dict()).digest()
    assert (r.digest() == RuleSet().digest()) == (r.diff_from_default() == {})
    for name, value in changes.items():
        if name != "payouts":
            assert getattr(r, name) == value
    a = r.pack()
    assert a[R.PALACES] == (r.short_game_palaces if r.short_game else r.palaces)
    assert a[R.ROUND_LIMIT] == (r.short_game_rounds if r.short_game else 0)


@settings(max_examples=60, deadline=None)
@given(valid_changes())
def test_overrides_match_from_mapping(changes):
    """The CLI form `--set key=value` gives the same rules as a file with the same keys."""
    items = []
    for name, value in changes.items():
        if name == "payouts":
            items += [f"payouts.{n}={','.join(map(str, row))}" for n, row in value.items()]
        else:
            items.append(f"{name}={str(value).lower()}")
    assert RuleSet().with_overrides(items) == RuleSet.from_mapping(changes)


def test_diff_from_default_of_default_is_empty():
    assert RuleSet().diff_from_default() == {}
    assert RuleSet.from_mapping(RuleSet().to_dict()).diff_from_default() == {}
    assert RuleSet(palace_cost=11).diff_from_default() == {"palace_cost": 11}
    assert RuleSet(palace_cost=11).digest() != RuleSet().digest()
    assert len(RuleSet().digest()) == 64


def test_rule_ranges_keep_every_results_column_in_range():
    """issue 12: with every rule value at the top of its range, 5 players and the most
    rounds, no results column can overflow. Gold (Int32): a player holds at most all the
    gold of the game, which starts as 5 x start_gold and grows per round by at most
    3 Gold actions per player (two arrows and a chip, M-A1/M-A5y), the Merchant (M-K2),
    one payout per player plus the monopoly (M-P2/M-P3), 6 undone parts per turn paid to
    4 others (M-F2 per part) and the Monk's fees paid by the bank (M-K4: at most
    MAX_STEPS roads per turn, 2 villages of village_cap houses each); transfers between
    players (fees, M-F1) create no gold. Int16 counters: houses_built <= houses per
    colour, forfeits <= 6 per round, act_* <= 3 per round; Int8: palaces, rounds <= 127."""
    import pyarrow as pa

    from simcore.maharaja.nb.game_nb import MAX_STEPS
    from simcore.maharaja.results import BASE_COLUMNS, MAX_ROUND_CAP

    hi = {f.name: f.metadata["hi"] for f in dataclasses.fields(RuleSet) if "hi" in f.metadata}
    payout = 10_000
    RuleSet.from_mapping({"payouts": {"5": [payout] * 5}})
    with pytest.raises(InputError):
        RuleSet.from_mapping({"payouts": {"5": [payout + 1] * 5}})
    n, rounds = 5, hi["round_cap"]
    per_round = (
        n * 3 * hi["gold_action"]
        + hi["merchant_income"]
        + n * payout
        + hi["monopoly_bonus"]
        + n * 6 * (n - 1) * hi["forfeit_penalty"]
        + MAX_STEPS * 2 * hi["village_cap"]
    )
    most_gold = n * hi["start_gold"] + rounds * per_round
    for name in ("gold", "fees_paid", "fees_received", "score_gold", "bid_paid"):
        assert BASE_COLUMNS[name] == pa.int32(), name
    assert most_gold < 2**31 - 1
    assert hi["houses_per_colour"] < 2**15 and 6 * rounds < 2**15 and 3 * rounds < 2**15
    assert hi["palaces"] <= 127 and MAX_ROUND_CAP <= 127
