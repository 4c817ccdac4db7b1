"""The seat's view of the Palast state: only public fields (P-I2) and its own hand (P-I1).

The building deck's undrawn cards are read as a multiset (which cards are left, never
their order); the action deck, the discards, the other hands and the game's stream are
never read. The offsets used here are checked at import against the engine's layout, so
a layout change that would silently shift them fails loudly instead.
"""

from simcore.core.nb.numba_compat import njit_static
from simcore.palast import data_layout as D
from simcore.palast import layout as S
from simcore.palast.enums import (
    EXCHANGE,
    GOLD,
    MAX_LEGAL,
    N_BCARDS,
    N_DISPLAY,
    N_PALACE,
    N_QUARTERS,
    N_RES,
    QUARTER_RES,
)
from simcore.palast.rules import R

# P-C8: quarter producing each resource type (the inverse of QUARTER_RES).
PRODUCER = (0, 2, 1, 3)  # alabaster: stonemason, sandstone: mason, ebony: carpenter, gold
for _t in range(N_RES):
    assert QUARTER_RES[PRODUCER[_t]] == _t, "kit.view_nb: PRODUCER disagrees with QUARTER_RES"
assert GOLD == N_RES - 1 and EXCHANGE == N_RES, "kit: the producing quarters come first"
# the per-seat blocks the kit indexes as seat * width + i
assert S.HAND + S.MAX_SEATS * N_RES <= S.HAND_N and S.RES + S.MAX_SEATS * N_RES <= S.SUPPLY
assert S.QFIG + S.MAX_SEATS * N_QUARTERS <= S.QN and S.LEGAL + MAX_LEGAL <= S.STATE_SIZE
assert S.BDECK + N_BCARDS <= S.LEVEL and S.DISPLAY + N_DISPLAY <= S.BDECK
assert D.COST + N_BCARDS * N_RES == D.CARDS_SIZE and R.FEE_52 == R.FEE_51 + 1


@njit_static(cache=True)
def has_legal_nb(state, answer):
    """`answer` is among the listed legal answers of the pending decision."""
    for i in range(state[S.LEGAL_N]):
        if state[S.LEGAL + i] == answer:
            return True
    return False


@njit_static(cache=True)
def threats_nb(state, data, g, e):
    """Palace cards still to come (display and the undrawn deck, a public multiset) that
    would build over level e in garden g: each would evict its balcony figure (P-A2a)."""
    n = 0
    for k in range(N_DISPLAY):
        c = state[S.DISPLAY + k]
        if 0 <= c < N_PALACE and data[D.GARDEN + c] == g and data[D.ELEMENT + c] > e:
            n += 1
    for i in range(state[S.BDECK_POS], N_BCARDS):
        c = state[S.BDECK + i]
        if c < N_PALACE and data[D.GARDEN + c] == g and data[D.ELEMENT + c] > e:
            n += 1
    return n


@njit_static(cache=True)
def total_res_nb(state, seat):
    n = 0
    for t in range(N_RES):
        n += state[S.RES + seat * N_RES + t]
    return n


@njit_static(cache=True)
def own_turns_left_nb(state):
    """A rough count of the seat's turns still to come: about one palace card leaves per
    two turns (measured with the scripted bots), shared by the players."""
    left = N_PALACE - state[S.GONE]
    n = state[S.N_PLAYERS]
    return max(1.0, 2.0 * left / n)


@njit_static(cache=True)
def can_stand_nb(state, seat, g):
    """The builder can put a figure on garden g's balcony (P-A2a): from his supply, from
    a quarter, or his own figure there goes up again."""
    if state[S.FIGS + seat] > 0 or state[S.BALCONY + g] == seat:
        return True
    for q in range(N_QUARTERS):
        if state[S.QFIG + seat * N_QUARTERS + q] > 0:
            return True
    return False
