"""The search of a generated driver (simcore/core/nb/driver.py), written as real code.

Sequential halving with paired rollouts (simcore/core/nb/search_nb.py holds its arithmetic)
needs the game loop for its rollouts and the strategies as the others' models, and numba
cannot receive either as an argument of a cached function. So this module is not
imported as it is: driver.py copies its text into every generated driver of a game with
a search, after a header that binds the names imported from `palace_lab_driver` below
(the engine's ENGINE_API, the strategy dispatch `model_decide_nb`, the game's search
hooks as `H`, and PARALLEL: whether the rollout batches run on threads); that import
block is left out of the copy. With NUMBA_DISABLE_JIT the driver runs this file's code
under its own name, so coverage sees it.

`model_loop_nb` is the driver's loop with a dispatch `model_decide_nb` of every strategy
that is not a search (the table names a search's policy for its seat, so a rollout never
searches), stopped at a progress limit, exploring at random. The rollout loop, the answer
of a candidate and the search itself are units (simcore/core/nb/native.py), compiled here by
their signatures and called by symbol, so the levels above them do not compile the
engine again. The search's buffers travel as the named structures of
simcore/core/nb/search_context.py: the decision `d`, the worlds `w`, the threads' lanes `b`.
"""

import numpy as np
from numba import njit, prange
from palace_lab_driver import (  # the generated driver's header (left out of the copy)
    MAX_SEATS,
    OUT_SIZE,
    PARALLEL,
    RNG_STREAMS,
    SCRATCH_SIZE,
    STATE_SIZE,
    WORK_SIZE,
    H,
    advance_nb,
    answer_nb,
    asked_seat_nb,
    model_decide_nb,
)

from simcore.core.nb.event_log_nb import LOG_WIDTH
from simcore.core.nb.native import link, native
from simcore.core.nb.rng_nb import next_u64_nb, randint_nb, random_nb, stream_seed_nb
from simcore.core.nb.search_context import Decision, Lane, Lanes, World, Worlds
from simcore.core.nb.search_nb import (
    N_STATS,
    NO_LIMIT,
    NO_SEAT,
    P_EXPLORE,
    P_GATE,
    P_MODELS,
    P_MS,
    P_PRIOR,
    P_REUSE,
    P_THREADS,
    P_TREE,
    P_WIDTH,
    SEARCH_MEMORY,
    ST_BELOW,
    ST_BEST,
    ST_CANDIDATES,
    ST_ENDED,
    ST_FAVOURED,
    ST_MARGIN,
    ST_MEAN,
    ST_NS,
    ST_REACH,
    ST_REUSED,
    ST_ROLLOUTS,
    ST_SHARED,
    ST_WORLDS,
    best_nb,
    clock_ns_nb,
    halve_nb,
    margin_nb,
    phases_nb,
    pick_nb,
    recall_nb,
    remember_nb,
    top_nb,
    ucb_nb,
)

# the rollout loop and the answer of a candidate (the engine inlined in each) are units:
# compiled here by their signatures, the world, rollout, batch and search functions
# below call them by symbol instead of compiling the engine again each
_MODEL_LOOP_SIG = (
    "int64(int64[::1], int64[::1], int64[::1], int64[:, ::1], int64[::1], float64[:, ::1], "
    "uint64[::1], int64[:, ::1], int64[::1], int64[::1], int64, float64, int64[:, ::1], int64, "
    "int64)"
)
_APPLY_SIG = "none(int64[::1], int64[::1], int64[::1], int64[:, ::1], int64[::1], int64[::1])"
STAT_REACH = 0  # Lanes.stat columns: the furthest progress past the decision ...
STAT_ENDED = 1  # ... and the rollouts that ended the game
N_LANE_STATS = 2
WORLDS_PER_THREAD = 4  # rollout seeds drawn and played together, per thread (threads > 1)


@njit(cache=True, _nrt=False)
def explore_nb(kind, seat, state, board, rules, rng, xc, out):
    """A uniform candidate answer (a rollout's exploration) into out; returns its ret."""
    n = H.candidates_nb(kind, seat, state, board, rules, xc)
    i = randint_nb(rng, 0, n)
    for j in range(OUT_SIZE):
        out[j] = xc[i, 1 + j]
    return xc[i, 0]


