"""Run folders that must not end in a wrong state: a tiny tuning budget, a run directory a
kill left right after it was made, a run missing from a folder of runs, signals to a
running `palace-lab run`, and a Dask worker or scheduler lost mid-run (issue 34).

Every case that starts processes does so under a timeout and kills only what it started.
"""

import json
import math
import os
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
