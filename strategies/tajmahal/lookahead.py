"""`lookahead` for Taj Mahal: the generic search (strategies/search.py) and its game hooks.

The search (simcore/core/nb/search_nb.py) decides every turn (T-D1: withdraw or each legal
play) with `rollouts` rollouts, and the display picks (T-D3) with `pick_rollouts` (0 by
default: `weighted`'s pick); palaces (T-D2) are its rollout policy `weighted`'s. What a
seat may not see is stated once, in simcore/tajmahal/nb/hidden_nb.py: the view is the
state with the other hands cut to their known cards and every card the seat cannot place
in the pile in kind order (`public_view_nb`), and each rollout seed deals those cards
anew, hand sizes kept (`redraw_nb`), so the search reads no secret. Every decision is
public and applied at once (T-I4), so the secrecy hooks are the generic public ones.
Every candidate replays the same seeds (common random numbers), sequential halving keeps
the better half after each phase, and the policy's own answer gets `prior` per rollout.

The rollouts play to the end (`horizon` 0): 1 for a win, 1/k for a first place shared
by k (T-E2), plus `margin` per point of lead over the best opponent. With a horizon (in
visits: progress_nb is the visit) a cut rollout is valued by the points as they stand
plus `card` per hand card, through a logistic in the lead, `scale` points wide. The
rollouts play every other seat as the strategy the table lists for it (public,
strategies/search.py); `models=0` plays them all as the policy.
"""

import numpy as np

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import stream_seed_nb
from simcore.core.nb.search_nb import N_GENERIC, P_HORIZON, P_ROLLOUTS

# every decision is public and applied at once (T-I4): the generic secrecy hooks
from simcore.core.nb.search_public_nb import hidden_kind_nb, restore_nb, secret_kind_nb  # noqa: F401
from simcore.tajmahal import data_layout as D
from simcore.tajmahal import layout as S
from simcore.tajmahal.enums import DK_PICK, DK_TURN
from simcore.tajmahal.nb.game_nb import MAX_OPTIONS, OUT_SIZE, legal_window_nb
from simcore.tajmahal.nb.hidden_nb import public_view_nb
from simcore.tajmahal.nb.hidden_nb import redraw_nb as redraw_hidden_nb
from strategies.search import register_search
from strategies.tajmahal import weighted  # noqa: F401  (the policy must be registered first)
from strategies.tajmahal.kit import layout as K
from strategies.tajmahal.kit.play_nb import pick_scan_nb, turn_scan_nb

PARAMS = {
    "pick_rollouts": 0.0,  # rollouts for a display pick (T-D3); 0 = the policy's pick
    "margin": 0.01,  # outcome bonus per point of lead over the best opponent
    "scale": 6.0,  # points of lead that raise the estimate by e (only with a horizon)
    "card": 1.0,  # points per hand card in the estimate (only with a horizon)
}
P_PICK_ROLLOUTS = N_GENERIC
P_MARGIN = N_GENERIC + 1
P_SCALE = N_GENERIC + 2
P_CARD = N_GENERIC + 3
MAX_CANDIDATES = MAX_OPTIONS
ROW = 1 + OUT_SIZE


@njit_static(cache=True)
def budget_nb(kind, params):
    if kind == DK_TURN:
        return np.int64(params[P_ROLLOUTS])
    if kind == DK_PICK:
        return np.int64(params[P_PICK_ROLLOUTS])
    return 0


@njit_static(cache=True)
def horizon_nb(kind, params):
    """`horizon` visits (0 = to the end), for every searched kind."""
    return np.int64(params[P_HORIZON])


@njit_static(cache=True)
def candidates_nb(kind, seat, state, board, rules, cands):
    """The engine's own legal answers to the pending decision (legal_window_nb: T-D1
    withdraw then every play, T-D3 the display slots), one row each."""
    n = legal_window_nb(state, board, rules, cands[:, 0], 0)
    for i in range(min(n, cands.shape[0])):
        for k in range(1, ROW):
            cands[i, k] = 0
    return min(n, cands.shape[0])


@njit_static(cache=True)
def same_nb(kind, cand, ret, out):
    return cand[0] == ret


@njit_static(cache=True)
def explore_kind_nb(kind):
    return kind == DK_TURN


