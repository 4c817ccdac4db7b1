"""The engine as plain Python (NUMBA_DISABLE_JIT=1) plays the same games as the compiled
code: numba's typed integer arithmetic (and the state-kept uint64 random stream) must not
change a result."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from .table import random_game

pytestmark = pytest.mark.slow  # an engine's games as plain Python, in a subprocess

ROOT = Path(__file__).resolve().parents[2]
GAMES = {3: [0, 1], 4: [2], 5: [3]}
_PLAY = """
import json, sys
import numpy as np
np.seterr(over="ignore")  # the RNG's uint64 wrap-around, as plain Python
import numba
assert numba.config.DISABLE_JIT
from tests.tajmahal.table import random_game
out = {p: [random_game(int(p), seed=41, game=g).state.tolist() for g in gs]
       for p, gs in json.loads(sys.argv[1]).items()}
json.dump(out, sys.stdout)
"""


def test_plain_python_plays_the_same_games(tmp_path):
    if os.environ.get("NUMBA_DISABLE_JIT") == "1":
        pytest.skip("already plain Python")
    env = dict(os.environ)
    env.pop("PYTEST_ADDOPTS", None)
    env.update(NUMBA_DISABLE_JIT="1", PALACE_LAB_CACHE=str(tmp_path / "cache"),
               NUMBA_CACHE_DIR=str(tmp_path / "numba"), PYTHONWARNINGS="ignore",
               PYTHONPATH=str(ROOT))  # fmt: skip
    done = subprocess.run([sys.executable, "-c", _PLAY, json.dumps(GAMES)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr[-4000:]
    plain = json.loads(done.stdout)
    for players, games in GAMES.items():
        for g, state in zip(games, plain[str(players)]):
            jit = random_game(players, seed=41, game=g).state
            assert np.array_equal(np.array(state), jit), (players, g)
