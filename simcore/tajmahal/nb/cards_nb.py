"""Cards: the engine's random stream, the draw pile with its reshuffle (T-R6), the
display (T-S4, T-R5), hands and the discard pile (T-A7, T-I1)."""

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import state_randint_nb
from simcore.core.nb.skeleton_nb import log_nb

from .. import data_layout as D
from .. import layout as S
from ..enums import EV_DRAW, EV_RESHUFFLE, SPECIAL
from ..rules import R


@njit_static(cache=True)
def rand_nb(state, n):
    """Uniform integer in [0, n) from the stream kept in the state (S.RNG), so that a
    reshuffle during play needs no random array and a state copy replays it. Every
    random event of the game comes from here (T-I3): province order, bonus tiles, deal,
    displays, blind draws, reshuffles, the start player."""
    return state_randint_nb(state, S.RNG, n)


@njit_static(cache=True)
def shuffle_pile_nb(state):
    """Fisher-Yates over PILE[0 .. PILE_N - 1]."""
    for i in range(state[S.PILE_N] - 1, 0, -1):
        j = rand_nb(state, i + 1)
        a = state[S.PILE + i]
        state[S.PILE + i] = state[S.PILE + j]
        state[S.PILE + j] = a


@njit_static(cache=True)
def refill_pile_nb(state, data, log):
    """T-R6: the discard pile, shuffled, becomes the new draw pile."""
    n = 0
    for k in range(data[D.N_KINDS]):
        for _ in range(state[S.DISCARD + k]):
            state[S.PILE + n] = k
            n += 1
        state[S.DISCARD + k] = 0
    state[S.PILE_N] = n
    state[S.DISCARD_N] = 0
    shuffle_pile_nb(state)
    log_nb(state, log, -1, EV_RESHUFFLE, n, 0, 0, 0)


@njit_static(cache=True)
def draw_nb(state, data, rules, log):
    """The top card of the pile, or -1 if pile and discards are empty (T-R6 [choice]: the
    draw does nothing; with rules.reshuffle off an empty pile stays empty)."""
    if state[S.PILE_N] == 0 and rules[R.RESHUFFLE] != 0 and state[S.DISCARD_N] > 0:
        refill_pile_nb(state, data, log)
    n = state[S.PILE_N]
    if n == 0:
        return -1
    state[S.PILE_N] = n - 1
    return state[S.PILE + n - 1]


@njit_static(cache=True)
def hand_full_nb(state, rules, seat):
    """T-A7 [choice] hand limit (0 = none): a full hand takes no more cards."""
    lim = rules[R.HAND_LIMIT]
    return lim > 0 and state[S.HAND_N + seat] >= lim


@njit_static(cache=True)
def add_to_hand_nb(state, seat, kind):
    state[S.HAND + seat * D.MAX_KINDS + kind] += 1
    state[S.HAND_N + seat] += 1


@njit_static(cache=True)
def draw_to_hand_nb(state, data, rules, log, seat, reason):
    """A blind draw into the hand (T-A7 bonus card, "+1" bonus tile); -1 if none."""
    if hand_full_nb(state, rules, seat):
        return -1
    k = draw_nb(state, data, rules, log)
    if k >= 0:
        add_to_hand_nb(state, seat, k)
    log_nb(state, log, seat, EV_DRAW, k, 1, reason, 0)
    return k


@njit_static(cache=True)
def deal_display_nb(state, data, rules, log):
    """T-S4 / T-R5: a new face-up display of DISPLAY_SIZE cards (fewer if the cards run
    out); leftovers of the last one (only with a non-default display size) are discarded."""
    for i in range(S.MAX_DISPLAY):
        k = state[S.DISPLAY + i]
        if k >= 0:
            state[S.DISCARD + k] += 1
            state[S.DISCARD_N] += 1
            state[S.DISPLAY + i] = -1
    state[S.DISPLAY_N] = 0
    for i in range(state[S.DISPLAY_SIZE]):
        k = draw_nb(state, data, rules, log)
        if k < 0:
            break
        state[S.DISPLAY + i] = k
        state[S.DISPLAY_N] += 1


@njit_static(cache=True)
def take_display_nb(state, seat, slot):
    """T-A7: the card of a display slot into the hand, publicly (T-I2: KNOWN)."""
    k = state[S.DISPLAY + slot]
    state[S.KNOWN + seat * D.MAX_KINDS + k] += 1
    state[S.DISPLAY + slot] = -1
    state[S.DISPLAY_N] -= 1
    add_to_hand_nb(state, seat, k)
    return k


@njit_static(cache=True)
def discard_played_nb(state, data, seat):
    """T-A7: the played cards go face up on the discard pile; special cards go back to the
    hand (T-A8). The seat's symbols count for nothing from now on (T-A2)."""
    base = seat * D.MAX_KINDS
    n_all = data[D.N_KINDS] + D.N_SPECIAL
    for k in range(n_all):
        n = state[S.PLAYED + base + k]
        if n == 0:
            continue
        state[S.PLAYED + base + k] = 0
        if data[D.KIND_COLOUR + k] == SPECIAL:
            state[S.HAND + base + k] += n
            state[S.HAND_N + seat] += n
        else:
            state[S.DISCARD + k] += n
            state[S.DISCARD_N] += n
    for s in range(6):
        state[S.SYM + seat * 6 + s] = 0
