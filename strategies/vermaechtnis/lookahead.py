"""`lookahead` for Vermächtnis: the generic search (strategies/search.py) and its game hooks.

The search (simcore/core/nb/search_nb.py) decides the action of every turn (V-D1: take gold
or buy one of the offer's affordable antiques) with `rollouts` rollouts, and the
collection card (V-D2, "none" included) and the give-up (V-D3) with `card_rollouts`;
everything else is as its rollout policy `weighted` answers. Only the order of the draw
pile is hidden (V-I1), and nothing is secret between the seats (V-I3: every decision is
public and applied at once), so the view is the state with the undrawn pile in a fixed
order (sorted: its composition is public), and each rollout seed shuffles it anew. Every
candidate replays the same seeds (common random numbers), sequential halving keeps the
better half after each phase, and the policy's own answer gets `prior` per rollout.

Games are short (about 63 turns at 4 players; four `weighted` play some 60,000 games/s
per core), so the rollouts play to the end (`horizon` = 0): a win counts 1 (a shared
first place 1/k, V-E2) plus `margin` per point of lead over the best opponent. With a
horizon (in turns: progress_nb is the turn counter) the outcome is a cheap estimate: the
points each seat would score now (V-P1..V-P3, lone colours discarded) through a logistic
in the lead, `scale` points wide. The rollouts play every other seat as the strategy the
table lists for it (public, strategies/search.py); `models=0` plays them all as the
policy. The policy is deterministic, so the shuffled pile is what makes the seeds differ;
`explore` is off by default (a uniform action is a bad model of any player here).
"""

import numpy as np

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import stream_seed_nb
from simcore.core.nb.search_nb import N_GENERIC, P_HORIZON, P_ROLLOUTS

# every decision is public and applied at once (V-I3): the generic secrecy hooks
from simcore.core.nb.search_public_nb import hidden_kind_nb, restore_nb, secret_kind_nb  # noqa: F401
from simcore.vermaechtnis import data_layout as T
from simcore.vermaechtnis import layout as S
from simcore.vermaechtnis.enums import (
    DK_ACTION,
    DK_COLLECT,
    DK_GIVE_UP,
    GOLD,
    N_ANTIQUES,
    N_COLOURS,
    NONE,
)
from simcore.vermaechtnis.nb.game_nb import OUT_SIZE
from simcore.vermaechtnis.nb.hidden_nb import public_view_nb
from simcore.vermaechtnis.nb.hidden_nb import redraw_nb as redraw_pile_nb
from simcore.vermaechtnis.rules import R
from strategies.search import register_search
from strategies.vermaechtnis import weighted  # noqa: F401  (the policy must be registered first)
from strategies.vermaechtnis.kit.options_nb import buyable_slots_nb, give_up_options_nb
from strategies.vermaechtnis.kit.values_nb import give_up_loss_nb
from strategies.vermaechtnis.weighted import PRIOR_RNG, action_scan_nb, collection_scan_nb

PARAMS = {
    "card_rollouts": 40.0,  # rollouts for a collection card (V-D2) and a give-up (V-D3)
    "margin": 0.01,  # outcome bonus per point of lead over the best opponent
    "scale": 3.0,  # points of lead that raise the estimate by e (only with a horizon)
}
P_CARD_ROLLOUTS = N_GENERIC
P_MARGIN = N_GENERIC + 1
P_SCALE = N_GENERIC + 2
MAX_CANDIDATES = max(1 + S.MAX_OFFER, 1 + T.MAX_COLL, N_ANTIQUES)
ROW = 1 + OUT_SIZE


@njit_static(cache=True)
def budget_nb(kind, params):
    if kind == DK_ACTION:
        return np.int64(params[P_ROLLOUTS])
    if kind == DK_COLLECT or kind == DK_GIVE_UP:
        return np.int64(params[P_CARD_ROLLOUTS])
    return 0


@njit_static(cache=True)
def horizon_nb(kind, params):
    """`horizon` turns (0 = to the end), for every searched kind."""
    return np.int64(params[P_HORIZON])


@njit_static(cache=True)
def row_nb(cands, i, ret):
    cands[i, 0] = ret
    for k in range(1, ROW):
        cands[i, k] = 0


