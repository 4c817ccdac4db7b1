"""P-S3 (starting resources, the direction conflict), P-S2, P-S8, P-C1a, P-V1, the rule set
as data and the three data files (P-C5, P-C1b, P-C2, P-C6): defaults, round trips and
one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from simcore.core.contract.games import games
from simcore.core.errors import InputError
from simcore.palast import layout as S
from simcore.palast.enums import BAZAAR, DK_SETUP, EV_GIVE, EV_HARBOUR_FIELD, N_RES
from simcore.palast.game_data import (
    ACTIONS_FILE,
    CARDS_FILE,
    HARBOUR_FILE,
    actions_from_dict,
    cards_from_dict,
    default_data,
    harbour_from_dict,
)
from simcore.palast.rules import RuleSet

from .helpers import Game


def hand_out(g: Game, types: list[int]) -> None:
    for t in types:
        kind, seat = g.ask()
        if kind != DK_SETUP:
            break
        assert seat == 0  # the start player hands them out
        g.answer(t)


@pytest.mark.parametrize(
    ("players", "turn_order", "bonus_seats"),
    [(4, True, {2, 3}), (4, False, {2, 1}), (3, True, {2}), (3, False, {1}), (2, True, set())],
)
def test_p_s3_p_d0_starting_resources(players, turn_order, bonus_seats):
    """P-S3: one type each, chosen by the start player; the 3rd and 4th player one more;
    [choice] counted in turn order (else clockwise: turns run counter-clockwise, so the
    3rd clockwise is the 2nd-to-last in turn order)."""
    g = Game(players, rules=RuleSet(bonus_turn_order=turn_order))
    hand_out(g, [3, 2, 1, 0][:players])
    for p in range(players):
        t = [3, 2, 1, 0][p]
        assert g.state[S.START_TYPE + p] == t
        assert g.res(p) == [(1 + (p in bonus_seats)) if x == t else 0 for x in range(N_RES)]
    assert sum(g.state[S.SUPPLY : S.SUPPLY + 4]) == 60 - 11 - players - len(bonus_seats)


def test_p_s3_no_bonus_switch():
    g = Game(4, rules=RuleSet(start_bonus=False))
    hand_out(g, [0, 1, 2, 3])
    assert all(g.state[S.START_N + p] == 1 for p in range(4))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_p_s3_p_s4_hand_out_before_the_harbour_ezutan(players):
    """Seed §4: the start player takes one resource of each type and hands them out
    ("szétosztja"), the 3rd and 4th player get one more, and *then* ("Ezután") he lays one
    of each type at random on the 4 harbour fields and fills them. So every hand-out
    decision is asked while no harbour field holds a resource and, the later set-up
    steps (§5-§7) following, no harbour card, building card or action card is laid."""
    g = Game(players, seed=11)
    asked = 0
    while True:
        kind, seat = g.ask()
        if kind != DK_SETUP:
            break
        assert g.state[S.HARB_N : S.HARB_N + 4].tolist() == [0] * 4
        assert g.state[S.HCARD : S.HCARD + 2 * players].tolist() == [-1] * (2 * players)
        assert g.state[S.DISPLAY : S.DISPLAY + 3].tolist() == [-1] * 3
        assert g.state[S.ADECK_N] == 0
        g.answer(g.legal()[-1])
        asked += 1
    assert asked == min(players, 3)  # with 4 players the last type is forced
    # laid out after: the 4 types on the 4 fields, filled to 2, 2, 3, 4 (P-S4)
    assert sorted(g.state[S.HARB_TYPE : S.HARB_TYPE + 4].tolist()) == [0, 1, 2, 3]
    assert g.state[S.HARB_N : S.HARB_N + 4].tolist() == [2, 2, 3, 4]
    events = g.events()[:, 2].tolist()
    last_give = max(i for i, e in enumerate(events) if e == EV_GIVE)
    assert last_give < events.index(EV_HARBOUR_FIELD)


def test_p_c1_p_c7_p_s1_p_s2_p_s7_p_s8_start():
    g = Game(4)
    hand_out(g, [0, 1, 2, 3])
    assert g.state[S.FIGS : S.FIGS + 4].tolist() == [8] * 4
    assert g.state[S.MARKERS : S.MARKERS + 4].tolist() == [5] * 4
    assert g.state[S.VIZIER] == BAZAAR
    assert g.state[S.ADECK_N] == 20  # P-S7
    display = g.state[S.DISPLAY : S.DISPLAY + 3].tolist()  # P-C1: fields 5.1..5.3
    assert display == g.state[S.BDECK : S.BDECK + 3].tolist() and g.state[S.BDECK_POS] == 3
    assert g.state[S.LEVEL : S.LEVEL + 8].tolist() == [0] * 8  # P-S1: an empty garden
    assert g.state[S.BALCONY : S.BALCONY + 8].tolist() == [-1] * 8


def test_p_c1a_fee_defaults_and_choices():
    r = RuleSet()
    assert (r.fee_51, r.fee_52, r.fee_53) == (0, 1, 2)
    assert "fee_52" in RuleSet.CHOICES and "bonus_turn_order" in RuleSet.CHOICES
    assert RuleSet.from_mapping({"fee_52": 2}, "test").fee_52 == 2
    with pytest.raises(InputError, match="fee_52"):
        RuleSet.from_mapping({"fee_52": 10}, "test")


def test_p_v1_marked_cards_refused():
    with pytest.raises(InputError, match="P-V1"):
        RuleSet(marked_cards=True)


def test_variants_are_switches():
    r = RuleSet().with_variants(("seraglio_figure", "sealed"))
    assert r.seraglio_figure and r.sealed_gardens


def test_p_c5_p_c6_data_files_round_trip_and_digest():
    d = default_data()
    for f in (CARDS_FILE, HARBOUR_FILE, ACTIONS_FILE):
        obj = d[f.name]
        assert f.build(obj.to_dict(), "x") == obj and obj.reconstruction
        assert len(obj.digest()) == 64
    cards = d["cards"]
    assert [sum(c) for e, g, c in cards.palace] == [3] * 8 + [4] * 8 + [5] * 8  # P-C5
    assert sorted(g for e, g, c in cards.palace if e == 2) == list(range(8))
    assert d["harbour"].capacity == (2, 2, 3, 4)
    assert d["actions"].count == (5, 5, 5, 5)


@pytest.mark.parametrize(
    ("build", "change", "message"),
    [
        (cards_from_dict, lambda x: x["palace"].pop(), "24 cards"),
        (cards_from_dict, lambda x: x["palace"][0].update(garden=9), "garden"),
        (cards_from_dict, lambda x: x["palace"][0].update(element="tower"), "element"),
        (cards_from_dict, lambda x: x["end_card"].update(cost={"gems": 1}), "gems"),
        (harbour_from_dict, lambda x: x.update(capacity=[2, 2, 3]), "capacity"),
        (harbour_from_dict, lambda x: x.update(cards=[["a", "a"], ["c", "b"]]), "exactly once"),
        (harbour_from_dict, lambda x: x["side_field"].update(a=2), "twice"),
        (actions_from_dict, lambda x: x.update(count={"gold": 0}), "1..40"),
        (actions_from_dict, lambda x: x.update(extra=1), "unknown key"),
    ],
)
def test_bad_data_is_one_line(build, change, message):
    name = {cards_from_dict: "cards", harbour_from_dict: "harbour", actions_from_dict: "actions"}
    raw = json.loads(json.dumps(default_data()[name[build]].to_dict()))
    change(raw)
    with pytest.raises(InputError, match=message) as err:
        build(raw, "bad.toml")
    assert "\n" not in str(err.value) and "bad.toml" in str(err.value)


def test_cli_bad_data_file_exits_2(tmp_path):
    bad = tmp_path / "harbour.toml"
    bad.write_text('name = "x"\ncapacity = [2, 2]\nside_field = {a=1,b=2,c=3,d=4}\n'
                   'cards = [["a","d"],["c","b"]]\n')  # fmt: skip
    p = subprocess.run([sys.executable, "-m", "cli", "play", "--game", "palast", "--data",
                        f"harbour={bad}"], capture_output=True, text=True)  # fmt: skip
    assert p.returncode == 2
    assert "Traceback" not in p.stderr and str(bad) in p.stderr + p.stdout


def test_plugin_records_each_data_file():
    rec = games()["palast"].data_record()
    assert set(rec) == {"cards", "harbour", "actions"}
    assert all(len(v["sha256"]) == 64 for v in rec.values())
