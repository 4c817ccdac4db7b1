"""palace-lab tune-rules on the toy game, whose fair setting is known by construction:
seat0_points = 0 gives seat 0 no edge when every seat plays the same strategy. The search
must find it within a small budget, the same seed must give the same recommendation
(whatever the workers), the rules file must be accepted by `run`, --resume must continue
an interrupted tuning run without replaying finished runs, and bad input is one line,
exit 2 and nothing written. Plus the statistics of analyses.imbalance on synthetic data.
"""

from __future__ import annotations

import json
import tomllib

import numpy as np
import pytest

from analyses.imbalance import block_weights, difference, estimate, point_value
from analyses.win_cells import BLOCKS, Cells
from jobs.executors import LocalExecutor
from jobs.tune.space import distance, parse_vary
from simcore.core.contract.games import get_game
from simcore.core.errors import InputError
from tests.cli_run import run_cli

TOY = ["tune-rules", "--game", "toy", "--vary", "seat0_points=-6..6", "--budget", "30000"]


def _rules(path) -> dict:
    return tomllib.loads(path.read_text())


@pytest.fixture(scope="module")
def tuned(tmp_path_factory):
    """One toy tuning run on one worker (shared by the tests that only read it)."""
    out = tmp_path_factory.mktemp("tune") / "t"

    class Quiet:  # run_cli reads captured output; a module fixture has no capsys
        def readouterr(self):
            return type("R", (), {"out": "", "err": ""})()

    code, _, err = run_cli(Quiet(), *TOY, "--seed", "5", "--workers", "1", "--out", out)
    assert code == 0, err
    return out


def test_search_finds_the_fair_value_and_confirms_it(tuned):
    assert _rules(tuned / "best.toml") == {"seat0_points": 0}
    search = json.loads((tuned / "search.json").read_text())
    assert search["games_played"] <= search["search_budget"]
    assert search["trials"][0]["values"] == {"seat0_points": 2}  # the rulebook goes first
    from analyses.tuning import load_tuning

    t = load_tuning(tuned)
    assert t.winner.values == {"seat0_points": 0} and t.winner.better
    e = t.winner.estimate
    assert e.lo == 0.0 and e.value < e.hi  # fair lies in the confirmed interval
    assert t.start.estimate.lo > 10  # the rulebook's 2 points are a large edge
    assert t.check is not None and t.check.verdict == "holds"
    spent = sum(sum(c.games.values()) for c in t.confirmed) + search["games_played"]
    spent += sum(sum(c.games.values()) for c in (t.check.start, t.check.winner))
    assert spent <= 30000
    html = (tuned / "report.html").read_text()
    assert "Recommendation: seat0_points = 0" in html and "Trade-off" in html
    assert (tuned / "report_charts" / "tune-search.png").stat().st_size > 1000


def test_same_seed_same_recommendation_whatever_the_workers(tuned, capsys, tmp_path):
    out = tmp_path / "again"
    code, text, err = run_cli(capsys, *TOY, "--seed", "5", "--workers", "2", "--out", out)
    assert code == 0, err
    assert "Recommendation: seat0_points = 0" in text
    assert _rules(out / "best.toml") == _rules(tuned / "best.toml")
    a = json.loads((tuned / "search.json").read_text())["trials"]
    b = json.loads((out / "search.json").read_text())["trials"]
    assert [(x["values"], x["state"], x["rungs"]) for x in a] == [
        (x["values"], x["state"], x["rungs"]) for x in b
    ]
    assert (tuned / "confirm.json").read_text() == (out / "confirm.json").read_text()


def test_run_accepts_the_rules_file(tuned, capsys, tmp_path):
    code, text, err = run_cli(
        capsys,
        "run",
        "--game",
        "toy",
        "--rules",
        tuned / "best.toml",
        "--games",
        "200",
        "--workers",
        "1",
        "--out",
        tmp_path / "r",
    )
    assert code == 0, err
    m = json.loads((tmp_path / "r" / "manifest.json").read_text())
    assert m["rules"]["seat0_points"] == 0