@njit_static(cache=True)
def candidates_nb(kind, seat, state, cards, rules, cands):
    """V-D1: gold, then the affordable slots; V-D2: none, then the eligible cards; V-D3:
    the own antiques of a pictured type (the engine's own checks, kit.options_nb)."""
    n = 0
    if kind == DK_ACTION:
        row_nb(cands, 0, GOLD)
        n = 1
        slots = buyable_slots_nb(state, seat)
        for i in range(S.MAX_OFFER):
            if (slots >> i) & 1:
                row_nb(cands, n, i)
                n += 1
    elif kind == DK_COLLECT:
        row_nb(cands, 0, NONE)
        n = 1
        mask = state[S.ELIGIBLE]
        for k in range(cards[T.N_COLL]):
            if (mask >> k) & 1:
                row_nb(cands, n, k)
                n += 1
    elif kind == DK_GIVE_UP:
        mask = give_up_options_nb(state, cards, rules, seat)
        for a in range(N_ANTIQUES):
            if (mask >> a) & 1:
                row_nb(cands, n, a)
                n += 1
    return n


@njit_static(cache=True)
def same_nb(kind, cand, ret, out):
    return cand[0] == ret


@njit_static(cache=True)
def explore_kind_nb(kind):
    return kind == DK_ACTION


@njit_static(cache=True)
def determinise_nb(state, cards, rules, seat, view):
    """The state with the undrawn pile sorted: its order is the only secret (V-I1, stated
    in simcore/vermaechtnis/nb/hidden_nb.py), its composition is public."""
    public_view_nb(state, view)


@njit_static(cache=True)
def redraw_nb(sim, cards, rules, seat, params, rng):
    """The undrawn pile shuffled anew (hidden_nb.redraw_nb)."""
    redraw_pile_nb(sim, rng)


@njit_static(cache=True)
def prior_nb(kind, seat, view, cards, rules, pparams, scratch, cands, n, scores):
    """The value `weighted` gives each candidate (its scans list the options in the
    candidates' order): V-D1 gold or a purchase, V-D2 none or a card, V-D3 minus the
    points a give-up loses; so its own answer ranks first."""
    for c in range(n):
        scores[c] = 0.0
    if kind == DK_ACTION:
        rng = scratch.view(np.uint64)[PRIOR_RNG : PRIOR_RNG + 1]  # Gumbel noise only
        rng[0] = stream_seed_nb(0, seat, 0)
        action_scan_nb(seat, view, cards, rules, pparams, scratch, rng, scores[:n])
    elif kind == DK_COLLECT:
        collection_scan_nb(view, cards, rules, pparams, scores[:n])
    elif kind == DK_GIVE_UP:
        for c in range(n):
            scores[c] = -float(give_up_loss_nb(view, cards, rules, seat, cands[c, 0]))


@njit_static(cache=True)
def progress_nb(state):
    """Turns begun, extra turns included (V-R4, V-V1b)."""
    return state[S.TURNS]


@njit_static(cache=True)
def points_now_nb(state, cards, rules, seat):
    """What `seat` would score if the game ended now (V-P1..V-P3): antiques (lone colours
    discarded), collection cards, a point per RUPEES_PER_POINT rupees."""
    pts = 0
    lone = rules[R.LONE_DISCARD] != 0
    for a in range(N_ANTIQUES):
        if state[S.WHERE + a] == seat:
            if not lone or state[S.OWN_COLOUR + seat * N_COLOURS + a % N_COLOURS] > 1:
                pts += cards[T.VALUE + a]
    field = T.C_GREY_POINTS if rules[R.GREY_SIDES] != 0 else T.C_POINTS
    held = state[S.COLL + seat]
    for k in range(cards[T.N_COLL]):
        if (held >> k) & 1:
            pts += cards[T.COLL + k * T.COLL_W + field]
    return pts + state[S.MONEY + seat] // rules[R.RUPEES_PER_POINT]


@njit_static(cache=True)
def value_nb(state, cards, rules, seat, params):
    """A finished game: 1 for a win (1/k for a first place shared by k, V-E2) plus
    `margin` per point of lead over the best opponent. A rollout cut at its horizon: the
    same with the points as they stand and a logistic chance to win in the lead."""
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
    mine = points_now_nb(state, cards, rules, seat)
    best = -(1 << 40)
    for q in range(n):
        if q != seat:
            best = max(best, points_now_nb(state, cards, rules, q))
    lead = mine - best
    return params[P_MARGIN] * lead + 1.0 / (1.0 + np.exp(-lead / params[P_SCALE]))


lookahead_decide = register_search(
    "lookahead",
    "flat Monte Carlo over gold and the offer (and collection cards), rollouts to the end",
    game="vermaechtnis",
    hooks=__name__,
    policy="weighted",
    defaults={"explore": 0.0},
)
