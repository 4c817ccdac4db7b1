"""A visit's contest: plays (T-A1, T-A1a..c, T-A8), who wins which prize on withdrawing
(T-A2, T-A5, T-A6) and the legal plays a seat has (T-D1)."""

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.skeleton_nb import log_nb

from .. import data_layout as D
from .. import layout as S
from ..enums import (
    ACT_PLAY,
    ACT_SPECIAL,
    ACT_WHITE,
    ELEPHANT,
    EV_PLAY,
    EV_SPECIAL_POINTS,
    FX_ANY_COLOUR,
    FX_ELEPHANT,
    FX_MOGUL,
    FX_POINTS,
    MOGUL,
    N_ACTS,
    N_COLOURS,
    N_SYMBOLS,
    NO_CARD,
    PLAY_SHIFT,
    SPECIAL,
    WHITE,
    WITHDRAW,
)
from ..rules import R

_LOW = (1 << PLAY_SHIFT) - 1


@njit_static(cache=True)
def play_code_nb(coloured, companion):
    """The DK_TURN answer playing `coloured` with `companion` (a white or special kind, or
    NO_CARD)."""
    return coloured | ((companion + 1) << PLAY_SHIFT)


@njit_static(cache=True)
def special_fx_nb(data, rules, kind):
    """FX_* of a special-card kind (T-C6 [choice]), -1 for any other kind."""
    i = kind - data[D.N_KINDS]
    if i < 0 or i >= D.N_SPECIAL:
        return -1
    return rules[R.SPECIAL_FX + i]


@njit_static(cache=True)
def play_ok_nb(state, data, rules, seat, code):
    """T-A1: exactly one coloured card, optionally with one white or one special card;
    T-A1a colour rule, T-A1b the any-colour exception."""
    if code < 0:
        return False
    c = code & _LOW
    comp = (code >> PLAY_SHIFT) - 1
    n_all = data[D.N_KINDS] + D.N_SPECIAL
    if c >= data[D.N_KINDS] or comp >= n_all:
        return False
    colour = data[D.KIND_COLOUR + c]
    hand = S.HAND + seat * D.MAX_KINDS
    if colour >= N_COLOURS or state[hand + c] < 1:
        return False
    any_colour = False
    if comp != NO_CARD:
        kc = data[D.KIND_COLOUR + comp]
        if (kc != WHITE and kc != SPECIAL) or state[hand + comp] < 1:
            return False
        any_colour = kc == SPECIAL and special_fx_nb(data, rules, comp) == FX_ANY_COLOUR
    committed = state[S.COLOUR + seat]
    return committed < 0 or committed == colour or any_colour


@njit_static(cache=True)
def _put_nb(state, data, seat, kind):
    """One card from the hand to the table; a publicly known card of that kind is now
    one fewer for certain (T-I2)."""
    if state[S.KNOWN + seat * D.MAX_KINDS + kind] > 0:
        state[S.KNOWN + seat * D.MAX_KINDS + kind] -= 1
    state[S.HAND + seat * D.MAX_KINDS + kind] -= 1
    state[S.HAND_N + seat] -= 1
    state[S.PLAYED + seat * D.MAX_KINDS + kind] += 1
    for s in range(N_SYMBOLS):
        state[S.SYM + seat * N_SYMBOLS + s] += data[D.KIND_SYM + kind * N_SYMBOLS + s]