@njit(_MODEL_LOOP_SIG, cache=True, _nrt=False)
def model_loop_nb(
    state, board, rules, log, sids, params, rng, scratch, out, work, limit, explore, xc,
    stop_seat, max_answers,
):  # fmt: skip
    """The driver's loop (play_loop_nb) over model_decide_nb, up to the game's end, the
    progress `limit`, seat `stop_seat` asked or `max_answers` answers; each answer of an
    explored kind replaced by a random candidate with probability `explore`. (A unit with
    a signature of plain arrays, so its arguments stay positional.)"""
    answers = 0
    while True:
        kind = advance_nb(state, board, rules, log, work)
        if kind < 0:
            return answers
        seat = asked_seat_nb(state)
        if H.progress_nb(state) >= limit or seat == stop_seat or answers >= max_answers:
            return answers
        for i in range(OUT_SIZE):
            out[i] = 0
        ret = model_decide_nb(
            kind, sids[seat], seat, state, board, rules, params[seat],
            rng[1 + seat : 2 + seat], scratch[seat], out,
        )  # fmt: skip
        if H.explore_kind_nb(kind) and random_nb(rng, 0) < explore:
            ret = explore_nb(kind, seat, state, board, rules, rng[1 + seat : 2 + seat], xc, out)
        answer_nb(state, board, rules, log, out, ret)
        answers += 1


@njit(_APPLY_SIG, cache=True, _nrt=False)
def apply_nb(state, board, rules, log, out, cand):
    """Answer the pending decision with a candidate row [ret, out...]."""
    for i in range(OUT_SIZE):
        out[i] = cand[1 + i]
    answer_nb(state, board, rules, log, out, cand[0])


_MODEL_UNITS = [(__name__, "model_loop_nb", _MODEL_LOOP_SIG), (__name__, "apply_nb", _APPLY_SIG)]
link(_MODEL_UNITS)
model_loop_unit_nb, apply_unit_nb = (native(*u) for u in _MODEL_UNITS)


@njit(cache=True, _nrt=False)
def play_on_nb(d, state, scratch, rng, lane, limit, stop_seat, max_answers):
    """The models play a world on (model_loop_nb) with a lane's buffers; returns the
    number of answers."""
    return model_loop_unit_nb(
        state, d.board, d.rules, lane.log, d.msids, d.mparams, rng, scratch, lane.out,
        lane.work, limit, d.explore, lane.x, stop_seat, max_answers,
    )  # fmt: skip


@njit(cache=True, _nrt=False)
def copy_world_nb(world, lane):
    """The lane's state, memories and streams := the world's."""
    for i in range(STATE_SIZE):
        lane.state[i] = world.state[i]
    for q in range(MAX_SEATS):
        for i in range(SCRATCH_SIZE):
            lane.scratch[q, i] = world.scratch[q, i]
    for i in range(RNG_STREAMS):
        lane.rng[i] = world.rng[i]


@njit(cache=True, _nrt=False)
def draw_world_nb(d, world, seed, lane):
    """The view with its hidden parts redrawn, every seat's memory (this seat's own, the
    others' empty) and streams; the others' secret decisions made already asked again of
    their models."""
    for i in range(STATE_SIZE):
        world.state[i] = d.seen[i]
    for i in range(RNG_STREAMS):
        world.rng[i] = stream_seed_nb(seed, d.seat, i)
    for q in range(MAX_SEATS):
        for i in range(SCRATCH_SIZE):
            world.scratch[q, i] = d.scratch[i] if q == d.seat else 0
    H.redraw_nb(world.state, d.board, d.rules, d.seat, d.params, world.rng)
    for q in range(MAX_SEATS):
        k = H.hidden_kind_nb(world.state, d.seat, d.kind, q)
        if k < 0:
            continue
        for i in range(OUT_SIZE):
            lane.out[i] = 0
        rng = world.rng[1 + q : 2 + q]
        ret = model_decide_nb(
            k, d.msids[q], q, world.state, d.board, d.rules, d.mparams[q], rng,
            world.scratch[q], lane.out,
        )  # fmt: skip
        if H.explore_kind_nb(k) and random_nb(world.rng, 0) < d.explore:
            ret = explore_nb(k, q, world.state, d.board, d.rules, rng, lane.x, lane.out)
        H.restore_nb(world.state, q, k, ret, lane.out)


