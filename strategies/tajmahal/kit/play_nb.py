"""The answers every Taj Mahal strategy is built from, given a weight vector (kit.weights).

Turn (T-D1): each option - withdraw, or each legal play - is worth the prizes the seat
would then lead (T-A2: strictly more of the symbol than every other seat still in the
visit; alone, at least `last_min_symbols`), a lead kept through the others' next plays
with a chance that grows with its margin (`risk` halves per symbol of margin; a
withdrawal keeps it for sure), minus the cards it spends (`card`, `white`; on the last
visit what they would score in hand, T-P4), plus what a special card adds (+2 points,
T-A1c) and, for the first play, the depth of the colour it commits to (T-A1a). The best
option wins; withdrawing without a play is worth the card it draws (T-A7).
Palace (T-D2): the city worth most (kit.values_nb). Pick (T-D3): the card worth most by
its symbols, whiteness and colour; on the last visit by its end-of-game points.
"""

import numpy as np

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import random_nb
from simcore.tajmahal import data_layout as D
from simcore.tajmahal import layout as S
from simcore.tajmahal.enums import (
    ELEPHANT,
    FX_ANY_COLOUR,
    FX_ELEPHANT,
    FX_MOGUL,
    FX_POINTS,
    MOGUL,
    N_COLOURS,
    N_SYMBOLS,
    PLAY_SHIFT,
    WHITE,
    WITHDRAW,
)
from simcore.tajmahal.rules import R
from strategies.tajmahal.kit import layout as K
from strategies.tajmahal.kit import weights as W
from strategies.tajmahal.kit.values_nb import (
    best_city_nb,
    colour_counts_nb,
    end_worth_nb,
    longest_colour_nb,
    prize_worths_nb,
    visits_left_nb,
)

_INV_FIX = 1.0 / K.FIX


@njit_static(cache=True)
def jitter_nb(w, rng):
    """`noise` times a Gumbel draw from the seat's stream (none drawn if noise is 0): a
    softmax choice, so that equal players at one table do not play in lockstep."""
    if w[W.W_NOISE] <= 0.0:
        return 0.0
    u = random_nb(rng, 0)
    return -w[W.W_NOISE] * np.log(-np.log(u + 1e-300) + 1e-300)


@njit_static(cache=True)
def trailing_nb(x):
    """Index of the lowest set bit of x > 0."""
    i = 0
    while (x >> i) & 1 == 0:
        i += 1
    return i


@njit_static(cache=True)
def contest_nb(state, seat, scratch):
    """scratch[WORK_MINE + s], scratch[WORK_BEST + s]: the seat's symbols and the most any
    other seat still in the visit has (public, T-I2). Returns True if such a seat can
    still play (has cards)."""
    n = state[S.N_PLAYERS]
    threat = False
    for s in range(N_SYMBOLS):
        scratch[K.WORK_MINE + s] = state[S.SYM + seat * N_SYMBOLS + s]
        scratch[K.WORK_BEST + s] = 0
    for q in range(n):
        if q == seat or state[S.ACTIVE + q] == 0:
            continue
        if state[S.HAND_N + q] > 0:
            threat = True
        for s in range(N_SYMBOLS):
            x = state[S.SYM + q * N_SYMBOLS + s]
            if x > scratch[K.WORK_BEST + s]:
                scratch[K.WORK_BEST + s] = x
    return threat


@njit_static(cache=True)
def tables_nb(scratch, court, alone, threat, risk, minsym):
    """scratch[TAB_GAIN + s * MAX_ADD + a]: worth of prize s if a play adds a symbols of
    it - led after the play (T-A2), times the chance to keep the lead through the others'
    next plays (`risk` halves per symbol of margin); TAB_KEEP that chance for the palace
    prizes (they share the province point). Returns the withdrawal's worth (kept)."""
    now = 0.0
    base_now = False
    k1 = K.FIX if not threat else np.int64(K.FIX * (1.0 - risk))  # keep by margin 1, 2, 3, 4+
    k2 = K.FIX if not threat else np.int64(K.FIX * (1.0 - risk / 2))
    k3 = K.FIX if not threat else np.int64(K.FIX * (1.0 - risk / 4))
    k4 = K.FIX if not threat else np.int64(K.FIX * (1.0 - risk / 8))
    for s in range(N_SYMBOLS):
        row = s * K.MAX_ADD
        inside = (court >> s) & 1
        val = scratch[K.CACHE_VAL + s]
        mine = scratch[K.WORK_MINE + s]
        for a in range(K.MAX_ADD):
            gain = 0
            keep = 0
            if inside:
                if alone:
                    if mine + a >= minsym:
                        keep = K.FIX
                else:
                    margin = mine + a - scratch[K.WORK_BEST + s]
                    if margin > 0:
                        keep = (
                            k1 if margin == 1 else k2 if margin == 2 else k3 if margin == 3 else k4
                        )
                gain = (val * keep) // K.FIX
            scratch[K.TAB_GAIN + row + a] = gain
            scratch[K.TAB_KEEP + row + a] = keep if s <= MOGUL else 0
        if inside and (mine >= minsym if alone else mine > scratch[K.WORK_BEST + s]):
            now += val * _INV_FIX
            if s <= MOGUL:
                base_now = True
    if base_now:
        now += scratch[K.CACHE_BASE] * _INV_FIX
    return now