@njit_static(cache=True)
def apply_play_nb(state, data, rules, log, seat, code):
    """Put a legal play in front of the seat (T-A1); special effects (T-A1c): +1 elephant
    or +1 mogul count as symbols, +2 scores at once, any colour leaves the colour open
    (T-A1b)."""
    c = code & _LOW
    comp = (code >> PLAY_SHIFT) - 1
    _put_nb(state, data, seat, c)
    fx = -1
    if comp != NO_CARD:
        _put_nb(state, data, seat, comp)
        fx = special_fx_nb(data, rules, comp)
        if fx < 0:
            state[S.WHITE_PLAYED + seat] += 1
            state[S.ACTS + seat * N_ACTS + ACT_WHITE] += 1
        else:
            state[S.SPECIALS_PLAYED + seat * D.N_SPECIAL + comp - data[D.N_KINDS]] += 1
            state[S.ACTS + seat * N_ACTS + ACT_SPECIAL + fx] += 1
    state[S.ACTS + seat * N_ACTS + ACT_PLAY + data[D.KIND_COLOUR + c]] += 1
    if fx == FX_ELEPHANT:
        state[S.SYM + seat * N_SYMBOLS + ELEPHANT] += 1
    elif fx == FX_MOGUL:
        state[S.SYM + seat * N_SYMBOLS + MOGUL] += 1
    elif fx == FX_POINTS:
        pts = rules[R.SPECIAL_POINTS]
        state[S.POINTS + seat] += pts
        state[S.PTS_SPECIAL + seat] += pts
        log_nb(state, log, seat, EV_SPECIAL_POINTS, pts, 0, 0, 0)
    if state[S.COLOUR + seat] < 0 and fx != FX_ANY_COLOUR:  # T-A1a, T-A1b
        state[S.COLOUR + seat] = data[D.KIND_COLOUR + c]
    state[S.SEAT_PLAYS + seat] += 1
    state[S.N_PLAYS + seat] += 1
    state[S.PLAYS] += 1
    log_nb(state, log, seat, EV_PLAY, c, comp, state[S.SEAT_PLAYS + seat], 0)


@njit_static(cache=True)
def legal_plays_nb(state, data, rules, seat, out, skip):
    """T-D1: the legal DK_TURN answers (WITHDRAW first) from the skip-th on into `out`, as
    many as fit; returns how many there are in all. At most 1 + coloured kinds x
    (1 + companions)."""
    n = 0
    if skip == 0 and out.shape[0] > 0:
        out[0] = WITHDRAW
    n += 1
    nk = data[D.N_KINDS]
    hand = S.HAND + seat * D.MAX_KINDS
    committed = state[S.COLOUR + seat]
    any_kind = -1
    for i in range(D.N_SPECIAL):
        if state[hand + nk + i] > 0 and rules[R.SPECIAL_FX + i] == FX_ANY_COLOUR:
            any_kind = nk + i
    for c in range(nk):
        colour = data[D.KIND_COLOUR + c]
        if colour >= N_COLOURS or state[hand + c] < 1:
            continue
        free = committed < 0 or committed == colour
        for comp in range(-1, nk + D.N_SPECIAL):
            if comp >= 0:
                kc = data[D.KIND_COLOUR + comp]
                if (kc != WHITE and kc != SPECIAL) or state[hand + comp] < 1:
                    continue
            if free or (any_kind >= 0 and comp == any_kind):
                if skip <= n < skip + out.shape[0]:
                    out[n - skip] = play_code_nb(c, comp)
                n += 1
    return n


@njit_static(cache=True)
def has_play_nb(state, data, rules, seat):
    """T-A1d: False if the seat can only withdraw."""
    nk = data[D.N_KINDS]
    hand = S.HAND + seat * D.MAX_KINDS
    committed = state[S.COLOUR + seat]
    any_colour = False
    for i in range(D.N_SPECIAL):
        if state[hand + nk + i] > 0 and rules[R.SPECIAL_FX + i] == FX_ANY_COLOUR:
            any_colour = True
    for c in range(nk):
        colour = data[D.KIND_COLOUR + c]
        if colour < N_COLOURS and state[hand + c] > 0:
            if committed < 0 or committed == colour or any_colour:
                return True
    return False


@njit_static(cache=True)
def prizes_won_nb(state, rules, seat):
    """T-A2: bit mask of the court's prizes the withdrawing seat wins - its count of the
    symbol strictly above every other seat still in the visit; the last seat alone needs
    rules.last_min_symbols ([choice]). Withdrawn seats' cards no longer count."""
    n = state[S.N_PLAYERS]
    won = 0
    alone = state[S.N_ACTIVE] == 1
    for s in range(N_SYMBOLS):
        if (state[S.COURT] >> s) & 1 == 0:
            continue
        mine = state[S.SYM + seat * N_SYMBOLS + s]
        if alone:
            if mine >= rules[R.LAST_MIN_SYMBOLS]:
                won |= 1 << s
            continue
        best = 0
        for q in range(n):
            if q != seat and state[S.ACTIVE + q] != 0:
                best = max(best, state[S.SYM + q * N_SYMBOLS + s])
        if mine > best:
            won |= 1 << s
    return won
