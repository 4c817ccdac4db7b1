"""The plug-in (simcore/core/contract/plugin.py contract): every field a generic layer reads
is filled and agrees with the results table (act_* counts checked against other columns
by the rules), the data files as `--data NAME=FILE`, event text, studies."""

from __future__ import annotations

import json
import shutil
from importlib import resources

import numpy as np
import pyarrow as pa
import pytest

import strategies
from simcore.core.contract.games import get_game
from simcore.core.errors import InputError
from simcore.tajmahal import data_layout as D
from simcore.tajmahal.enums import ACTION_NAMES, EV_NAMES, LOG_EVENT
from simcore.tajmahal.game_data import DATA_FILES, GameData, default_data
from simcore.tajmahal.rules import RuleSet
from tests.cli_run import run_cli

GAME = "tajmahal"
SPEC = get_game(GAME)


def table(names, players=4, games=300, rules=None, seed=3):
    seats = strategies.resolve(names, players, GAME)
    sids, params = strategies.seat_arrays(seats, GAME)
    rules = rules or SPEC.default_rules()
    rec = SPEC.play_batch(strategies.driver_for(GAME), sids, params, games, players, seed, 0,
                          rules, SPEC.default_data())  # fmt: skip
    return SPEC.records_table(rec, 0, tuple(s.name for s in seats), rules)


def test_identity_player_counts_and_notes():
    """T-V1: 3 to 5 players; every report says the data files are reconstructions."""
    assert (SPEC.name, SPEC.min_players, SPEC.max_players, SPEC.default_players) == (
        GAME, 3, 5, 4)  # fmt: skip
    assert "Knizia" in SPEC.title
    assert any("reconstruct" in n and "--data" in n for n in SPEC.notes)
    assert "'" not in "".join(SPEC.notes)  # reports escape quotes; the tests look for text
    assert strategies.default_strategy(GAME) in strategies.strategies(GAME)
    with pytest.raises(InputError, match="--players must be between 3 and 5, got 2"):
        SPEC.check_rules(RuleSet(), 2)


def test_primary_key_is_the_position_after_the_first_start_player():
    """T-S6, T-R5: the start player is random and the start passes to the left, so the
    seat-order question is asked of positions; each position is one seat's per game."""
    key = SPEC.primary
    assert key.column == "position" and key.one_per_game and key.ordinal
    assert key.words(0) == "the 1st to play in visit 1"  # its start player
    assert key.words(2) == "the 3rd to play in visit 1"  # two seats after the start player
    t = table(["random"], players=5, games=200).to_pandas()
    for _, g in t.groupby("game_id"):
        assert sorted(g["position"]) == [0, 1, 2, 3, 4]


def test_results_carry_every_column_the_plugin_names():
    t = table(["random"], players=4, games=400)
    cols = set(t.column_names)
    shape = SPEC.shape
    named = {k.column for k in SPEC.keys} | {m.column for m in SPEC.mask_keys}
    named |= {shape.length, shape.end, shape.winner_measure, *(c for c, _ in shape.seat_measures)}
    assert named <= cols
    assert {f"act_{a}" for a in ACTION_NAMES} <= cols
    assert t.schema.field("win_share").type == pa.float64()
    assert set(t.column("end_reason").to_pylist()) <= set(shape.end_words)
    df = t.to_pandas()
    assert (df["errors"] == 0).all()  # no strategy answers illegally
    assert np.allclose(df.groupby("game_id")["win_share"].sum(), 1.0)  # T-E2: shared wins
    parts = ["bonus_points", "palace_points", "province_points", "special_points",
             "hand_points"]  # fmt: skip
    assert (df["points"] == df[parts].sum(axis=1)).all()
    assert (df["specials_held"] < 16).all() and df["visits"].eq(12).all()
    bits = df["specials_held"].map(lambda m: bin(int(m)).count("1"))
    assert (bits == df["specials_end"]).all()
    assert (df.groupby("game_id")["specials_end"].sum() <= 4).all()  # T-C6: four cards


