"""The plug-in (simcore/core/contract/plugin.py contract): every field a generic layer reads is
filled and agrees with the results table; event text; overflow bounds at extreme rules."""

from __future__ import annotations

import json

import numpy as np
import pyarrow as pa
import pytest

import strategies
from simcore.core.contract.games import get_game
from simcore.core.errors import InputError
from simcore.vermaechtnis.enums import EV_NAMES, LOG_EVENT
from simcore.vermaechtnis.game_data import default_cards
from simcore.vermaechtnis.rules import RuleSet

GAME = "vermaechtnis"
SPEC = get_game(GAME)


def table(names, players=4, games=300, rules=None, seed=3):
    seats = strategies.resolve(names, players, GAME)
    sids, params = strategies.seat_arrays(seats, GAME)
    rules = rules or SPEC.default_rules()
    rec = SPEC.play_batch(strategies.driver_for(GAME), sids, params, games, players, seed, 0,
                          rules, SPEC.default_data())  # fmt: skip
    return SPEC.records_table(rec, 0, tuple(s.name for s in seats), rules)


def test_identity_and_player_counts():
    assert (SPEC.name, SPEC.min_players, SPEC.max_players, SPEC.default_players) == (
        GAME, 2, 4, 4)  # fmt: skip
    assert "Schacht" in SPEC.title
    assert SPEC.default_data() == default_cards()
    assert any("reconstruct" in n for n in SPEC.notes)
    assert strategies.default_strategy(GAME) == "weighted"


def test_V_S5_primary_key_is_the_seat_and_seat_1_is_the_start_player():
    assert SPEC.primary.column == "seat" == SPEC.seat_key
    assert SPEC.primary.words(0) == "seat 1 (start player, 4 rupees in the rulebook)"
    assert SPEC.primary.words(2) == "seat 3"
    money = SPEC.key("start_money")
    assert not money.one_per_game and money.words(4) == "4 rupees at the start"
    assert tuple(money.expected({})) == (4, 5)
    assert tuple(money.expected({"start_money_first": 5})) == (5,)


def test_results_carry_every_column_the_plugin_names():
    t = table(["weighted", "random", "chaser", "pairs"])
    cols = set(t.column_names)
    shape = SPEC.shape
    named = {k.column for k in SPEC.keys} | {m.column for m in SPEC.mask_keys}
    named |= {shape.length, shape.end, shape.winner_measure, *(c for c, _ in shape.seat_measures)}
    assert named <= cols
    assert {"errors", "winner", "win_share", "rank", "act_take_gold", "act_buy"} <= cols
    assert t.schema.field("win_share").type == pa.float64()
    assert set(t.column("end_reason").to_pylist()) <= set(shape.end_words)
    assert len(SPEC.mask_keys[0].order) == 15
    df = t.to_pandas()
    assert (df["act_take_gold"] + df["act_buy"] == df["own_turns"]).all()
    assert (df["start_money"] == np.where(df["seat"] == 0, 4, 5)).all()
    assert (df["points"] == df["antique_points"] + df["collection_points"]
            + df["money_points"]).all()  # fmt: skip


def test_rule_columns_show_what_differs_from_the_rulebook():
    rules = RuleSet().with_overrides(["tax_cap=10", "prices_4=4,4,3,2,2"]).with_variants(["grey"])
    t = table(["random"], games=20, rules=rules)
    assert t.column("rule_tax_cap")[0].as_py() == 10
    assert t.column("rule_prices_4")[0].as_py() == "4,4,3,2,2"
    assert t.column("variant_grey")[0].as_py() is True
    assert "rule_grey_sides" not in t.column_names


def test_extreme_rules_still_fit_the_typed_columns():
    """Every rule value at a bound that makes numbers large: the table builds."""
    rules = RuleSet(start_money_first=100, start_money_others=100, tax_cap=100, gold_value=100,
                    grey_money=100, offer_size=1, prices_4=(0,) * 9, prices_23=(100,) * 9,
                    rupees_per_point=1, grey_sides=True)  # fmt: skip
    for players in (2, 4):
        t = table(["weighted"], players=players, games=200, rules=rules)
        assert t.num_rows == 200 * players and max(t.column("turns").to_pylist()) > 36


def test_check_rules_and_batch():
    SPEC.check_rules(RuleSet(), 4)
    with pytest.raises(InputError, match="--players must be between 2 and 4, got 5"):
        SPEC.check_rules(RuleSet(), 5)
    SPEC.check_batch(RuleSet(tax_cap=100))
    assert SPEC.rules_from_mapping({"tax_cap": 9}, "x", RuleSet()).tax_cap == 9
    assert set(SPEC.choices) <= set(SPEC.rule_docs) and SPEC.variants == {"grey": ("grey_sides",)}


def test_event_log_reads_as_sentences():
    seats = strategies.resolve(["weighted", "random"], 2, GAME)
    sids, params = strategies.seat_arrays(seats, GAME)
    cards = SPEC.default_data()
    seen = set()
    for game in range(30):
        g = SPEC.play_game(strategies.driver_for(GAME), sids, params, 2, 8, game,
                           RuleSet(grey_sides=True), cards)  # fmt: skip
        for row in g.log:
            text = SPEC.describe_event(row, cards)
            assert text and "event " not in text
            rec = SPEC.event_record(row, cards)
            assert json.loads(json.dumps(rec))["text"] == text
            seen.add(int(row[LOG_EVENT]))
    assert {EV_NAMES[e] for e in seen} >= {"day", "offer", "gold", "buy", "collect", "tax",
                                           "effect", "day_end", "end", "score", "rank"}  # fmt: skip


def test_ladder_rungs_are_strategy_texts_and_weakest_first():
    lad = SPEC.ladder(4, False)
    rungs = lad.rungs + lad.climb
    assert lad.sets == () and len(rungs) == len(lad.games) == len(lad.step_games) + 1
    for _, text in rungs:
        strategies.resolve([text], 4, GAME)
    # the scripted rungs end with the best of them; two search rungs above it, then the climb
    assert lad.rungs[4][1] == "weighted" and len(lad.rungs) == 7 and len(lad.climb) == 1
    assert all(t.startswith("lookahead") for _, t in lad.rungs[5:] + lad.climb)
    full = SPEC.ladder(4, True)
    assert all(a >= b for a, b in zip(full.games, lad.games))
