"""Time `weighted`'s decisions by kind: record the decisions of fixed-seed games, then
replay each recorded decision (state, the seat's scratch and random stream) under numba.

    python -m bench.decisions [--games 300] [--players 4] [--repeats 5]

Prints, per decision kind, how many a game asks and the median time of one (replay
minus the cost of restoring the snapshot), and a digest of all answers, so that two
versions can be compared on the same decisions (the snapshots come from the version
that runs, so equal digests need equal decisions up to then), then the stages of a
pick and of a step that plans its turn, each timed by running the recorded decisions up
to that stage. Not a test.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import time

import numpy as np
from numba import njit

import simcore.maharaja.layout as S
from simcore.core.nb.event_log_nb import LOG_WIDTH
from simcore.maharaja.enums import DK_PICK, DK_STEP, OP_NAMES
from simcore.maharaja.game_data import default_board
from simcore.maharaja.nb.game_nb import (
    MAX_SEATS,
    OUT_SIZE,
    RNG_STREAMS,
    SCRATCH_SIZE,
    WORK_SIZE,
    advance_nb,
    answer_nb,
    asked_seat_nb,
    start_game_nb,
)
from simcore.maharaja.rules import RuleSet
from strategies.maharaja import weighted as W
from strategies.maharaja.weighted import DEFAULTS, PLANNED, weighted_decide_nb

PLAN = 99  # a step that plans its turn
KIND_NAMES = {DK_PICK: "pick", DK_STEP: "step", PLAN: "step (plans)"}
KIND_NAMES.update({100 + i: f"step {name}" for i, name in enumerate(OP_NAMES)})


@njit(cache=True)
def record_nb(board, rules, n_players, seed, n_games, params, states, scratches, rngs, meta):
    """Play n_games with weighted in every seat; store each decision's inputs."""
    state = np.zeros(S.STATE_SIZE, dtype=np.int64)
    rng = np.zeros(RNG_STREAMS, dtype=np.uint64)
    scratch = np.zeros((MAX_SEATS, SCRATCH_SIZE), dtype=np.int64)
    out = np.zeros(OUT_SIZE, dtype=np.int64)
    work = np.zeros(WORK_SIZE, dtype=np.int64)
    log = np.zeros((0, LOG_WIDTH), dtype=np.int64)
    n = 0
    for g in range(n_games):
        start_game_nb(state, board, rules, log, n_players, seed, g, rng)
        scratch[:, :] = 0
        while True:
            kind = advance_nb(state, board, rules, log, work)
            if kind < 0:
                break
            seat = asked_seat_nb(state)
            out[:] = 0
            if n < states.shape[0]:
                states[n] = state
                scratches[n] = scratch[seat]
                rngs[n] = rng[1 + seat]
                meta[n, 0] = kind
                meta[n, 1] = seat
                n += 1
            before = scratch[seat, PLANNED] if state[S.STEPS] > 0 else 0
            ret = weighted_decide_nb(
                kind,
                seat,
                state,
                board,
                rules,
                params,
                rng[1 + seat : 2 + seat],
                scratch[seat],
                out,
            )
            if kind == DK_STEP and before == 0 and scratch[seat, PLANNED] == 1:
                meta[n - 1, 0] = PLAN  # the step that plans the turn
            answer_nb(state, board, rules, log, out, ret)
    return n


