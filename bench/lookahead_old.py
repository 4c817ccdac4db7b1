"""`lookahead-old`: main's `lookahead` before the generic search, frozen for head-to-head runs.

Not registered unless imported (bench/lookahead.py --old does): the strength of the new
search is measured against it, seat-rotated on the same seeds. Only the registration
changed: another name, a model for the new search's rollouts (its policy `weighted`),
and a `lookahead` seat (the new search) modelled by `weighted` as before.

Original docstring:

`lookahead`: flat Monte Carlo over the 45 action pairs, using the engine's speed.

At each secret pick (M-R3) it plays the rest of the game many times from a
determinised copy of the state (kit.view_nb: opponents' gold estimated from
public counters, their unrevealed picks cleared), once per candidate pair, and
keeps the pair with the best mean outcome (win = 1, plus `margin` per palace of
lead over the best opponent).
Its own seat plays the rollout policy (`weighted`); each opponent plays the
strategy the table lists for it (public, see `table_params`; in the mixed
round-robin of docs/STRATEGIES.md: 72.8% of wins, against 29.7% and third
place with models=0, the policy in every seat).
Candidates are pruned by sequential halving (all 45 pairs, then the better
half, ...), so the budget `rollouts` goes to the pairs that are close. Every
candidate replays the same rollout seeds (common random numbers), so the
comparisons are paired. The policy's own answer gets a bonus `prior` on its
mean, so that the search follows it unless the rollouts say otherwise (ties go
to it, not to the first pair; in a tuning run against three `weighted`, 82%
wins with it, 72% without). The policy is deterministic, so each rollout redraws
what is hidden (opponents' gold within `gold_noise` of the estimate, the picks
of the seats that chose earlier) and lets any pick be a uniform pair with
chance `explore`; otherwise every rollout of a pair would be the same game.
Little of it is best once opponents are modelled: one lookahead seat, 4 tables
of the round-robin (800 games each, same seeds) won 79.8% / 81.9% / 78.1% /
69.1% / 56.0% with explore 0 / 0.05 / 0.1 / 0.25 / 0.4; against three
`weighted` (400 games) 82.2% with 0.05, 73.8% with 0.25.

The setup character (M-S3) is searched the same way over the bank characters
(`char_rollouts`, 0 = the policy's choice). All other decisions (setup houses,
the steps of the turn, a replacement) are the rollout policy's, with this
seat's scratch as its memory. The policy is a global (numba cannot cache a function that receives
another function): two import lines below, its decide function and its
registered params, which follow this strategy's own in the parameter vector.

Memory: a search copies the state, every seat's scratch, the random streams and
the engine's work buffer. They are allocated once per searched decision (about
12 kB, against hundreds of rollouts), so `search_nb` is compiled with numba's
runtime on (no `_nrt=False`); rollouts and every other decision never allocate.
Fair play holds by construction: the search reads only the determinised view.
"""

import numpy as np
from numba import njit

import simcore.maharaja.layout as S
import simcore.maharaja.rules_layout as R
from simcore.core.nb.nb_sig import F1, I1, I2, U1
from simcore.core.nb.rng_nb import next_u64_nb, randint_nb, random_nb, stream_seed_nb
from simcore.maharaja.enums import BANK, DK_CHARACTER, DK_PICK, N_ACTIONS
from simcore.maharaja.nb.game_nb import (
    MAX_SEATS,
    OUT_SIZE,
    RNG_STREAMS,
    SCRATCH_SIZE,
    WORK_SIZE,
    advance_nb,
    answer_nb,
    asked_seat_nb,
)
from strategies import registry
from strategies.maharaja.chaser import chaser_decide_nb
from strategies.maharaja.house_network import house_network_decide_nb
from strategies.maharaja.kit.view_nb import determinise_nb
from strategies.maharaja.palace_rush import palace_rush_decide_nb
from strategies.maharaja.random_legal import random_decide_nb, random_pick_nb

# The rollout policy: its decide function, and its registered params (which follow
# this strategy's own in the parameter vector). Switch both lines together.
from strategies.maharaja.weighted import PARAMS as POLICY_DEFAULTS
from strategies.maharaja.weighted import weighted_decide_nb  # also a model, see MODELS
from strategies.maharaja.weighted import weighted_decide_nb as policy_decide_nb
from strategies.registry import Strategy, register

