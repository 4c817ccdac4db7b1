"""Levers (simcore/core/contract/levers.py) and the verdict card's next step
(analyses/next_step.py): every game's levers are sound and the command built from them is
one `tune-rules` accepts; a rule value a lever names changes the game where the rulebook
says it does; the next step on small verdicts of known answer is each of its kinds, with
the command written out by hand."""

from __future__ import annotations

import dataclasses
import shlex

import numpy as np
import polars as pl
import pytest

import strategies
from analyses.next_step import MECHANISM, NOTHING, PLAY_MORE, TUNE, UNKNOWN, next_step
from analyses.verdict import decide
from analyses.verdict_study import StudyVerdict
from jobs.batch import BatchSpec, play_chunk
from jobs.tune.settings import TuneSettings
from jobs.tune.space import check_points, parse_vary
from reports.next_step_text import next_step_text
from reports.verdict_card import card
from simcore.core.contract.games import games
from simcore.core.contract.levers import Lever, check_levers, key_values, lever_problems
from simcore.core.errors import InputError

BUILT_IN = ("maharaja", "vermaechtnis", "tajmahal", "palast", "dice")


# -- every game's levers -----------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(games()))
def test_every_games_levers_pass_the_check_and_the_tune_parser(name):
    game = games()[name]
    assert lever_problems(game) == []
    base = game.default_rules()
    for lv in game.levers:
        if lv.rules:
            axes = parse_vary(lv.rules, game, base)  # tune-rules' own parser
            assert [a.key for a in axes] == list(lv.keys)
            check_points(axes, base, game, lv.players or tuple(game.player_counts))


@pytest.mark.parametrize("name", BUILT_IN)
def test_built_in_games_say_what_acts_on_every_value(name):
    game = games()[name]
    assert {lv.value for lv in game.levers} == set(key_values(game))
    assert all(lv.mechanism for lv in game.levers)


@pytest.mark.parametrize("name", BUILT_IN)
def test_the_proposed_command_is_one_tune_rules_accepts(name):
    """With the ladder's settings (the verdicts' setup) at every count a lever acts at:
    TuneSettings.check reads the rules, --set and --vary as `tune-rules` does."""
    game = games()[name]
    lad = game.ladder(game.default_players, False)
    sets = list(lad.sets) if lad is not None else []
    for lv in (lv for lv in game.levers if lv.rules):
        for n in lv.players or game.player_counts:
            words = shlex.split(_tune_command_of(game, lv.value, n, sets))
            got = {"--vary": [], "--set": []}
            for flag, value in zip(words, words[1:]):
                got.setdefault(flag, []).append(value)
            assert got["--game"] == [name] and got["--players"] == [str(n)]
            assert got["--vary"] == list(lv.rules)
            TuneSettings(name, (n,), tuple(got["--vary"]), sets=tuple(got["--set"])).check()


def _tune_command_of(game, value, players, sets):
    sv = _verdict(game.name, players, {value: (10_000, _rate(players, +0.10))}, sets=sets)
    step = next_step(sv, game)
    assert step.kind == TUNE and step.value == value
    return step.command


def test_the_check_names_each_bad_lever():
    toy = games()["toy"]
    bad = {
        Lever(0, ("nope=1..2",), "x"): "has no rule 'nope'",
        Lever(1, ("seat0_points=-30..2",), "x"): "seat0_points must be an integer in -20..20",
        Lever(2, ("seat0_points=5..8",), "x"): "the rulebook value 2 is outside it",
        Lever(3, ("seat0_points=3..1",), "x"): "expected a range lo..hi",
        Lever(7, (), "x"): "not a value of the seat",
    }
    for lever, problem in bad.items():
        problems = lever_problems(dataclasses.replace(toy, levers=(lever,)))
        assert len(problems) == 1 and problem in problems[0], (lever, problems)
    no_words = dataclasses.replace(toy, levers=(Lever(0, ()),))
    with pytest.raises(InputError, match="no mechanism"):
        check_levers(no_words)
    counts = dataclasses.replace(toy, levers=(Lever(0, ("rounds=2..4",), "x", (9,)),))
    assert "player counts (9,) outside" in lever_problems(counts)[0]


# -- a rule value a lever names changes the game where the rulebook says ---------------------


def _play(name: str, players: int, sets: tuple[str, ...], n: int = 20) -> pl.DataFrame:
    game = games()[name]
    rules = game.default_rules().with_overrides(sets)
    sids, params = strategies.seat_arrays(strategies.resolve(["random"], players, name), name)
    spec = BatchSpec.of(name, players, 3, rules, game.default_data(), sids, params)
    rec = play_chunk(spec, 0, n)
    return pl.from_arrow(game.records_table(rec, 0, ("random",) * players, rules))


