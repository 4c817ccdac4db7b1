"""The report's first screen (reports/first_screen.py, reports/verdict_grid.py): the one
sentence, how sure, and the verdict file's summary fields, on verdicts built by hand so that
every expected word follows from the figures put in."""

from analyses.climb import Agreement, Moved
from analyses.verdict import ABOVE, BELOW, FAIR, UNDETERMINED, Finding, Verdicts
from analyses.verdict_study import StudyVerdict
from reports import first_screen, verdict_grid
from simcore.core.contract.games import get_game

GAME = get_game("maharaja")
KEY = GAME.primary.column


def _f(players, value, verdict, effect, bots=("weighted", "search")):
    """A finding decided by the strongest bot, every bot with the same figure."""
    return Finding(players, KEY, value, verdict, effect, effect - 0.01, effect + 0.01, 5000,
                   dict.fromkeys(bots, verdict), True, bots[-1],
                   effects={b: (effect, effect - 0.01, effect + 0.01) for b in bots})  # fmt: skip


def _study(findings, converged=None, bots=("weighted", "search")):
    counts = sorted({f.players for f in findings})
    v = Verdicts(KEY, 0.02, 0.05, [], findings, dict.fromkeys(counts, 2.64),
                 dict.fromkeys(counts, 0.018), dict.fromkeys(counts, 4000))  # fmt: skip
    agree = {}
    for n, ok in (converged or {}).items():
        moved = [] if ok else [Moved("Mogul", 0.05, 0.03, 0.07, 100)]
        agree[n] = Agreement(bots[-1], bots[-2], ok, moved)
    return StudyVerdict("maharaja", "starting character", v, {},
                        {n: list(bots) for n in counts}, {}, "dealt at random",
                        agreement=agree)  # fmt: skip


def test_counts_are_written_as_runs():
    assert first_screen.counts_words([2, 3, 4, 5]) == "2–5 players"
    assert first_screen.counts_words([5, 2, 4]) == "2, 4 and 5 players"
    assert first_screen.counts_words([4]) == "4 players"
    assert first_screen.counts_words([2, 3]) == "2 and 3 players"
    assert first_screen.counts_words([2, 3, 5]) == "2, 3 and 5 players"


def test_sentence_names_the_values_off_fair_with_their_range():
    fs = [
        _f(2, "Mogul", ABOVE, 0.204), _f(2, "Sadhu", BELOW, -0.09), _f(2, "Monk", FAIR, 0.004),
        _f(4, "Mogul", ABOVE, 0.132), _f(4, "Sadhu", BELOW, -0.161), _f(4, "Monk", FAIR, -0.01),
    ]  # fmt: skip
    sv = _study(fs, converged={2: True, 4: False})
    text = first_screen.summary(sv, GAME)
    # effects ordered weakest to strongest, whole points from 10 up, one decimal below
    assert text == (
        "Not balanced at 2 and 4 players: Mogul +13 to +20 win-rate points above fair, "
        "Sadhu −9.0 to −16 below; Monk fair (search's figures; better play still moves them "
        "at 4 players)."
    )


def test_a_balanced_game_says_so_and_a_count_apart_is_named():
    fair = [_f(n, v, FAIR, 0.005) for n in (3, 4, 5) for v in ("Mogul", "Monk")]
    sv = _study(fair, converged={3: True, 4: True, 5: True})
    assert first_screen.summary(sv, GAME) == (
        "Balanced at 3–5 players: every starting character within ±2 win-rate points of fair "
        "(search's figures; better play no longer changes them)."
    )
    mixed = [f for f in fair if f.players != 5] + [
        _f(5, "Mogul", ABOVE, 0.031), _f(5, "Monk", UNDETERMINED, -0.019)]  # fmt: skip
    text = first_screen.summary(_study(mixed, bots=("search",)), GAME)
    assert text.startswith("Not balanced at 5 players (balanced at 3 and 4 players): Mogul "
                           "+3.1 win-rate points above fair; Monk on the margin")  # fmt: skip
    assert text.endswith("(search's figures; one bot only at 3–5 players).")


