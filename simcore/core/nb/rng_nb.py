"""Counter-style random streams: one per (base seed, game, stream) triple.

Each stream is a single uint64 (SplitMix64), so a game's outcome never depends
on how games are split across workers, and a lookahead can copy a stream.
"""

import numpy as np

from simcore.core.nb.numba_compat import njit_static

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_MASK32 = np.uint64(0xFFFFFFFF)


@njit_static(cache=True)
def mix64_nb(z):
    """SplitMix64 finaliser: a bijection that spreads every input bit."""
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit_static(cache=True)
def stream_seed_nb(seed, game, stream):
    """Start value of a stream; distinct triples give unrelated streams."""
    z = mix64_nb(np.uint64(seed) + _GOLDEN)
    z = mix64_nb(z ^ np.uint64(game))
    return mix64_nb(z + np.uint64(stream) * _GOLDEN)


@njit_static(cache=True)
def next_u64_nb(rng, i):
    """Advance stream rng[i] and return its next 64 random bits."""
    s = rng[i] + _GOLDEN
    rng[i] = s
    return mix64_nb(s)


@njit_static(cache=True)
def randint_nb(rng, i, n):
    """Uniform integer in [0, n) from stream rng[i] (multiply-shift on 32 bits)."""
    if n <= 1:
        return 0
    r = next_u64_nb(rng, i) >> _S32
    return np.int64((r * np.uint64(n)) >> _S32)


@njit_static(cache=True)
def random_nb(rng, i):
    """Uniform float in [0, 1) with 53 random bits."""
    return np.float64(next_u64_nb(rng, i) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit_static(cache=True)
def state_randint_nb(state, slot, n):
    """Uniform integer in [0, n) from a stream kept in the int64 state vector at
    state[slot]: a game that draws during play (a reshuffle) then needs no random array,
    which advance_nb does not get, and a copied state replays the same draws."""
    if n <= 1:
        return 0
    s = np.uint64(state[slot]) + _GOLDEN
    state[slot] = np.int64(s)
    r = mix64_nb(s) >> _S32
    return np.int64((r * np.uint64(n)) >> _S32)


@njit_static(cache=True)
def state_shuffle_nb(state, slot, lo, hi):
    """Fisher-Yates over state[lo:hi], drawing from the stream at state[slot]."""
    for i in range(hi - 1, lo, -1):
        j = lo + state_randint_nb(state, slot, i - lo + 1)
        a = state[i]
        state[i] = state[j]
        state[j] = a
