"""The engine and every strategy as plain Python (NUMBA_DISABLE_JIT=1) play the same games
as the compiled code: numba's typed integer arithmetic must not change a result."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import strategies
from simcore.vermaechtnis.game import play_batch
from simcore.vermaechtnis.rules import RuleSet

pytestmark = pytest.mark.slow  # an engine's games as plain Python, in a subprocess

ROOT = Path(__file__).resolve().parents[2]
GAME = "vermaechtnis"
TABLES = {2: ["weighted", "random"], 3: ["chaser", "pairs", "hoarder"],
          4: ["collector", "weighted", "random", "chaser"]}  # fmt: skip
_PLAY = """
import json, sys
import numpy as np
np.seterr(over="ignore")  # the RNG's uint64 wrap-around, as plain Python
import numba
assert numba.config.DISABLE_JIT
import strategies
from simcore.vermaechtnis.game import play_batch
from simcore.vermaechtnis.rules import RuleSet
tables = json.loads(sys.argv[1])
out = {}
for players, names in tables.items():
    seats = strategies.resolve(names, int(players), "vermaechtnis")
    sids, params = strategies.seat_arrays(seats, "vermaechtnis")
    rules = RuleSet(grey_sides=int(players) == 2)
    rec = play_batch(strategies.driver_for("vermaechtnis"), sids, params, 3, int(players), 31, 7,
                     rules)
    out[players] = rec.tolist()
json.dump(out, sys.stdout)
"""


def test_plain_python_plays_the_same_games(tmp_path):
    if os.environ.get("NUMBA_DISABLE_JIT") == "1":
        pytest.skip("already plain Python")
    env = dict(os.environ)
    env.pop("PYTEST_ADDOPTS", None)
    env.update(NUMBA_DISABLE_JIT="1", PALACE_LAB_CACHE=str(tmp_path / "cache"),
               NUMBA_CACHE_DIR=str(tmp_path / "numba"), PYTHONWARNINGS="ignore")  # fmt: skip
    done = subprocess.run([sys.executable, "-c", _PLAY, json.dumps(TABLES)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr[-4000:]
    plain = json.loads(done.stdout)
    for players, names in TABLES.items():
        seats = strategies.resolve(names, players, GAME)
        sids, params = strategies.seat_arrays(seats, GAME)
        rules = RuleSet(grey_sides=players == 2)
        jit = play_batch(strategies.driver_for(GAME), sids, params, 3, players, 31, 7, rules)
        assert np.array_equal(np.array(plain[str(players)]), jit), players
