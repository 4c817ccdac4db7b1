"""The in-state random stream games draw from during play (simcore/core/nb/rng_nb.py)."""

import numpy as np

from simcore.core.nb.rng_nb import randint_nb, state_randint_nb, state_shuffle_nb


def test_state_stream_is_the_same_splitmix_stream_as_the_driver_streams():
    """A stream kept in an int64 state slot gives the same draws as the same start value
    kept in the driver's uint64 stream array (one algorithm, two storages)."""
    state = np.zeros(3, dtype=np.int64)
    state[1] = 12345
    rng = np.array([12345], dtype=np.uint64)
    for n in (2, 3, 7, 100, 1 << 20):
        assert state_randint_nb(state, 1, n) == randint_nb(rng, 0, n)
    assert np.uint64(state[1]) == rng[0]
    assert state_randint_nb(state, 1, 1) == 0 and state[0] == state[2] == 0


def test_state_shuffle_permutes_only_its_range():
    state = np.arange(20, dtype=np.int64)
    state[0] = 99  # the stream's slot
    state_shuffle_nb(state, 0, 5, 15)
    assert list(state[1:5]) == [1, 2, 3, 4] and list(state[15:]) == list(range(15, 20))
    assert sorted(state[5:15]) == list(range(5, 15))
    assert list(state[5:15]) != list(range(5, 15))
    assert state[0] != 99  # the stream advanced
