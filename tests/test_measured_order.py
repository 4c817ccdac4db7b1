"""analyses.verdict_study.measured_order / order_evidence: a top rung that neither its own
step nor, where the step ties, the game's stated figure for the pair measures stronger than
the rung below is not shown to be the strongest, so the verdict is not quoted from it; a
step that measures a loss demotes it whatever the figure says (issue 31)."""

from pathlib import Path

import polars as pl

from analyses.robustness import LadderPlan
from analyses.verdict_study import demotion, measured_order, order_evidence, stated_figure
from reports.verdict_card import order_record, strongest_line
from simcore.core.contract.plugin import Ladder
from simcore.core.contract.rungs import Measured, RungFigures


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
                      climb=["climb"],
                      strategies=["weighted", "look:r=20", "look:r=150"])  # fmt: skip


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


# A stated figure for the pair (climb over strong at 2 players, bench.ladder): 1,260 wins of
# 2,400 = 52.5%, Wilson 95% half-width 1.96 x sqrt(.525 x .475 / 2400) = 0.020: [50.5, 54.5],
# wholly over one half
SEPARATES = Measured("strong", 0.525, 0.505, 0.545, 2400)
# 51.0% of 400: half-width 1.96 x 0.025 = 0.049, [46.1, 55.9], reaches under one half
TIES = Measured("strong", 0.51, 0.461, 0.559, 400)


def _missing(path):
    raise OSError(path)


def test_a_stated_figure_that_separates_a_tied_step_keeps_the_top():
    # the step ties (1 of 2 in every seed, 50.0%): the figure's 50.5% lower bound decides
    even = _step_games([1], 60)
    load = lambda p: even[p.name]  # noqa: E731
    assert measured_order(Path("."), _plan(), load, SEPARATES)[-1] == "climb"
    assert demotion(Path("."), _plan(), load, SEPARATES) is None
    e = order_evidence(Path("."), _plan(), SEPARATES, load)
    assert (e["by"], e["decides"], e["games"], e["demoted"]) == ("figure", "climb", 2400, False)
    assert e["step"]["share"] == 0.5 and e["step"]["games"] == 120
    rec = order_record(e)
    assert (rec["bot"], rec["over"], rec["by"], rec["n"]) == (
        "climb", "strong", "the game's stated figure", 2400)  # fmt: skip
    assert rec["ci95"] == [50.5, 54.5] and rec["step"]["n"] == 120
    line = strongest_line(e)
    assert "the game's stated figure: 52.5% (50.5–54.5%) of 2,400" in line
    assert "this study's step, 50.0%" in line and "did not separate them" in line


def test_a_step_measured_weaker_overrides_the_stated_figure():
    # a third of the wins, [0.26, 0.40] (first test): a loss on the study's own deals
    # demotes the top rung even though the game states it stronger
    runs = _step_games([0, 1, 1], 60)
    load = lambda p: runs[p.name]  # noqa: E731
    assert measured_order(Path("."), _plan(), load, SEPARATES) == ["weighted", "climb", "strong"]
    e = order_evidence(Path("."), _plan(), SEPARATES, load)
    assert (e["by"], e["decides"], e["games"], e["weaker"]) == ("step", "strong", 120, True)
    assert order_record(e)["by"] == "this study's step"
    assert "measured weaker" in strongest_line(e)


def test_without_a_separating_figure_a_tie_demotes_as_before():
    even = _step_games([1], 60)
    load = lambda p: even[p.name]  # noqa: E731
    for fig in (None, TIES):
        assert measured_order(Path("."), _plan(), load, fig)[-1] == "strong"
        e = order_evidence(Path("."), _plan(), fig, load)
        assert (e["by"], e["decides"], e["demoted"]) == ("step", "strong", True)
    # a step measured stronger needs no figure, and names itself as the evidence
    up = _step_games([2, 1, 2], 60)
    e = order_evidence(Path("."), _plan(), None, lambda p: up[p.name])
    assert (e["by"], e["decides"], e["games"]) == ("step", "climb", 120)
    assert "by this study's step: 83.3%" in strongest_line(e)


def test_a_step_not_played_the_figure_alone_orders():
    assert order_evidence(Path("."), _plan(), SEPARATES, _missing)["by"] == "figure"
    assert order_evidence(Path("."), _plan(), None, _missing) is None
    assert order_evidence(Path("."), _plan(), TIES, _missing) is None
    assert measured_order(Path("."), _plan(), _missing, TIES)[-1] == "climb"


class _Game:
    """A game whose quick ladder states figures at 2 players only."""

    def __init__(self, top_text="look:r=150", at=2, against="strong"):
        self.rungs = (("weighted", "weighted"), ("strong", "look:r=20"))
        self.climb = (("climb", top_text),)
        self.figures = (
            RungFigures("weighted", "weighted", at, 9000.0),
            RungFigures("strong", "look:r=20", at, 900.0,
                        Measured("weighted", 0.6, 0.58, 0.62, 1200)),
            RungFigures("climb", top_text, at, 200.0, SEPARATES if against == "strong" else
                        Measured(against, 0.525, 0.505, 0.545, 2400)),
        )  # fmt: skip

    def ladder(self, players, full):
        return None if full else Ladder(self.rungs, climb=self.climb, figures=self.figures)


def test_the_stated_figure_is_for_exactly_that_pair_at_that_count():
    assert stated_figure(_Game(), _plan()) == SEPARATES
    assert stated_figure(_Game(at=3), _plan()) is None  # measured at another count
    assert stated_figure(_Game(top_text="look:r=400"), _plan()) is None  # another rung
    assert stated_figure(_Game(against="weighted"), _plan()) is None  # against another rung
    unknown = LadderPlan(2, ["weighted", "strong", "climb"], ["t0", "t1", "t2"], [], [])
    assert stated_figure(_Game(), unknown) is None  # a plan without the rungs' texts


def test_the_plan_records_the_rungs_texts():
    d = {"players": 2, "steps": [], "rungs": [
        {"label": "a", "strategy": "weighted", "folder": "t0"},
        {"label": "b", "strategy": "look:r=20", "folder": "t1", "climb": True}]}  # fmt: skip
    plan = LadderPlan.of(d)
    assert plan.strategies == ["weighted", "look:r=20"]
    # a climb rung not played leaves the plan, its text with it
    assert LadderPlan.of(d).played(Path("/nonexistent")).strategies == ["weighted"]
