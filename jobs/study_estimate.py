"""A study's total time, stated before it plays: each distinct setting's cost per game is
timed on its own first games (runner.estimate_seconds, after the compile the study needs
anyway), times every run's cap of games, over the workers. Runs that stop once decided
play fewer, so this is an upper bound and says so."""

from __future__ import annotations

import json
from types import SimpleNamespace


def study_estimate(jobs, workers: int) -> str:
    """'about 4 min at most on 2 workers (timed on each setting's first games)'."""
    from jobs.batch import play_chunk, warm
    from jobs.parallel import default_workers
    from jobs.plans import share_driver
    from jobs.progress import slow_notice
    from jobs.runner import COMPILING

    workers = workers or default_workers()
    for _, job in jobs:
        job.check()
    share_driver([job for _, job in jobs])  # the driver the study will play: compiled once
    per_game: dict[str, float] = {}
    total = 0.0
    for _, job in jobs:
        cost = {k: v for k, v in job.settings().items()
                if k not in ("games", "target_ci", "decide", "chunk", "seed")}  # fmt: skip
        key = json.dumps(cost, sort_keys=True, default=str)
        if key not in per_game:
            with slow_notice(COMPILING):
                warm(job.spec)
            probe = SimpleNamespace(task=play_chunk, spec=job.spec)
            per_game[key] = _seconds_per_game(probe)
        total += per_game[key] * job.games / workers
    when = f"{total / 60:.0f} min" if total >= 120 else f"{total:.0f} s"
    return (f"about {when} at most on {workers} worker(s), timed on each setting's first "
            "games (runs that are decided sooner stop sooner)")  # fmt: skip


def _seconds_per_game(probe, budget: float = 0.25) -> float:
    """Seconds a game of this setting takes: 1, 8, 64 ... games until one probe takes
    `budget` seconds."""
    import time

    k = 1
    while True:
        t = time.perf_counter()
        probe.task(probe.spec, 0, k)
        took = time.perf_counter() - t
        if took >= budget or k >= 4096:
            return took / k
        k *= 8