@njit(cache=True, _nrt=False)
def world_nb(d, world, seed, cand, share, lane):
    """Rollout seed `seed`'s world (draw_world_nb), drawn once for all candidates (common
    random numbers). With `share` (a secret answer, H.secret_kind_nb), the others'
    decisions up to the last one before this seat is asked again do not depend on the
    answer: they are played here (placeholder `cand`), and the rollouts write their
    candidate in with H.restore_nb. Returns whether it did."""
    draw_world_nb(d, world, seed, lane)
    if not share:
        return False
    # count the others' answers until this seat is asked again (on a copy), then play all
    # but the last on the world: answering the last may reveal the secret (the game says
    # when, through its hooks)
    copy_world_nb(world, lane)
    apply_unit_nb(lane.state, d.board, d.rules, lane.log, lane.out, cand)
    n = play_on_nb(d, lane.state, lane.scratch, lane.rng, lane, d.limit, d.seat, NO_LIMIT)
    if n <= 1:
        return False
    apply_unit_nb(world.state, d.board, d.rules, lane.log, lane.out, cand)
    play_on_nb(d, world.state, world.scratch, world.rng, lane, NO_LIMIT, NO_SEAT, n - 1)
    return True


@njit(cache=True, _nrt=False)
def below_nb(d, lane, pick):
    """The seat's next decision in a rollout (play_on_nb stopped there), if it is of a
    searched kind, before the limit, with more than one candidate: answered with child
    `pick` of its candidates (H.candidates_nb's order), the policy's own answer if pick < 0
    or beyond them (the policy is asked either way, as with `explore`, so that its memory
    moves on as in any rollout). Returns the child taken (-1: none) and the children."""
    kind = advance_nb(lane.state, d.board, d.rules, lane.log, lane.work)
    q = d.seat
    if kind < 0 or asked_seat_nb(lane.state) != q or H.progress_nb(lane.state) >= d.limit:
        return -1, 0
    m = H.candidates_nb(kind, q, lane.state, d.board, d.rules, lane.x)
    if H.budget_nb(kind, d.params) <= 1 or m <= 1:
        return -1, 0
    for i in range(OUT_SIZE):
        lane.out[i] = 0
    ret = model_decide_nb(
        kind, d.msids[q], q, lane.state, d.board, d.rules, d.mparams[q], lane.rng[1 + q : 2 + q],
        lane.scratch[q], lane.out,
    )  # fmt: skip
    child = -1
    if 0 <= pick < m:
        child = pick
        ret = lane.x[pick, 0]
        for i in range(OUT_SIZE):
            lane.out[i] = lane.x[pick, 1 + i]
    else:
        for c in range(m - 1, -1, -1):  # the first candidate that is the policy's answer
            if H.same_nb(kind, lane.x[c], ret, lane.out):
                child = c
    answer_nb(lane.state, d.board, d.rules, lane.log, lane.out, ret)
    return child, m


@njit(cache=True, _nrt=False)
def rollout_nb(d, world, shared, cand, lane, pick):
    """One rollout: the world, this seat's candidate answer (answered, or written in if
    the world has played on), then the driver's loop up to the game's end or `limit`
    (with `tree`, the seat's next searched decision on the way answered by below_nb);
    returns the game's value for this seat, the child taken and the children there."""
    copy_world_nb(world, lane)
    if shared:
        for i in range(OUT_SIZE):
            lane.out[i] = cand[1 + i]
        H.restore_nb(lane.state, d.seat, d.kind, cand[0], lane.out)
    else:
        apply_unit_nb(lane.state, d.board, d.rules, lane.log, lane.out, cand)
    child, kids = -1, 0
    if d.params[P_TREE] > 0:
        play_on_nb(d, lane.state, lane.scratch, lane.rng, lane, d.limit, d.seat, NO_LIMIT)
        child, kids = below_nb(d, lane, pick)
    play_on_nb(d, lane.state, lane.scratch, lane.rng, lane, d.limit, NO_SEAT, NO_LIMIT)
    return H.value_nb(lane.state, d.board, d.rules, d.seat, d.params), child, kids


