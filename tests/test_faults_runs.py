"""Run folders that must not end in a wrong state: a tiny tuning budget, a run directory a
kill left right after it was made, a run missing from a folder of runs, signals to a
running `palace-lab run`, and a Dask worker or scheduler lost mid-run (issue 34).

Every case that starts processes does so under a timeout and kills only what it started.
"""

import json
import math
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.cli_run import run_cli

ROOT = Path(__file__).resolve().parents[1]


def _finite_everywhere(obj) -> bool:
    if isinstance(obj, float):
        return math.isfinite(obj)
    if isinstance(obj, dict):
        return all(map(_finite_everywhere, obj.values()))
    if isinstance(obj, list):
        return all(map(_finite_everywhere, obj))
    return True


# --- a tuning budget too small for a usable first rung ----------------------------------


def test_a_small_tuning_budget_never_writes_a_nan(capsys, tmp_path):
    """--budget 3000 gave a first rung of 10 games: no cell is seen MIN_CELL (20) times, so
    the rung's imbalance was NaN, written into search.json and then refused as bad input."""
    from analyses.imbalance import MIN_CELL
    from jobs.tune_settings import TuneSettings

    st = TuneSettings(game="maharaja", players=(4,), vary=("palace_cost=10..12",),
                      budget=3000).check()  # fmt: skip
    assert st.first_rung >= MIN_CELL  # every seat cell is usable after the first rung
    out = tmp_path / "T"
    args = ["tune-rules", "--vary", "palace_cost=10..12", "--budget", "3000", "--workers", "1",
            "--out", out]  # fmt: skip
    code, _, err = run_cli(capsys, *args)
    assert code == 0, err
    search = json.loads((out / "search.json").read_text())
    assert _finite_everywhere(search)
    assert all(r["imbalance"] is not None for t in search["trials"] for r in t["rungs"])
    code, _, err = run_cli(capsys, *args, "--resume")
    assert code == 0, err


def test_a_rung_without_a_usable_cell_is_recorded_as_null(tmp_path):
    """Below MIN_CELL games (--first-games is refused there now; an older journal may hold
    one) the rung has no imbalance: null in search.json, never NaN."""
    from jobs.tune_search import _finite
    from jobs.tune_settings import MIN_RUNG, TuneSettings
    from simcore.core.errors import InputError

    assert _finite(float("nan")) is None and _finite(float("inf")) is None
    assert _finite(1.5) == 1.5
    with pytest.raises(InputError, match="--first-games"):
        TuneSettings(game="maharaja", players=(4,), vary=("palace_cost=10..12",),
                     first_games=MIN_RUNG - 1).check()  # fmt: skip


# --- a run directory a kill left right after it was made --------------------------------

RUN = ("run", "--games", "40", "--chunk-size", "20", "--strategy", "random", "--workers", "1")


def _skeleton(out: Path) -> None:
    """What a SIGKILL right after open_run made the folder leaves: .lock, empty chunks/."""
    (out / "chunks").mkdir(parents=True)
    (out / ".lock").write_text("12345\n")


def _rows(run_dir: Path):
    import polars as pl

    return pl.read_parquet(str(run_dir / "chunks" / "*.parquet")).sort("game_id", "seat")


@pytest.mark.parametrize("resume", [False, True], ids=["fresh", "resume"])
def test_a_run_killed_right_after_its_folder_was_made_can_go_on(capsys, tmp_path, resume):
    out, clean = tmp_path / "mk", tmp_path / "clean"
    _skeleton(out)
    code, _, err = run_cli(capsys, *RUN, "--out", out, *(["--resume"] if resume else []))
    assert code == 0, err
    assert json.loads((out / "manifest.json").read_text())["status"] == "complete"
    assert ("starting it afresh" in err) == resume
    assert run_cli(capsys, *RUN, "--out", clean)[0] == 0
    assert _rows(out).equals(_rows(clean))


def test_a_folder_with_anything_else_is_still_refused(capsys, tmp_path):
    for extra in ("chunks/notes.txt", "notes.txt"):
        out = tmp_path / extra.replace("/", "_")
        _skeleton(out)
        (out / extra).write_text("mine\n")
        for resume in ([], ["--resume"]):
            code, _, err = run_cli(capsys, *RUN, "--out", out, *resume)
            assert code == 2 and err.count("\n") == 1, err
            assert (out / extra).read_text() == "mine\n"
            assert not (out / "manifest.json").exists()


def test_a_sweep_point_killed_right_after_its_folder_was_made_resumes(capsys, tmp_path):
    out = tmp_path / "S"
    args = ["sweep", "--set", "palace_cost=11,12", "--games", "40", "--chunk-size", "20",
            "--workers", "1", "--out", out]  # fmt: skip
    assert run_cli(capsys, *args)[0] == 0
    point = out / "palace_cost=12"
    want = _rows(point)
    shutil.rmtree(point)  # as if the sweep had been killed as it made this folder
    _skeleton(point)
    code, _, err = run_cli(capsys, *args, "--resume")
    assert code == 0, err
    assert _rows(point).equals(want)


# --- a run missing from a folder of runs ---------------------------------------------------


@pytest.fixture(scope="module")
def a_sweep(tmp_path_factory):
    out = tmp_path_factory.mktemp("sweep") / "S"
    code = run_cli(_NoCapture(), "sweep", "--set", "palace_cost=11,12", "--games", "40",
                   "--chunk-size", "20", "--workers", "1", "--out", out)[0]  # fmt: skip
    assert code == 0
    return out


class _NoCapture:
    @staticmethod
    def readouterr():
        class _R:
            out = err = ""

        return _R()


@pytest.mark.parametrize("how", ["deleted", "fifo", "folder gone"])
def test_a_run_missing_from_a_sweep_is_damage(capsys, tmp_path, a_sweep, how):
    out = tmp_path / "S"
    shutil.copytree(a_sweep, out)
    gone = out / "palace_cost=11"
    if how == "folder gone":
        shutil.rmtree(gone)
    else:
        (gone / "manifest.json").unlink()
        if how == "fifo":
            os.mkfifo(gone / "manifest.json")
    code, stdout, err = run_cli(capsys, "verify", out)
    assert code == 1, stdout + err
    assert "palace_cost=11" in stdout and "whole" in stdout  # the other run is still whole
    code, stdout, err = run_cli(capsys, "report", out, "--out", tmp_path / "r.html")
    assert code == 2 and err.count("\n") == 1 and "palace_cost=11" in err, err
    assert not (tmp_path / "r.html").exists()


def test_a_whole_sweep_verifies_and_reports(capsys, tmp_path, a_sweep):
    code, stdout, _ = run_cli(capsys, "verify", a_sweep)
    assert code == 0 and stdout.count("whole") == 2
    code, stdout, err = run_cli(capsys, "report", a_sweep, "--out", tmp_path / "r.html")
    assert code == 0 and "2 run(s)" in stdout, err
