"""`lookahead` for Maharaja: the generic search (strategies/search.py) and its game hooks.

The search (simcore/core/nb/search_nb.py) decides the secret pick (M-R3) among the 45
action pairs and the setup character (M-S3) among the bank characters; everything else
is its rollout policy `weighted`'s, with this seat's scratch as its memory. It plays on
from a determinised copy (kit.view_nb: opponents' gold estimated from public counters,
their unrevealed picks cleared) once per candidate and rollout seed, keeps the better
half of the candidates after each phase (sequential halving; every candidate replays
the same seeds) and answers with the best mean outcome. The rollouts play its own seat
as `weighted` and every other seat as the strategy the table lists for it (public,
strategies/search.py); `models=0` plays them all as the policy.

A pick's rollouts stop at the start of the next round (`horizon` = 1; 0 = play to the
end): the outcome is then the fitted chance to win from that position (`value_nb`, a
logistic model of palaces, gold, points in the cities by when they score, supply and
character; `python -m bench.lookahead --fit`), plus `margin` per palace of lead as at the
end. The round is where a pick's consequences happen; the fit saw games in which picks
were drawn at random now and then (so the weights are what a pick changes, not who
plays), and with it a 100-rollout search wins more head to head against the full-game
search it replaced than the other way round (docs/games/maharaja.md), at a twelfth of the
time. The character's rollouts (`char_rollouts`) play to the end: a character acts all
game.

The policy is deterministic, so each rollout seed redraws what is hidden (opponents'
gold within `gold_noise` of the estimate, the picks of the seats that chose earlier,
asked again of their models) and lets any pick be a uniform pair with chance
`explore`; otherwise every rollout of a pair would be the same game. A pick stays secret
until the seat's turn (`secret_kind_nb`), so the others' later picks and the turns
before this seat's are played once per seed for all 45 pairs. The policy's own answer
gets a bonus `prior` per rollout, so the search follows it unless the rollouts say
otherwise. Fair play holds by construction: the search reads only the determinised view.
"""

import numpy as np
from numba import types

import simcore.maharaja.data_layout as B
import simcore.maharaja.layout as S
import strategies.maharaja.weighted  # noqa: F401  (the policy must be registered first)
from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import randint_nb
from simcore.core.nb.search_nb import N_GENERIC, P_HORIZON, P_ROLLOUTS
from simcore.maharaja.enums import BANK, DK_CHARACTER, DK_PICK, N_ACTIONS, N_CHARACTERS_MAX
from simcore.maharaja.nb.characters_nb import lowest_character_nb
from simcore.maharaja.nb.game_nb import OUT_SIZE
from simcore.maharaja.nb.hidden_nb import gold_hidden_nb, picks_hidden_nb
from simcore.maharaja.nb.scoring_nb import city_points_nb
from simcore.maharaja.rules import R
from strategies.maharaja.kit import view_nb
from strategies.maharaja.kit.track_nb import rounds_until_scored_nb
from strategies.maharaja.weighted import pair_values_nb
from strategies.search import register_search

PARAMS = {
    "margin": 0.05,  # outcome bonus per palace of margin over the best opponent
    "gold_noise": 3.0,  # each rollout moves every opponent's estimated gold by up to this
    "char_rollouts": 12.0,  # rollouts for the setup character (M-S3); 0 = the policy's choice
}
P_MARGIN = N_GENERIC
P_GOLD_NOISE = N_GENERIC + 1
P_CHAR_ROLLOUTS = N_GENERIC + 2
N_PAIRS = N_ACTIONS * (N_ACTIONS + 1) // 2
MAX_CANDIDATES = N_PAIRS  # more than the characters (N_CHARACTERS_MAX)
ROW = 1 + OUT_SIZE


@njit_static(cache=True)
def budget_nb(kind, params):
    if kind == DK_PICK:
        return np.int64(params[P_ROLLOUTS])
    if kind == DK_CHARACTER:
        return np.int64(params[P_CHAR_ROLLOUTS])
    return 0


