"""The cell that drives a tuning run's imbalance, and whether the varied rules move it:
hand-made cell counts whose answer is known."""

from types import SimpleNamespace

import numpy as np

from analyses.imbalance import block_weights
from analyses.tuning import driving_cell
from analyses.win_cells import Cells

LABELS = ((4, "start_character", "Mogul"), (4, "start_character", "Sadhu"))


def _cells(rates, n_per_block=100, blocks=200):
    n = np.full((blocks, 2), float(n_per_block))
    wins = n * np.array(rates)
    return Cells(LABELS, np.full(2, 0.25), wins, n, {4: blocks * n_per_block})


def test_driving_cell_and_its_paired_moves():
    w = block_weights(0, 200, 500)
    start = SimpleNamespace(name="start", cells=_cells([0.45, 0.10]))
    moved = SimpleNamespace(name="a", cells=_cells([0.40, 0.12]))
    still = SimpleNamespace(name="b", cells=_cells([0.45, 0.20]))
    d = driving_cell([start, moved, still], w)
    # the Mogul is 20 points from fair, the Sadhu 15: the Mogul drives the max
    assert d.cell == LABELS[0] and abs(d.rate - 0.45) < 1e-12 and d.fair == 0.25
    (na, da, lo_a, hi_a), (nb, db, lo_b, hi_b) = d.moves
    assert na == "a" and abs(da + 0.05) < 1e-12 and hi_a < 0  # moved by -5 points
    assert nb == "b" and db == 0 and lo_b <= 0 <= hi_b  # not moved
    assert d.movable
    assert not driving_cell([start, still], w).movable
