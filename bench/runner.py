"""Batch-runner benchmark: end-to-end games/s of `palace-lab run`, parallel efficiency, peak RSS.

    python -m bench.runner [--games 1000000] [--repeats 3] [--rss-games 100000,1000000]

Each measurement is a fresh `palace-lab run` process (default strategy unless
--strategy is given) with 4 players, timed from outside (start-up, numba cache
load, playing, Parquet writing, manifest and summary all included). Runs with 1 and with all workers
are interleaved so that load from other processes hits both alike; medians are
printed with every sample. Engine only: the same games played by the engine and the
driver in one fresh process, chunk by chunk, nothing written (compile excluded); the gap
is what `palace-lab run` adds (process start, cache load, Parquet, manifest, summary):
1 - end-to-end games/s / (workers x engine-only games/s per core). Peak RSS is the
largest resident set of any process of the run (the parent or one worker), from
getrusage(RUSAGE_CHILDREN) in a wrapper process. Not a test: the machine is shared and noisy.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import strategies
from jobs.parallel import default_workers

_WRAP = """
import resource, subprocess, sys, time
t = time.perf_counter()
p = subprocess.run(sys.argv[1:], capture_output=True, text=True)
wall = time.perf_counter() - t
if p.returncode:
    sys.exit(p.stderr)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(wall, r.ru_maxrss, r.ru_utime + r.ru_stime)
print(p.stdout)
"""


def one_run(
    games: int, workers: int, chunk: int, strategy: str | None = None
) -> tuple[float, float, int, float]:
    """(wall seconds, in-run games/s, peak RSS in MiB, CPU seconds) of one `palace-lab run`."""
    with tempfile.TemporaryDirectory() as tmp:
        cmd = ["palace-lab", "run", "--games", str(games), "--workers", str(workers)]
        cmd += ["--chunk-size", str(chunk), "--out", str(Path(tmp) / "run")]
        cmd += ["--strategy", strategy] if strategy else []
        out = subprocess.run(
            [sys.executable, "-c", _WRAP, *cmd], capture_output=True, text=True, check=True
        ).stdout
    head, summary = out.split("\n", 1)
    wall, rss_kib, cpu = head.split()
    rate = float(re.search(r"([\d,]+) games/s", summary).group(1).replace(",", ""))
    return float(wall), rate, int(rss_kib) // 1024, float(cpu)


_ENGINE = """
import sys, time
import strategies
from jobs.batch import BatchSpec, play_chunk
from simcore.core.contract.games import get_game
games, chunk, names = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
plugin = get_game("maharaja")
seats = strategies.resolve(names.split(","), 4, "maharaja")
sids, params = strategies.seat_arrays(seats, "maharaja")
spec = BatchSpec.of("maharaja", 4, 0, plugin.default_rules(), plugin.default_data(), sids, params)
play_chunk(spec, 0, 10)  # compile / load
t = time.perf_counter()
for first in range(0, games, chunk):
    play_chunk(spec, first, min(chunk, games - first))
print(time.perf_counter() - t)
"""


def engine_only(games: int, chunk: int, strategy: str) -> float:
    """Seconds the engine and the driver take for `games` on one core (nothing written)."""
    out = subprocess.run([sys.executable, "-c", _ENGINE, str(games), str(chunk), strategy],
                         capture_output=True, text=True, check=True).stdout  # fmt: skip
    return float(out.strip())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1_000_000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--chunk-size", type=int, default=5000)
    ap.add_argument("--rss-games", default="100000,1000000")
    ap.add_argument("--strategy", default=None, help="default: the default strategy")
    args = ap.parse_args()
    cores = default_workers()
    one_run(1000, 1, 1000)  # warm the numba cache
    walls: dict[int, list[float]] = {1: [], cores: []}
    rates: dict[int, list[float]] = {1: [], cores: []}
    cpus: dict[int, list[float]] = {1: [], cores: []}
    engine: list[float] = []
    strategy = args.strategy or strategies.default_strategy()
    print(f"load average before: {os.getloadavg()[0]:.1f}", flush=True)
    for _ in range(args.repeats):
        for w in walls:
            wall, rate, peak, cpu = one_run(args.games, w, args.chunk_size, args.strategy)
            walls[w].append(wall)
            rates[w].append(rate)
            cpus[w].append(cpu)
            print(
                f"  {w} worker(s): {wall:.1f} s wall, {rate:,.0f} games/s in-run, {cpu:.1f} CPU s, "
                f"{peak} MiB, load {os.getloadavg()[0]:.1f}",
                flush=True,
            )
        engine.append(engine_only(args.games, args.chunk_size, strategy))
        print(f"  engine only, 1 core: {engine[-1]:.1f} s", flush=True)
    who = args.strategy or f"default strategy ({strategies.default_strategy()})"
    print(f"palace-lab run, {args.games:,} four-player games, {who}, chunk size "
          f"{args.chunk_size}, {time.strftime('%Y-%m-%d %H:%M')}")  # fmt: skip
    for w in walls:
        m = statistics.median(walls[w])
        print(
            f"  {w} worker(s): median {m:.1f} s end to end = {args.games / m:,.0f} games/s "
            f"(in-run median {statistics.median(rates[w]):,.0f} games/s); "
            f"walls {', '.join(f'{x:.1f}' for x in walls[w])}"
        )
    per_core = args.games / statistics.median(engine)
    print(f"  engine only: median {statistics.median(engine):.1f} s on 1 core = "
          f"{per_core:,.0f} games/s per core")  # fmt: skip
    for w in walls:
        e2e = args.games / statistics.median(walls[w])
        print(f"  gap at {w} worker(s): {1 - e2e / (w * per_core):.0%} "
              f"(end to end {e2e:,.0f} games/s against {w} x {per_core:,.0f})")  # fmt: skip
    if cores > 1:
        speed = statistics.median(walls[1]) / statistics.median(walls[cores])
        print(
            f"  parallel efficiency on {cores} cores: {speed / cores:.0%} (speed-up {speed:.2f}x)"
        )
    print("peak RSS (largest process of the run) by run size:")
    for n in (int(x) for x in args.rss_games.split(",")):
        peak = one_run(n, cores, args.chunk_size, args.strategy)[2]
        print(f"  {n:>9,} games: {peak} MiB", flush=True)


if __name__ == "__main__":
    main()
