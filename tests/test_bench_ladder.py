"""bench.search's duel scoring, which bench.ladder's figures rest on: each seat's share of
the win is 1/k for each of the k seats ranked first (the rulebooks' shared first place),
read from the results table of every built-in game, whether it has a win_share column
(Palast, Vermächtnis, Taj Mahal) or only a winner column (Maharaja)."""

from __future__ import annotations

import importlib

import numpy as np
import pytest

from bench.ladder import step_deals
from bench.search import _records, win_shares

GAMES = ("maharaja", "palast", "tajmahal", "vermaechtnis")


@pytest.mark.parametrize("game", GAMES)
def test_win_shares_split_a_shared_first_place(game):
    names = ["weighted"] * (3 if game == "tajmahal" else 4)  # the drivers the studies build
    sets = ("deal=random",) if game == "maharaja" else ()
    rec = _records(game, names, 40, 3, sets=sets)
    share = win_shares(game, rec, names, sets)
    rank = importlib.import_module(f"simcore.{game}.records").REC.RANK
    first = rec[:, :, rank] == 0
    assert (first.sum(axis=1) >= 1).all()
    assert np.allclose(share, first / first.sum(axis=1, keepdims=True))
    assert np.allclose(share.sum(axis=1), 1.0)


def test_step_deals_by_the_upper_rungs_label():
    assert step_deals("search-h3=40,top=8") == {"search-h3": 40, "top": 8}
    assert step_deals("") == {}
