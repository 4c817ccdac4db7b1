"""A game in a package of its own (examples/palace-lab-dice, installed with pip) works with
every command: it is found through the `palace_lab.games` entry point, its strategies
with it, in this process and in fresh worker processes (no PYTHONPATH set for it)."""

from __future__ import annotations

import importlib.metadata
import json
import os
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

from simcore.core.contract.games import ENTRY_POINTS, games, plugin_module

ROOT = Path(__file__).resolve().parents[1]
INSTALLED = any(e.name == "dice" for e in importlib.metadata.entry_points(group=ENTRY_POINTS))
pytestmark = pytest.mark.skipif(
    not INSTALLED, reason="pip install -e examples/palace-lab-dice (.ci/run does)"
)


def palace_lab(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    """The CLI in a fresh process, run from an empty folder: nothing but the installed
    package can make the game known."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))  # this checkout's palace-lab only
    return subprocess.run([sys.executable, "-m", "cli", *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=900)  # fmt: skip


def test_the_entry_point_registers_the_game_and_its_strategies():
    import strategies

    assert "dice" in games()
    assert plugin_module("dice") == "palace_lab_dice"  # what a worker imports
    assert set(strategies.strategies("dice")) == {"keeper", "lookahead", "random", "threshold"}
    assert not str(Path(sys.modules["palace_lab_dice"].__file__)).startswith(str(ROOT / "tests"))


@pytest.mark.slow
def test_run_study_and_report_from_the_installed_package(tmp_path):
    run = palace_lab(tmp_path, "run", "--game", "dice", "--players", "3", "--games", "600",
                     "--chunk-size", "100", "--workers", "2", "--strategy", "threshold",
                     "--out", "run")  # fmt: skip
    assert run.returncode == 0, run.stderr
    m = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert m["game"] == "dice" and m["status"] == "complete"
    df = pl.read_parquet(str(tmp_path / "run" / "chunks" / "*.parquet"))
    assert df.height == 600 * 3 and df["errors"].sum() == 0
    # every game hands out exactly one win; a score is 1..6 per kept die, 3 rounds
    assert abs(df["win_share"].sum() - 600) < 1e-9
    assert df["score"].min() >= 3 and df["score"].max() <= 18

    study = palace_lab(tmp_path, "study", "--game", "dice", "--games", "400", "--workers", "2",
                       "--out", "study")  # fmt: skip
    assert study.returncode == 0, study.stderr
    assert (tmp_path / "study" / "report.html").exists() or any(
        (tmp_path / "study").glob("*.html")
    ), study.stdout

    report = palace_lab(tmp_path, "report", "run", "--out", "report.html")
    assert report.returncode == 0, report.stderr
    html = (tmp_path / "report.html").read_text()
    assert "Dice race" in html and "seat 1" in html
