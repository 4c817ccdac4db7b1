"""The generic search (`lookahead`): its parameters, its bookkeeping and the game hooks.

The search is flat Monte Carlo with sequential halving: at a searched decision it lists
the candidate answers, plays the rest of the game (or `horizon` rounds of it) from a
determinised copy once per candidate and rollout seed, keeps the better half of the
candidates after each phase, and answers with the best. Every candidate replays the same
rollout seeds (common random numbers), so the comparisons are paired. With `width` = k
it spends the rollouts only on the k candidates its policy ranks highest (the game's
prior_nb: the values the policy compares anyway, so the ranking is free) rather than on
all of them: a cheap search looks twice as often at the answers worth a look. With `gate`
= g it searches only where the search can change the answer: where the prior's top
candidate leads the next by more than g times the median lead over the others
(margin_nb, scale-free, in [0, 1]), the policy answers without a rollout. With `tree` =
c a rollout does not leave the seat's next searched decision (before its horizon) to the
policy: it takes a child there by UCB1 (constant c) over statistics kept per candidate and
child (the child's index in candidates_nb's list, taken as the same child in every world,
exact where the seat's options there do not depend on the world; the policy's own answer
on the first visit), a two-level information-set tree whose root values are the means of
its rollouts as before (ucb_nb). With `reuse` = r as well, the search remembers that
level below its chosen candidate in the seat's memory row (the SEARCH_MEMORY slots after
the policy's scratch) and the seat's next searched decision, if it is the one those
rollouts met (as many candidates, before their limit), starts each candidate with r
rollouts of its child's mean (recall_nb, remember_nb). The rollouts are
the driver's own game loop (simcore/core/nb/driver.py writes them, with a dispatch in which
each seat plays the strategy the table lists for it and a search plays its policy), so
any registered strategy is a possible opponent model and nothing recurses.

Its body must call the generated loop and dispatch as globals (numba cannot cache a
function that receives another), so it is written into the driver module too; this
module holds what does not call them: the parameter layout, the halving schedule and a
clock. strategies/search.py registers a search for a game.

Game hooks: a module, named when the search is registered, with

    PARAMS: dict                  the game's own search parameters (after GENERIC's)
    MAX_CANDIDATES: int           rows of the candidate buffer
    budget_nb(kind, params) -> int64
        rollouts for a decision of this kind; 0 = not searched (the policy answers)
    horizon_nb(kind, params) -> int64
        how far its rollouts play, in progress_nb ticks; 0 = to the end of the game
    candidates_nb(kind, seat, state, board, rules, cands) -> int64
        the legal answers, one row each: [ret, out[0], ..., out[OUT_SIZE - 1]];
        a candidate is applied as the engine's answer (answer_nb(out, ret))
    same_nb(kind, cand, ret, out) -> bool
        whether the answer (ret, out) is the candidate row (the policy's favourite)
    explore_kind_nb(kind) -> bool
        rollouts may replace an answer of this kind by a uniform candidate (`explore`)
    secret_kind_nb(kind) -> bool
        an answer of this kind stays secret and unread by the engine until the seat is
        asked again: the others' decisions up to then are played once per rollout seed
        for all candidates, which are then written in with restore_nb (exact, cheaper)
    determinise_nb(state, board, rules, seat, view)
        view := what `seat` may know: every secret of the others replaced by a public
        guess. The search reads nothing else, so fair play holds by construction.
    redraw_nb(sim, board, rules, seat, params, rng)
        per rollout seed: draw the hidden numbers anew around the guesses (stream
        rng[0]; the other streams are the seats')
    hidden_kind_nb(sim, seat, kind, q) -> int64
        the kind of a secret decision seat q has made already and the view cleared,
        or -1; the rollout asks q's model for it again and calls
    restore_nb(sim, q, kind, ret, out)
        to write that answer (q's, or this seat's secret one) into the state
    progress_nb(state) -> int64
        a clock that only moves forward (e.g. the round); rollouts stop at the first
        decision `horizon` ticks after the searched one
    value_nb(state, board, rules, seat, params) -> float64
        the rollout's outcome for `seat`: of the finished game, or an estimate when the
        rollout stopped early (the game is not over)
    prior_nb(kind, seat, view, board, rules, pparams, scratch, cands, n, scores)
        scores[:n] := how the policy (parameters pparams, a copy of its memory) ranks
        the candidates on the view, higher better (UNVALUED or below: one it does not
        value); only `width` (progressive widening) and `gate` read it. A game without a
        ranking re-exports the uniform one of simcore/core/nb/search_prior_nb.py.

plus the engine's protocol (simcore/core/nb/driver.py). Every hook is an @njit function
with no allocation; `params` is the search seat's whole vector. A game whose decisions
are all public re-exports secret_kind_nb, hidden_kind_nb and restore_nb from
simcore/core/nb/search_public_nb.py.
"""

