"""Every registered Palast strategy plays whole games at every player count without an
illegal answer and ends them by the rules (not the cap or the step limit)."""

from __future__ import annotations

import pytest

import strategies

from .test_plugin import table

NAMES = sorted(n for n in strategies.strategies("palast") if "lookahead" not in n)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_strategy_plays_legally(players):
    assert "random" in NAMES and len(NAMES) >= 2
    seats = [NAMES[(players + i) % len(NAMES)] for i in range(players)]
    t = table(seats, players=players, games=300).to_pandas()
    assert (t.errors == 0).all()
    assert set(t.end_reason) <= {"cards", "end_card"}
