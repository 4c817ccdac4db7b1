"""End and scoring (V-P1, V-P2, V-P3, V-E2)."""

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.skeleton_nb import log_nb

from .. import data_layout as T
from .. import layout as S
from ..enums import (
    EV_LONE,
    EV_RANK,
    EV_SCORE,
    N_COLOURS,
    N_TYPES,
    TIE_ANTIQUES,
    TIE_NONE,
    TIE_SHARED,
    W_LONE,
)
from ..rules import R
from .market_nb import remove_antique_nb


@njit_static(cache=True)
def lone_discard_nb(state, cards, log, seat):
    """V-P1: an antique that is the seat's only one of its colour is given up (for each
    such colour); collection cards are kept (V-A3d)."""
    for c in range(N_COLOURS):
        if state[S.OWN_COLOUR + seat * N_COLOURS + c] == 1:
            for t in range(N_TYPES):
                a = t * N_COLOURS + c
                if state[S.WHERE + a] == seat:
                    remove_antique_nb(state, seat, a, W_LONE)
                    state[S.LONE_CARDS + seat] += 1
                    state[S.LONE_POINTS + seat] += cards[T.VALUE + a]
                    log_nb(state, log, seat, EV_LONE, a, 0, 0, 0)
                    break


@njit_static(cache=True)
def score_seat_nb(state, cards, rules, log, seat):
    """V-P2: antique points plus collection points (grey side's with V-V1);
    V-P3: one point per full RUPEES_PER_POINT rupees. V-P4, the rulebook's example
    (Claus: 7 + 8 + 1 = 16), is replayed in tests/vermaechtnis/test_engine_scoring.py."""
    ap = 0
    for a in range(N_TYPES * N_COLOURS):
        if state[S.WHERE + a] == seat:
            ap += cards[T.VALUE + a]
    field = T.C_GREY_POINTS if rules[R.GREY_SIDES] != 0 else T.C_POINTS
    cp = 0
    held = state[S.COLL + seat]
    for k in range(cards[T.N_COLL]):
        if (held >> k) & 1:
            cp += cards[T.COLL + k * T.COLL_W + field]
    mp = state[S.MONEY + seat] // rules[R.RUPEES_PER_POINT]
    state[S.ANTIQUE_POINTS + seat] = ap
    state[S.COLL_POINTS + seat] = cp
    state[S.MONEY_POINTS + seat] = mp
    state[S.POINTS + seat] = ap + cp + mp
    state[S.SCORED + seat] = state[S.N_OWNED + seat]
    log_nb(state, log, seat, EV_SCORE, ap + cp + mp, ap, cp, mp)


@njit_static(cache=True)
def rank_nb(state, log):
    """V-E2: most points; tie: most antiques (TIE_COUNT); still tied: a shared place.
    rank = number of seats strictly ahead, so every winner has rank 0."""
    n = state[S.N_PLAYERS]
    best = -1
    for p in range(n):
        if state[S.POINTS + p] > best:
            best = state[S.POINTS + p]
    at_top = 0
    winners = 0
    for p in range(n):
        ahead = 0
        for q in range(n):
            if state[S.POINTS + q] > state[S.POINTS + p] or (
                state[S.POINTS + q] == state[S.POINTS + p]
                and state[S.TIE_COUNT + q] > state[S.TIE_COUNT + p]
            ):
                ahead += 1
        state[S.RANK + p] = ahead
        if ahead == 0:
            winners += 1
        if state[S.POINTS + p] == best:
            at_top += 1
    state[S.N_WINNERS] = winners
    if at_top == 1:
        state[S.TIE] = TIE_NONE
    elif winners == 1:
        state[S.TIE] = TIE_ANTIQUES
    else:
        state[S.TIE] = TIE_SHARED
    for p in range(n):
        log_nb(state, log, p, EV_RANK, state[S.RANK + p], state[S.POINTS + p],
               state[S.TIE_COUNT + p], 0)  # fmt: skip


@njit_static(cache=True)
def score_game_nb(state, cards, rules, log):
    """V-P1 for every seat (tie-break count taken before or after it: [choice]
    tie_after_discard), then V-P2/V-P3 and the ranking of V-E2."""
    n = state[S.N_PLAYERS]
    for p in range(n):
        state[S.TIE_COUNT + p] = state[S.N_OWNED + p]
        if rules[R.LONE_DISCARD] != 0:
            lone_discard_nb(state, cards, log, p)
        if rules[R.TIE_AFTER_DISCARD] != 0:
            state[S.TIE_COUNT + p] = state[S.N_OWNED + p]
        score_seat_nb(state, cards, rules, log, p)
    rank_nb(state, log)
