"""A comparison study judged by good play too (jobs.good_play, analyses.good_play,
reports.good_play): the settings that change something under the scripted bot are
replayed under the game's strongest measured search rung, capped by its speed, and the
report says per setting whether the two bots agree.

The toy game has no search rung: it gets one whose strategy is its `keeper` bot, and a
planted effect (rule T-4: seat 0 wins q/1000 of the games outright, +q/1000 (1 - 1/N)
on its win rate) that only the scripted bot sees (the patched batch plays `planted = 0`
when `keeper` sits at the table). With seat0_points = 0 the toy game is fair for any
number of sides, so `sides = 8` changes nothing under any bot.
"""

from __future__ import annotations

import json
from dataclasses import replace

from analyses.good_play import good_play
from jobs.good_play import GOOD_PLAY, RUNG_CPU_SECONDS, is_comparison, with_good_play
from simcore.core.contract import games
from simcore.core.contract.plugin import Study, StudyRun
from simcore.core.contract.rungs import Measured, SearchRung
from tests.cli_run import run_cli

M = Measured("greedy", 0.5, 0.4, 0.6, 100)
SPEED = 20.0  # the planted rung's games per CPU second (one searching seat)
GAMES = 3000
RUNS = (
    StudyRun("2p-basic", 2, sets=("seat0_points=0",), games=GAMES),
    StudyRun("2p-planted", 2, sets=("seat0_points=0", "planted=300"), games=GAMES),
    StudyRun("2p-sides8", 2, sets=("seat0_points=0", "sides=8"), games=GAMES),
)


def _toy(monkeypatch):
    import strategies

    toy = games.get_game("toy")
    keeper = strategies.registry.strategy_ids("toy")["keeper"]

    def play_batch(driver, sids, params, n, players=2, seed=0, first=0, rules=None, data=None):
        if rules is not None and keeper in list(sids):  # the strong rung does not see it
            rules = rules.with_overrides(["planted=0"])
        return toy.play_batch(driver, sids, params, n, players, seed, first, rules, data)

    study = Study("cmp", "the basic game against two settings", RUNS, target_ci=None)
    rung = SearchRung("strong-rung", "keeper", 2, SPEED, SPEED, M, M)
    plugin = replace(toy, play_batch=play_batch, search_rungs={2: (rung,)},
                     studies=lambda players: {"cmp": study})  # fmt: skip
    monkeypatch.setitem(games._GAMES, "toy", plugin)
    return plugin


def test_good_play_runs_are_added_to_a_comparison_study_only(monkeypatch):
    plugin = _toy(monkeypatch)
    st = with_good_play(plugin.studies(2)["cmp"], plugin)
    extra = st.runs[len(RUNS) :]
    assert [r.folder for r in extra] == [f"{GOOD_PLAY}/{r.folder}" for r in RUNS]
    # 300 CPU s at 20 games per CPU second with one searching seat: 10 with both
    assert {(r.strategy, r.games) for r in extra} == {("keeper", RUNG_CPU_SECONDS * 10)}
    assert "strong-rung (keeper)" in st.notes[-1]
    assert not is_comparison(Study("one", "", RUNS[:1]))
    laddered = replace(plugin.studies(2)["cmp"], runs=(replace(RUNS[0], strategy="greedy"),))
    assert with_good_play(laddered, plugin) == laddered
    assert with_good_play(st, replace(plugin, search_rungs={})) == st


def test_an_effect_only_the_scripted_bot_sees_is_reported_as_disagreement(
    capsys, tmp_path, monkeypatch
):
    _toy(monkeypatch)
    out = tmp_path / "cmp"
    code, _, err = run_cli(capsys, "study", "--game", "toy", "cmp", "--workers", "1",
                           "--out", out)  # fmt: skip
    assert code == 0, err
    m = json.loads((out / GOOD_PLAY / "2p-planted" / "manifest.json").read_text())
    assert {s["name"] for s in m["strategies"]} == {"keeper"} and m["games"] == 3000
    plan = json.loads((out / "plan.json").read_text())
    assert f"{GOOD_PLAY}/2p-sides8" in plan["skipped"]  # no change under the scripted bot
    assert not (out / GOOD_PLAY / "2p-sides8").exists()
    rows = {g.folder: g for g in good_play(out, "seat")}
    planted = rows["2p-planted"]
    seat0 = next(e for e in planted.under_scripted if e.value == 0)
    assert seat0.lo < 0.15 < seat0.hi and seat0.decided  # +300/1000 x (1 - 1/2)
    assert not any(e.decided for e in planted.under_strong)
    assert planted.verdict == "differs" and planted.strong == "strong-rung (keeper)"
    assert rows["2p-sides8"].verdict == "not replayed"
    html = (out.parent / "cmp.html").read_text() if (out.parent / "cmp.html").exists() else ""
    html = html or next(out.glob("*.html")).read_text()
    assert "under good play" in html and "DIFFERS" in html
    assert "2p-planted (2 players, against 2p-basic): changes seat 1, seat 2 under greedy" in html


def test_a_sweep_replays_its_changing_points_under_the_strongest_rung(
    capsys, tmp_path, monkeypatch
):
    _toy(monkeypatch)
    out = tmp_path / "sweep"
    code, text, err = run_cli(capsys, "sweep", "--game", "toy", "--set", "planted=0,300",
                              "--set", "seat0_points=0", "--games", "3000", "--workers", "1",
                              "--out", out)  # fmt: skip
    assert code == 0, err
    assert "strong-rung (keeper), 3,000 games per run" in err + text
    point = "planted=300,seat0_points=0"
    m = json.loads((out / GOOD_PLAY / point / "manifest.json").read_text())
    assert {s["name"] for s in m["strategies"]} == {"keeper"}
    (row,) = good_play(out, "seat")
    assert (row.folder, row.basic, row.verdict) == (point, "planted=0,seat0_points=0", "differs")
    html = (out / "report.html").read_text()
    assert "under good play" in html and "DIFFERS" in html