import time

import numpy as np
from llvmlite import ir
from numba import config, njit, types
from numba.core import cgutils
from numba.extending import intrinsic

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import randint_nb, stream_seed_nb

HOOKS = (
    "PARAMS",
    "MAX_CANDIDATES",
    "budget_nb",
    "horizon_nb",
    "candidates_nb",
    "same_nb",
    "explore_kind_nb",
    "secret_kind_nb",
    "determinise_nb",
    "redraw_nb",
    "hidden_kind_nb",
    "restore_nb",
    "progress_nb",
    "value_nb",
    "prior_nb",
)  # what a game's hooks module must define (checked when a search is registered)

# Generic parameters: indices into a search strategy's vector, which continues with the
# game's PARAMS, then its policy's parameters, then the table block (strategies/search.py).
GENERIC = {
    "rollouts": 100.0,  # rollouts per searched decision (the budget; the game may vary it)
    "explore": 0.05,  # chance that a rollout answer of an explore kind is a uniform candidate
    "prior": 0.05,  # bonus per rollout to the mean of the policy's own answer (ties go to it)
    "models": 1.0,  # 1 = rollouts play each seat as the table lists it; 0 = all as the policy
    "horizon": 0.0,  # rollouts stop `horizon` progress ticks on (value estimate); 0 = the end
    "ms": 0.0,  # stop a decision's search after this many milliseconds; 0 = no clock
    "threads": 1.0,  # rollouts of a phase on this many threads; 0 = numba's thread count
    "width": 0.0,  # rollouts only for the `width` candidates prior_nb ranks highest; 0 = all
    "gate": 0.0,  # the policy answers unsearched where margin_nb(prior) > gate; 0 = off
    "tree": 0.0,  # UCB constant of a second level at the seat's next searched decision; 0 = off
    "reuse": 0.0,  # rollouts' weight of the tree's level below carried to the next decision
}
P_ROLLOUTS = 0
P_EXPLORE = 1
P_PRIOR = 2
P_MODELS = 3
P_HORIZON = 4
P_MS = 5
P_THREADS = 6
P_WIDTH = 7
P_GATE = 8
P_TREE = 9
P_REUSE = 10
N_GENERIC = len(GENERIC)
assert tuple(GENERIC)[P_GATE] == "gate" and tuple(GENERIC)[P_TREE] == "tree"
assert tuple(GENERIC)[P_REUSE] == "reuse"

NO_LIMIT = np.int64(1) << np.int64(62)
NO_SEAT = np.int64(-1)

# What a search did (the driver's search_stats_nb fills them; tests and tools read them).
ST_ROLLOUTS = 0  # rollouts played
ST_CANDIDATES = 1  # candidates listed
ST_WORLDS = 2  # rollout seeds (determinisations) drawn
ST_SHARED = 3  # of which played the others' common decisions once (secret_kind_nb)
ST_BEST = 4  # the chosen candidate's index (-1: the policy answered unsearched)
ST_FAVOURED = 5  # the policy's own answer's index (-1: not among the candidates)
ST_MEAN = 6  # the chosen candidate's mean value (with the prior)
ST_REACH = 7  # the furthest any rollout got, in progress ticks past the decision
ST_ENDED = 8  # rollouts that played to the game's end
ST_NS = 9  # nanoseconds the decision took
ST_MARGIN = 10  # the prior's margin (margin_nb) where `gate` measured it, else -1
ST_BELOW = 11  # rollouts that met the seat's next searched decision (`tree`'s level below)
ST_REUSED = 12  # 1 where `reuse` seeded the candidates from the previous search, else 0
N_STATS = 13
UNVALUED = -1e17  # a prior score at or below: a candidate the policy does not value

