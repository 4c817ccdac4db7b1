"""The building deck and its display (P-S5, P-A2b..P-A2d, P-E1) and the action deck
(P-S7, P-A6, P-F2)."""

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.skeleton_nb import log_nb

from .. import data_layout as D
from .. import layout as S
from ..enums import (
    END_CARD,
    END_CARDS,
    EV_DISPLAY,
    EV_RESHUFFLE,
    EV_UNBUILDABLE,
    N_DISPLAY,
    N_PALACE,
    N_RES,
    TREASURY_1,
    TREASURY_2,
)
from .rand_nb import shuffle_range_nb

PHASE_1 = 0  # BDECK[0:8] the "1" cards, then treasury 1 at 8
PHASE_2 = 9  # BDECK[9:17] the "2" cards, then treasury 2 at 17
PHASE_3 = 18  # BDECK[18:23] five "3" cards
PHASE_4 = 23  # BDECK[23:27] three "3" cards and the end card, shuffled


@njit_static(cache=True)
def build_deck_nb(state):
    """P-S5: top to bottom the 8 arches shuffled, treasury 1, the 8 fountains shuffled,
    treasury 2, 5 of the columns, then the other 3 columns shuffled with the end card.
    Palace card ids are (element - 1) * 8 + i (game_data sorts them so)."""
    b = S.BDECK
    for i in range(8):
        state[b + PHASE_1 + i] = i
        state[b + PHASE_2 + i] = 8 + i
    state[b + 8] = TREASURY_1
    state[b + 17] = TREASURY_2
    for i in range(8):
        state[b + PHASE_3 + i] = 16 + i
    shuffle_range_nb(state, b + PHASE_1, b + PHASE_1 + 8)
    shuffle_range_nb(state, b + PHASE_2, b + PHASE_2 + 8)
    shuffle_range_nb(state, b + PHASE_3, b + PHASE_3 + 8)  # engine: shuffle 8, split 5 + 3
    state[b + 26] = END_CARD
    shuffle_range_nb(state, b + PHASE_4, b + PHASE_4 + 4)
    state[S.BDECK_POS] = 0


@njit_static(cache=True)
def draw_building_nb(state):
    """The top building card, -1 when the deck is empty."""
    pos = state[S.BDECK_POS]
    if pos >= 27:
        return -1
    state[S.BDECK_POS] = pos + 1
    return state[S.BDECK + pos]


@njit_static(cache=True)
def buildable_nb(state, data, card):
    """P-A2: a garden holding a higher element cannot take a lower one."""
    return state[S.LEVEL + data[D.GARDEN + card]] <= data[D.ELEMENT + card]


@njit_static(cache=True)
def card_gone_nb(state):
    """One palace card built or removed; P-E1: the 24th ends the game."""
    state[S.GONE] += 1
    if state[S.GONE] >= N_PALACE and state[S.END_REASON] == 0:
        state[S.END_REASON] = END_CARDS


@njit_static(cache=True)
def purge_display_nb(state, data, log):
    """P-A2d: a palace card that can no longer be built leaves at once; refill; repeat."""
    again = True
    while again:
        again = False
        for k in range(N_DISPLAY):
            c = state[S.DISPLAY + k]
            if 0 <= c < N_PALACE and not buildable_nb(state, data, c):
                log_nb(state, log, -1, EV_UNBUILDABLE, c, k, 0, 0)
                card_gone_nb(state)
                shift_display_nb(state, log, k)
                again = True
                break


@njit_static(cache=True)
def shift_display_nb(state, log, k):
    """P-A2c: the card on field k leaves; the cards behind move towards 5.1; a new card is
    drawn onto 5.3 (none when the deck is empty)."""
    for i in range(k, N_DISPLAY - 1):
        state[S.DISPLAY + i] = state[S.DISPLAY + i + 1]
    c = draw_building_nb(state)
    state[S.DISPLAY + N_DISPLAY - 1] = c
    if c >= 0:
        log_nb(state, log, -1, EV_DISPLAY, N_DISPLAY - 1, c, 0, 0)


@njit_static(cache=True)
def take_from_display_nb(state, data, log, k):
    """P-A2c then P-A2d."""
    shift_display_nb(state, log, k)
    purge_display_nb(state, data, log)


@njit_static(cache=True)
def deal_display_nb(state, data, log):
    """P-S5: three cards onto 5.1, 5.2, 5.3 in that order."""
    for k in range(N_DISPLAY):
        c = draw_building_nb(state)
        state[S.DISPLAY + k] = c
        log_nb(state, log, -1, EV_DISPLAY, k, c, 0, 0)
    purge_display_nb(state, data, log)


@njit_static(cache=True)
def build_action_deck_nb(state, data):
    """P-S7: the unmarked action cards shuffled face down (P-C6 mix from the data)."""
    n = 0
    for t in range(N_RES):
        for _ in range(data[D.ACTION_COUNT + t]):
            state[S.ADECK + n] = t
            n += 1
    state[S.ADECK_N] = n
    shuffle_range_nb(state, S.ADECK, S.ADECK + n)


@njit_static(cache=True)
def draw_action_nb(state, log):
    """P-A6: the top action card, reshuffling the discards into a new deck when the deck
    is empty; -1 when both are empty."""
    if state[S.ADECK_N] == 0 and state[S.DISCARD_N] > 0:
        n = 0
        for t in range(N_RES):
            for _ in range(state[S.DISCARD + t]):
                state[S.ADECK + n] = t
                n += 1
            state[S.DISCARD + t] = 0
        state[S.ADECK_N] = n
        state[S.DISCARD_N] = 0
        shuffle_range_nb(state, S.ADECK, S.ADECK + n)
        log_nb(state, log, -1, EV_RESHUFFLE, n, 0, 0, 0)
    n = state[S.ADECK_N]
    if n == 0:
        return -1
    state[S.ADECK_N] = n - 1
    return state[S.ADECK + n - 1]


@njit_static(cache=True)
def discard_action_nb(state, t):
    state[S.DISCARD + t] += 1
    state[S.DISCARD_N] += 1
