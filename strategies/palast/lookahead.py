"""`lookahead` for Palast: the generic search (strategies/search.py) and its game hooks.

The search (simcore/core/nb/search_nb.py) decides the harbour side of every turn (P-D1)
with `rollouts` rollouts, and the display card a side "b" removes, the Vizier's quarter
and the quarter a figure goes to (P-D1, P-D5) with `minor_rollouts`; every other answer
(the build step's free actions and cards, drops) is its policy `weighted`'s. It plays on
from a determinised copy: what the seat cannot see (P-I1: the other hands, the action
deck's order and the discards, the order inside each building-deck phase) replaced by a
canonical guess from public counts, drawn anew per rollout seed by the engine's own
statement of the hidden part (simcore/palast/nb/hidden_nb.py), so fair play holds by
construction. Every decision is public and applied at once (P-I4), so the secrecy hooks
are the generic no-ops. Rollouts play to the end (`horizon` = 0): a win counts 1 (a
shared first place 1/k, P-E2) plus `margin` per figure of lead over the best opponent;
with a horizon (in turns) the estimate is a logistic in the figure lead now.
"""

import numpy as np

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import stream_seed_nb
from simcore.core.nb.search_nb import N_GENERIC, P_HORIZON, P_ROLLOUTS

# every decision is public and applied at once (P-I4): the generic secrecy hooks
from simcore.core.nb.search_public_nb import hidden_kind_nb, restore_nb, secret_kind_nb  # noqa: F401
from simcore.palast import layout as S
from simcore.palast.enums import (
    DK_HARBOUR,
    DK_PLACE,
    DK_REMOVE,
    DK_VIZIER,
    MAX_LEGAL,
    N_BCARDS,
    N_RES,
)
from simcore.palast.nb.decks_nb import PHASE_1, PHASE_2, PHASE_3, PHASE_4
from simcore.palast.nb.game_nb import OUT_SIZE
from simcore.palast.nb.hidden_nb import redraw_nb as redraw_hidden_nb
from simcore.palast.nb.palace_nb import figures_up_nb
from strategies.palast import weighted  # noqa: F401  (the policy must be registered first)
from strategies.palast.kit.player_nb import scan_nb
from strategies.palast.kit.values_nb import PRIOR_RNG, target_nb
from strategies.search import register_search

PARAMS = {
    "minor_rollouts": 24.0,  # rollouts for a removal, a Vizier move, a quarter (P-D1, P-D5)
    "margin": 0.02,  # outcome bonus per figure of lead over the best opponent
    "scale": 1.5,  # figures of lead that raise the estimate by e (only with a horizon)
}
P_MINOR = N_GENERIC
P_MARGIN = N_GENERIC + 1
P_SCALE = N_GENERIC + 2
MAX_CANDIDATES = MAX_LEGAL
ROW = 1 + OUT_SIZE
PHASES = (PHASE_1, PHASE_2, PHASE_3, PHASE_4, N_BCARDS)


@njit_static(cache=True)
def budget_nb(kind, params):
    if kind == DK_HARBOUR:
        return np.int64(params[P_ROLLOUTS])
    if kind == DK_REMOVE or kind == DK_VIZIER or kind == DK_PLACE:
        return np.int64(params[P_MINOR])
    return 0


@njit_static(cache=True)
def horizon_nb(kind, params):
    return np.int64(params[P_HORIZON])


@njit_static(cache=True)
def candidates_nb(kind, seat, state, data, rules, cands):
    """The engine's own list of legal answers (S.LEGAL)."""
    n = state[S.LEGAL_N]
    for i in range(n):
        cands[i, 0] = state[S.LEGAL + i]
        for k in range(1, ROW):
            cands[i, k] = 0
    return n


@njit_static(cache=True)
def same_nb(kind, cand, ret, out):
    return cand[0] == ret


@njit_static(cache=True)
def explore_kind_nb(kind):
    return kind == DK_HARBOUR