@njit_static(cache=True)
def white_symbol_nb(data, k):
    """The one symbol of a white card (T-C5)."""
    for s in range(N_SYMBOLS):
        if data[D.KIND_SYM + k * N_SYMBOLS + s] > 0:
            return s
    return -1


@njit_static(cache=True)
def card_cost_nb(data, w, k, last, longest):
    """What playing card k gives up: its later use, or on the last visit its T-P4 points."""
    if last:
        return end_worth_nb(data, k, longest)
    if data[D.KIND_COLOUR + k] == WHITE:
        return w[W.W_WHITE]
    return w[W.W_CARD]


@njit_static(cache=True)
def turn_nb(seat, state, data, rules, w, scratch, rng):
    """T-D1: WITHDRAW or the play code of the best option (module docstring)."""
    return turn_scan_nb(seat, state, data, rules, w, scratch, rng, scratch[:0],
                        scratch.view(np.float64)[:0])  # fmt: skip


@njit_static(cache=True)
def turn_scan_nb(seat, state, data, rules, w, scratch, rng, codes, values):
    """turn_nb's scan of the options: returns the best. For a search's prior (empty
    buffers in play): values[i] := the i-th option's value (withdraw first, then the
    plays in legal_plays_nb's order) if it is the answer codes[i], for i < len(values)."""
    m = values.shape[0]
    prize_worths_nb(state, data, rules, seat, w, scratch)
    threat = contest_nb(state, seat, scratch)
    court = state[S.COURT]
    alone = state[S.N_ACTIVE] == 1
    risk = w[W.W_RISK]
    minsym = rules[R.LAST_MIN_SYMBOLS]
    nk = data[D.N_KINDS]
    hand = S.HAND + seat * D.MAX_KINDS
    last = visits_left_nb(state, data) == 0
    longest = longest_colour_nb(state, data, seat) if last else -1
    best = WITHDRAW
    best_v = tables_nb(scratch, court, alone, threat, risk, minsym)
    if state[S.SEAT_PLAYS + seat] == 0 and rules[R.IMMEDIATE_CARD] != 0:
        best_v += 0.5 if last else w[W.W_IMMEDIATE]
    best_v += jitter_nb(w, rng)
    if m > 0 and codes[0] == WITHDRAW:
        values[0] = best_v
    i_opt = 1
    committed = state[S.COLOUR + seat]
    n0 = n1 = n2 = n3 = 0
    coloured = 0  # hand kinds as bit masks (kinds < 64, data_layout.MAX_KINDS)
    companions = 0
    for k in range(nk + D.N_SPECIAL):  # branch-free, so that it vectorises
        n = state[hand + k]
        col = data[D.KIND_COLOUR + k]
        has = np.int64(n > 0)
        plain = np.int64(col < N_COLOURS)
        coloured |= (has & plain) << k
        companions |= (has & (1 - plain)) << k
        n0 += n * (col == 0)
        n1 += n * (col == 1)
        n2 += n * (col == 2)
        n3 += n * (col == 3)
    nc = 0  # the companions once: kind, symbol added, effect, worth net of their cost
    todo = companions
    while todo and nc < K.MAX_COMPANIONS:
        comp = trailing_nb(todo)
        todo &= todo - 1
        row = K.COMPANIONS + 4 * nc
        net = 0.0
        if comp >= nk:
            fx = rules[R.SPECIAL_FX + comp - nk]
            cs = ELEPHANT if fx == FX_ELEPHANT else MOGUL if fx == FX_MOGUL else -1
            if fx == FX_POINTS:
                net = rules[R.SPECIAL_POINTS]  # T-A1c, each time it is played
        else:
            fx = -1
            cs = white_symbol_nb(data, comp)
            net = -card_cost_nb(data, w, comp, last, longest)
        scratch[row] = comp
        scratch[row + 1] = cs
        scratch[row + 2] = fx
        scratch[row + 3] = np.int64(net * K.FIX)
        nc += 1
    todo = coloured
    while todo:
        c = trailing_nb(todo)
        todo &= todo - 1
        colour = data[D.KIND_COLOUR + c]
        free = committed < 0 or committed == colour
        cost_c = card_cost_nb(data, w, c, last, longest)
        depth = 0.0
        if committed < 0:
            held = n0 if colour == 0 else n1 if colour == 1 else n2 if colour == 2 else n3
            depth = w[W.W_DEPTH] * min(held - 1, 5)
        # the card alone: the prizes led after it (tables_nb), and the best keep among
        # the palace prizes (they share the province point, T-P2)
        tot = 0
        kb = 0
        for s in range(N_SYMBOLS):
            i = s * K.MAX_ADD + min(data[D.KIND_SYM + c * N_SYMBOLS + s], K.MAX_ADD - 2)
            tot += scratch[K.TAB_GAIN + i]
            kb = max(kb, scratch[K.TAB_KEEP + i])
        for j in range(-1, nc):
            comp = -1
            cs = -1
            fx = -1
            net = 0
            if j >= 0:
                row = K.COMPANIONS + 4 * j
                comp = scratch[row]
                cs = scratch[row + 1]
                fx = scratch[row + 2]
                net = scratch[row + 3]
            if free or fx == FX_ANY_COLOUR:
                t2 = tot
                k2 = kb
                if cs >= 0:  # one more symbol cs (white card, +1 elephant or +1 mogul)
                    i = cs * K.MAX_ADD + min(data[D.KIND_SYM + c * N_SYMBOLS + cs], K.MAX_ADD - 2)
                    t2 += scratch[K.TAB_GAIN + i + 1] - scratch[K.TAB_GAIN + i]
                    k2 = max(k2, scratch[K.TAB_KEEP + i + 1])
                v = (t2 + net + (scratch[K.CACHE_BASE] * k2) // K.FIX) * _INV_FIX - cost_c
                if fx != FX_ANY_COLOUR:
                    v += depth
                v += jitter_nb(w, rng)
                if i_opt < m and codes[i_opt] == c | ((comp + 1) << PLAY_SHIFT):
                    values[i_opt] = v
                i_opt += 1
                if v > best_v:
                    best_v = v
                    best = c | ((comp + 1) << PLAY_SHIFT)
    return best


@njit_static(cache=True)
def city_nb(seat, state, data, rules, w, scratch, crowned):
    """T-D2: the city worth most for this palace (kit.values_nb.city_worth_nb)."""
    city, _ = best_city_nb(state, data, rules, seat, crowned, w, scratch)
    return city


@njit_static(cache=True)
def card_worth_nb(data, w, k, last, longest, n0, n1, n2, n3):
    """T-D3: a display card to the seat."""
    if last:
        v = end_worth_nb(data, k, longest)
        return v + 0.01 * (data[D.KIND_SYM + k * N_SYMBOLS + ELEPHANT])
    v = 0.0
    for s in range(N_SYMBOLS):
        x = data[D.KIND_SYM + k * N_SYMBOLS + s]
        if x:
            if s == ELEPHANT:
                v += x * w[W.W_PICK_ELEPHANT]
            elif s == MOGUL:
                v += x * w[W.W_PICK_MOGUL]
            else:
                v += x * w[W.W_PICK_INFLUENCE]
    colour = data[D.KIND_COLOUR + k]
    if colour == WHITE:
        v += w[W.W_PICK_WHITE]
    elif colour < N_COLOURS:
        held = n0 if colour == 0 else n1 if colour == 1 else n2 if colour == 2 else n3
        v += w[W.W_PICK_COLOUR] * held
    return v


@njit_static(cache=True)
def pick_nb(seat, state, data, w, rng):
    """T-D3: the display slot whose card is worth most (first of equals)."""
    return pick_scan_nb(seat, state, data, w, rng, state[:0], state.view(np.float64)[:0])


@njit_static(cache=True)
def pick_scan_nb(seat, state, data, w, rng, codes, values):
    """pick_nb's scan: returns the best slot. For a search's prior (empty buffers in
    play): values[i] := the worth of the i-th filled slot's card if that slot is
    codes[i], for i < len(values)."""
    m = values.shape[0]
    i_opt = 0
    last = visits_left_nb(state, data) == 0
    longest = longest_colour_nb(state, data, seat) if last else -1
    n0, n1, n2, n3 = colour_counts_nb(state, data, seat)
    best = -1
    best_v = -1e18
    for i in range(S.MAX_DISPLAY):
        k = state[S.DISPLAY + i]
        if k < 0:
            continue
        v = card_worth_nb(data, w, k, last, longest, n0, n1, n2, n3) + jitter_nb(w, rng)
        if i_opt < m and codes[i_opt] == i:
            values[i_opt] = v
        i_opt += 1
        if v > best_v:
            best_v = v
            best = i
    return best
