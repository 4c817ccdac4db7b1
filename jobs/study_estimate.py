"""A study's total time, stated before it plays: each distinct table's cost per game is
timed on its own first games (runner.estimate_seconds, after the compile the study needs
anyway), times the games each run is expected to play, over the workers. The central
figure counts a run with a stopping rule at the games a fair value needs for the rule's
width (expected_games); the bound counts every run's cap. Both are stated.

Timed once per table, not once per run: a ladder step's seat arrangements (half the seats
one rung, half the other) play the same bots in other seats, and cost what their seats
cost under each rung's own table (the mean of the seats' per-game costs), so a default
study of 200 runs times some 30 tables, not 200 (the timing was three minutes of one core
before the first game, issue 31)."""

from __future__ import annotations

import json
import os
from types import SimpleNamespace

BUDGET = 0.1  # seconds of the probe that sets a table's cost per game
GROW = 4  # games per probe grow 1, 4, 16, ... until one takes BUDGET


def study_estimate(jobs, workers: int) -> str:
    """'about 9 min on 2 workers (at most 19 min if no run stops early; timed ...)'."""
    from jobs.parallel import default_workers
    from jobs.plans import share_driver

    workers = workers or default_workers()
    for _, job in jobs:
        job.check()
    share_driver([job for _, job in jobs])  # the driver the study will play: compiled once
    per_game: dict[tuple, float] = {}
    load = busy_cores()
    central = bound = 0.0
    for _, job in sorted(jobs, key=lambda fj: len(set(seat_ids(fj[1])))):  # tables first
        cost = game_seconds(job, per_game) / workers * shared(workers, load)
        central += cost * expected_games(job)
        bound += cost * job.games
    return (f"about {_minutes(central)} on {workers} worker(s) at the present load of "
            f"{load:.1f} (at most {_minutes(bound)} if no run stops early; CPU timed on each "
            "setting's first games)")  # fmt: skip


def busy_cores() -> float:
    """The machine's load (1-minute average) before the study's workers start."""
    try:
        return float(os.getloadavg()[0])
    except OSError:  # no load average on this platform: assume an idle machine
        return 0.0


def shared(workers: int, load: float) -> float:
    """How much longer a CPU second takes when `workers` join `load` busy processes on
    this machine's cores (1 when they fit): (load + workers) / cores."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1.0, (load + workers) / max(1, cores or 1))


def _minutes(seconds: float) -> str:
    return f"{seconds / 60:.0f} min" if seconds >= 120 else f"{seconds:.0f} s"


def expected_games(job) -> int:
    """Games a run is expected to play: its cap, or with a stopping rule the whole rounds
    of chunks until a fair value's interval is as narrow as the rule asks (the target
    half-width, or the decided rule's ±delta at its z). Each value of the key is held by a
    share players/values of the seats (every seat when the values are fewer); a value
    near a bound of the rule takes longer, a clear one less."""
    from jobs.target import Z95

    target = getattr(job, "target_ci", None)
    rule = [(Z95, target)] if target is not None else []
    if getattr(job, "decide", None) is not None:
        rule.append(tuple(job.decide))
    if not rule:
        return job.games
    p = 1.0 / job.players
    values = _key_values(job)
    share = min(1.0, job.players / values) if values else 1.0
    need = max(z * z * p * (1 - p) / (w * w) for z, w in rule) / share
    per_round = job.chunk * job.round_chunks
    return min(job.games, per_round * max(1, -(-int(need) // per_round)))


def _key_values(job) -> int:
    """How many values the run's primary key takes (0: not known)."""
    try:
        key = job.plugin.primary
        return len(key.expected(job.spec.rules.to_dict())) if key.expected else 0
    except Exception:  # noqa: BLE001 - an estimate: the cap's share then stays 1
        return 0


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
    """CPU seconds a game of this setting takes: 1, 4, 16 ... games until one probe takes
    `budget` seconds. CPU rather than wall time: a short probe's wall time under load
    depends on the moment; the load is counted once, by `shared`."""
    import time

    k = 1
    while True:
        t = time.process_time()
        probe.task(probe.spec, 0, k)
        took = time.process_time() - t
        if took >= budget or k >= 4096:
            return took / k
        k *= GROW
