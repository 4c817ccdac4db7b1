"""The market: draw pile, offer, trade cards and money (V-S1, V-S2, V-S4, V-A1, V-A2,
V-A4, V-R1, V-R2, V-E1).

Every antique is in exactly one place, kept twice on purpose: WHERE names the place of
each card, and the place itself (draw pile order, offer slot, the seat's per-type and
per-colour counts) is what the rules read fast. The helpers here are the only code
that moves a card, so the two views cannot drift apart.
"""

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.skeleton_nb import log_nb, shuffle_nb

from .. import layout as S
from ..enums import (
    ACT_BUY,
    ACT_TAKE_GOLD,
    E_BAD_SLOT,
    E_CANNOT_PAY,
    E_OK,
    EV_BUY,
    EV_DAY,
    EV_GOLD,
    EV_OFFER,
    EV_TAX,
    N_ACTS,
    N_ANTIQUES,
    N_COLOURS,
    N_TYPES,
    W_DECK,
    W_GONE,
    W_OFFER,
)
from ..rules import R


@njit_static(cache=True)
def shuffle_deck_nb(state, rng):
    """V-S1 / V-I2: the 36 antiques shuffled face down; the game's only chance (stream 0)."""
    n = N_ANTIQUES
    for a in range(n):
        state[S.WHERE + a] = W_DECK
    shuffle_nb(state, S.DECK, n, rng)
    state[S.DECK_N] = n
    state[S.DECK_POS] = 0


@njit_static(cache=True, inline="always")
def leftmost_coin_nb(state):
    """The leftmost trade card that still holds a coin, -1 if none (V-A1, V-A2)."""
    for k in range(state[S.N_TRADE]):
        if state[S.COIN + k] != 0:
            return k
    return -1


@njit_static(cache=True)
def price_nb(state):
    """V-A2: the price is the value of the leftmost trade card with a coin (-1: none)."""
    k = leftmost_coin_nb(state)
    if k < 0:
        return -1
    return state[S.PRICE + k]


@njit_static(cache=True, inline="always")
def buy_error_at_nb(state, seat, slot, price):
    """E_OK if `seat` may buy the antique in offer slot `slot` at `price` (V-A2): the
    slot holds an antique and the seat's money covers the price."""
    if slot < 0 or slot >= S.MAX_OFFER or state[S.OFFER + slot] < 0:
        return E_BAD_SLOT
    if state[S.MONEY + seat] < price:
        return E_CANNOT_PAY
    return E_OK


@njit_static(cache=True)
def buy_error_nb(state, seat, slot):
    """E_OK if `seat` may buy the antique in offer slot `slot` now (V-A2)."""
    return buy_error_at_nb(state, seat, slot, price_nb(state))


@njit_static(cache=True)
def add_antique_nb(state, seat, a):
    """Antique a becomes seat's (bought, V-A2): face up, public, sorted by type."""
    state[S.WHERE + a] = seat
    state[S.OWN_TYPE + seat * N_TYPES + a // N_COLOURS] += 1
    state[S.OWN_COLOUR + seat * N_COLOURS + a % N_COLOURS] += 1
    state[S.N_OWNED + seat] += 1
    state[S.NOTHING_ELIGIBLE + seat] = 0


@njit_static(cache=True)
def remove_antique_nb(state, seat, a, where):
    """Seat's antique a leaves him for `where` (W_GONE for V-A3b, W_LONE for V-P1)."""
    state[S.WHERE + a] = where
    state[S.OWN_TYPE + seat * N_TYPES + a // N_COLOURS] -= 1
    state[S.OWN_COLOUR + seat * N_COLOURS + a % N_COLOURS] -= 1
    state[S.N_OWNED + seat] -= 1
    state[S.NOTHING_ELIGIBLE + seat] = 0


@njit_static(cache=True)
def take_gold_nb(state, rules, log, seat):
    """V-A1: the coin of the leftmost trade card that holds one, never another; taking
    the last coin ends the day (V-R1). V-T2: a running day always has a coin."""
    k = leftmost_coin_nb(state)
    state[S.COIN + k] = 0
    state[S.MONEY + seat] += rules[R.GOLD_VALUE]
    state[S.ACTS + seat * N_ACTS + ACT_TAKE_GOLD] += 1
    if leftmost_coin_nb(state) < 0:
        state[S.DAY_OVER] = 1  # V-R1: the last coin
    log_nb(state, log, seat, EV_GOLD, k, rules[R.GOLD_VALUE], state[S.MONEY + seat], 0)


@njit_static(cache=True)
def buy_nb(state, log, seat, slot):
    """V-A2: the antique of `slot` for the current price (checked by buy_error_nb);
    buying the last antique of the offer ends the day (V-R1)."""
    price = price_nb(state)
    a = state[S.OFFER + slot]
    state[S.OFFER + slot] = -1
    state[S.OFFER_N] -= 1
    state[S.MONEY + seat] -= price
    state[S.SPENT + seat] += price
    add_antique_nb(state, seat, a)
    state[S.ACTS + seat * N_ACTS + ACT_BUY] += 1
    if state[S.OFFER_N] == 0:
        state[S.DAY_OVER] = 1  # V-R1: the last antique
    log_nb(state, log, seat, EV_BUY, slot, a, price, state[S.MONEY + seat])


@njit_static(cache=True)
def pay_taxes_nb(state, rules, log, seat):
    """V-A4: money above the cap goes to the bank (no decision: money is fungible)."""
    over = state[S.MONEY + seat] - rules[R.TAX_CAP]
    if over > 0:
        state[S.MONEY + seat] = rules[R.TAX_CAP]
        state[S.TAXES + seat] += over
        log_nb(state, log, seat, EV_TAX, over, state[S.MONEY + seat], 0, 0)


@njit_static(cache=True)
def clear_offer_nb(state):
    """The antiques left in the offer leave the game face down (V-R2, V-V1c); they were
    face up, so which cards left stays public (V-I1). Returns how many."""
    n = 0
    for i in range(S.MAX_OFFER):
        a = state[S.OFFER + i]
        if a >= 0:
            state[S.WHERE + a] = W_GONE
            state[S.OFFER + i] = -1
            n += 1
    state[S.OFFER_N] = 0
    return n


@njit_static(cache=True)
def start_day_nb(state, rules, log):
    """V-R2 (and V-S1, V-S4 for day 1): lay out a new offer and put a gold coin on every
    empty trade card. False if the draw pile cannot supply the offer: V-E1, the game
    ends ([choice] short_offer_ends; otherwise the last cards form a smaller offer)."""
    size = rules[R.OFFER_SIZE]
    left = state[S.DECK_N] - state[S.DECK_POS]
    if left < size:
        if rules[R.SHORT_OFFER_ENDS] != 0 or left <= 0:
            return False
        size = left
    state[S.DAY] += 1
    state[S.DAY_OVER] = 0
    log_nb(state, log, -1, EV_DAY, state[S.DAY], 0, 0, 0)
    for i in range(size):
        a = state[S.DECK + state[S.DECK_POS]]
        state[S.DECK_POS] += 1
        state[S.OFFER + i] = a
        state[S.WHERE + a] = W_OFFER
        log_nb(state, log, -1, EV_OFFER, i, a, 0, 0)
    state[S.OFFER_N] = size
    for k in range(state[S.N_TRADE]):
        state[S.COIN + k] = 1  # V-R2 / V-S4: every day starts with all coins out
    return True
