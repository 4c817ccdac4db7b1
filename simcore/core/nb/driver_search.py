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
engine again.
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

from simcore.core.nb.native import link, native
from simcore.core.nb.rng_nb import next_u64_nb, randint_nb, random_nb, stream_seed_nb
from simcore.core.nb.search_nb import (
    N_STATS,
    NO_LIMIT,
    NO_SEAT,
    P_EXPLORE,
    P_MODELS,
    P_MS,
    P_PRIOR,
    P_THREADS,
    ST_BEST,
    ST_CANDIDATES,
    ST_ENDED,
    ST_FAVOURED,
    ST_MEAN,
    ST_NS,
    ST_REACH,
    ST_ROLLOUTS,
    ST_SHARED,
    ST_WORLDS,
    best_nb,
    clock_ns_nb,
    halve_nb,
    phases_nb,
    pick_nb,
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
    state,
    board,
    rules,
    log,
    sids,
    params,
    rng,
    scratch,
    out,
    work,
    limit,
    explore,
    xc,
    stop_seat,
    max_answers,
):
    """The driver's loop (play_loop_nb) over model_decide_nb, up to the game's end, the
    progress `limit`, seat `stop_seat` asked or `max_answers` answers; each answer of an
    explored kind replaced by a random candidate with probability `explore`."""
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
            kind,
            sids[seat],
            seat,
            state,
            board,
            rules,
            params[seat],
            rng[1 + seat : 2 + seat],
            scratch[seat],
            out,
        )
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
def world_nb(
    view,
    board,
    rules,
    seat,
    kind,
    seed,
    limit,
    explore,
    params,
    msids,
    mparams,
    scratch,
    cand,
    share,
    w_state,
    w_scratch,
    w_rng,
    sim,
    sc,
    rr,
    log,
    out,
    work,
    xc,
):
    """Rollout seed `seed`'s world, drawn once for all candidates (common random numbers):
    the view with its hidden parts redrawn, every seat's memory (this seat's own, the
    others' empty) and streams. With `share` (a secret answer, H.secret_kind_nb), the
    others' decisions up to the last one before this seat is asked again do not depend on
    the answer: they are played here (placeholder `cand`), and the rollouts write their
    candidate in with H.restore_nb. Returns whether it did."""
    for i in range(STATE_SIZE):
        w_state[i] = view[i]
    for i in range(RNG_STREAMS):
        w_rng[i] = stream_seed_nb(seed, seat, i)
    for q in range(MAX_SEATS):
        for i in range(SCRATCH_SIZE):
            w_scratch[q, i] = scratch[i] if q == seat else 0
    H.redraw_nb(w_state, board, rules, seat, params, w_rng)
    for q in range(MAX_SEATS):
        k = H.hidden_kind_nb(w_state, seat, kind, q)
        if k < 0:
            continue
        for i in range(OUT_SIZE):
            out[i] = 0
        ret = model_decide_nb(
            k,
            msids[q],
            q,
            w_state,
            board,
            rules,
            mparams[q],
            w_rng[1 + q : 2 + q],
            w_scratch[q],
            out,
        )
        if H.explore_kind_nb(k) and random_nb(w_rng, 0) < explore:
            ret = explore_nb(k, q, w_state, board, rules, w_rng[1 + q : 2 + q], xc, out)
        H.restore_nb(w_state, q, k, ret, out)
    if not share:
        return False
    # count the others' answers until this seat is asked again (on a copy), then play all
    # but the last on the world: answering the last may reveal the secret (the game says
    # when, through its hooks)
    copy_world_nb(w_state, w_scratch, w_rng, sim, sc, rr)
    apply_unit_nb(sim, board, rules, log, out, cand)
    n = model_loop_unit_nb(
        sim,
        board,
        rules,
        log,
        msids,
        mparams,
        rr,
        sc,
        out,
        work,
        limit,
        explore,
        xc,
        seat,
        NO_LIMIT,
    )
    if n <= 1:
        return False
    apply_unit_nb(w_state, board, rules, log, out, cand)
    model_loop_unit_nb(
        w_state,
        board,
        rules,
        log,
        msids,
        mparams,
        w_rng,
        w_scratch,
        out,
        work,
        NO_LIMIT,
        explore,
        xc,
        NO_SEAT,
        n - 1,
    )
    return True


