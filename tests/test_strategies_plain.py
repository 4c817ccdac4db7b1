"""Every registered strategy plays whole legal games; marked `nojit`, so the suite also
runs it as plain Python (tests/test_nojit.py) and coverage reaches the jitted code."""

from __future__ import annotations

import os

import pytest

import strategies
from simcore.maharaja.game import play_batch
from simcore.maharaja.records import REC
from simcore.maharaja.rules import RuleSet

PLAIN = os.environ.get("NUMBA_DISABLE_JIT") == "1"
# the search's budget, cut so that a plain-Python game takes seconds, not hours
SMALL = {"lookahead": ":rollouts=2:char_rollouts=0"}


@pytest.mark.nojit
@pytest.mark.parametrize("name", sorted(strategies.strategies()))
def test_strategy_plays_legal_games(name):
    text = name + SMALL.get(name, "")
    seats = strategies.resolve([text, "random", text], 3)
    sids, params = strategies.seat_arrays(seats)
    n = 1 if PLAIN else 20
    rules = RuleSet(first_chooser=-1)
    rec = play_batch(strategies.driver_for(), sids, params, n, 3, 17, 0, rules)
    assert rec[:, :, REC.ERRORS].max() == 0
    assert (rec[:, :, REC.END_REASON] > 0).all()
    assert ((rec[:, :, REC.RANK] == 0).sum(axis=1) == 1).all()