def test_resume_continues_an_interrupted_run_without_replaying(
    tuned, capsys, tmp_path, monkeypatch
):
    out = tmp_path / "cut"
    real, seen = LocalExecutor.run, {"chunks": 0}

    def run_then_stop(self, task, spec, jobs):
        for done in real(self, task, spec, jobs):
            seen["chunks"] += 1
            if seen["chunks"] == 60:
                raise KeyboardInterrupt
            yield done

    monkeypatch.setattr(LocalExecutor, "run", run_then_stop)
    code, _, err = run_cli(capsys, *TOY, "--seed", "5", "--workers", "1", "--out", out)
    assert code == 130 and "--resume" in err
    assert not (out / "best.toml").exists()
    finished = {
        p.parent: p.read_text()
        for p in out.glob("candidates/*/*/manifest.json")
        if json.loads(p.read_text())["status"] == "complete"
    }
    assert finished
    monkeypatch.setattr(LocalExecutor, "run", real)
    code, _, err = run_cli(capsys, *TOY, "--seed", "5", "--workers", "1", "--out", out, "--resume")
    assert code == 0, err
    for run_dir, manifest in finished.items():  # finished runs were read, not played again
        assert (run_dir / "manifest.json").read_text() == manifest
    a = json.loads((tuned / "search.json").read_text())["trials"]
    b = json.loads((out / "search.json").read_text())["trials"]
    assert [(x["values"], x["rungs"]) for x in a] == [(x["values"], x["rungs"]) for x in b]
    assert _rules(out / "best.toml") == _rules(tuned / "best.toml")
    code, _, err = run_cli(capsys, *TOY, "--seed", "6", "--workers", "1", "--out", out, "--resume")
    assert code == 2 and "other settings" in err and "seed" in err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--vary", "nonsense=1..3"], "unknown rule key"),
        (["--vary", "seat0_points=-30..6"], "-20..20"),
        (["--vary", "seat0_points=5..3"], "empty range"),
        (["--vary", "seat0_points=3..3"], "one value only"),
        (["--vary", "seat0_points=1,1"], "repeated"),
        (["--vary", "seat0_points"], "give a range"),
        (["--vary", "seat0_points=a..3"], "not a whole number"),
        (["--vary", "seat0_points=-2..2", "--vary", "seat0_points=0..1"], "twice"),
        (["--vary", "seat0_points=-2..2", "--set", "seat0_points=1"], "give it once"),
        (["--vary", "seat0_points=-2..2", "--budget", "300"], "too small"),
        (["--vary", "seat0_points=-2..2", "--key", "winner"], "not a balance key"),
        (["--vary", "seat0_points=-2..2", "--objective", "mean"], "--objective"),
        (["--vary", "seat0_points=-2..2", "--players", "9"], "--players"),
        (["--vary", "seat0_points=-2..2", "--penalty", "nan"], "--penalty"),
        (["--vary", "seat0_points=-2..2", "--strategy", "nobody"], "nobody"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_nothing_written(capsys, tmp_path, args, words):
    out = tmp_path / "bad"
    code, _, err = run_cli(capsys, "tune-rules", "--game", "toy", *args, "--out", out)
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and err.startswith("palace-lab: error:")
    assert words in err
    assert not out.exists()


def test_an_existing_folder_is_refused_without_resume(tuned, capsys):
    code, _, err = run_cli(capsys, *TOY, "--out", tuned)
    assert code == 2 and "add --resume" in err


# the search space ---------------------------------------------------------------------


def test_vary_forms_and_distance():
    g = get_game("maharaja")
    base = g.default_rules()
    a, b, c = parse_vary(("palace_cost=10..14", "artist_palace_cost=10,8,9", "short_game"), g, base)
    assert (a.lo, a.hi, a.start, a.size) == (10, 14, 12, 5)
    assert b.values == (8, 9, 10) and b.start == 9
    assert c.values == (False, True) and c.start is False
    values = {"palace_cost": 10, "artist_palace_cost": 10, "short_game": True}
    assert distance((a, b, c), values) == 2 + 1 + 1
    with pytest.raises(InputError, match="whole number or a true/false"):
        parse_vary(("deal=choose,random",), g, base)


# the statistics ----------------------------------------------------------------------


def _cells(rates, n_per_block, rng, players=2) -> Cells:
    """Synthetic win counts: binomial per block and cell."""
    rates = np.asarray(rates)
    n = np.full((BLOCKS, len(rates)), float(n_per_block))
    wins = rng.binomial(n_per_block, rates, size=(BLOCKS, len(rates))).astype(float)
    labels = tuple((players, "seat", str(i)) for i in range(len(rates)))
    return Cells(labels, np.full(len(rates), 1 / players), wins, n, {players: 0})


def test_bias_correction_and_interval_coverage():
    """Near fair, the plug-in max |p - f| is biased upwards by noise; the corrected value is
    closer to the truth and the interval covers it."""
    rng = np.random.default_rng(1)
    truth = np.array([0.5, 0.5, 0.51, 0.49, 0.5, 0.5])  # max gap 1 point
    w = block_weights(7, BLOCKS, 500)
    plug, fixed, covered = [], [], 0
    for _ in range(60):
        e = estimate(_cells(truth, 10, rng), "max", w)
        plug.append(e.plug_in)
        fixed.append(e.value)
        covered += e.lo <= 1.0 <= e.hi
    assert np.mean(plug) - 1.0 > 2 * abs(np.mean(fixed) - 1.0)
    assert covered >= 55


def test_paired_difference_finds_a_real_improvement_only():
    rng = np.random.default_rng(2)
    w = block_weights(3, BLOCKS)
    bad = estimate(_cells([0.56, 0.44], 20, rng), "max", w)
    good = estimate(_cells([0.5, 0.5], 20, rng), "max", w)
    same = estimate(_cells([0.56, 0.44], 20, rng), "max", w)
    d = difference(good, bad)
    assert d.p_better < 0.01 and d.hi < 0 and d.lo < -3
    assert difference(same, bad).p_better > 0.05
    assert difference(good, bad, margin=10).p_better > 0.5  # a penalty it cannot pay
    assert point_value(_cells([0.6, 0.4], 20, rng), "rms") == pytest.approx(10, abs=1)