# params
P_ROLLOUTS = 0  # rollouts per pick decision (the budget)
P_MARGIN = 1  # outcome bonus per palace of margin over the best opponent
P_EXPLORE = 2  # chance that a rollout pick is a uniform pair instead of the policy's
P_GOLD_NOISE = 3  # each rollout moves every opponent's estimated gold by up to this
P_CHAR_ROLLOUTS = 4  # rollouts for the setup character (M-S3); 0 = the policy's choice
P_PRIOR = 5  # bonus to the mean outcome of the policy's own answer (breaks near-ties)
P_MODELS = 6  # 1 = rollouts play each opponent as the table says it plays; 0 = as the policy
P_POLICY = 7  # the rollout policy's parameter vector starts here
DEFAULTS = {
    "rollouts": 100.0,
    "margin": 0.05,
    "explore": 0.05,
    "gold_noise": 3.0,
    "char_rollouts": 48.0,
    "prior": 0.05,
    "models": 1.0,
} | {f"policy_{k}": v for k, v in POLICY_DEFAULTS.items()}

# The table block (filled by `table_params`, after the named params): its model
# width W, then per seat (MAX_SEATS): model id (index in MODELS, -1 = the policy)
# and W model params. A `lookahead` opponent is modelled by its rollout policy.
MODELS = ("weighted", "chaser", "house-network", "palace-rush", "random")
P_TABLE = len(DEFAULTS)

N_PAIRS = N_ACTIONS * (N_ACTIONS + 1) // 2


def table_params(vector: np.ndarray, seats: list[Strategy]) -> np.ndarray:
    """The seat's vector plus the table block: how the rollouts model every seat."""
    known = registry.strategies()
    width = max(len(known[m].defaults) for m in MODELS)
    block = [float(width)]
    for q in range(MAX_SEATS):
        row = np.zeros(1 + width)
        row[0] = -1
        s = seats[q] if q < len(seats) else None
        if s is not None and s.name in MODELS:
            row[0] = MODELS.index(s.name)
            row[1 : 1 + len(s.defaults)] = s.params()
        elif s is not None and s.model is not None:  # a search: its rollout policy
            name, policy = s.model(s.params())
            row[0] = MODELS.index(name) if name in MODELS else -1
            row[1 : 1 + len(policy)] = policy
        block.extend(row)
    return np.concatenate([vector[:P_TABLE], np.array(block)])


@njit(
    f"int64(int64, int64, int64, {I1}, {I1}, {I1}, {F1}, {U1}, {I1}, {I1})", cache=True, _nrt=False
)
def model_decide_nb(m, kind, seat, state, board, rules, mp, rng, scratch, out):
    """Decide as the strategy MODELS[m] with params mp."""
    if m == 1:
        return chaser_decide_nb(kind, seat, state, board, rules, mp, rng, scratch, out)
    if m == 2:
        return house_network_decide_nb(kind, seat, state, board, rules, mp, rng, scratch, out)
    if m == 3:
        return palace_rush_decide_nb(kind, seat, state, board, rules, mp, rng, scratch, out)
    if m == 4:
        return random_decide_nb(kind, seat, state, board, rules, mp, rng, scratch, out)
    return weighted_decide_nb(kind, seat, state, board, rules, mp, rng, scratch, out)


@njit(
    f"int64(int64, int64, int64, {I1}, {I1}, {I1}, {F1}, {U1}, {I1}, {I1})", cache=True, _nrt=False
)
def seat_decide_nb(me, kind, s, state, board, rules, params, rng, scratch, out):
    """Seat s's decision in a rollout of seat `me`: the policy, or s's model from the table."""
    pp = params[P_POLICY:P_TABLE]
    if s == me or params[P_MODELS] <= 0 or params.shape[0] <= P_TABLE:
        return policy_decide_nb(kind, s, state, board, rules, pp, rng, scratch, out)
    width = np.int64(params[P_TABLE])
    at = P_TABLE + 1 + s * (1 + width)
    m = np.int64(params[at])
    if m < 0:
        return policy_decide_nb(kind, s, state, board, rules, pp, rng, scratch, out)
    return model_decide_nb(m, kind, s, state, board, rules, params[at + 1 : at + 1 + width],
                           rng, scratch, out)  # fmt: skip


