"""A study's total time, stated before it plays: each distinct table's cost per game is
timed on its own first games (runner.estimate_seconds, after the compile the study needs
anyway), times every run's cap of games, over the workers. Runs that stop once decided
play fewer, so this is an upper bound and says so.

Timed once per table, not once per run: a ladder step's seat arrangements (half the seats
one rung, half the other) play the same bots in other seats, and cost what their seats
cost under each rung's own table (the mean of the seats' per-game costs), so a default
study of 200 runs times some 30 tables, not 200 (the timing was three minutes of one core
before the first game, issue 31)."""

from __future__ import annotations

import json
from types import SimpleNamespace

BUDGET = 0.1  # seconds of the probe that sets a table's cost per game
GROW = 4  # games per probe grow 1, 4, 16, ... until one takes BUDGET


def study_estimate(jobs, workers: int) -> str:
    """'about 4 min at most on 2 workers (timed on each setting's first games)'."""
    from jobs.parallel import default_workers
    from jobs.plans import share_driver

    workers = workers or default_workers()
    for _, job in jobs:
        job.check()
    share_driver([job for _, job in jobs])  # the driver the study will play: compiled once
    per_game: dict[tuple, float] = {}
    total = 0.0
    for _, job in sorted(jobs, key=lambda fj: len(set(seat_ids(fj[1])))):  # tables first
        total += game_seconds(job, per_game) * job.games / workers
    when = f"{total / 60:.0f} min" if total >= 120 else f"{total:.0f} s"
    return (f"about {when} at most on {workers} worker(s), timed on each setting's first "
            "games (runs that are decided sooner stop sooner)")  # fmt: skip


def seat_ids(job) -> list[str]:
    """Each seat's strategy with its parameters (what a seat's moves cost)."""
    return [json.dumps([s.name, [float(x) for x in s.params()]]) for s in job.seats]


def game_seconds(job, known: dict[tuple, float]) -> float:
    """Seconds a game of this run takes: a table's timed once (`known` keeps it); a mixed
    table's from its seats' own tables when those were timed, else timed itself."""
    cost = {k: v for k, v in job.settings().items()
            if k not in ("games", "target_ci", "decide", "chunk", "seed", "strategy")}  # fmt: skip
    base = json.dumps(cost, sort_keys=True, default=str)
    seats = seat_ids(job)
    if len(set(seats)) > 1 and all((base, s) in known for s in seats):
        return sum(known[(base, s)] for s in seats) / len(seats)
    key = (base, seats[0]) if len(set(seats)) == 1 else (base, *sorted(seats))
    if key not in known:
        known[key] = _timed(job)
    return known[key]


def _timed(job) -> float:
    from jobs.batch import play_chunk, warm
    from jobs.progress import slow_notice
    from jobs.runner import COMPILING

    with slow_notice(COMPILING):
        warm(job.spec)
    return _seconds_per_game(SimpleNamespace(task=play_chunk, spec=job.spec))


def _seconds_per_game(probe, budget: float = BUDGET) -> float:
    """Seconds a game of this setting takes: 1, 4, 16 ... games until one probe takes
    `budget` seconds."""
    import time

    k = 1
    while True:
        t = time.perf_counter()
        probe.task(probe.spec, 0, k)
        took = time.perf_counter() - t
        if took >= budget or k >= 4096:
            return took / k
        k *= GROW