@njit_static(cache=True)
def _sort_nb(a, lo, hi):
    for i in range(lo + 1, hi):
        x = a[i]
        j = i - 1
        while j >= lo and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x


@njit_static(cache=True)
def determinise_nb(state, data, rules, seat, view):
    """view := the state with the unseen part canonical: each building-deck phase's
    undrawn cards sorted, the unseen action cards (other hands, deck, discards: a public
    multiset) dealt lowest type first to the other hands, then the deck, the rest to the
    discards; the game's own stream cleared (P-I1, simcore/palast/nb/hidden_nb.py)."""
    for i in range(state.size):
        view[i] = state[i]
    pos = state[S.BDECK_POS]
    for j in range(4):
        lo = max(PHASES[j], pos)
        _sort_nb(view, S.BDECK + lo, S.BDECK + max(lo, PHASES[j + 1]))
    n = state[S.N_PLAYERS]
    for p in range(n):
        if p != seat:
            for t in range(N_RES):
                view[S.DISCARD + t] += view[S.HAND + p * N_RES + t]
                view[S.HAND + p * N_RES + t] = 0
    for i in range(state[S.ADECK_N]):
        view[S.DISCARD + view[S.ADECK + i]] += 1
    t = 0
    for p in range(n):
        if p == seat:
            continue
        for _ in range(state[S.HAND_N + p]):
            while view[S.DISCARD + t] == 0:
                t += 1
            view[S.DISCARD + t] -= 1
            view[S.HAND + p * N_RES + t] += 1
    for i in range(state[S.ADECK_N]):
        while view[S.DISCARD + t] == 0:
            t += 1
        view[S.DISCARD + t] -= 1
        view[S.ADECK + i] = t
    view[S.RNG] = 0


@njit_static(cache=True)
def redraw_nb(sim, data, rules, seat, params, rng):
    """The unseen cards dealt anew and the deck phases shuffled (hidden_nb.redraw_nb)."""
    redraw_hidden_nb(sim, seat, rng)


@njit_static(cache=True)
def prior_nb(kind, seat, view, data, rules, pparams, scratch, cands, n, scores):
    """A harbour side, a removal, a Vizier move or a quarter: the value `weighted` gives
    each listed answer (kit.player_nb.scan_nb, the candidates are the engine's list in
    its order), so its own answer ranks first; other kinds 0."""
    for c in range(n):
        scores[c] = 0.0
    if kind == DK_HARBOUR or kind == DK_REMOVE or kind == DK_VIZIER or kind == DK_PLACE:
        rng = scratch.view(np.uint64)[PRIOR_RNG : PRIOR_RNG + 1]  # Gumbel noise only
        rng[0] = stream_seed_nb(0, seat, 0)
        target_nb(view, data, rules, seat, pparams, scratch)
        scan_nb(kind, seat, view, data, rules, pparams, rng, scratch, scores[:n])


@njit_static(cache=True)
def progress_nb(state):
    return state[S.TURN]


@njit_static(cache=True)
def value_nb(state, data, rules, seat, params):
    """A finished game: 1 for a win (1/k for a first place shared by k, P-E2) plus
    `margin` per figure of lead over the best opponent; cut short: the same margin and
    a logistic chance in the figure lead now."""
    n = state[S.N_PLAYERS]
    mine = figures_up_nb(state, seat)
    best = -1000
    for q in range(n):
        if q != seat:
            best = max(best, figures_up_nb(state, q))
    lead = mine - best
    value = params[P_MARGIN] * lead
    if state[S.END_REASON] != 0:
        if state[S.RANK + seat] == 0:
            value += 1.0 / max(state[S.N_WINNERS], 1)
        return value
    return value + 1.0 / (1.0 + np.exp(-lead / params[P_SCALE]))


lookahead_decide = register_search(
    "lookahead",
    "flat Monte Carlo over the harbour sides (and removals, Vizier, quarters) to the end",
    game="palast",
    hooks=__name__,
    policy="weighted",
    defaults={"explore": 0.0, "rollouts": 64.0},
)
