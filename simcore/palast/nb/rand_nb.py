"""The game's own random stream, kept in the state (S.RNG): reshuffles during play need
no random array (the driver gives advance_nb none) and a state copy replays them."""

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import state_randint_nb, state_shuffle_nb

from .. import layout as S


@njit_static(cache=True)
def rand_nb(state, n):
    """Uniform integer in [0, n) from state[S.RNG]; P-I3's every draw."""
    return state_randint_nb(state, S.RNG, n)


@njit_static(cache=True)
def shuffle_range_nb(state, lo, hi):
    """Fisher-Yates over state[lo:hi]."""
    state_shuffle_nb(state, S.RNG, lo, hi)
