"""dk_<kind> columns (docs/RESULTS.md): the decisions a seat answered, per kind (V-D1..V-D3),
checked against counters kept by other code: one action decision per own turn (V-D1,
extra turns included), one give-up decision per antique given up (V-A3b)."""

from __future__ import annotations

import numpy as np
import pytest

import strategies
from simcore.vermaechtnis.enums import DECISION_KIND_NAMES, N_KINDS
from simcore.vermaechtnis.game import play_batch
from simcore.vermaechtnis.records import REC


@pytest.mark.parametrize("players", [2, 4])
def test_decision_kind_counts(players):
    driver = strategies.driver_for("vermaechtnis")
    sids, params = strategies.seat_arrays(
        strategies.resolve(["random"], players, "vermaechtnis"), "vermaechtnis")  # fmt: skip
    cols = REC.RECORD_COLUMNS
    assert cols[REC.DKS : REC.DKS + N_KINDS] == tuple(f"dk_{n}" for n in DECISION_KIND_NAMES)
    rec = play_batch(driver, sids, params, 60, players, seed=3)
    dk = {n: rec[:, :, REC.DKS + i] for i, n in enumerate(DECISION_KIND_NAMES)}
    assert np.array_equal(dk["action"], rec[:, :, REC.OWN_TURNS])
    assert np.array_equal(dk["give_up"], rec[:, :, REC.GAVE_UP])
    assert (dk["collection_card"] >= rec[:, :, REC.COLLECTIONS]).all()
    assert dk["collection_card"].sum() > 0 and dk["give_up"].sum() > 0