@njit(cache=True)
def replay_nb(sel, call, n, board, rules, params, states, scratches, rngs, meta, answers):
    """Replay the recorded decisions of kind `sel` (all if -1); call=False only restores."""
    state = np.zeros(S.STATE_SIZE, dtype=np.int64)
    scratch = np.zeros(SCRATCH_SIZE, dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    out = np.zeros(OUT_SIZE, dtype=np.int64)
    for i in range(n):
        if sel >= 0 and meta[i, 0] != sel:
            continue
        state[:] = states[i]
        scratch[:] = scratches[i]
        rng[0] = rngs[i]
        out[:] = 0
        if call:
            kind = DK_STEP if meta[i, 0] == PLAN or meta[i, 0] >= 100 else meta[i, 0]
            ret = weighted_decide_nb(
                kind, meta[i, 1], state, board, rules, params, rng, scratch, out
            )
            answers[i, 0] = ret
            answers[i, 1 : 1 + OUT_SIZE] = out
            answers[i, 1 + OUT_SIZE] = scratch.sum()
    return 0


@njit(cache=True)
def pick_stages_nb(upto, n, board, rules, params, states, scratches, meta):
    """Picks run up to stage `upto`: 1 route tables, 2 scoring tables, 3 governor and
    swap values, 4 best village, 5 the whole pick. Every stage count copies the recorded
    state first (stage 0 is that copy alone), so that no stage pays for fetching it:
    in a game the state is in the cache."""
    scratch = np.zeros(SCRATCH_SIZE, dtype=np.int64)
    out = np.zeros(OUT_SIZE, dtype=np.int64)
    state = np.zeros(S.STATE_SIZE, dtype=np.int64)
    acc = 0.0
    for i in range(n):
        if meta[i, 0] != DK_PICK:
            continue
        state[:] = states[i]  # a pick changes neither the state nor what it reads of scratch
        seat = meta[i, 1]
        if upto >= 5:
            W.pick_nb(state, board, rules, params, seat, scratch, out)
            continue
        if upto >= 1:
            W.routes_nb(state, board, rules, params, seat, state[S.GOLD + seat] + 5, scratch)
        if upto >= 2:
            W.prepare_nb(state, board, rules, seat, scratch)
        if upto >= 3:
            acc += W.governor_value_nb(state, board, rules, params, seat, scratch)
            acc += W.swap_value_nb(state, rules, params, seat, scratch[W._TMP : W._TMP + 1])
        if upto >= 4:
            acc += W.best_village_nb(state, board, rules, params, seat, -1)
    return acc


@njit(cache=True)
def plan_stages_nb(upto, n, board, rules, params, states, meta):
    """The steps that plan their turn, run up to stage `upto`: 1 scoring tables, 2 route
    tables, 3 the whole plan (city choice and stored route)."""
    scratch = np.zeros(SCRATCH_SIZE, dtype=np.int64)
    state = np.zeros(S.STATE_SIZE, dtype=np.int64)
    acc = 0
    for i in range(n):
        if meta[i, 0] != PLAN:
            continue
        state[:] = states[i]  # (as in pick_stages_nb) a plan reads the state only
        seat = meta[i, 1]
        if upto >= 3:
            W.plan_turn_nb(state, board, rules, params, seat, scratch)
            continue
        if upto >= 1:
            W.prepare_nb(state, board, rules, seat, scratch)
        if upto >= 2:
            acc += W.plan_routes_nb(state, board, rules, params, seat, scratch)[0]
    return acc


def stage_table(title: str, names: list[str], count: int, run, repeats: int) -> None:
    """Time run(k) for k = 0 .. len(names) (stages done up to k), minimum of the repeats,
    and print each stage's share per decision."""
    ts: dict[int, list[float]] = {k: [] for k in range(len(names) + 1)}
    for _ in range(repeats):
        for k in ts:
            t0 = time.perf_counter()
            run(k)
            ts[k].append(time.perf_counter() - t0)
    best = [min(ts[k]) for k in ts]
    print(f"| {title} | µs each |")
    print("|---|---:|")
    for k in range(1, len(names) + 1):
        print(f"| {names[k - 1]} | {(best[k] - best[k - 1]) / count * 1e6:.3f} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument(
        "--replay-only", type=int, default=None, metavar="KIND",
        help="record, replay decisions of KIND (-1 all, -2 none) --repeats times, print "
        "nothing else (for instruction counts under valgrind --tool=callgrind)",
    )  # fmt: skip
    ap.add_argument("--by-op", action="store_true", help="steps by their answer")
    args = ap.parse_args()
    board = default_board().pack()
    rules = RuleSet().pack()
    cap = args.games * 400
    states = np.zeros((cap, S.STATE_SIZE), dtype=np.int64)
    scratches = np.zeros((cap, SCRATCH_SIZE), dtype=np.int64)
    rngs = np.zeros(cap, dtype=np.uint64)
    meta = np.zeros((cap, 2), dtype=np.int64)
    answers = np.zeros((cap, 2 + OUT_SIZE), dtype=np.int64)
    params = DEFAULTS.copy()
    n = record_nb(board, rules, args.players, 1, args.games, params, states, scratches, rngs, meta)
    if args.replay_only is not None:
        for _ in range(args.repeats if args.replay_only > -2 else 0):
            replay_nb(args.replay_only, True, n, board, rules, params, states, scratches, rngs,
                      meta, answers)  # fmt: skip
        print(n, int((meta[:n, 0] == args.replay_only).sum()))
        return
    replay_nb(-1, True, n, board, rules, params, states, scratches, rngs, meta, answers)
    digest = hashlib.sha256(answers[:n].tobytes()).hexdigest()[:16]
    if args.by_op:  # steps that do not plan, by the operation they answer
        steps = meta[:n, 0] == DK_STEP
        meta[:n, 0][steps] = 100 + answers[:n, 1][steps]
    kinds = sorted(set(meta[:n, 0].tolist()))
    print(f"{n:,} decisions from {args.games} games ({args.players} x weighted); digest {digest}")
    print("| kind | per game | µs each (median) | µs per game |")
    print("|---|---:|---:|---:|")
    total = 0.0
    for k in kinds:
        count = int((meta[:n, 0] == k).sum())
        ts = []
        for _ in range(args.repeats):
            t0 = time.perf_counter()
            replay_nb(k, True, n, board, rules, params, states, scratches, rngs, meta, answers)
            t1 = time.perf_counter()
            replay_nb(k, False, n, board, rules, params, states, scratches, rngs, meta, answers)
            t2 = time.perf_counter()
            ts.append(((t1 - t0) - (t2 - t1)) / count * 1e6)
        med = statistics.median(ts)
        total += med * count / args.games
        print(
            f"| {KIND_NAMES.get(k, k)} | {count / args.games:.1f} | {med:.3f} "
            f"| {med * count / args.games:.1f} |"
        )
    print(f"| all | | | {total:.1f} |")
    names = ["route tables", "scoring tables", "governor + swap", "best village", "45 pairs"]
    stage_table(
        "pick stage", names, int((meta[:n, 0] == DK_PICK).sum()),
        lambda k: pick_stages_nb(k, n, board, rules, params, states, scratches, meta),
        args.repeats,
    )  # fmt: skip
    names = ["scoring tables", "route tables", "city choice + stored route"]
    stage_table(
        "plan stage", names, int((meta[:n, 0] == PLAN).sum()),
        lambda k: plan_stages_nb(k, n, board, rules, params, states, meta),
        args.repeats,
    )  # fmt: skip


if __name__ == "__main__":
    main()