@njit(cache=True, _nrt=False)
def batch_nb(t, threads, stage, first, n_worlds, n_alive, share, d, w, b):
    """Thread t's share (every `threads`-th item) of a batch of rollout seeds base + first
    + r, r < n_worlds: stage 0 draws their worlds, stage 1 plays every alive candidate in
    each (w.vals[r, j]); b.stat[t]: furthest progress reached, games ended."""
    lane = Lane(b.state[t], b.scratch[t], b.rng[t], b.out[t], b.work[t], b.x[t], b.log)
    if stage == 0:
        for r in range(t, n_worlds, threads):
            world = World(w.state[r], w.scratch[r], w.rng[r])
            seed = d.base + first + r
            w.shared[r] = world_nb(d, world, seed, d.cands[w.alive[0]], share, lane)
        return
    for i in range(t, n_worlds * n_alive, threads):
        r = i // n_alive
        j = i - r * n_alive
        world = World(w.state[r], w.scratch[r], w.rng[r])
        c = w.alive[j]
        w.vals[r, j], w.child[r, j], w.kids[r, j] = rollout_nb(
            d, world, w.shared[r], d.cands[c], lane, w.pick[c]
        )
        b.stat[t, STAT_REACH] = max(b.stat[t, STAT_REACH], H.progress_nb(lane.state) - d.start)
        if asked_seat_nb(lane.state) < 0:  # the game is over
            b.stat[t, STAT_ENDED] += 1


@njit(cache=True, parallel=PARALLEL)
def batch_par_nb(threads, stage, first, n_worlds, n_alive, share, d, w, b):
    """batch_nb on `threads` threads, each with its own lane; every value lands in its
    own cell, so the results do not depend on the thread count. (The structures reach
    the threads only as arguments of batch_nb: numba's parallel loops may drop writes
    made through a namedtuple in their own body, numba issue 7135.)"""
    for t in prange(threads):
        batch_nb(t, threads, stage, first, n_worlds, n_alive, share, d, w, b)


@njit(cache=True)
def run_batch_nb(threads, first, n_worlds, n_alive, share, d, w, b):
    """Draw the worlds of seeds base + first .. + n_worlds - 1, then play every alive
    candidate in each: on threads, or here."""
    zero = NO_SEAT + 1  # (not literal ints: each would compile another copy of batch_nb)
    one = zero + 1
    for stage in range(2):
        if threads > 1:
            batch_par_nb(threads, stage, first, n_worlds, n_alive, share, d, w, b)
        else:
            batch_nb(zero, one, stage, first, n_worlds, n_alive, share, d, w, b)


@njit(cache=True)
def grow_nb(w, nw, n_alive):
    """The level below each alive candidate (tree) := what the batch's rollouts found
    there: the children seen and each child's rollouts and summed values, in seed order."""
    for r in range(nw):
        for j in range(n_alive):
            c = w.alive[j]
            w.known[c] = max(w.known[c], w.kids[r, j])
            ch = w.child[r, j]
            if ch >= 0:
                w.ccount[c, ch] += 1
                w.ctotal[c, ch] += w.vals[r, j]


@njit(cache=True)
def phase_nb(d, w, b, n_alive, done, per, share, threads, ms, t0, stats):
    """`per` more rollout seeds (after the `done` ones) for every alive candidate, a
    batch at a time, summed into w.total in seed order whatever the threads; returns the
    rollouts played and whether the clock (`ms` after t0) ran out."""
    used = 0
    first = done
    tree = d.params[P_TREE]
    while first < done + per:
        nw = min(w.state.shape[0], done + per - first)
        for j in range(n_alive):  # the child each candidate's rollout takes (tree)
            c = w.alive[j]
            w.pick[c] = ucb_nb(w.ccount[c], w.ctotal[c], w.known[c], tree) if tree > 0 else -1
        run_batch_nb(threads, first, nw, n_alive, share, d, w, b)
        for r in range(nw):
            stats[ST_WORLDS] += 1
            stats[ST_SHARED] += w.shared[r]
            for j in range(n_alive):
                w.total[w.alive[j]] += w.vals[r, j]
                stats[ST_BELOW] += w.kids[r, j] > 0
        if tree > 0:
            grow_nb(w, nw, n_alive)
        used += nw * n_alive
        first += nw
        if ms > 0 and clock_ns_nb() - t0 >= ms * 1e6:
            return used, True
    return used, False


