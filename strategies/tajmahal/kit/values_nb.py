"""What the prizes of a visit, the cities of its province and the cards are worth to a
seat, in points (public information and the seat's own hand only, T-I2).

A prize's worth (T-A3..T-A5) is what it scores now plus what it prepares:
- vizier, general, monk, princess: a palace on the best free city of the province (its
  bonus tile, T-P1; the other provinces it chains to, T-P2; its roads into provinces
  still to be visited, the chains of later visits) and the influence tile (a first one
  of its type, or the pair that brings the special card, T-R4);
- grand mogul: the crowned palace on the best city (chain and roads, no bonus tile, T-A4);
- elephant: the province tile's commodities, each 1 + those of its kind held (T-P3), and
  each one more for every commodity of its kind still to come.
Placing any palace at all adds the province's own point (T-P2: 1 + chained provinces,
counted once per withdrawal: `base`).
"""

import numpy as np

from simcore.core.nb.numba_compat import njit_static
from simcore.tajmahal import data_layout as D
from simcore.tajmahal import layout as S
from simcore.tajmahal.enums import (
    B_CARD,
    B_PLUS2,
    B_TAJ,
    ELEPHANT,
    FX_POINTS,
    MOGUL,
    N_COLOURS,
    N_COMMODITIES,
    N_INFLUENCE,
    SPECIAL,
    WHITE,
)
from simcore.tajmahal.nb.palace_nb import connected_mask_nb
from simcore.tajmahal.rules import R
from strategies.tajmahal.kit import layout as K
from strategies.tajmahal.kit import weights as W


