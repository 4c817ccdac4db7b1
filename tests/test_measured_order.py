"""analyses.verdict_study.measured_order: a top rung that its own step does not measure
stronger than the rung below (it loses or ties) is not shown to be the strongest, so the
verdict is not quoted from it (issue 31)."""

from pathlib import Path

import polars as pl

from analyses.robustness import LadderPlan
from analyses.verdict_study import demotion, measured_order


class _Run:
    def __init__(self, frame: pl.DataFrame):
        self._frame = frame

    def scan(self) -> pl.LazyFrame:
        return self._frame.lazy()


def _step_games(upper_wins: list[int], seeds: int) -> dict[str, _Run]:
    """Two arrangements of a 2-player step (upper rung in seat 0, then in seat 1), `seeds`
    game seeds each; in seed g the upper rung wins arrangement a when upper_wins[g] > a
    (0: loses both, 1: wins one, 2: wins both)."""
    runs = {}
    for a in range(2):
        rows = []
        for g in range(seeds):
            up_wins = upper_wins[g % len(upper_wins)] > a
            for seat in range(2):
                upper = seat == a
                rows.append({"game_id": g, "seat": seat, "winner": int(upper == up_wins)})
        runs[f"arr-{a}"] = _Run(pl.DataFrame(rows))
    return runs


def _step(up: str, low: str) -> dict:
    runs = [{"folder": "arr-0", "upper_seats": [1, 0]}, {"folder": "arr-1", "upper_seats": [0, 1]}]
    return {"upper": up, "lower": low, "runs": runs}


def _plan() -> LadderPlan:
    steps = [_step("strong", "weighted"), _step("climb", "strong")]
    return LadderPlan(2, ["weighted", "strong", "climb"], ["t0", "t1", "t2"], steps, [],
                      climb=["climb"])  # fmt: skip


def test_a_top_rung_measured_weaker_goes_below_the_rung_under_it():
    # per seed the climb rung wins 0, 1 or 1 of 2 games: a third of the wins over 60 seeds,
    # per-seed sd 0.24, half-width 2.24 x 0.24 / sqrt(60) = 0.07 at the family z of 2
    # steps: [0.26, 0.40], wholly under one half
    runs = _step_games([0, 1, 1], 60)
    order = measured_order(Path("."), _plan(), load=lambda p: runs[p.name])
    assert order == ["weighted", "climb", "strong"]


def test_a_top_rung_measured_stronger_stays_on_top():
    # per seed the climb rung wins 2, 1 or 2 of 2 games: per-seed shares 1, .5, 1, mean
    # 5/6, sd 0.24, half-width 2.24 x 0.24 / sqrt(60) = 0.07: [0.76, 0.90], over one half
    runs = _step_games([2, 1, 2], 60)
    assert measured_order(Path("."), _plan(), load=lambda p: runs[p.name])[-1] == "climb"


def test_a_top_rung_not_shown_stronger_goes_below():
    # the climb rung wins half the games (1 of 2 in every seed): a tie is not a climb, so
    # the rung below decides
    runs = _step_games([1], 60)
    assert measured_order(Path("."), _plan(), load=lambda p: runs[p.name]) == [
        "weighted", "climb", "strong"]  # fmt: skip
    # 70% over 5 seeds (2, 1, 1, 1, 2 of 2 wins: per-seed shares 1, .5, .5, .5, 1, sd
    # 0.27): half-width 2.24 x 0.27 / sqrt(5) = 0.27, the interval [0.43, 0.97] reaches
    # under one half, so the top rung is not shown stronger either
    few = _step_games([2, 1, 1, 1, 2], 5)
    assert measured_order(Path("."), _plan(), load=lambda p: few[p.name])[-1] == "strong"


def test_a_step_not_played_leaves_the_order():
    def missing(path):
        raise OSError(path)

    assert measured_order(Path("."), _plan(), load=missing) == ["weighted", "strong", "climb"]


def test_the_demotion_is_recorded_for_the_card():
    # the same third of the wins: the card and the file say which rung decides and why
    runs = _step_games([0, 1, 1], 60)
    d = demotion(Path("."), _plan(), load=lambda p: runs[p.name])
    assert d is not None and (d["bot"], d["below"], d["games"]) == ("climb", "strong", 120)
    assert abs(d["share"] - 1 / 3) < 1e-9 and d["hi"] < 0.5 < 1 - d["lo"] and d["weaker"]
    # a tie is recorded too, as not weaker: the card says "not measured stronger"
    even = _step_games([1], 60)
    d = demotion(Path("."), _plan(), load=lambda p: even[p.name])
    assert d is not None and d["share"] == 0.5 and not d["weaker"]
    stronger = _step_games([2, 1, 2], 60)
    assert demotion(Path("."), _plan(), load=lambda p: stronger[p.name]) is None