def test_dice_first_bonus_moves_seat_1_only():
    # D-3: the bonus is added to seat 1's score alone; the dice and every choice stay the
    # same (random play draws from the seats' own streams), so 3 - (-3) = 6 points exactly
    lo = _play("dice", 3, ("first_bonus=-3",)).sort("game_id", "seat")
    hi = _play("dice", 3, ("first_bonus=3",)).sort("game_id", "seat")
    diff = (hi["score"] - lo["score"]).to_numpy().reshape(-1, 3)
    assert (diff[:, 0] == 6).all() and (diff[:, 1:] == 0).all()


def test_vermaechtnis_start_money_reaches_the_seats_it_names():
    # V-S5: the start player (seat 1) starts with start_money_first, every other seat with
    # start_money_others
    for sets, want in ((("start_money_first=2",), [2, 5, 5, 5]),
                       (("start_money_first=8",), [8, 5, 5, 5]),
                       (("start_money_others=3",), [4, 3, 3, 3])):  # fmt: skip
        t = _play("vermaechtnis", 4, sets, 5)
        got = t.group_by("seat").agg(pl.col("start_money").unique()).sort("seat")
        assert got["start_money"].to_list() == [[w] for w in want], sets


def test_palast_start_bonus_reaches_the_3rd_and_4th_player():
    # P-S3: the 3rd and 4th player get one more resource; counted clockwise [choice off],
    # the 3rd and 4th are seats 3 and 2 (turns run counter-clockwise)
    for sets, want in (((), [1, 1, 2, 2]), (("start_bonus=false",), [1, 1, 1, 1]),
                       (("bonus_turn_order=false",), [1, 2, 2, 1])):  # fmt: skip
        t = _play("palast", 4, sets, 5)
        got = t.group_by("seat").agg(pl.col("start_resources").unique()).sort("seat")
        assert got["start_resources"].to_list() == [[w] for w in want], sets


def test_maharaja_artist_palace_cost_changes_the_game():
    # M-K6: the same deal and seeds with the Artist's palaces at 6 and at 12 gold
    deal = "deal=fixed:artist,mogul,merchant,sadhu"
    a = _play("maharaja", 4, (deal, "artist_palace_cost=6"))
    b = _play("maharaja", 4, (deal, "artist_palace_cost=12"))
    cols = ["gold", "palaces", "winner"]
    assert not a.select(cols).equals(b.select(cols))


def test_no_rule_value_acts_on_a_turn_position_in_taj_mahal():
    # the visits a position starts come from the map's provinces (a data file)
    assert all(not lv.rules and "data file" in lv.mechanism for lv in games()["tajmahal"].levers)


# -- the next step on verdicts of known answer ---------------------------------------------


def _rate(players: int, effect: float) -> float:
    return 1 / players + effect


def _verdict(game: str, players: int, cells: dict, sets=(), bot: str = "greedy") -> StudyVerdict:
    """cells: value -> (seats, win rate); 10,000 seats decide a cell to about ±1 point."""
    rows = [{"players": players, "bot": bot, "value": v, "wins": float(round(n * r)), "n": n,
             "games": n} for v, (n, r) in cells.items()]  # fmt: skip
    v = decide(pl.DataFrame(rows), "k", {players: [bot]})
    return StudyVerdict(game, "seat", v, {}, {players: [bot]}, {}, "rulebook", list(sets))


def _toy(*levers: Lever):
    return dataclasses.replace(games()["toy"], levers=levers)


# at 4 players a fair share is 25%: seat 1 +10 points, seat 2 fair, seats 3 and 4 -5 each
FOUR = {0: (10_000, 0.35), 1: (10_000, 0.25), 2: (10_000, 0.20), 3: (10_000, 0.20)}


def test_tune_on_the_largest_imbalance_with_its_rule_values():
    game = _toy(Lever(0, ("seat0_points=0..4",), "the points added to its score"))
    sv = _verdict("toy", 4, FOUR, sets=["rounds=3", "seat0_points=2"])
    step = next_step(sv, game)
    assert step.kind == TUNE and step.value == 0 and step.players == 4 and step.bot == "greedy"
    assert np.isclose(step.effect, 0.10) and step.rules == ("seat0_points=0..4",)
    # the varied key is not also --set (tune-rules refuses both)
    assert step.command == (
        "palace-lab tune-rules --game toy --players 4 --vary seat0_points=0..4 --set rounds=3 "
        "--budget 300000 --out out/tune"
    )
    assert next_step_text(step, game) == (
        "The largest imbalance is seat 1 at 4 players (+10.0 win-rate points under greedy), "
        "from the points added to its score. Tune the rule values that act on it: "
        f"`{step.command}` (docs/TUNING.md)."
    )