@njit_static(cache=True)
def popcount_nb(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit_static(cache=True)
def future_cities_nb(state, data):
    """Cities of the provinces whose visit is still to come (T-S1: tile order)."""
    mask = 0
    for p in range(data[D.N_PROV]):
        if state[S.PROV_TILE + p] > state[S.VISIT]:
            mask |= data[D.PROV_MASK + p]
    return mask


@njit_static(cache=True)
def future_nb(state, data, scratch):
    """scratch[FUTURE_CITIES], scratch[FUTURE_COMM + k]: what is still to come, kept for
    the visit - the cities of later provinces, and the commodities of each kind on later
    province tiles and on bonus tiles in later provinces (each will score one more for
    every one of its kind held; those bonus tiles stay where they are until visited)."""
    if scratch[K.FUTURE_KEY] == state[S.VISIT]:
        return
    scratch[K.FUTURE_KEY] = state[S.VISIT]
    fut = future_cities_nb(state, data)
    scratch[K.FUTURE_CITIES] = fut
    for k in range(N_COMMODITIES):
        n = 0
        for t in range(state[S.VISIT], data[D.N_PROV]):
            n += data[D.TILE_COMM + t * N_COMMODITIES + k]
        scratch[K.FUTURE_COMM + k] = n
    c = 0
    while fut:
        b = state[S.BONUS_AT + c]
        if fut & 1 and 0 <= b < N_COMMODITIES:
            scratch[K.FUTURE_COMM + b] += 1
        fut >>= 1
        c += 1
    mask = data[D.PROV_MASK + state[S.CUR_PROV]]
    n = 0
    c = 0
    while mask and n < 8:
        if mask & 1:
            scratch[K.HERE + n] = c
            n += 1
        mask >>= 1
        c += 1
    scratch[K.HERE_N] = n


@njit_static(cache=True)
def chained_nb(state, data, seat, city):
    """T-P2 with one more palace on `city`: the other provinces chained to the seat's
    palaces in the current province."""
    prov = state[S.CUR_PROV]
    if state[S.PALACES + seat] & ~data[D.PROV_MASK + prov] == 0:
        return 0  # no palace outside the province: nothing to chain to
    own = state[S.PALACES + seat] | (np.int64(1) << city)
    reached = connected_mask_nb(data, own, own & data[D.PROV_MASK + prov])
    provs = 0
    c = 0
    while reached:
        if reached & 1:
            provs |= np.int64(1) << data[D.CITY_PROV + c]
        reached >>= 1
        c += 1
    provs &= ~(np.int64(1) << prov)
    return popcount_nb(provs)


@njit_static(cache=True)
def bonus_worth_nb(state, data, rules, seat, b, w, scratch):
    """T-P1: a bonus tile's points to the seat (a commodity with its future worth)."""
    if b < 0:
        return 0.0
    if b < N_COMMODITIES:
        held = state[S.COMM + seat * N_COMMODITIES + b]
        fut = scratch[K.FUTURE_COMM + b]
        return w[W.W_BONUS] * (w[W.W_COMMODITY] * (1 + held) + w[W.W_FUTURE] * fut)
    if b == B_PLUS2:
        return w[W.W_BONUS] * rules[R.PLUS2_POINTS]
    if b == B_CARD:
        return w[W.W_BONUS] * w[W.W_CARD]
    if b == B_TAJ:
        return w[W.W_BONUS] * rules[R.TAJ_POINTS]
    return 0.0


@njit_static(cache=True)
def city_worth_nb(state, data, rules, seat, city, crowned, fut, w, scratch):
    """A palace on `city`: chained provinces, roads into later provinces, and (normal
    palace only, T-A3/T-A4) the city's bonus tile."""
    v = w[W.W_PALACE] * chained_nb(state, data, seat, city)
    v += w[W.W_NETWORK] * popcount_nb(data[D.ADJ + city] & fut)
    if not crowned:
        v += bonus_worth_nb(state, data, rules, seat, state[S.BONUS_AT + city], w, scratch)
    return v


@njit_static(cache=True)
def best_city_nb(state, data, rules, seat, crowned, w, scratch):
    """(best city, its worth) among the legal ones (T-A3: no normal palace yet; T-A4: any
    city of the province); (-1, 0) if none."""
    future_nb(state, data, scratch)
    fut = scratch[K.FUTURE_CITIES]
    best = -1
    best_v = -1e18
    for i in range(scratch[K.HERE_N]):
        c = scratch[K.HERE + i]
        ok = crowned or state[S.CITY_NORMAL + c] < 0
        if ok and not crowned and rules[R.OWN_CROWN_CITY_OPEN] == 0:
            ok = state[S.CITY_CROWNED + c] != seat
        if ok:
            v = city_worth_nb(state, data, rules, seat, c, crowned, fut, w, scratch)
            if v > best_v:
                best_v = v
                best = c
    if best < 0:
        return -1, 0.0
    return best, best_v


@njit_static(cache=True)
def visits_left_nb(state, data):
    return data[D.N_PROV] - state[S.VISIT]


@njit_static(cache=True)
def influence_worth_nb(state, data, rules, seat, t, w):
    """The influence tile of type t (T-A3): a first one, or the pair that brings the
    special card (T-R4) - worth more the more visits remain to play it."""
    held = state[S.OVALS + seat * N_INFLUENCE + t]
    left = visits_left_nb(state, data)
    if held == 0:
        return w[W.W_HALF] if left > 0 else 0.0
    if state[S.SPECIAL_HOLDER + t] == seat:
        return 0.0
    v = w[W.W_PAIR] * (1.0 + left / 4.0)
    if rules[R.SPECIAL_FX + t] == FX_POINTS:
        v += w[W.W_POINTS_CARD] * left * rules[R.SPECIAL_POINTS] / 2.0
    return v


@njit_static(cache=True)
def tile_worth_nb(state, data, rules, seat, w, scratch):
    """T-P3: the current province tile's commodities, each 1 + those of its kind held
    (T-P3a default: each counts the held ones), plus their future worth."""
    t = state[S.CUR_TILE] - 1
    v = 0.0
    for k in range(N_COMMODITIES):
        m = data[D.TILE_COMM + t * N_COMMODITIES + k]
        if m > 0:
            held = state[S.COMM + seat * N_COMMODITIES + k]
            fut = scratch[K.FUTURE_COMM + k]
            v += m * (w[W.W_COMMODITY] * (1 + held) + w[W.W_FUTURE] * fut)
    return v


@njit_static(cache=True)
def normals_here_nb(state, data, scratch):
    """Normal palaces in the current province (they change the free cities)."""
    future_nb(state, data, scratch)
    n = 0
    for i in range(scratch[K.HERE_N]):
        if state[S.CITY_NORMAL + scratch[K.HERE + i]] >= 0:
            n += 1
    return n


@njit_static(cache=True)
def prize_worths_nb(state, data, rules, seat, w, scratch):
    """scratch[CACHE_VAL + s]: the worth of prize s to the seat, scratch[CACHE_BASE] the
    province point of placing any palace (fixed point K.FIX). Kept while the visit and
    the palaces in its province are unchanged (the seat's own holdings only change when
    it withdraws, and then it decides no more turns this visit)."""
    key = state[S.VISIT] * 64 + normals_here_nb(state, data, scratch) + 1
    if state[S.CROWN_CITY] >= 0:
        key += 32
    if scratch[K.CACHE_KEY] == key:
        return
    scratch[K.CACHE_KEY] = key
    future_nb(state, data, scratch)
    fut = scratch[K.FUTURE_CITIES]
    city = -1  # best_city_nb for a normal and a crowned palace in one pass (one chain each)
    place = -1e18
    crown_city = -1
    crown_v = -1e18
    for i in range(scratch[K.HERE_N]):
        c = scratch[K.HERE + i]
        v = w[W.W_PALACE] * chained_nb(state, data, seat, c)
        v += w[W.W_NETWORK] * popcount_nb(data[D.ADJ + c] & fut)
        if v > crown_v:
            crown_v = v
            crown_city = c
        ok = state[S.CITY_NORMAL + c] < 0
        if ok and rules[R.OWN_CROWN_CITY_OPEN] == 0:
            ok = state[S.CITY_CROWNED + c] != seat
        if ok:
            v += bonus_worth_nb(state, data, rules, seat, state[S.BONUS_AT + c], w, scratch)
            if v > place:
                place = v
                city = c
    if city < 0:
        place = 0.0
    if crown_city < 0:
        crown_v = 0.0
    for t in range(N_INFLUENCE):
        v = place + influence_worth_nb(state, data, rules, seat, t, w)
        scratch[K.CACHE_VAL + t] = np.int64(v * K.FIX)
        scratch[K.CACHE_CITY + t] = city
    scratch[K.CACHE_VAL + MOGUL] = np.int64((crown_v + w[W.W_CROWN]) * K.FIX)
    scratch[K.CACHE_CITY + MOGUL] = crown_city
    v = tile_worth_nb(state, data, rules, seat, w, scratch)
    scratch[K.CACHE_VAL + ELEPHANT] = np.int64(v * K.FIX)
    scratch[K.CACHE_CITY + ELEPHANT] = -1
    scratch[K.CACHE_BASE] = np.int64(w[W.W_PALACE] * K.FIX)


@njit_static(cache=True)
def colour_counts_nb(state, data, seat):
    """Cards of each of the four colours in the seat's hand."""
    nk = data[D.N_KINDS]
    hand = S.HAND + seat * D.MAX_KINDS
    c0 = c1 = c2 = c3 = 0
    for k in range(nk):
        n = state[hand + k]
        if n:
            col = data[D.KIND_COLOUR + k]
            c0 += n * (col == 0)
            c1 += n * (col == 1)
            c2 += n * (col == 2)
            c3 += n * (col == 3)
    return c0, c1, c2, c3


@njit_static(cache=True)
def longest_colour_nb(state, data, seat):
    """The colour the seat holds most cards of (T-P4), -1 if none."""
    c0, c1, c2, c3 = colour_counts_nb(state, data, seat)
    best = -1
    top = 0
    if c0 > top:
        best, top = 0, c0
    if c1 > top:
        best, top = 1, c1
    if c2 > top:
        best, top = 2, c2
    if c3 > top:
        best, top = 3, c3
    return best


@njit_static(cache=True)
def colour_count_nb(state, data, seat, colour):
    nk = data[D.N_KINDS]
    hand = S.HAND + seat * D.MAX_KINDS
    n = 0
    for k in range(nk):
        if data[D.KIND_COLOUR + k] == colour:
            n += state[hand + k]
    return n


@njit_static(cache=True)
def end_worth_nb(data, kind, longest):
    """T-P4: what a card in hand scores at the end (white and special 1, a card of the
    longest colour 1, others 0)."""
    col = data[D.KIND_COLOUR + kind]
    if col == WHITE or col == SPECIAL:
        return 1.0
    if col == longest and col < N_COLOURS:
        return 1.0
    return 0.0
