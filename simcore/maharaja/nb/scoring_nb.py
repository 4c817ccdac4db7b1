"""City scoring and final ranking (M-P1..M-P3, M-A7h, M-K3, M-E2)."""

import numpy as np

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.skeleton_nb import log_nb

from .. import data_layout as B
from .. import layout as S
from ..enums import EV_MONOPOLY, EV_RANK, EV_SCORE, SADHU
from ..rules import R
from .characters_nb import holds_nb, lowest_character_nb

P = R.MAX_PLAYERS


@njit_static(cache=True, inline="always")
def outer_points_nb(state, rules, p):
    """M-P1/M-K3: points of one outer palace of p (2 while p holds the Sadhu, else 1)."""
    if holds_nb(state, p, SADHU):
        return rules[R.SADHU_OUTER_POINTS]
    return rules[R.OUTER_POINTS]


@njit_static(cache=True)
def city_points_nb(state, board, rules, p, c):
    """M-P1: architect 1, house 1, outer palace 1 (2 for the Sadhu, M-K3), inner 3,
    home city +1 for the character's holder even if otherwise absent (M-A7h)."""
    pts = state[S.CITY_HOUSES + c * P + p] * rules[R.HOUSE_POINTS]
    if state[S.ARCH + p] == c:
        pts += rules[R.ARCHITECT_POINTS]
    outer = state[S.OUTER + c * P + p]
    if outer > 0:
        pts += outer * outer_points_nb(state, rules, p)
    if state[S.INNER + c] == p:
        pts += rules[R.INNER_POINTS]
    if rules[R.V_HOME] != 0:
        for k in range(B.N_HOME_SLOTS):
            if board[B.HOME_CITY + k] == c and state[S.CHAR_OWNER + k] == p:
                pts += rules[R.HOME_POINTS]
    return pts


@njit_static(cache=True)
def place_gold_nb(rules, n, rank):
    """M-P2: the scoring gold of place `rank` (0 = first) by the payout table of n players
    (the table of the players in the game, not of those who scored)."""
    return rules[R.PAYOUT + (n - 1) * P + rank]


@njit_static(cache=True)
def score_city_nb(state, board, rules, log, c, work):
    """M-P2/M-P3: rank players with >= 1 point (ties: lower character), pay by the table
    of the number of players in the game; a lone scorer gets the monopoly bonus.

    work: int64 scratch of at least 2 * R.MAX_PLAYERS entries (points, order).
    """
    n = state[S.N_PLAYERS]
    pts = work[0:P]
    order = work[P : 2 * P]
    m = 0
    for p in range(n):
        pts[p] = city_points_nb(state, board, rules, p, c)
        if pts[p] > 0:
            order[m] = p
            m += 1
    # insertion sort: more points first, then lower character (M-P2)
    for i in range(1, m):
        x = order[i]
        j = i - 1
        while j >= 0:
            y = order[j]
            if pts[y] > pts[x] or (
                pts[y] == pts[x] and lowest_character_nb(state, y) < lowest_character_nb(state, x)
            ):
                break
            order[j + 1] = y
            j -= 1
        order[j + 1] = x
    for rank in range(m):
        p = order[rank]
        gold = place_gold_nb(rules, n, rank)
        state[S.GOLD + p] += gold
        state[S.SCORE_GOLD + p] += gold
        log_nb(state, log, p, EV_SCORE, c, pts[p], rank, gold)
    if m == 1:
        p = order[0]
        bonus = rules[R.MONOPOLY_BONUS]
        state[S.GOLD + p] += bonus
        state[S.SCORE_GOLD + p] += bonus
        log_nb(state, log, p, EV_MONOPOLY, c, bonus, 0, 0)


@njit_static(cache=True)
def finishes_before_nb(state, p, q):
    """M-E2: more palaces, then more gold, then the lower character."""
    if state[S.PALACES + p] != state[S.PALACES + q]:
        return state[S.PALACES + p] > state[S.PALACES + q]
    if state[S.GOLD + p] != state[S.GOLD + q]:
        return state[S.GOLD + p] > state[S.GOLD + q]
    return lowest_character_nb(state, p) < lowest_character_nb(state, q)


@njit_static(cache=True)
def rank_players_nb(state, log):
    """Write each player's final rank (0 = winner) into S.RANK (M-E2)."""
    n = state[S.N_PLAYERS]
    for p in range(n):
        r = np.int64(0)
        for q in range(n):
            if q != p and finishes_before_nb(state, q, p):
                r += 1
        state[S.RANK + p] = r
    for r in range(n):  # log in finishing order, so a printed game ends with the ranking
        for p in range(n):
            if state[S.RANK + p] == r:
                log_nb(
                    state,
                    log,
                    p,
                    EV_RANK,
                    r,
                    state[S.PALACES + p],
                    state[S.GOLD + p],
                    lowest_character_nb(state, p),
                )