@njit_static(cache=True)
def horizon_nb(kind, params):
    """Picks: `horizon` rounds (0 = to the end); the setup character: to the end."""
    if kind == DK_PICK:
        return np.int64(params[P_HORIZON])
    return 0


@njit_static(cache=True)
def pair_nb(cands, i):
    """Candidate row i := the i-th of the 45 unordered pairs, a0 <= a1 (M-R3)."""
    a = 0
    j = i
    while j >= N_ACTIONS - a:
        j -= N_ACTIONS - a
        a += 1
    for k in range(ROW):
        cands[i, k] = 0
    cands[i, 1] = a
    cands[i, 2] = a + j


@njit_static(cache=True)
def candidates_nb(kind, seat, state, board, rules, cands):
    """A pick: the 45 pairs (out[0] <= out[1]); the setup character: the bank's."""
    n = 0
    if kind == DK_PICK:
        for c in range(N_PAIRS):
            pair_nb(cands, c)
        n = N_PAIRS
    elif kind == DK_CHARACTER:
        for k in range(rules[R.N_CHARACTERS]):
            if state[S.CHAR_OWNER + k] == BANK:
                for j in range(ROW):
                    cands[n, j] = 0
                cands[n, 0] = k
                n += 1
    return n


@njit_static(cache=True)
def same_nb(kind, cand, ret, out):
    if kind == DK_PICK:
        return cand[1] == min(out[0], out[1]) and cand[2] == max(out[0], out[1])
    return cand[0] == ret


@njit_static(cache=True)
def explore_kind_nb(kind):
    return kind == DK_PICK


@njit_static(cache=True)
def secret_kind_nb(kind):
    """A pick stays secret, and unread by the engine, until the seat's turn (M-R3, M-R4)."""
    return kind == DK_PICK


@njit_static(cache=True)
def determinise_nb(state, board, rules, seat, view):
    view_nb.determinise_nb(state, rules, seat, view)


@njit_static(cache=True)
def redraw_nb(sim, board, rules, seat, params, rng):
    """Every opponent's gold anew within gold_noise of the public estimate (M-C3)."""
    noise = np.int64(params[P_GOLD_NOISE])
    if noise <= 0:
        return
    for q in range(sim[S.N_PLAYERS]):
        if gold_hidden_nb(sim, seat, q):
            g = sim[S.GOLD + q] + randint_nb(rng, 0, 2 * noise + 1) - noise
            sim[S.GOLD + q] = g if g > 0 else 0


@njit_static(cache=True)
def hidden_kind_nb(sim, seat, kind, q):
    """At a pick, the seats before this one have picked in secret (M-R3)."""
    if kind == DK_PICK and q < seat and picks_hidden_nb(sim, seat, q) and sim[S.PICK0 + q] < 0:
        return DK_PICK
    return -1


@njit_static(cache=True)
def restore_nb(sim, q, kind, ret, out):
    sim[S.PICK0 + q] = out[0]
    sim[S.PICK1 + q] = out[1]


@njit_static(cache=True)
def prior_nb(kind, seat, view, board, rules, pparams, scratch, cands, n, scores):
    """A pick: the policy's value of each pair (weighted.pair_values_nb; the candidates
    are the 45 pairs in its order); the setup character: no ranking."""
    if kind == DK_PICK:
        pair_values_nb(view, board, rules, pparams, seat, scratch, scores)
        return
    for c in range(n):
        scores[c] = 0.0


@njit_static(cache=True)
def progress_nb(state):
    return state[S.ROUND]


