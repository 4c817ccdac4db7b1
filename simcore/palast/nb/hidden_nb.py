"""What a seat may not see (P-I1), stated once: the other seats' action cards (their
hand sizes are public), the order of the action deck and the discard pile's content
(discards are face down), the order inside each phase of the building deck, and the
game's own random stream (future reshuffles). Everything else is public (P-I2).

The fair-play hook (simcore/palast/hidden.py) and any search's redraw call it.
"""

import numpy as np

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import next_u64_nb, randint_nb

from .. import layout as S
from ..enums import N_RES
from .decks_nb import PHASE_1, PHASE_2, PHASE_3, PHASE_4


@njit_static(cache=True)
def _shuffle_nb(state, lo, hi, rng):
    for i in range(hi - 1, lo, -1):
        j = lo + randint_nb(rng, 0, i - lo + 1)
        a = state[i]
        state[i] = state[j]
        state[j] = a


@njit_static(cache=True)
def _pick_nb(a, b, c, k):
    """The type of the k-th card of a pool holding a, b, c cards of types 0, 1, 2 (the
    rest type 3)."""
    if k < a:
        return 0
    k -= a
    if k < b:
        return 1
    k -= b
    if k < c:
        return 2
    return 3


@njit_static(cache=True)
def redraw_nb(state, seat, rng):
    """A state `seat` cannot tell from this one: the unseen action cards (other hands,
    deck, discards) dealt anew keeping every count that is public, each building-deck
    phase's undrawn part shuffled, a new random stream. Uses stream rng[0]."""
    n = state[S.N_PLAYERS]
    # the unseen cards are counted into the discard slots, then dealt out again
    for p in range(n):
        if p != seat:
            for t in range(N_RES):
                state[S.DISCARD + t] += state[S.HAND + p * N_RES + t]
                state[S.HAND + p * N_RES + t] = 0
    for i in range(state[S.ADECK_N]):
        state[S.DISCARD + state[S.ADECK + i]] += 1
    total = 0
    for t in range(N_RES):
        total += state[S.DISCARD + t]
    pool = S.DISCARD
    for p in range(n):
        if p == seat:
            continue
        for _ in range(state[S.HAND_N + p]):
            k = randint_nb(rng, 0, total)
            t = _pick_nb(state[pool], state[pool + 1], state[pool + 2], k)
            state[pool + t] -= 1
            total -= 1
            state[S.HAND + p * N_RES + t] += 1
    for i in range(state[S.ADECK_N]):  # what is left after the deck is the discard pile
        k = randint_nb(rng, 0, total)
        t = _pick_nb(state[pool], state[pool + 1], state[pool + 2], k)
        state[pool + t] -= 1
        total -= 1
        state[S.ADECK + i] = t
    pos = state[S.BDECK_POS]
    for j in range(4):
        lo = PHASE_1 if j == 0 else PHASE_2 if j == 1 else PHASE_3 if j == 2 else PHASE_4
        hi = lo + (5 if j == 2 else 4 if j == 3 else 8)
        if pos > lo:
            lo = pos
        if lo < hi:
            _shuffle_nb(state, S.BDECK + lo, S.BDECK + hi, rng)
    state[S.RNG] = np.int64(next_u64_nb(rng, 0))
