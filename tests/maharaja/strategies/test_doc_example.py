"""docs/games/maharaja.md's example strategy works as the doc says: it registers by name,
plays legal games and does what its plan says (Gold twice every round)."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

import pytest

import strategies
from simcore.maharaja.game import play_batch
from simcore.maharaja.records import REC
from simcore.maharaja.rules import RuleSet
from strategies import registry
from strategies.registry import _REGISTRY

DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "maharaja.md"


@pytest.mark.slow
def test_example_strategy_registers_and_plays(tmp_path, monkeypatch):
    code = re.search(r"```python\n(.*?)```", DOC.read_text(), re.S).group(1)
    (tmp_path / "doc_hoarder.py").write_text(code)
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        importlib.import_module("doc_hoarder")
        known = strategies.strategies()
        assert known["hoarder"].description == "takes Gold twice every round"
        seats = strategies.resolve(["hoarder", "random", "random"], 3)
        sids, params = strategies.seat_arrays(seats)
        rules = RuleSet()
        # the driver a run of these seats plays (registry.driver_for, as `palace-lab play`
        # builds it): the suite's full driver would compile the search again with hoarder
        driver = registry.driver_for("maharaja", sids, params)
        rec = play_batch(driver, sids, params, 50, 3, 5, 0, rules)
        assert rec[:, :, REC.ERRORS].max() == 0
        advanced = RuleSet().with_variants(["advanced2"])  # bids, gives and chips too
        adv = play_batch(driver, sids, params, 50, 3, 5, 0, advanced)
        assert adv[:, :, REC.ERRORS].max() == 0
        hoarder = rec[:, 0]
        assert (hoarder[:, REC.PALACES] == 0).all()  # it never builds
        # Gold twice a round (M-A1), plus scoring gold it may win with its architect:
        # never less than start gold + 2 * 2 per round played.
        least = rules.start_gold + 2 * rules.gold_action * hoarder[:, REC.ROUNDS]
        assert (hoarder[:, REC.GOLD] >= least).all()
    finally:
        _REGISTRY["maharaja"].pop("hoarder", None)
        sys.modules.pop("doc_hoarder", None)
    assert "hoarder" not in strategies.strategies()
