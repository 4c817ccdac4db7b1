"""tune-rules' check under good play: by default the winner is checked against the starting
rules under the strongest measured search rung at each player count, capped by the rung's
measured speed; the report and best.toml name that rung and say whether the improvement
holds. The toy game has no search rung, so the tests give it measured rungs whose
strategies are two of its scripted bots (the mechanism is the same; only the speed
differs)."""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np

from analyses.imbalance import Difference, Estimate
from analyses.tuning import Check, Confirmed, load_tuning
from jobs.tune.settings import CHECK_CPU_SECONDS, MIN_CONFIRM, TuneSettings, check_bots
from simcore.core.contract import games
from simcore.core.contract.rungs import Measured, SearchRung
from tests.cli_run import run_cli

TOY = ["tune-rules", "--game", "toy", "--vary", "seat0_points=-6..6", "--budget", "30000"]
M = Measured("greedy", 0.5, 0.4, 0.6, 100)


def _rung(label: str, strategy: str, speed: float) -> SearchRung:
    return SearchRung(label, strategy, 2, speed, speed, M, M)


def _toy_with_rungs(monkeypatch, speed: float = 2.0):
    """The toy game with two measured rungs at 2 players, weakest first."""
    toy = games.get_game("toy")
    rungs = {2: (_rung("weak-rung", "random", 50.0), _rung("strong-rung", "keeper", speed))}
    monkeypatch.setitem(games._GAMES, "toy", replace(toy, search_rungs=rungs))
    return games.get_game("toy")


def test_the_check_bot_is_the_strongest_rung_capped_by_its_speed(monkeypatch):
    plugin = _toy_with_rungs(monkeypatch, speed=4.0)
    (bot,) = check_bots(plugin, (2,), "greedy", "")
    assert (bot.label, bot.strategy) == ("strong-rung", "keeper")  # the last rung, not the first
    # measured with one searching seat among scripted ones; the check plays it in both seats
    assert bot.games_per_cpu_s == 2.0 and bot.cap == int(2.0 * CHECK_CPU_SECONDS)
    (slow,) = check_bots(_toy_with_rungs(monkeypatch, speed=0.01), (2,), "greedy", "")
    assert slow.cap == MIN_CONFIRM  # never fewer games than a confirmation run's minimum
    assert check_bots(plugin, (2,), "greedy", None) == ()  # --check-strategy none
    (mine,) = check_bots(plugin, (2,), "greedy", "random")  # an override is played as given
    assert (mine.label, mine.strategy, mine.cap) == ("random", "random", None)
    (rung,) = check_bots(plugin, (2,), "greedy", "keeper")  # ... and named if it is a rung
    assert (rung.label, rung.cap) == ("strong-rung", bot.cap)


def test_a_game_without_search_rungs_keeps_the_ladder_neighbour():
    st = TuneSettings("toy", (2,), ("seat0_points=-6..6",), budget=30000, check_strategy="").check()
    (bot,) = st.check_bots
    assert bot.strategy != st.strategy.split(":")[0] and bot.cap is None
    assert st.check_strategy == bot.strategy


def test_tune_checks_the_winner_under_the_strongest_rung(capsys, tmp_path, monkeypatch):
    _toy_with_rungs(monkeypatch)
    out = tmp_path / "t"
    code, text, err = run_cli(capsys, *TOY, "--seed", "5", "--workers", "1", "--out", out)
    assert code == 0, err
    # 2 games per CPU second with one seat searching: 1 with both, 300 in 300 CPU seconds
    assert "2p strong-rung (keeper): at most 300 games (time cap 300 games" in err + text
    plan = json.loads((out / "check.json").read_text())
    assert plan["label"] == "strong-rung" and plan["bots"]["2"]["strategy"] == "keeper"
    for setting in ("start", plan["settings"][1]["folder"]):
        m = json.loads((out / "check" / setting / "2p" / "manifest.json").read_text())
        assert {s["name"] for s in m["strategies"]} == {"keeper"} and m["status"] == "complete"
        assert sum(c["n_games"] for c in m["chunks"]) == 300
    t = load_tuning(out)
    # the toy game is fair at seat0_points = 0 whenever every seat plays the same bot, and
    # its rulebook's 2 points are a large edge: the improvement holds under any such bot
    assert t.winner.values == {"seat0_points": 0}
    assert t.check.label == "strong-rung" and t.check.verdict == "holds"
    best = (out / "best.toml").read_text()
    assert "# confirmed under strong-rung (keeper): imbalance" in best
    assert "Confirmed under strong-rung (keeper): imbalance" in (out / "report.html").read_text()


def _confirmed(value: float) -> Confirmed:
    e = Estimate(value, value - 1, value + 1, value, 4, (), np.zeros(1))
    return Confirmed("x", "x", {}, 0, e, value, None, [])


def test_an_improvement_that_does_not_hold_is_said_plainly():
    d = Difference(-0.5, -3.0, 2.0, 0.35)  # the interval holds 0: the data cannot tell
    c = Check("keeper", _confirmed(10.0), _confirmed(9.5), d, "not confirmed", "strong-rung")
    assert c.summary().startswith("not confirmed under strong-rung (keeper): imbalance 10.0")
    assert "+2.0" in c.summary() and "-3.0" in c.summary()
