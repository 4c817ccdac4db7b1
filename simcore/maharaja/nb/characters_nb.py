"""Who holds which character, and the turn order it implies (M-K1, M-R4, M-V4)."""

from simcore.core.nb.numba_compat import njit_static

from .. import layout as S
from ..enums import N_CHARACTERS_MAX

NO_CHARACTER = 99  # sorts after every real character


@njit_static(cache=True)
def lowest_character_nb(state, p):
    """Lowest character number held by p: it sets turn order and breaks ties (M-K1, M-V4)."""
    for k in range(N_CHARACTERS_MAX):
        if state[S.CHAR_OWNER + k] == p:
            return k
    return NO_CHARACTER


@njit_static(cache=True)
def holds_nb(state, p, k):
    """True if p holds character k now: powers belong to the current holder (M-K)."""
    return state[S.CHAR_OWNER + k] == p


@njit_static(cache=True)
def characters_held_nb(state, p):
    n = 0
    for k in range(N_CHARACTERS_MAX):
        if state[S.CHAR_OWNER + k] == p:
            n += 1
    return n


@njit_static(cache=True)
def next_to_act_nb(state):
    """M-R4: among players who have not acted this round, the lowest character goes next.

    Recomputed before every turn, so a swap changes the order of those still waiting
    and nobody acts twice (rulebook 7.6). Returns -1 when everyone has acted.
    """
    best = -1
    best_k = NO_CHARACTER + 1
    for p in range(state[S.N_PLAYERS]):
        if state[S.ACTED + p] == 0:
            k = lowest_character_nb(state, p)
            if k < best_k:
                best_k = k
                best = p
    return best


@njit_static(cache=True)
def ranks_before_nb(state, p, q):
    """Tie-break: p beats q when p's lowest character is lower (M-K1: lower number wins)."""
    return lowest_character_nb(state, p) < lowest_character_nb(state, q)