@njit_static(cache=True)
def determinise_nb(state, board, rules, seat, view):
    """What `seat` may know (hidden_nb.public_view_nb: the other hands cut to their known
    cards, every card the seat cannot place in kind order, the engine's stream 0), made a
    whole state again: each other hand gets back as many cards as it lacks (hand sizes
    are public) from the end of that list, and the slots they leave behind the pile are
    cleared as hidden_nb.redraw_nb clears them; the rest is the pile. Slots past all the
    unseen cards are the state's (the engine never reads past the pile). Nothing here
    depends on a secret, and hidden_nb.redraw_nb deals the unseen cards anew."""
    public_view_nb(state, seat, view)
    pile_n = state[S.PILE_N]
    at = pile_n
    for q in range(state[S.N_PLAYERS]):
        if q != seat:
            at += state[S.HAND_N + q] - held_nb(view, q)
    for i in range(at, D.N_NORMAL_CARDS):
        view[S.PILE + i] = state[S.PILE + i]
    for q in range(state[S.N_PLAYERS] - 1, -1, -1):
        if q == seat:
            continue
        for _ in range(state[S.HAND_N + q] - held_nb(view, q)):
            at -= 1
            view[S.HAND + q * D.MAX_KINDS + view[S.PILE + at]] += 1
            view[S.PILE + at] = 0


@njit_static(cache=True)
def held_nb(state, q):
    """Cards in seat q's hand row (special cards included)."""
    n = 0
    for k in range(D.MAX_KINDS):
        n += state[S.HAND + q * D.MAX_KINDS + k]
    return n


@njit_static(cache=True)
def redraw_nb(sim, board, rules, seat, params, rng):
    """The unseen cards dealt anew over the other hands and the pile (hidden_nb)."""
    redraw_hidden_nb(sim, seat, rng)


@njit_static(cache=True)
def prior_nb(kind, seat, view, board, rules, pparams, scratch, cands, n, scores):
    """A turn (T-D1) or a display pick (T-D3): the value `weighted` gives each candidate
    (kit.play_nb's scans: the options it compares anyway, in the candidates' order), so
    its own answer ranks first; -1e18 for a candidate it does not value; other kinds 0."""
    ranked = kind == DK_TURN or kind == DK_PICK
    for c in range(n):
        scores[c] = -1e18 if ranked else 0.0
    rng = scratch.view(np.uint64)[K.PRIOR_RNG : K.PRIOR_RNG + 1]  # Gumbel noise only
    rng[0] = stream_seed_nb(0, seat, 0)
    if kind == DK_TURN:
        turn_scan_nb(seat, view, board, rules, pparams, scratch, rng, cands[:n, 0], scores[:n])
    elif kind == DK_PICK:
        pick_scan_nb(seat, view, board, pparams, rng, cands[:n, 0], scores[:n])


@njit_static(cache=True)
def progress_nb(state):
    """Visits begun (T-R5)."""
    return state[S.VISIT]


@njit_static(cache=True)
def value_nb(state, board, rules, seat, params):
    """A finished game: 1 for a win (1/k for a first place shared by k, T-E2) plus
    `margin` per point of lead over the best opponent. A rollout cut at its horizon: the
    points as they stand plus `card` per hand card, through a logistic in the lead."""
    n = state[S.N_PLAYERS]
    if state[S.END_REASON] != 0:
        best = -(1 << 40)
        for q in range(n):
            if q != seat and state[S.POINTS + q] > best:
                best = state[S.POINTS + q]
        value = params[P_MARGIN] * (state[S.POINTS + seat] - best)
        if state[S.RANK + seat] == 0:
            value += 1.0 / max(state[S.N_WINNERS], 1)
        return value
    card = params[P_CARD]
    mine = state[S.POINTS + seat] + card * state[S.HAND_N + seat]
    best = -1e18
    for q in range(n):
        if q != seat:
            best = max(best, state[S.POINTS + q] + card * state[S.HAND_N + q])
    lead = mine - best
    return params[P_MARGIN] * lead + 1.0 / (1.0 + np.exp(-lead / params[P_SCALE]))


lookahead_decide = register_search(
    "lookahead",
    "flat Monte Carlo over withdraw and every legal play, rollouts to the end (a search)",
    game="tajmahal",
    hooks=__name__,
    policy="weighted",
    defaults={"explore": 0.0, "rollouts": 60.0},
)