def test_how_sure_and_the_files_fields_carry_n_and_the_detectable_difference():
    sv = _study([_f(4, "Mogul", ABOVE, 0.135), _f(4, "Monk", FAIR, 0.0)])
    assert first_screen.how_sure(sv) == (
        "How sure (games behind each cell at least, smallest difference from fair it could "
        "see in win-rate points): 4 players 4,000 games, 1.8."
    )
    c = first_screen.confidence(sv)["4"]
    assert c == {"bots": ["weighted", "search"], "seats_per_cell": 4000, "detectable": 1.8,
                 "cells": 0, "converged": False}  # fmt: skip


def test_turn_order_carries_its_interval_and_one_based_position():
    sv = _study([_f(4, "Mogul", ABOVE, 0.135)])
    sv.turn[4] = {"label": "the player acting 1st", "wins": 400, "n": 1000, "bot": "search"}
    t = first_screen.turn_order(sv)["4"]
    assert t["win_rate"] == 40.0 and t["fair"] == 25.0 and t["n"] == 1000
    # Wilson at z = 2.64 around 0.4 with n = 1000: about ±4 points
    assert 35.5 < t["ci95"][0] < 36.5 and 43.5 < t["ci95"][1] < 44.5


def test_the_grid_chart_draws_every_cell(tmp_path):
    fs = [
        _f(n, v, k, e)
        for n in (2, 4)
        for v, k, e in (
            ("Mogul", ABOVE, 0.13),
            ("Sadhu", BELOW, -0.1),
            ("Monk", UNDETERMINED, 0.015),
        )
    ]
    chart = verdict_grid.grid_chart(_study(fs, converged={2: True, 4: False}), GAME, tmp_path)
    assert chart.svg_data_uri.startswith("data:image/svg+xml;base64,")
    assert chart.png_path is not None and chart.png_path.stat().st_size > 5000


def test_a_value_off_at_some_counts_names_them_and_the_list_is_capped():
    fs = [_f(2, "Mogul", ABOVE, 0.2), _f(4, "Mogul", ABOVE, 0.132),
          _f(2, "Sadhu", ABOVE, 0.15), _f(4, "Sadhu", BELOW, -0.13),
          _f(2, "Merchant", ABOVE, 0.09), _f(4, "Merchant", FAIR, 0.0),
          _f(2, "Monk", ABOVE, 0.05), _f(4, "Monk", FAIR, 0.01)]  # fmt: skip
    text = first_screen.summary(_study(fs, converged={2: True, 4: True}), GAME)
    assert text == (
        "Not balanced at 2 and 4 players: Mogul +13 to +20 win-rate points, Sadhu +15 "
        "(2 players), Merchant +9.0 (2 players), 1 more above fair, Sadhu −13 (4 players) "
        "below (search's figures; better play no longer changes them)."
    )


def test_figures_from_several_bots_are_not_credited_to_one():
    strong = _f(4, "Mogul", ABOVE, 0.132)
    trend = {"weighted": (-0.2, -0.21, -0.19), "search": (-0.1, -0.2, 0.0)}
    weak = Finding(4, KEY, "Sadhu", BELOW, -0.2, -0.21, -0.19, 9000,
                   {"weighted": BELOW, "search": UNDETERMINED}, False, "weighted",
                   effects=trend)  # fmt: skip
    text = first_screen.summary(_study([strong, weak], converged={4: False}), GAME)
    assert "search's figures" not in text and "weighted's figures" not in text
    assert "(each figure from the strongest bot at its player count; better play" in text


def test_a_count_the_top_rung_left_open_is_named_beside_the_bad_ones():
    """2 players: both seats open under the top rung (whatever a weaker bot decided), 4
    players: Mogul above. The head names the open count, so a designer does not read the
    sentence as covering 2 players."""
    fs = [_f(2, "Mogul", UNDETERMINED, -0.008), _f(2, "Sadhu", UNDETERMINED, 0.008),
          _f(4, "Mogul", ABOVE, 0.132), _f(4, "Sadhu", FAIR, 0.0)]  # fmt: skip
    text = first_screen.summary(_study(fs, converged={2: False, 4: False}), GAME)
    assert text.startswith("Not balanced at 4 players (not decided yet at 2 players): Mogul ")
