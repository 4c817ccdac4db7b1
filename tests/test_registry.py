"""Seat lists from user text: names, one per seat, and per-seat parameter values."""

from __future__ import annotations

import numpy as np
import pytest

import strategies
from simcore.core.errors import InputError


def test_parameter_values_change_only_that_seat():
    seats = strategies.resolve(["weighted:palace=20:gold=0.25", "weighted", "random"], 3)
    base = strategies.strategies()["weighted"]
    names = list(base.param_names)
    first = seats[0].params()
    assert first[names.index("palace")] == 20.0 and first[names.index("gold")] == 0.25
    others = [i for i, n in enumerate(names) if n not in ("palace", "gold")]
    assert np.array_equal(first[others], base.params()[others])
    assert np.array_equal(seats[1].params(), base.params())
    sids, params = strategies.seat_arrays(seats)
    assert sids[0] == sids[1] != sids[2]
    assert params[0, names.index("palace")] == 20.0 and params[1, names.index("palace")] != 20.0


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("weighted:nonsense=1", "unknown parameter 'nonsense'"),
        ("weighted:palace", "expected name:key=value"),
        ("weighted:palace=high", "expected name:key=value"),
        ("random:x=1", "unknown parameter 'x'"),
        ("nobody", "unknown strategy 'nobody'"),
    ],
)
def test_bad_strategy_text_is_one_clear_error(text, problem):
    with pytest.raises(InputError, match=problem):
        strategies.resolve([text], 4)