def test_no_lever_names_the_mechanism_and_proposes_no_vary():
    game = _toy(*(Lever(s, mechanism="acting first in every round") for s in range(4)))
    step = next_step(_verdict("toy", 4, FOUR), game)
    assert step.kind == MECHANISM and step.command == "" and step.rules == ()
    text = next_step_text(step, game)
    assert "--vary" not in text and "tune-rules" not in text
    assert next_step_text(step, game) == (
        "The largest imbalance is seat 1 at 4 players (+10.0 win-rate points under greedy); "
        "no rule value acts on it: its strength is acting first in every round, so a fix "
        "changes the game itself, not a number of its rules."
    )


def test_no_lever_on_the_largest_but_on_another_imbalance():
    # seat 1 has none, seat 4 (-5 points, below) has one: the step says so and tunes seat 4
    game = _toy(Lever(0, mechanism="acting first"), Lever(3, ("rounds=2..5",), "the last die"))
    step = next_step(_verdict("toy", 4, FOUR), game)
    assert step.kind == MECHANISM and step.value == 0 and step.instead.value == 3
    assert step.command == ("palace-lab tune-rules --game toy --players 4 --vary rounds=2..5 "
                            "--budget 300000 --out out/tune")  # fmt: skip
    text = next_step_text(step, game)
    assert "no rule value acts on it: its strength is acting first." in text
    assert "The largest imbalance a rule value acts on is seat 4 at 4 players (-5.0" in text


def test_a_lever_that_acts_at_other_player_counts_only_is_no_lever_here():
    game = _toy(Lever(0, ("seat0_points=0..4",), "its bonus", players=(3,)))
    step = next_step(_verdict("toy", 4, FOUR), game)
    assert step.kind == MECHANISM and step.command == ""


def test_the_real_maharaja_mogul_names_acting_first_and_tunes_the_artist():
    cells = {"Mogul": (10_000, 0.35), "Artist": (10_000, 0.20), "Merchant": (10_000, 0.25),
             "Sadhu": (10_000, 0.25)}  # fmt: skip
    game = games()["maharaja"]
    step = next_step(_verdict("maharaja", 4, cells, sets=["deal=random"], bot="weighted"), game)
    assert step.kind == MECHANISM
    assert "acting first in every round" in next_step_text(step, game)
    assert step.command == ("palace-lab tune-rules --game maharaja --players 4 --vary "
                            "artist_palace_cost=6..12 --set deal=random --budget 300000 "
                            "--out out/tune")  # fmt: skip
    text = next_step_text(step, game)
    assert "Mogul at 4 players (+10.0 win-rate points under weighted)" in text
    alone = {k: v for k, v in cells.items() if k != "Artist"} | {"Builder": (10_000, 0.20)}
    step = next_step(_verdict("maharaja", 4, alone, bot="weighted"), game)
    assert step.kind == MECHANISM and "--vary" not in next_step_text(step, game)


def test_a_game_without_levers_keeps_the_template():
    game = _toy()
    step = next_step(_verdict("toy", 4, FOUR), game)
    assert step.kind == UNKNOWN and step.command == ""
    assert "names no rule value that acts on it" in next_step_text(step, game)
    assert ("`palace-lab tune-rules --game toy --players 4 --vary RULE=LO..HI --budget 300000 "
            "--out out/tune`") in next_step_text(step, game)  # fmt: skip


def test_open_cells_play_more_and_fair_cells_nothing():
    # 100 seats a cell: the interval is about ±12 points, nothing decided
    few = {s: (100, 0.25) for s in range(4)}
    more = next_step(_verdict("toy", 4, few), _toy())
    assert more.kind == PLAY_MORE
    # the command it gives raises the top rung's cap (jobs.studies.rung_cap; tests/test_study)
    assert "`palace-lab study --game toy --games N`" in next_step_text(more, _toy())
    fair = {s: (10_000, 0.25) for s in range(4)}
    step = next_step(_verdict("toy", 4, fair), _toy())
    assert step.kind == NOTHING
    assert next_step_text(step, _toy()) == "Nothing to fix at the measured precision."


def test_the_card_shows_the_next_steps_text():
    game = _toy(Lever(0, ("seat0_points=0..4",), "its bonus"))
    sv = _verdict("toy", 4, FOUR)
    assert card(sv, game)["next"] == next_step_text(next_step(sv, game), game)
