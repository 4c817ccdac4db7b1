"""The game's own random stream, kept in the state (S.RNG): reshuffles during play need
no random array (the driver gives advance_nb none) and a state copy replays them."""

import numpy as np

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import mix64_nb

from .. import layout as S

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_S32 = np.uint64(32)


@njit_static(cache=True)
def rand_nb(state, n):
    """Uniform integer in [0, n) (SplitMix64 on state[S.RNG]); P-I3's every draw."""
    if n <= 1:
        return 0
    s = np.uint64(state[S.RNG]) + _GOLDEN
    state[S.RNG] = np.int64(s)
    r = mix64_nb(s) >> _S32
    return np.int64((r * np.uint64(n)) >> _S32)


@njit_static(cache=True)
def shuffle_range_nb(state, lo, hi):
    """Fisher-Yates over state[lo:hi]."""
    for i in range(hi - 1, lo, -1):
        j = lo + rand_nb(state, i - lo + 1)
        a = state[i]
        state[i] = state[j]
        state[j] = a