def test_act_columns_agree_with_the_rules():
    """The act_* counts against what the rules force: each play has one coloured card
    (T-A1) and at most one companion; every seat withdraws once per visit (T-R3); a
    palace is crowned or normal (T-A3, T-A4); the elephant prize is the province tile
    (T-A5); the mogul prize is a crowned palace (T-A4); the display is emptied exactly
    (T-R7: 2n - 1 picks per visit) unless the cards ran out."""
    n = 4
    df = table(["random"], players=n, games=400).to_pandas()
    colours = df[[f"act_play_{c}" for c in ("red", "green", "yellow", "purple")]].sum(axis=1)
    assert (colours == df["plays"]).all()
    specials = df[[c for c in df.columns if c.startswith("act_special_")]].sum(axis=1)
    assert (specials == df["specials_played"]).all()
    assert (df["act_play_white"] == df["white_played"]).all()
    assert (df["act_withdraw"] == df["visits"]).all()
    assert (df["act_withdraw_immediate"] == df["immediate"]).all()
    assert (df["act_crown"] + df["act_palace"] == df["palaces"]).all()
    assert (df["act_province_tile"] == df["tiles"]).all()
    assert (df["act_crown"] == df["prizes_mogul"]).all()
    picks = df.groupby("game_id")["act_pick"].sum()
    assert (picks <= 12 * (2 * n - 1)).all() and (picks == 12 * (2 * n - 1)).mean() > 0.9
    assert (df.groupby("game_id")["act_bonus_taj_mahal"].sum() <= 1).all()


def test_random_uses_every_action_the_rules_offer():
    """Every act_* column is used (analyses/competence.py flags a strategy that never
    uses one): random plays every colour, every special card, every bonus tile..."""
    df = table(["random"], players=4, games=1000).to_pandas()
    unused = [a for a in ACTION_NAMES if df[f"act_{a}"].sum() == 0]
    assert unused == []


def test_data_files_are_named_and_packed_in_blocks(tmp_path):
    """T-V2 data files: map, tiles and cards, each packed into its own block (so a
    replaced file changes only its block), checked against each other when read."""
    assert [f.name for f in SPEC.data_files] == ["map", "tiles", "cards"] == [
        f.name for f in DATA_FILES]  # fmt: skip
    data = SPEC.data()
    assert isinstance(data, GameData) and data == default_data()
    packed = data.pack()
    assert packed.size == D.DATA_SIZE
    assert np.array_equal(packed[: D.MAP_SIZE], data.map.pack())
    assert np.array_equal(packed[D.MAP_SIZE : D.N_KINDS], data.tiles.pack())
    assert np.array_equal(packed[D.N_KINDS :], data.cards.pack())
    copy = tmp_path / "map.toml"
    shutil.copy(resources.files("simcore.tajmahal.data").joinpath("map.toml"), copy)
    rec = SPEC.data_record({"map": str(copy)})
    assert rec["map"] == {"source": str(copy), "sha256": data.map.digest()}
    assert rec["tiles"]["source"] == "default"
    bad = tmp_path / "tiles.json"
    raw = data.tiles.to_dict()
    raw["province_tiles"] = raw["province_tiles"][:11]
    bad.write_text(json.dumps(raw))
    with pytest.raises(InputError, match="11 province tiles for 12 provinces"):
        SPEC.data({"tiles": str(bad)})


def test_a_wrong_data_file_is_one_line_and_exit_2(capsys, tmp_path):
    bad = tmp_path / "map.toml"
    bad.write_text('name = "x"\n')
    out = tmp_path / "run"
    code, _, err = run_cli(capsys, "run", "--game", GAME, "--games", "10",
                           "--data", f"map={bad}", "--out", str(out))  # fmt: skip
    assert code == 2 and f"map {bad}: missing key(s): cities, provinces, roads" in err
    assert len(err.strip().splitlines()) == 1 and not out.exists()