@njit(
    f"float64({I1}, {I1}, {I1}, {I1}, int64, int64, int64, int64, int64, float64, float64, int64, "
    f"{F1}, {I1}, {I2}, {U1}, {I2}, {I1}, {I1})",
    cache=True,
    _nrt=False,
)
def rollout_nb(
    view, board, rules, sim, seat, kind, a0, a1, seed, margin, explore, noise, params, scratch,
    sc, rr, log, out, work,
):  # fmt: skip
    """Play the game from `view`, where this seat must answer `kind`, with the answer
    (a0, a1) (a pair, or a0 = the character) and the rollout policy for every seat;
    rollout `seed` fixes every draw. Returns the outcome.

    Each rollout redraws what is hidden (opponents' gold around the public estimate,
    earlier opponents' picks) and lets every pick be a uniform pair with chance
    `explore`: a deterministic policy would otherwise replay one single game."""
    n = view[S.N_PLAYERS]
    for i in range(S.STATE_SIZE):
        sim[i] = view[i]
    for i in range(RNG_STREAMS):
        rr[i] = stream_seed_nb(seed, seat, i)
    for q in range(MAX_SEATS):
        for i in range(SCRATCH_SIZE):
            sc[q, i] = scratch[i] if q == seat else 0
    if noise > 0:
        for q in range(n):
            if q != seat:
                g = sim[S.GOLD + q] + randint_nb(rr, 0, 2 * noise + 1) - noise
                sim[S.GOLD + q] = g if g > 0 else 0
    # opponents who picked before this seat: a pick of the policy's, on the view
    for q in range(seat if kind == DK_PICK else 0):
        if sim[S.ACTED + q] == 0 and sim[S.PICK0 + q] < 0:
            for i in range(OUT_SIZE):
                out[i] = 0
            seat_decide_nb(
                seat, DK_PICK, q, sim, board, rules, params, rr[1 + q : 2 + q], sc[q], out
            )
            if random_nb(rr, 0) < explore:
                random_pick_nb(rr[1 + q : 2 + q], out)
            sim[S.PICK0 + q] = out[0]
            sim[S.PICK1 + q] = out[1]
    for i in range(OUT_SIZE):
        out[i] = 0
    out[0] = a0
    out[1] = a1
    answer_nb(sim, board, rules, log, out, a0)
    while True:
        kind = advance_nb(sim, board, rules, log, work)
        if kind < 0:
            break
        s = asked_seat_nb(sim)
        for i in range(OUT_SIZE):
            out[i] = 0
        # a model plans its turn when it picks, so it picks even when the pair is redrawn
        ret = seat_decide_nb(
            seat, kind, s, sim, board, rules, params, rr[1 + s : 2 + s], sc[s], out
        )
        if kind == DK_PICK and random_nb(rr, 0) < explore:
            random_pick_nb(rr[1 + s : 2 + s], out)
        answer_nb(sim, board, rules, log, out, ret)
    best = 0
    for q in range(n):
        if q != seat and sim[S.PALACES + q] > best:
            best = sim[S.PALACES + q]
    value = margin * (sim[S.PALACES + seat] - best)
    if sim[S.RANK + seat] == 0:
        value += 1.0
    return value


@njit(f"void({I1}, int64)", cache=True, _nrt=False)
def pair_nb(out, i):
    """The i-th of the 45 unordered pairs (a0 <= a1) into out[0], out[1]."""
    a = 0
    while i >= N_ACTIONS - a:
        i -= N_ACTIONS - a
        a += 1
    out[0] = a
    out[1] = a + i