# The search's memory (`reuse`): SEARCH_MEMORY slots after the policy's SCRATCH_SIZE in the
# seat's scratch row (the play loops allocate them; a bare SCRATCH_SIZE row reuses nothing):
# the level below the last search's chosen candidate, for the seat's next searched decision.
M_KIDS = 0  # children there (0: nothing remembered)
M_LIMIT = 1  # the progress limit of that search's rollouts
M_ROOT = 2  # the mean of its rollouts that reached the level, fixed point
M_COUNT = 3  # per child: rollouts ...
MEMORY_CHILDREN = 64  # (a level with more children is not remembered)
M_TOTAL = M_COUNT + MEMORY_CHILDREN  # ... and their summed values, fixed point
SEARCH_MEMORY = M_TOTAL + MEMORY_CHILDREN
FIXED = 1e6  # fixed-point scale of the remembered values (scratch holds integers)


@njit_static(cache=True)
def phases_nb(n):
    """Halving phases from n candidates down to one."""
    phases = 0
    while n > 1:
        n = (n + 1) // 2
        phases += 1
    return phases


@njit_static(cache=True)
def halve_nb(total, alive, n_alive):
    """Keep the better half of alive[:n_alive] by total (ties keep the lower candidate),
    in candidate order; returns the new count."""
    # insertion sort by (-total, index): stable and allocation free, n <= a few dozen
    for i in range(1, n_alive):
        c = alive[i]
        j = i - 1
        while j >= 0 and (
            total[alive[j]] < total[c] or (total[alive[j]] == total[c] and alive[j] > c)
        ):
            alive[j + 1] = alive[j]
            j -= 1
        alive[j + 1] = c
    keep = (n_alive + 1) // 2
    for i in range(1, keep):  # back into candidate order
        c = alive[i]
        j = i - 1
        while j >= 0 and alive[j] > c:
            alive[j + 1] = alive[j]
            j -= 1
        alive[j + 1] = c
    return keep


@njit(cache=True)
def pick_nb(alive, n, k, favoured, seed):
    """alive[:k] := k of the n candidates in candidate order: `favoured` (if >= 0) and
    others drawn uniformly without replacement from stream (seed, 0, 0)."""
    rng = np.empty(1, dtype=np.uint64)
    rng[0] = stream_seed_nb(seed, 0, 0)
    for i in range(n):
        alive[i] = i
    m = 0  # alive[:m] chosen (a partial Fisher-Yates shuffle)
    if 0 <= favoured < n:
        alive[0], alive[favoured] = favoured, 0
        m = 1
    while m < k:
        j = m + randint_nb(rng, 0, n - m)
        alive[m], alive[j] = alive[j], alive[m]
        m += 1
    alive[:k].sort()


@njit(cache=True)
def top_nb(alive, scores, n, k):
    """alive[:k] := the k of the n candidates with the highest scores (ties keep the
    lower candidate), in candidate order."""
    for i in range(n):
        alive[i] = i
    for m in range(k):  # a partial selection sort by (-score, index)
        j = m
        for i in range(m + 1, n):
            a = alive[i]
            if scores[a] > scores[alive[j]] or (scores[a] == scores[alive[j]] and a < alive[j]):
                j = i
        alive[m], alive[j] = alive[j], alive[m]
    alive[:k].sort()


@njit_static(cache=True)
def best_nb(total, alive, n_alive):
    """The alive candidate with the highest total (the first of equals)."""
    best = alive[0]
    for j in range(1, n_alive):
        if total[alive[j]] > total[best]:
            best = alive[j]
    return best


@njit(cache=True)
def ucb_nb(count, total, m, c):
    """The child a rollout takes below a candidate: -1 (the policy's answer) until one
    rollout has found the level below (m children); then the first child not tried, in
    order; then the highest mean + c * sqrt(ln(visits) / its visits) (the first of
    equals)."""
    if m <= 0:
        return -1
    visits = 0
    for i in range(m):
        if count[i] == 0:
            return i
        visits += count[i]
    best = 0
    best_u = -np.inf
    for i in range(m):
        u = total[i] / count[i] + c * np.sqrt(np.log(visits) / count[i])
        if u > best_u:
            best, best_u = i, u
    return best