def test_event_log_reads_as_sentences():
    seats = strategies.resolve(["random"], 4, GAME)
    sids, params = strategies.seat_arrays(seats, GAME)
    data = SPEC.default_data()
    seen = set()
    for game in range(10):
        g = SPEC.play_game(strategies.driver_for(GAME), sids, params, 4, 8, game, RuleSet(), data)
        for row in g.log:
            text = SPEC.describe_event(row, data)
            assert text and "event " not in text
            rec = SPEC.event_record(row, data)
            assert json.loads(json.dumps(rec))["text"] == text
            seen.add(int(row[LOG_EVENT]))
    assert {EV_NAMES[e] for e in seen} >= {"visit", "display", "play", "withdraw", "palace",
                                           "bonus", "palace_points", "province", "draw",
                                           "pick", "exchange", "end", "hand", "rank"}  # fmt: skip


def test_studies_hold_the_rulebook_setting_and_valid_settings():
    """Every study has a run with the rulebook setting, and every run's settings are rules
    the game accepts at its player count; the default (first) study is seat order at 3,
    4 and 5 players."""
    studies = SPEC.studies(4)
    first = next(iter(studies.values()))
    assert first.name == "balance" and [r.players for r in first.runs] == [3, 4, 5]
    assert {"special-cards", "commodities-networks", "immediate-card", "display-size",
            "deal-size", "crown"} <= set(studies)  # fmt: skip
    for st in studies.values():
        if not st.runs:  # a ladder-only study: every rung plays the rulebook setting
            assert st.ladder is not None and not st.ladder.sets, st.name
            continue
        assert any(not r.sets and not r.variants for r in st.runs), st.name
        for r in st.runs:
            rules = RuleSet().with_overrides(list(r.sets))
            SPEC.check_rules(rules, r.players)
    rot = studies["special-cards"].runs
    fx = {tuple(sorted(s.split("=")[1] for s in r.sets)) for r in rot[1:]}
    assert fx == {("0", "1", "2", "3")}  # each rotation keeps the four effects


def test_ladder_is_weakest_first_and_resolves():
    lad = SPEC.ladder(4, False)
    rungs = lad.rungs + lad.climb
    assert len(rungs) == len(lad.games) == len(lad.step_games) + 1
    for _, text in rungs:
        strategies.resolve([text], 4, GAME)
    assert sum(t.startswith("lookahead") for _, t in lad.rungs) >= 2  # two search rungs


def test_dk_columns_count_the_decisions_answered():
    """dk_* (docs/RESULTS.md, usage counts): T-D1 is answered once per play and once per
    withdrawal; T-D2 once per palace placed, crowned (T-A4) or normal (T-A3); T-D3 once per
    display card taken (T-A7). A withdrawal the engine forces (no card left to play) is
    not asked."""
    df = table(["random"], players=4, games=300).to_pandas()
    assert (df["dk_turn"] <= df["plays"] + df["act_withdraw"]).all()
    assert (df["dk_turn"] >= df["plays"]).all()
    assert (df["dk_crowned_palace"] == df["act_crown"]).all()
    assert (df["dk_palace"] == df["act_palace"]).all()
    assert (df["dk_display_pick"] == df["act_pick"]).all()
    for col in ("dk_turn", "dk_crowned_palace", "dk_palace", "dk_display_pick"):
        assert df[col].sum() > 0, col


def test_default_ladder_steps_up_only_where_measured_stronger():
    """Issue 31: every search rung of the default study's ladder is measured stronger than
    the rung directly below it (its share of the wins in the printed duel wholly over one
    half, the figures `strategies --ladder` prints), at every player count; no climb rung
    is declared, because none was measured stronger than `search-fast`."""
    for n in (3, 4, 5):
        lad = SPEC.ladder(n, False)
        assert lad.climb == ()
        labels = [lb for lb, _ in lad.rungs]
        assert labels[-2:] == ["search-lite", "search-fast"]
        for i, f in enumerate(lad.figures):
            if f is not None and f.vs_below is not None:
                assert f.players == n and f.vs_below.against == labels[i - 1]
        for f in lad.figures[-2:]:
            assert f.vs_below.lo > 0.5, (n, f.label)
