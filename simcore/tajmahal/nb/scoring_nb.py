"""Scoring at withdrawal (T-P1 bonus tiles, T-P2 palaces, T-P3 province tile), the hand at
the end (T-P4) and the ranking (T-E2)."""

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.skeleton_nb import log_nb

from .. import data_layout as D
from .. import layout as S
from ..enums import (
    B_CARD,
    B_PLUS2,
    B_TAJ,
    DRAW_BONUS,
    EV_BONUS,
    EV_HAND,
    EV_PALACE_POINTS,
    EV_PROVINCE,
    EV_RANK,
    N_COLOURS,
    N_COMMODITIES,
    SPECIAL,
    TIE_CARDS,
    TIE_NONE,
    TIE_SHARED,
    WHITE,
)
from ..rules import R
from .cards_nb import draw_to_hand_nb
from .palace_nb import connected_provinces_nb


@njit_static(cache=True)
def add_points_nb(state, seat, part, pts):
    state[S.POINTS + seat] += pts
    state[part + seat] += pts


@njit_static(cache=True)
def commodity_points_nb(state, seat, k):
    """T-P1: 1 + the commodities of that kind already held; then it is held too."""
    held = state[S.COMM + seat * N_COMMODITIES + k]
    state[S.COMM + seat * N_COMMODITIES + k] = held + 1
    return 1 + held


@njit_static(cache=True)
def score_bonus_nb(state, data, rules, log, seat):
    """T-P1: the bonus tiles taken in this withdrawal, one after the other in the order
    taken (each commodity counts the earlier ones)."""
    for i in range(state[S.W_N_BONUS]):
        b = state[S.W_BONUS + i]
        pts = 0
        if b < N_COMMODITIES:
            pts = commodity_points_nb(state, seat, b)
        elif b == B_PLUS2:
            pts = rules[R.PLUS2_POINTS]
        elif b == B_CARD:
            draw_to_hand_nb(state, data, rules, log, seat, DRAW_BONUS)
        elif b == B_TAJ:
            pts = rules[R.TAJ_POINTS]
        add_points_nb(state, seat, S.PTS_BONUS, pts)
        log_nb(state, log, seat, EV_BONUS, b, pts, 0, 0)


@njit_static(cache=True)
def score_palaces_nb(state, data, rules, log, seat):
    """T-P2: only if the seat placed a palace in this withdrawal (a crowned one counts,
    [choice]): 1 for the province + 1 per other province connected to it."""
    placed = state[S.W_PLACED]
    if rules[R.CROWN_SCORES] != 0:
        placed += state[S.W_CROWNED]
    if placed == 0:
        return
    others = connected_provinces_nb(state, data, seat, state[S.CUR_PROV])
    add_points_nb(state, seat, S.PTS_PALACE, 1 + others)
    log_nb(state, log, seat, EV_PALACE_POINTS, 1 + others, others, 0, 0)


@njit_static(cache=True)
def score_tile_nb(state, data, rules, log, seat):
    """T-P3: per commodity on the tile 1 + the same kind already held (bonus tiles taken
    in this withdrawal included). T-P3a [choice] for a commodity shown twice: each counts
    the held ones before the tile (double_each), else one after the other."""
    t = state[S.CUR_TILE] - 1
    pts = 0
    for k in range(N_COMMODITIES):
        m = data[D.TILE_COMM + t * N_COMMODITIES + k]
        if m == 0:
            continue
        held = state[S.COMM + seat * N_COMMODITIES + k]
        for j in range(m):
            pts += 1 + held + (0 if rules[R.DOUBLE_EACH] != 0 else j)
        state[S.COMM + seat * N_COMMODITIES + k] = held + m
    add_points_nb(state, seat, S.PTS_PROVINCE, pts)
    log_nb(state, log, seat, EV_PROVINCE, t + 1, pts, 0, 0)


@njit_static(cache=True)
def hand_points_nb(state, data, seat):
    """T-P4: 1 per special card, 1 per white card, 1 per card of the colour held most
    (ties: one of them). Returns (points, specials, whites, longest colour)."""
    hand = S.HAND + seat * D.MAX_KINDS
    specials = 0
    whites = 0
    c0 = 0
    c1 = 0
    c2 = 0
    c3 = 0
    for k in range(data[D.N_KINDS] + D.N_SPECIAL):
        n = state[hand + k]
        if n == 0:
            continue
        col = data[D.KIND_COLOUR + k]
        if col == SPECIAL:
            specials += n
        elif col == WHITE:
            whites += n
        elif col == 0:
            c0 += n
        elif col == 1:
            c1 += n
        elif col == 2:
            c2 += n
        elif col < N_COLOURS:
            c3 += n
    longest = max(max(c0, c1), max(c2, c3))
    return specials + whites + longest, specials, whites, longest


@njit_static(cache=True)
def score_hands_nb(state, data, log):
    """T-P4 for every seat, after the last visit."""
    for p in range(state[S.N_PLAYERS]):
        pts, sp, wh, lo = hand_points_nb(state, data, p)
        add_points_nb(state, p, S.PTS_HAND, pts)
        log_nb(state, log, p, EV_HAND, pts, sp, wh, lo)


@njit_static(cache=True)
def rank_nb(state, rules, log):
    """T-E2: most points wins; [choice] ties share the win (tie_break 0), or the most hand
    cards first (1). RANK = seats ranked strictly above."""
    n = state[S.N_PLAYERS]
    by_cards = rules[R.TIE_BREAK] != 0
    top = -(1 << 40)
    for p in range(n):
        top = max(top, state[S.POINTS + p])
    level = 0
    for p in range(n):
        if state[S.POINTS + p] == top:
            level += 1
    for p in range(n):
        above = 0
        for q in range(n):
            if state[S.POINTS + q] > state[S.POINTS + p]:
                above += 1
            elif by_cards and state[S.POINTS + q] == state[S.POINTS + p]:
                if state[S.HAND_N + q] > state[S.HAND_N + p]:
                    above += 1
        state[S.RANK + p] = above
    winners = 0
    for p in range(n):
        if state[S.RANK + p] == 0:
            winners += 1
        log_nb(state, log, p, EV_RANK, state[S.RANK + p], state[S.POINTS + p], 0, 0)
    state[S.N_WINNERS] = winners
    if level == 1:
        state[S.TIE] = TIE_NONE
    elif winners > 1:
        state[S.TIE] = TIE_SHARED
    else:
        state[S.TIE] = TIE_CARDS