# Features of a position for `seat`, as value_nb weighs them (bench/lookahead.py --fit).
FEATURES = (
    "bias",
    "palace lead over the best opponent",
    "palace lead over the opponents' mean",
    "own palaces",
    "most palaces of anyone",
    "gold lead over the richest opponent / 10",
    "gold lead over the opponents' mean / 10",
    "own gold / 10",
    "round / 10",
    "points lead in the city scored next / 3",
    "points lead per city / (1 + rounds until scored) / 3",
    "houses in supply / 5",
    "players / 5",
    "palace lead over the best opponent x round / 10",
    "gold lead over the richest opponent / 10 x round / 10",
    *(f"lowest character {k}" for k in range(N_CHARACTERS_MAX)),
)
N_FEATURES = len(FEATURES)
# Logistic weights of the chance to win from the features, fitted on round starts of
# scripted games (python -m bench.lookahead --fit; docs/games/maharaja.md).
WEIGHTS = np.array([-0.271, -0.585, 1.158, 0.210, -0.052, -0.586, 1.773, -0.008, -0.072, 0.034,
                    0.644, 0.222, -1.329, 2.006, 0.883, 0.163, -0.013, -0.841, 0.132, -0.060,
                    0.349, 0.000])  # fmt: skip
assert len(WEIGHTS) == N_FEATURES


_I1 = types.int64[::1]
_FROZEN = types.Array(types.float64, 1, "C", readonly=True)  # WEIGHTS, a global


@njit_static(
    cache=True,
)
def score_nb(state, board, rules, seat, w):
    """Sum of w[i] * FEATURES[i] of the position for `seat` (public fields and the view's
    gold); unit vectors read single features out (for the fit), without a buffer."""
    n = state[S.N_PLAYERS]
    pal = state[S.PALACES + seat]
    gold = state[S.GOLD + seat]
    best_pal = -1
    best_gold = -(1 << 40)
    top = pal
    sum_pal = 0.0
    sum_gold = 0.0
    for q in range(n):
        if q == seat:
            continue
        best_pal = max(best_pal, state[S.PALACES + q])
        best_gold = max(best_gold, state[S.GOLD + q])
        top = max(top, state[S.PALACES + q])
        sum_pal += state[S.PALACES + q]
        sum_gold += state[S.GOLD + q]
    lead_next = 0.0
    lead_all = 0.0
    for c in range(board[B.N_CITIES]):
        mine = city_points_nb(state, board, rules, seat, c)
        other = 0
        for q in range(n):
            if q != seat:
                other = max(other, city_points_nb(state, board, rules, q, c))
        ru = rounds_until_scored_nb(state, board, c)
        lead_all += (mine - other) / (1.0 + ru)
        if ru == 0:
            lead_next = mine - other
    rnd = state[S.ROUND] / 10.0
    dpal = pal - best_pal
    dgold = (gold - best_gold) / 10.0
    z = w[0] + w[1] * dpal + w[2] * (pal - sum_pal / (n - 1)) + w[3] * pal + w[4] * top
    z += w[5] * dgold + w[6] * (gold - sum_gold / (n - 1)) / 10.0 + w[7] * gold / 10.0
    z += w[8] * rnd + w[9] * lead_next / 3.0 + w[10] * lead_all / 3.0
    z += w[11] * state[S.SUPPLY + seat] / 5.0 + w[12] * n / 5.0
    z += w[13] * dpal * rnd + w[14] * dgold * rnd
    k = lowest_character_nb(state, seat)
    if 0 <= k < N_CHARACTERS_MAX:
        z += w[15 + k]
    return z


@njit_static(cache=True)
def value_nb(state, board, rules, seat, params):
    """Win = 1 (M-E2), plus `margin` per palace of lead over the best opponent; a game not
    over yet (a rollout cut at its horizon) has the fitted chance to win instead."""
    best = 0
    for q in range(state[S.N_PLAYERS]):
        if q != seat and state[S.PALACES + q] > best:
            best = state[S.PALACES + q]
    value = params[P_MARGIN] * (state[S.PALACES + seat] - best)
    if state[S.END_REASON] == 0:
        return value + 1.0 / (1.0 + np.exp(-score_nb(state, board, rules, seat, WEIGHTS)))
    if state[S.RANK + seat] == 0:
        value += 1.0
    return value


lookahead_decide = register_search(
    "lookahead",
    "flat Monte Carlo over the 45 action pairs, rollouts model each opponent (a search)",
    game="maharaja",
    hooks=__name__,
    policy="weighted",
    defaults={"horizon": 1.0},
)