@njit(f"int64(int64, int64, {I1}, {I1}, {I1}, {F1}, {U1}, {I1}, {I1})", cache=True)
def search_nb(kind, seat, state, board, rules, params, rng, scratch, out):
    """Sequential halving with paired (common-seed) rollouts over the candidates of a
    pick (the 45 pairs, into out) or of the setup character (returned)."""
    if kind == DK_PICK:
        budget = np.int64(params[P_ROLLOUTS])
    else:
        budget = np.int64(params[P_CHAR_ROLLOUTS])
    margin = params[P_MARGIN]
    explore = params[P_EXPLORE]
    noise = np.int64(params[P_GOLD_NOISE])
    pp = params[P_POLICY:P_TABLE]
    cands = np.empty((N_PAIRS, 2), dtype=np.int64)
    o = np.empty(OUT_SIZE, dtype=np.int64)
    n_alive = 0
    if kind == DK_PICK:
        for c in range(N_PAIRS):
            pair_nb(o, c)
            cands[c, 0] = o[0]
            cands[c, 1] = o[1]
        n_alive = N_PAIRS
    else:
        for k in range(rules[R.N_CHARACTERS]):
            if state[S.CHAR_OWNER + k] == BANK:
                cands[n_alive, 0] = k
                cands[n_alive, 1] = 0
                n_alive += 1
    if budget <= 0 or n_alive <= 1:
        return policy_decide_nb(kind, seat, state, board, rules, pp, rng, scratch, out)
    view = np.empty(S.STATE_SIZE, dtype=np.int64)
    determinise_nb(state, rules, seat, view)
    sim = np.empty(S.STATE_SIZE, dtype=np.int64)
    sc = np.empty((MAX_SEATS, SCRATCH_SIZE), dtype=np.int64)
    rr = np.empty(RNG_STREAMS, dtype=np.uint64)
    log = np.zeros((0, 7), dtype=np.int64)
    work = np.empty(WORK_SIZE, dtype=np.int64)
    alive = np.arange(n_alive)
    total = np.zeros(n_alive, dtype=np.float64)
    # the policy's own answer on the view (copies of scratch and stream) gets a bonus
    for i in range(SCRATCH_SIZE):
        sc[0, i] = scratch[i]
    rr[0] = rng[0]
    for i in range(OUT_SIZE):
        o[i] = 0
    ret = policy_decide_nb(kind, seat, view, board, rules, pp, rr[0:1], sc[0], o)
    favoured = -1
    for c in range(n_alive):
        if kind == DK_PICK:
            a = min(o[0], o[1])
            b = max(o[0], o[1])
            if cands[c, 0] == a and cands[c, 1] == b:
                favoured = c
        elif cands[c, 0] == ret:
            favoured = c
    base = np.int64(next_u64_nb(rng, 0) >> np.uint64(2))  # + r never overflows
    phases = 0
    k = n_alive
    while k > 1:
        k = (k + 1) // 2
        phases += 1
    used = 0
    done = 0  # rollouts each surviving candidate has had (seeds base + 0 .. done - 1)
    for ph in range(phases):
        left = budget - used
        if left <= 0 or n_alive <= 1:
            break
        per = max(1, left // (phases - ph) // n_alive)
        for r in range(done, done + per):
            for j in range(n_alive):
                c = alive[j]
                total[c] += rollout_nb(
                    view, board, rules, sim, seat, kind, cands[c, 0], cands[c, 1],
                    base + r, margin, explore, noise, params, scratch, sc, rr, log, o, work,
                )  # fmt: skip
        done += per
        used += per * n_alive
        if favoured >= 0:
            total[favoured] += per * params[P_PRIOR]
        # keep the better half (stable: ties keep the lower candidate index)
        order = np.argsort(-total[alive[:n_alive]], kind="mergesort")
        keep = (n_alive + 1) // 2
        chosen = alive[order[:keep]].copy()
        n_alive = keep
        alive[:n_alive] = np.sort(chosen)
    best = alive[0]
    for j in range(1, n_alive):
        if total[alive[j]] > total[best]:
            best = alive[j]
    out[0] = cands[best, 0]
    out[1] = cands[best, 1]
    return cands[best, 0] if kind != DK_PICK else 0


@register(
    "lookahead-old",
    "main's lookahead, frozen (bench only)",
    game="maharaja",
    params=DEFAULTS,
    table=table_params,
    model=lambda v: ("weighted", np.asarray(v[P_POLICY:P_TABLE], dtype=np.float64)),
)
@njit(cache=True, _nrt=False)  # lazy: compiled when a driver plays it
def lookahead_decide_nb(kind, seat, state, board, rules, params, rng, scratch, out):
    if kind == DK_PICK or kind == DK_CHARACTER:
        return search_nb(kind, seat, state, board, rules, params, rng, scratch, out)
    return policy_decide_nb(
        kind, seat, state, board, rules, params[P_POLICY:P_TABLE], rng, scratch, out
    )
