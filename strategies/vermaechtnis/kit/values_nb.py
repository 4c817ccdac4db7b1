"""What an antique or a collection card is worth to a seat, from public data only (V-I1).

Shared by the scripted strategies and `weighted`: the shortfall towards each collection
card (asked through the engine's `meets_nb` definitions), colour pairs against the lone
colour discard (V-P1), how many cards of a colour are still to come (the composition of
the draw pile and offer is public; its order is not), and the default picks for V-D2
and V-D3.
"""

from simcore.core.nb.numba_compat import njit_static
from simcore.vermaechtnis import data_layout as T
from simcore.vermaechtnis import layout as S
from simcore.vermaechtnis.enums import (
    ACT_BUY,
    N_ACTS,
    N_COLOURS,
    N_TYPES,
    REQ_DIFFERENT,
    W_DECK,
    W_OFFER,
)
from simcore.vermaechtnis.nb.collect_nb import blocked_mask_nb, give_up_ok_nb
from simcore.vermaechtnis.rules import R

NO_CARD = -1


@njit_static(cache=True, inline="always")
def types_held_nb(counts, base):
    """(number of different types held, bit mask of the types not held) for a holding
    of counts[base + t] per type; computed once per decision for shortfall_nb."""
    n = 0
    absent = 0
    for t in range(N_TYPES):
        if counts[base + t] > 0:
            n += 1
        else:
            absent |= 1 << t
    return n, absent


@njit_static(
    cache=True, inline="always",
)  # fmt: skip
def shortfall_nb(cards, k, counts, base, distinct, absent):
    """(antiques still missing for card k's requirement, 0 = met; bit mask of the types
    one more antique of which would lower that number) for a holding of counts[base + t]
    per type with types_held_nb's (distinct, absent) (V-A3a: colour plays no role)."""
    c = T.COLL + k * T.COLL_W
    if cards[c + T.C_REQ] == REQ_DIFFERENT:
        miss = cards[c + T.C_DIFFERENT] - distinct
        if miss <= 0:
            return 0, 0
        return miss, absent
    miss = 0
    drops = 0
    for j in range(cards[c + T.C_N_NEEDED]):
        t = cards[c + T.C_NEEDED + j]
        d = cards[c + T.C_NEED + t] - counts[base + t]
        if d > 0:
            miss += d
            drops |= 1 << t
    return miss, drops


@njit_static(cache=True, inline="always")
def holding_key_nb(state, seat):
    """A value that changes whenever what `seat` could still collect may have changed:
    the supply, its held cards, and its purchases and give-ups (the only moves of its
    antiques before the end). Strategies cache per-seat work in scratch under it."""
    buys = state[S.ACTS + seat * N_ACTS + ACT_BUY]
    return (
        state[S.SUPPLY]
        | (state[S.COLL + seat] << 16)
        | (buys << 32)
        | (state[S.GAVE_UP + seat] << 44)
        | (1 << 56)
    )


@njit_static(cache=True)
def open_cards_nb(state, cards, rules, seat):
    """Bit mask of the cards `seat` could still collect: in the supply, not held, not
    blocked (V-A3c, V-A3d); the requirement is not checked."""
    held = state[S.COLL + seat]
    return state[S.SUPPLY] & ~held & ~blocked_mask_nb(cards, rules, held)


@njit_static(cache=True, inline="always")
def colour_to_come_nb(state, c):
    """Antiques of colour c still in the draw pile or the offer (public composition)."""
    n = 0
    for t in range(N_TYPES):
        w = state[S.WHERE + t * N_COLOURS + c]
        if w == W_DECK or w == W_OFFER:
            n += 1
    return n


@njit_static(cache=True, inline="always")
def lone_card_nb(state, seat, c):
    """The seat's only antique of colour c, -1 if it has none or several (V-P1)."""
    if state[S.OWN_COLOUR + seat * N_COLOURS + c] != 1:
        return -1
    for t in range(N_TYPES):
        a = t * N_COLOURS + c
        if state[S.WHERE + a] == seat:
            return a
    return -1


@njit_static(cache=True, inline="always")
def days_left_nb(state, rules):
    """Sales days after the running one (the pile is public in size, V-I1)."""
    return (state[S.DECK_N] - state[S.DECK_POS]) // rules[R.OFFER_SIZE]


@njit_static(cache=True)
def give_up_loss_nb(state, cards, rules, seat, a):
    """Points lost by giving up antique a, doubled: its value, plus the value of its
    colour partner if that would be left alone (V-P1); a card that is lone already costs
    half (it is lost at the end unless paired). Without V-P1 just its value."""
    if rules[R.LONE_DISCARD] == 0:
        return 2 * cards[T.VALUE + a]
    c = a % N_COLOURS
    n = state[S.OWN_COLOUR + seat * N_COLOURS + c]
    v = cards[T.VALUE + a]
    if n == 1:
        return v  # would be discarded anyway unless paired later
    if n == 2:
        for t in range(N_TYPES):
            b = t * N_COLOURS + c
            if b != a and state[S.WHERE + b] == seat:
                return 2 * (v + cards[T.VALUE + b])
    return 2 * v


@njit_static(cache=True)
def cheapest_give_up_nb(state, cards, rules, seat):
    """V-D3: the legal give-up that loses the fewest points (ties: lowest id)."""
    k = state[S.GIVE_CARD]
    best = -1
    best_loss = 1 << 40
    for a in range(N_TYPES * N_COLOURS):
        if state[S.WHERE + a] == seat and give_up_ok_nb(state, cards, rules, seat, k, a):
            loss = give_up_loss_nb(state, cards, rules, seat, a)
            if loss < best_loss:
                best_loss = loss
                best = a
    return best


@njit_static(cache=True)
def best_collection_nb(state, cards, field, small_first):
    """V-D2: the eligible card (state ELIGIBLE) with the most points. With small_first, a
    small card whose large partner of the same sort is also eligible goes first: small
    then large earns both (V-A3c), large first blocks the small one."""
    mask = state[S.ELIGIBLE]
    best = NO_CARD
    best_pts = -1
    for k in range(cards[T.N_COLL]):
        if (mask >> k) & 1:
            c = T.COLL + k * T.COLL_W
            pts = cards[c + T.C_POINTS + field]
            if small_first != 0 and cards[c + T.C_LARGE] == 0:
                if mask & cards[T.LARGE_MASK + cards[c + T.C_SORT]]:
                    pts += 1000
            if pts > best_pts:
                best_pts = pts
                best = k
    return best


@njit_static(cache=True, inline="always")
def points_field_nb(rules):
    """Offset from C_POINTS of the side in play: beige, or grey with V-V1."""
    return T.C_GREY_POINTS - T.C_POINTS if rules[R.GREY_SIDES] != 0 else 0