@njit(cache=True, _nrt=False)
def copy_world_nb(w_state, w_scratch, w_rng, sim, sc, rr):
    for i in range(STATE_SIZE):
        sim[i] = w_state[i]
    for q in range(MAX_SEATS):
        for i in range(SCRATCH_SIZE):
            sc[q, i] = w_scratch[q, i]
    for i in range(RNG_STREAMS):
        rr[i] = w_rng[i]


@njit(cache=True, _nrt=False)
def rollout_nb(
    w_state,
    w_scratch,
    w_rng,
    shared,
    kind,
    cand,
    board,
    rules,
    seat,
    limit,
    explore,
    params,
    msids,
    mparams,
    sim,
    sc,
    rr,
    log,
    out,
    work,
    xc,
):
    """One rollout: the world, this seat's candidate answer (answered, or written in if
    the world has played on), then the driver's loop up to the game's end or `limit`;
    returns the game's value for this seat."""
    copy_world_nb(w_state, w_scratch, w_rng, sim, sc, rr)
    if shared:
        for i in range(OUT_SIZE):
            out[i] = cand[1 + i]
        H.restore_nb(sim, seat, kind, cand[0], out)
    else:
        apply_unit_nb(sim, board, rules, log, out, cand)
    model_loop_unit_nb(
        sim,
        board,
        rules,
        log,
        msids,
        mparams,
        rr,
        sc,
        out,
        work,
        limit,
        explore,
        xc,
        NO_SEAT,
        NO_LIMIT,
    )
    return H.value_nb(sim, board, rules, seat, params)


@njit(cache=True, _nrt=False)
def batch_nb(
    t,
    threads,
    stage,
    n_worlds,
    first,
    view,
    board,
    rules,
    seat,
    kind,
    base,
    start,
    limit,
    explore,
    params,
    msids,
    mparams,
    scratch,
    cands,
    alive,
    n_alive,
    share,
    ws_state,
    ws_scratch,
    ws_rng,
    shared,
    vals,
    b_state,
    b_scratch,
    b_rng,
    log,
    b_out,
    b_work,
    b_x,
    b_stat,
):
    """Thread t's share (every `threads`-th item) of a batch of rollout seeds base + first
    + r, r < n_worlds: stage 0 draws their worlds, stage 1 plays every alive candidate in
    each (vals[r, j]); b_stat[t]: furthest progress reached, games ended."""
    if stage == 0:
        for r in range(t, n_worlds, threads):
            shared[r] = world_nb(
                view,
                board,
                rules,
                seat,
                kind,
                base + first + r,
                limit,
                explore,
                params,
                msids,
                mparams,
                scratch,
                cands[alive[0]],
                share,
                ws_state[r],
                ws_scratch[r],
                ws_rng[r],
                b_state[t],
                b_scratch[t],
                b_rng[t],
                log,
                b_out[t],
                b_work[t],
                b_x[t],
            )
        return
    for i in range(t, n_worlds * n_alive, threads):
        r = i // n_alive
        j = i - r * n_alive
        vals[r, j] = rollout_nb(
            ws_state[r],
            ws_scratch[r],
            ws_rng[r],
            shared[r],
            kind,
            cands[alive[j]],
            board,
            rules,
            seat,
            limit,
            explore,
            params,
            msids,
            mparams,
            b_state[t],
            b_scratch[t],
            b_rng[t],
            log,
            b_out[t],
            b_work[t],
            b_x[t],
        )
        b_stat[t, 0] = max(b_stat[t, 0], H.progress_nb(b_state[t]) - start)
        if asked_seat_nb(b_state[t]) < 0:  # the game is over
            b_stat[t, 1] += 1