@njit(cache=True)
def recall_nb(memory, n, progress, est):
    """est[:n] := what the seat's previous search learnt of this decision (`reuse`): per
    child of the level below its chosen candidate, the mean of the rollouts that took it,
    shrunk by one rollout towards the level's mean. Returns whether it applies: the
    level was remembered, had n children and this decision comes before the previous
    rollouts' limit. The memory is spent either way (it describes the next decision)."""
    kids = memory[M_KIDS]
    memory[M_KIDS] = 0
    if kids <= 0 or kids != n or progress >= memory[M_LIMIT]:
        return False
    root = memory[M_ROOT] / FIXED
    for c in range(n):
        est[c] = (memory[M_TOTAL + c] / FIXED + root) / (memory[M_COUNT + c] + 1)
    return True


@njit(cache=True)
def remember_nb(memory, count, total, m, limit):
    """memory := the level below the chosen candidate (m children, their rollouts and
    summed values) for the seat's next searched decision; nothing if no rollout found
    one or it has more than MEMORY_CHILDREN children."""
    visits = 0
    for i in range(min(m, MEMORY_CHILDREN)):
        visits += count[i]
    if m <= 0 or m > MEMORY_CHILDREN or visits == 0:
        memory[M_KIDS] = 0
        return
    level = 0.0
    for i in range(m):
        memory[M_COUNT + i] = count[i]
        memory[M_TOTAL + i] = np.int64(total[i] * FIXED)
        level += total[i]
    memory[M_ROOT] = np.int64(level / visits * FIXED)
    memory[M_LIMIT] = limit
    memory[M_KIDS] = m


@njit(cache=True)
def margin_nb(scores, n):
    """How far the prior's top candidate leads, scale-free: its lead over the second
    over the median of its leads over the others (in [0, 1]; 1 = the rest all tie far
    behind, 0 = a tie for first). -1 with fewer than three valued candidates: two
    scores have no scale of their own."""
    top = -np.inf
    m = 0
    for c in range(n):
        if scores[c] > UNVALUED:
            top = max(top, scores[c])
            m += 1
    if m < 3:
        return -1.0
    gaps = np.empty(m - 1)
    k = 0
    skipped = False  # the top itself, once (a tie for first leaves a gap of 0)
    for c in range(n):
        if scores[c] <= UNVALUED:
            continue
        if scores[c] == top and not skipped:
            skipped = True
            continue
        gaps[k] = top - scores[c]
        k += 1
    gaps.sort()
    median = gaps[k // 2]  # the upper median: with two others, the larger lead
    return gaps[0] / median if median > 0 else 0.0


@intrinsic
def _clock_ns(typingctx):
    """clock_gettime(CLOCK_MONOTONIC) in nanoseconds, linked by name (so cacheable)."""

    def codegen(context, builder, signature, args):
        i64 = ir.IntType(64)
        ts_t = ir.LiteralStructType([i64, i64])
        ts = cgutils.alloca_once(builder, ts_t)
        fnty = ir.FunctionType(ir.IntType(32), [ir.IntType(32), ts_t.as_pointer()])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "clock_gettime")
        builder.call(fn, [ir.Constant(ir.IntType(32), 1), ts])
        sec = builder.load(cgutils.gep_inbounds(builder, ts, 0, 0))
        nsec = builder.load(cgutils.gep_inbounds(builder, ts, 0, 1))
        return builder.add(builder.mul(sec, ir.Constant(i64, 1_000_000_000)), nsec)

    return types.int64(), codegen


if config.DISABLE_JIT:  # plain Python (tests/test_nojit.py): intrinsics do not run there

    def clock_ns_nb():
        return time.monotonic_ns()

else:

    @njit_static(cache=True)
    def clock_ns_nb():
        """A monotonic clock for the `ms` budget (the only source of non-determinism)."""
        return _clock_ns()
