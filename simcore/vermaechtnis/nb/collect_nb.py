"""Collection cards (V-A3): who may take which card, what must be given up, and taking it.

One source for the rule: the engine asks these functions, and so do strategies, also
for hypothetical holdings (`meets_nb` reads type counts from any array at any offset,
so a strategy can ask "would this purchase earn a card?" on a scratch copy).
"""

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.skeleton_nb import log_nb

from .. import data_layout as T
from .. import layout as S
from ..enums import (
    EV_COLLECT,
    EV_GIVE_UP,
    N_COLOURS,
    N_SORTS,
    N_TYPES,
    REQ_DIFFERENT,
    W_GONE,
)
from ..rules import R
from .market_nb import remove_antique_nb


@njit_static(cache=True, inline="always")
def meets_nb(cards, k, counts, base):
    """V-A3a: does a holding of counts[base + t] antiques per type meet card k's
    requirement? Colour plays no role; antiques are not used up."""
    c = T.COLL + k * T.COLL_W
    if cards[c + T.C_REQ] == REQ_DIFFERENT:
        n = 0
        for t in range(N_TYPES):
            if counts[base + t] > 0:
                n += 1
        return n >= cards[c + T.C_DIFFERENT]
    for j in range(cards[c + T.C_N_NEEDED]):
        t = cards[c + T.C_NEEDED + j]
        if counts[base + t] < cards[c + T.C_NEED + t]:
            return False
    return True


@njit_static(cache=True, inline="always")
def blocked_mask_nb(cards, rules, held):
    """V-A3c: the small cards a seat holding the cards `held` (bit mask) may not take -
    every small card of a sort whose large card it holds; small first, then large, is
    allowed. 0 with the switch large_blocks_small off."""
    if rules[R.LARGE_BLOCKS_SMALL] == 0:
        return 0
    out = 0
    for s in range(N_SORTS):
        if held & cards[T.LARGE_MASK + s]:
            out |= cards[T.SMALL_MASK + s]
    return out


@njit_static(cache=True)
def give_up_types_nb(cards, rules, k, counts, base):
    """V-A3b: bit mask of the types from which a give-up for card k is legal (0 = none;
    -1 if card k asks for no give-up). [choice] check_before_give_up: the requirement is
    checked before the give-up, so the card given up may be one that counted; otherwise
    the holding must still meet it afterwards. Either way only the pictured types."""
    pictured = cards[T.COLL + k * T.COLL_W + T.C_GIVE_UP]
    if pictured == 0:
        return -1
    ok = 0
    for t in range(N_TYPES):
        if (pictured >> t) & 1 and counts[base + t] > 0:
            if rules[R.CHECK_BEFORE_GIVE_UP] != 0:
                ok |= 1 << t
            else:
                counts[base + t] -= 1
                if meets_nb(cards, k, counts, base):
                    ok |= 1 << t
                counts[base + t] += 1
    return ok


@njit_static(cache=True)
def eligible_mask_nb(state, cards, rules, seat):
    """Bit mask of the collection cards `seat` may take now (V-D2 options besides NONE):
    in the general supply (V-A3d: other players' cards are never taken), not blocked by a
    held large card (V-A3c), the requirement met (V-A3a) and, for a card with a
    crossed-out antique, something to give up (V-A3b)."""
    out = 0
    base = S.OWN_TYPE + seat * N_TYPES
    held = state[S.COLL + seat]
    todo = state[S.SUPPLY] & ~held & ~blocked_mask_nb(cards, rules, held)
    k = 0
    while todo:  # only cards in the supply, not held, not blocked: then the requirement
        if todo & 1 and meets_nb(cards, k, state, base):
            if cards[T.COLL + k * T.COLL_W + T.C_GIVE_UP] == 0:
                out |= 1 << k
            elif give_up_types_nb(cards, rules, k, state, base) != 0:
                out |= 1 << k
        todo >>= 1
        k += 1
    return out


@njit_static(cache=True)
def eligible_nb(state, cards, rules, seat, k):
    """May `seat` take collection card k now (V-A3)?"""
    if k < 0 or k >= cards[T.N_COLL]:
        return False
    return (eligible_mask_nb(state, cards, rules, seat) >> k) & 1 == 1


@njit_static(cache=True)
def give_up_ok_nb(state, cards, rules, seat, k, a):
    """V-A3b: may `seat` give up antique a for card k (own, of a legal pictured type)?"""
    if a < 0 or a >= N_TYPES * N_COLOURS or state[S.WHERE + a] != seat:
        return False
    ok = give_up_types_nb(cards, rules, k, state, S.OWN_TYPE + seat * N_TYPES)
    return ok > 0 and (ok >> (a // N_COLOURS)) & 1 == 1


@njit_static(cache=True)
def first_give_up_nb(state, cards, rules, seat, k):
    """The lowest-numbered antique `seat` may give up for card k (the default answer)."""
    for a in range(N_TYPES * N_COLOURS):
        if give_up_ok_nb(state, cards, rules, seat, k, a):
            return a
    return -1


@njit_static(cache=True)
def take_card_nb(state, log, seat, k):
    """V-A3: card k leaves the supply and is the seat's for good (V-A3d)."""
    state[S.SUPPLY] &= ~(1 << k)
    state[S.COLL + seat] |= 1 << k
    state[S.TOOK] = k
    log_nb(state, log, seat, EV_COLLECT, k, 0, 0, 0)


@njit_static(cache=True)
def give_up_nb(state, log, seat, a):
    """V-A3b: the chosen antique leaves the game face down (checked by give_up_ok_nb)."""
    remove_antique_nb(state, seat, a, W_GONE)
    state[S.GAVE_UP + seat] += 1
    log_nb(state, log, seat, EV_GIVE_UP, a, 0, 0, 0)