@njit(cache=True, parallel=PARALLEL)
def batch_par_nb(
    threads,
    stage,
    n_worlds,
    first,
    view,
    board,
    rules,
    seat,
    kind,
    base,
    start,
    limit,
    explore,
    params,
    msids,
    mparams,
    scratch,
    cands,
    alive,
    n_alive,
    share,
    ws_state,
    ws_scratch,
    ws_rng,
    shared,
    vals,
    b_state,
    b_scratch,
    b_rng,
    log,
    b_out,
    b_work,
    b_x,
    b_stat,
):
    """batch_nb on `threads` threads, each with its own buffers; every value lands in
    its own cell, so the results do not depend on the thread count."""
    for t in prange(threads):
        batch_nb(
            t,
            threads,
            stage,
            n_worlds,
            first,
            view,
            board,
            rules,
            seat,
            kind,
            base,
            start,
            limit,
            explore,
            params,
            msids,
            mparams,
            scratch,
            cands,
            alive,
            n_alive,
            share,
            ws_state,
            ws_scratch,
            ws_rng,
            shared,
            vals,
            b_state,
            b_scratch,
            b_rng,
            log,
            b_out,
            b_work,
            b_x,
            b_stat,
        )


# explicit signatures compile them on their own, with numba's runtime (they allocate),
# rather than inside their _nrt=False caller
@njit(
    "int64(int64, int64, int64[::1], int64[::1], int64[::1], float64[::1], uint64[::1], "
    "int64[::1], int64[::1], int64, int64, int64, float64[::1])",
    cache=True,
)
def search_stats_nb(
    kind,
    seat,
    state,
    board,
    rules,
    params,
    rng,
    scratch,
    out,
    policy,
    policy_at,
    table_at,
    stats,
):
    """Sequential halving with paired rollouts over the candidates of a searched
    decision (simcore/core/nb/search_nb.py); `policy` (a strategy id) plays this seat in the
    rollouts with params[policy_at:table_at], the table block (if any) the others.
    stats[ST_*] := what the search did."""
    t0 = clock_ns_nb()
    stats[:] = 0.0
    stats[ST_BEST] = -1
    pp = params[policy_at:table_at]
    budget = H.budget_nb(kind, params)
    cands = np.zeros((H.MAX_CANDIDATES, 1 + OUT_SIZE), dtype=np.int64)
    n = H.candidates_nb(kind, seat, state, board, rules, cands)
    stats[ST_CANDIDATES] = n
    if budget <= 1 or n <= 1:
        return model_decide_nb(kind, policy, seat, state, board, rules, pp, rng, scratch, out)
    ms = params[P_MS]
    view = np.empty(STATE_SIZE, dtype=np.int64)
    H.determinise_nb(state, board, rules, seat, view)
    # how the rollouts play each seat: as the table lists it, else (and this seat) the policy
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
    # the policy's own answer on the view (copies of memory and stream) gets the prior
    o = np.zeros(OUT_SIZE, dtype=np.int64)
    ret = model_decide_nb(
        kind, policy, seat, view, board, rules, mparams[seat], rng.copy(), scratch.copy(), o
    )
    favoured = -1
    for c in range(n):
        if H.same_nb(kind, cands[c], ret, o):
            favoured = c
    base = np.int64(next_u64_nb(rng, 0) >> np.uint64(2))  # + r never overflows
    start = H.progress_nb(state)
    horizon = H.horizon_nb(kind, params)
    limit = start + horizon if horizon > 0 else NO_LIMIT
    explore = params[P_EXPLORE]
    secret = H.secret_kind_nb(kind)
    threads = max(np.int64(params[P_THREADS]), 1)  # 0 became numba's count in table_params
    batch = 1 if threads == 1 else 4 * threads  # rollout seeds drawn and played together
    ws_state = np.empty((batch, STATE_SIZE), dtype=np.int64)
    ws_scratch = np.empty((batch, MAX_SEATS, SCRATCH_SIZE), dtype=np.int64)
    ws_rng = np.empty((batch, RNG_STREAMS), dtype=np.uint64)
    shared = np.zeros(batch, dtype=np.bool_)
    b_state = np.empty((threads, STATE_SIZE), dtype=np.int64)
    b_scratch = np.empty((threads, MAX_SEATS, SCRATCH_SIZE), dtype=np.int64)
    b_rng = np.empty((threads, RNG_STREAMS), dtype=np.uint64)
    b_out = np.empty((threads, OUT_SIZE), dtype=np.int64)
    b_work = np.empty((threads, WORK_SIZE), dtype=np.int64)
    b_x = np.empty((threads, H.MAX_CANDIDATES, 1 + OUT_SIZE), dtype=np.int64)
    b_stat = np.zeros((threads, 2), dtype=np.int64)
    log = np.zeros((0, 7), dtype=np.int64)
    alive = np.arange(n)
    total = np.zeros(n, dtype=np.float64)
    vals = np.zeros((batch, n), dtype=np.float64)
    n_alive = n
    if budget < n:  # one look each at `budget` of them: the policy's and others drawn
        pick_nb(alive, n, budget, favoured, base)
        n_alive = budget
    phases = phases_nb(n_alive)
    zero = NO_SEAT + 1  # (not literal ints: each would compile another copy of batch_nb)
    one = zero + 1
    used = 0
    done = zero - zero  # rollouts each alive candidate has had (seeds base + 0 .. done - 1)
    timed_out = False
    for ph in range(phases):
        left = budget - used
        if n_alive <= 1 or left < n_alive:  # the budget is a cap
            break
        per = max(1, left // (phases - ph) // n_alive)
        share = secret and n_alive > 2  # sharing costs two plays of the common part
        first = done
        while first < done + per:
            nw = min(batch, done + per - first)
            for stage in range(2):
                if threads > 1:
                    batch_par_nb(
                        threads,
                        stage,
                        nw,
                        first,
                        view,
                        board,
                        rules,
                        seat,
                        kind,
                        base,
                        start,
                        limit,
                        explore,
                        params,
                        msids,
                        mparams,
                        scratch,
                        cands,
                        alive,
                        n_alive,
                        share,
                        ws_state,
                        ws_scratch,
                        ws_rng,
                        shared,
                        vals,
                        b_state,
                        b_scratch,
                        b_rng,
                        log,
                        b_out,
                        b_work,
                        b_x,
                        b_stat,
                    )
                else:
                    batch_nb(
                        zero,
                        one,
                        stage,
                        nw,
                        first,
                        view,
                        board,
                        rules,
                        seat,
                        kind,
                        base,
                        start,
                        limit,
                        explore,
                        params,
                        msids,
                        mparams,
                        scratch,
                        cands,
                        alive,
                        n_alive,
                        share,
                        ws_state,
                        ws_scratch,
                        ws_rng,
                        shared,
                        vals,
                        b_state,
                        b_scratch,
                        b_rng,
                        log,
                        b_out,
                        b_work,
                        b_x,
                        b_stat,
                    )
            for r in range(nw):  # in seed order, whatever the threads
                stats[ST_WORLDS] += 1
                stats[ST_SHARED] += shared[r]
                for j in range(n_alive):
                    total[alive[j]] += vals[r, j]
            used += nw * n_alive
            first += nw
            if ms > 0 and clock_ns_nb() - t0 >= ms * 1e6:
                timed_out = True
                break
        if timed_out:
            break
        done += per
        if favoured >= 0:
            total[favoured] += per * params[P_PRIOR]
        n_alive = halve_nb(total, alive, n_alive)
    best = best_nb(total, alive, n_alive)
    for i in range(OUT_SIZE):
        out[i] = cands[best, 1 + i]
    stats[ST_ROLLOUTS] = used
    stats[ST_BEST] = best
    stats[ST_FAVOURED] = favoured
    stats[ST_MEAN] = total[best] / max(done, 1)
    for t in range(threads):
        stats[ST_REACH] = max(stats[ST_REACH], b_stat[t, 0])
        stats[ST_ENDED] += b_stat[t, 1]
    stats[ST_NS] = clock_ns_nb() - t0
    return cands[best, 0]


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
        kind,
        seat,
        state,
        board,
        rules,
        params,
        rng,
        scratch,
        out,
        policy,
        policy_at,
        table_at,
        stats,
    )


# a unit too (compiled above, by its signature): the play loop calls it by symbol rather
# than compiling the search's rollout loop and engine into every level above it
_SEARCH_UNIT = (__name__, "search_nb", _SEARCH_SIG)
link([_SEARCH_UNIT])
search_unit_nb = native(*_SEARCH_UNIT)