@njit(cache=True)
def prior_scores_nb(kind, seat, view, board, rules, pparams, scratch, cands, n):
    """How the game's prior (H.prior_nb, the policy's own ranking on the view, with
    copies of its memory) scores each of the n candidates."""
    scores = np.zeros(n, dtype=np.float64)
    H.prior_nb(kind, seat, view.copy(), board, rules, pparams, scratch.copy(), cands, n, scores)
    return scores


@njit(cache=True)
def widen_nb(w, k, favoured, scores):
    """w.alive[:k] := the k candidates the prior scores highest, the policy's answer
    first of all."""
    n = w.alive.shape[0]
    if favoured >= 0:
        scores[favoured] = np.inf
    top_nb(w.alive, scores, n, k)


@njit(cache=True)
def halving_nb(d, w, b, budget, favoured, scores, t0, stats):
    """Sequential halving of the candidates within `budget` rollouts (search_nb.py's
    schedule; `scores`: the prior's, for `width`); returns the rollouts played, those each
    alive candidate had and the number alive (w.alive[:n_alive])."""
    n = w.alive.shape[0]
    threads = b.state.shape[0]
    ms = d.params[P_MS]
    secret = H.secret_kind_nb(d.kind)
    n_alive = n
    width = np.int64(d.params[P_WIDTH])
    if 0 < width < n:  # only the prior's top candidates (the policy's answer among them)
        n_alive = min(width, budget)
        widen_nb(w, n_alive, favoured, scores)
    elif budget < n:  # one look each at `budget` of them: the policy's and others drawn
        pick_nb(w.alive, n, budget, favoured, d.base)
        n_alive = budget
    phases = phases_nb(n_alive)
    used = 0
    done = NO_SEAT - NO_SEAT  # rollouts each alive candidate has had (seeds base + 0 ..)
    for ph in range(phases):
        left = budget - used
        if n_alive <= 1 or left < n_alive:  # the budget is a cap
            break
        per = max(1, left // (phases - ph) // n_alive)
        share = secret and n_alive > 2  # sharing costs two plays of the common part
        played, timed_out = phase_nb(d, w, b, n_alive, done, per, share, threads, ms, t0, stats)
        used += played
        if timed_out:
            break
        done += per
        if favoured >= 0:
            w.total[favoured] += per * d.params[P_PRIOR]
        n_alive = halve_nb(w.total, w.alive, n_alive)
    return used, done, n_alive


@njit(cache=True)
def models_nb(seat, params, policy, policy_at, table_at):
    """How the rollouts play each seat (ids, parameter rows): as the table lists it, else
    (and this seat) as the policy."""
    pp = params[policy_at:table_at]
    tw = np.int64(params[table_at]) if params.shape[0] > table_at else 0
    if params[P_MODELS] <= 0:
        tw = 0
    msids = np.full(MAX_SEATS, policy, dtype=np.int64)
    mparams = np.zeros((MAX_SEATS, max(tw, table_at - policy_at)), dtype=np.float64)
    for q in range(MAX_SEATS):
        at = table_at + 1 + q * (1 + tw)
        if tw > 0 and q != seat and at + tw < params.shape[0] and params[at] >= 0:
            msids[q] = np.int64(params[at])
            mparams[q, :tw] = params[at + 1 : at + 1 + tw]
        else:
            mparams[q, : table_at - policy_at] = pp
    return msids, mparams


@njit(cache=True)
def favoured_nb(kind, policy, seat, view, board, rules, pparams, rng, scratch, cands, n):
    """The candidate the policy answers on the view (with copies of its memory and
    stream), which gets the prior; -1 if none is."""
    o = np.zeros(OUT_SIZE, dtype=np.int64)
    ret = model_decide_nb(
        kind, policy, seat, view, board, rules, pparams, rng.copy(), scratch.copy(), o
    )
    favoured = -1
    for c in range(n):
        if H.same_nb(kind, cands[c], ret, o):
            favoured = c
    return favoured


@njit(cache=True)
def worlds_nb(batch, n, children):
    """The Worlds of `batch` rollout seeds and `n` candidates, all alive, with room for
    `children` below each (tree; 0 without)."""
    return Worlds(
        np.empty((batch, STATE_SIZE), dtype=np.int64),
        np.empty((batch, MAX_SEATS, SCRATCH_SIZE), dtype=np.int64),
        np.empty((batch, RNG_STREAMS), dtype=np.uint64),
        np.zeros(batch, dtype=np.bool_),
        np.zeros((batch, n), dtype=np.float64),
        np.arange(n),
        np.zeros(n, dtype=np.float64),
        np.full((batch, n), -1, dtype=np.int64),
        np.zeros((batch, n), dtype=np.int64),
        np.full(n, -1, dtype=np.int64),
        np.zeros((n, children), dtype=np.int64),
        np.zeros((n, children), dtype=np.float64),
        np.zeros(n, dtype=np.int64),
    )


@njit(cache=True)
def lanes_nb(threads):
    """The Lanes of `threads` threads (an event log of no rows: rollouts log nothing)."""
    return Lanes(
        np.empty((threads, STATE_SIZE), dtype=np.int64),
        np.empty((threads, MAX_SEATS, SCRATCH_SIZE), dtype=np.int64),
        np.empty((threads, RNG_STREAMS), dtype=np.uint64),
        np.empty((threads, OUT_SIZE), dtype=np.int64),
        np.empty((threads, WORK_SIZE), dtype=np.int64),
        np.empty((threads, H.MAX_CANDIDATES, 1 + OUT_SIZE), dtype=np.int64),
        np.zeros((threads, N_LANE_STATS), dtype=np.int64),
        np.zeros((0, LOG_WIDTH), dtype=np.int64),
    )


@njit(cache=True)
def decision_nb(kind, seat, state, view, board, rules, params, rng, scratch, msids, mparams,
                cands):  # fmt: skip
    """The Decision the rollouts read: the seat's view, the models, the candidates, the
    seed base (drawn from the seat's stream) and the progress limit."""
    base = np.int64(next_u64_nb(rng, 0) >> np.uint64(2))  # + r never overflows
    start = H.progress_nb(state)
    horizon = H.horizon_nb(kind, params)
    limit = start + horizon if horizon > 0 else NO_LIMIT
    return Decision(
        view, board, rules, seat, kind, params, msids, mparams, scratch, cands, base, start,
        limit, params[P_EXPLORE],
    )  # fmt: skip


@njit(cache=True)
def memory_nb(scratch):
    """The search's memory (`reuse`): the slots after the policy's in the seat's scratch
    row, or blank ones where the caller's row has none."""
    if scratch.shape[0] >= SCRATCH_SIZE + SEARCH_MEMORY:
        return scratch[SCRATCH_SIZE : SCRATCH_SIZE + SEARCH_MEMORY]
    return np.zeros(SEARCH_MEMORY, dtype=np.int64)


@njit(cache=True)
def finish_nb(d, w, b, best, favoured, used, done, t0, out, stats):
    """out := the best candidate's answer; stats[ST_*] := what the search did."""
    for i in range(OUT_SIZE):
        out[i] = d.cands[best, 1 + i]
    stats[ST_ROLLOUTS] = used
    stats[ST_BEST] = best
    stats[ST_FAVOURED] = favoured
    stats[ST_MEAN] = w.total[best] / max(done, 1)
    for t in range(b.stat.shape[0]):
        stats[ST_REACH] = max(stats[ST_REACH], b.stat[t, STAT_REACH])
        stats[ST_ENDED] += b.stat[t, STAT_ENDED]
    stats[ST_NS] = clock_ns_nb() - t0
    return d.cands[best, 0]


# explicit signatures compile them on their own, with numba's runtime (they allocate),
# rather than inside their _nrt=False caller
@njit(
    "int64(int64, int64, int64[::1], int64[::1], int64[::1], float64[::1], uint64[::1], "
    "int64[::1], int64[::1], int64, int64, int64, float64[::1])",
    cache=True,
)
def search_stats_nb(
    kind, seat, state, board, rules, params, rng, scratch, out, policy, policy_at, table_at,
    stats,
):  # fmt: skip
    """Sequential halving with paired rollouts over the candidates of a searched
    decision (simcore/core/nb/search_nb.py); `policy` (a strategy id) plays this seat in the
    rollouts with params[policy_at:table_at], the table block (if any) the others.
    stats[ST_*] := what the search did."""
    t0 = clock_ns_nb()
    stats[:] = 0.0
    stats[ST_BEST] = -1
    stats[ST_MARGIN] = -1
    budget = H.budget_nb(kind, params)
    cands = np.zeros((H.MAX_CANDIDATES, 1 + OUT_SIZE), dtype=np.int64)
    n = H.candidates_nb(kind, seat, state, board, rules, cands)
    stats[ST_CANDIDATES] = n
    if budget <= 1 or n <= 1:
        pp = params[policy_at:table_at]
        return model_decide_nb(kind, policy, seat, state, board, rules, pp, rng, scratch, out)
    reuse, memory = params[P_REUSE], memory_nb(scratch)  # (spent here, whatever follows)
    carried = np.zeros(n, dtype=np.float64)
    reused = reuse > 0 and recall_nb(memory, n, H.progress_nb(state), carried)
    view = np.empty(STATE_SIZE, dtype=np.int64)
    H.determinise_nb(state, board, rules, seat, view)
    msids, mparams = models_nb(seat, params, policy, policy_at, table_at)
    favoured = favoured_nb(
        kind, policy, seat, view, board, rules, mparams[seat], rng, scratch, cands, n
    )  # before the seed base is drawn from the same stream
    scores = np.zeros(0, dtype=np.float64)  # the prior's, read by `width` and `gate` only
    width, gate = np.int64(params[P_WIDTH]), params[P_GATE]
    if 0 < width < n or gate > 0:
        scores = prior_scores_nb(kind, seat, view, board, rules, mparams[seat], scratch,
                                 cands, n)  # fmt: skip
    if gate > 0:
        stats[ST_MARGIN] = margin_nb(scores, n)
        if stats[ST_MARGIN] > gate:  # the search would not change the answer: the policy's
            pp = params[policy_at:table_at]
            return model_decide_nb(kind, policy, seat, state, board, rules, pp, rng, scratch,
                                   out)  # fmt: skip
    d = decision_nb(
        kind, seat, state, view, board, rules, params, rng, scratch, msids, mparams, cands
    )
    threads = max(np.int64(params[P_THREADS]), 1)  # 0 became numba's count in table_params
    tree = params[P_TREE] > 0  # one seed a batch: each rollout's child knows those before
    batch = 1 if threads == 1 or tree else WORLDS_PER_THREAD * threads
    w = worlds_nb(batch, n, H.MAX_CANDIDATES if tree else 0)
    b = lanes_nb(threads)
    if reused:  # the previous search's estimates, as `reuse` rollouts each
        w.total[:] = reuse * carried
        stats[ST_REUSED] = 1
    used, done, n_alive = halving_nb(d, w, b, budget, favoured, scores, t0, stats)
    best = best_nb(w.total, w.alive, n_alive)
    if reuse > 0:
        remember_nb(memory, w.ccount[best], w.ctotal[best], w.known[best], d.limit)
    return finish_nb(d, w, b, best, favoured, used, done, t0, out, stats)


_SEARCH_SIG = (
    "int64(int64, int64, int64[::1], int64[::1], int64[::1], float64[::1], uint64[::1], "
    "int64[::1], int64[::1], int64, int64, int64)"
)


@njit(_SEARCH_SIG, cache=True)
def search_nb(
    kind, seat, state, board, rules, params, rng, scratch, out, policy, policy_at, table_at
):
    stats = np.zeros(N_STATS, dtype=np.float64)
    return search_stats_nb(
        kind, seat, state, board, rules, params, rng, scratch, out, policy, policy_at,
        table_at, stats,
    )  # fmt: skip


# a unit too (compiled above, by its signature): the play loop calls it by symbol rather
# than compiling the search's rollout loop and engine into every level above it
_SEARCH_UNIT = (__name__, "search_nb", _SEARCH_SIG)
link([_SEARCH_UNIT])
search_unit_nb = native(*_SEARCH_UNIT)
