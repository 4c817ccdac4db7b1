"""What a seat may not see (T-I1), stated once: the other seats' hands beyond the cards
they are known to hold, the order of the draw pile, and the engine's future randomness
(the state's own stream, which decides reshuffles, T-R6). Public (T-I2): hand sizes, the
special cards' holders, the display, the discards, and the cards each seat took from the
display and has not provably played since (`S.KNOWN`).

Everything that needs it reads it here: the fair-play hook (simcore/tajmahal/hidden.py)
and the strategies' view and search redraw (strategies/tajmahal/).
"""

import numpy as np

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import next_u64_nb, randint_nb

from .. import data_layout as D
from .. import layout as S


@njit_static(cache=True)
def unknown_nb(state, q, k):
    """Cards of normal kind k in seat q's hand that no other seat knows of."""
    return state[S.HAND + q * D.MAX_KINDS + k] - state[S.KNOWN + q * D.MAX_KINDS + k]


@njit_static(cache=True)
def hidden_pool_nb(state, seat, counts):
    """counts[k] := the cards of normal kind k that `seat` cannot place: in the draw pile or
    in another hand beyond its known cards. Returns their number. Special cards are never
    in the pool (their holders are public, T-R4)."""
    nk = state[S.N_KINDS]
    for k in range(nk):
        counts[k] = 0
    n = 0
    for i in range(state[S.PILE_N]):
        counts[state[S.PILE + i]] += 1
        n += 1
    for q in range(state[S.N_PLAYERS]):
        if q == seat:
            continue
        for k in range(nk):
            u = unknown_nb(state, q, k)
            counts[k] += u
            n += u
    return n


@njit_static(cache=True)
def public_view_nb(state, seat, view):
    """view := state as `seat` knows it: the other hands hold only their known cards, every
    card the seat cannot place lies in the pile slots in kind order (PILE_N keeps the real
    pile size, which is public), the engine's stream is 0."""
    for i in range(S.STATE_SIZE):
        view[i] = state[i]
    nk = state[S.N_KINDS]
    n = 0
    for q in range(state[S.N_PLAYERS]):
        if q == seat:
            continue
        for k in range(nk):
            view[S.HAND + q * D.MAX_KINDS + k] = state[S.KNOWN + q * D.MAX_KINDS + k]
    for k in range(nk):
        m = 0
        for i in range(state[S.PILE_N]):
            if state[S.PILE + i] == k:
                m += 1
        for q in range(state[S.N_PLAYERS]):
            if q != seat:
                m += unknown_nb(state, q, k)
        for _ in range(m):
            view[S.PILE + n] = k
            n += 1
    for i in range(n, D.N_NORMAL_CARDS):
        view[S.PILE + i] = 0
    view[S.RNG] = 0


@njit_static(cache=True)
def _held_nb(state, q):
    """Cards of every kind (special ones included) seat q's hand row holds now."""
    n = 0
    for k in range(D.MAX_KINDS):
        n += state[S.HAND + q * D.MAX_KINDS + k]
    return n


@njit_static(cache=True)
def redraw_nb(state, seat, rng):
    """In place: the unknown cards of the other hands and the pile are one uniform redeal
    of the same cards (each hand keeps its size and its known cards; stream rng[0]), and
    the engine's stream is drawn anew. The pool fits in the pile's slots (at most the 96
    normal cards), so nothing is allocated."""
    nk = state[S.N_KINDS]
    pile_n = state[S.PILE_N]
    n = pile_n
    for q in range(state[S.N_PLAYERS]):  # the pool: the pile, then the unknown hand cards
        if q == seat:
            continue
        for k in range(nk):
            u = unknown_nb(state, q, k)
            for _ in range(u):
                state[S.PILE + n] = k
                n += 1
            state[S.HAND + q * D.MAX_KINDS + k] -= u
    for i in range(n - 1, 0, -1):  # Fisher-Yates
        j = randint_nb(rng, 0, i + 1)
        a = state[S.PILE + i]
        state[S.PILE + i] = state[S.PILE + j]
        state[S.PILE + j] = a
    at = n  # the hands refilled from the top of the pool; the rest is the pile
    for q in range(state[S.N_PLAYERS] - 1, -1, -1):
        if q == seat:
            continue
        free = state[S.HAND_N + q] - _held_nb(state, q)
        for _ in range(free):
            at -= 1
            state[S.HAND + q * D.MAX_KINDS + state[S.PILE + at]] += 1
            state[S.PILE + at] = 0
    state[S.RNG] = np.int64(next_u64_nb(rng, 0) >> np.uint64(1))
