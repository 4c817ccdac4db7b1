"""The jitted engine run as plain Python (NUMBA_DISABLE_JIT=1).

Coverage tools and debuggers see nothing inside compiled functions, and numba's typed
integer arithmetic can differ from Python's. So the tests marked `nojit` run again in
a subprocess with the JIT off, and a few games played as plain Python must equal the
same games played by the compiled engine.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import strategies
from simcore.maharaja.game import play_batch

ROOT = Path(__file__).resolve().parents[1]
MIN_NOJIT_TESTS = 5
IN_PLAIN_PYTHON = os.environ.get("NUMBA_DISABLE_JIT") == "1"
RECURSION = "NUMBA_DISABLE_JIT=1 already: this test would start itself again"


def plain_python_env(tmp_path: Path) -> dict[str, str]:
    """The current environment with the JIT off and fresh caches in tmp_path."""
    env = dict(os.environ)
    env.pop("PYTEST_ADDOPTS", None)
    env.update(
        NUMBA_DISABLE_JIT="1",
        PALACE_LAB_CACHE=str(tmp_path / "palace-lab"),
        NUMBA_CACHE_DIR=str(tmp_path / "numba"),
        PYTHONWARNINGS="ignore::DeprecationWarning",
    )
    return env


def summary_counts(output: str) -> dict[str, int]:
    """Counts of pytest's last summary line ('8 passed, 1 skipped, 300 deselected in 2s')."""
    lines = [ln for ln in output.splitlines() if re.search(r"\bin [\d.]+s\b", ln)]
    assert lines, f"no pytest summary line in:\n{output[-3000:]}"
    found = re.findall(
        r"(\d+) (passed|failed|errors?|skipped|deselected|xfailed|xpassed)", lines[-1]
    )
    return {word.rstrip("s") if word.startswith("error") else word: int(k) for k, word in found}


def test_summary_counts_parses_pytest_lines():
    assert summary_counts("...\n8 passed, 2 skipped, 600 deselected in 12.34s\n") == {
        "passed": 8,
        "skipped": 2,
        "deselected": 600,
    }
    line = "= 1 failed, 3 passed, 2 errors, 5 deselected in 0.50s ="
    assert summary_counts(line) == {"failed": 1, "passed": 3, "error": 2, "deselected": 5}


@pytest.mark.slow
def test_nojit_tests_pass_as_plain_python(tmp_path, request):
    """Run `pytest -m nojit tests` with NUMBA_DISABLE_JIT=1: all of them must pass."""
    if IN_PLAIN_PYTHON:
        pytest.skip(RECURSION)
    marked = sum(  # nojit tests of this session that are expected to pass
        1
        for item in request.session.items
        if item.get_closest_marker("nojit")
        and not any(item.get_closest_marker(m) for m in ("xfail", "skip", "skipif"))
    )
    want = max(MIN_NOJIT_TESTS, marked)
    cmd = [sys.executable, "-m", "pytest", "-m", "nojit", "-q", "-p", "no:cacheprovider", "tests"]
    done = subprocess.run(
        cmd,
        cwd=ROOT,
        env=plain_python_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=900,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, (
        f"plain-Python run failed (rc {done.returncode}):\n{output[-6000:]}"
    )
    counts = summary_counts(done.stdout)
    assert counts.get("failed", 0) == 0 and counts.get("error", 0) == 0, counts
    assert counts.get("passed", 0) >= want, f"only {counts} of >= {want} nojit tests:\n{output}"


_PLAY = """
import json, sys
import numpy as np
np.seterr(over="ignore")  # the RNG's uint64 wrap-around, as plain Python
import numba
assert numba.config.DISABLE_JIT
import strategies
from simcore.maharaja.game import play_batch
out = {}
for players in (2, 3, 4, 5):
    sids, params = strategies.seat_arrays(strategies.resolve(["random"], players))
    rec = play_batch(strategies.driver_for(), sids, params, 2, players, seed=31, first_game=7)
    out[players] = rec.tolist()
json.dump(out, sys.stdout)
"""


@pytest.mark.slow
def test_plain_python_plays_the_same_games(driver, tmp_path):
    """Games played by the interpreted engine equal the compiled engine's games."""
    if IN_PLAIN_PYTHON:
        pytest.skip(RECURSION)
    done = subprocess.run(
        [sys.executable, "-c", _PLAY],
        cwd=ROOT,
        env=plain_python_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    plain = json.loads(done.stdout)
    for players in (2, 3, 4, 5):
        sids, params = strategies.seat_arrays(strategies.resolve(["random"], players))
        jit = play_batch(driver, sids, params, 2, players, seed=31, first_game=7)
        assert np.array_equal(np.array(plain[str(players)]), jit), players
