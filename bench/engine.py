"""Engine benchmark: games/second on one core and on all cores, and compile times.

    python -m bench.engine [--games 100000] [--repeats 5] [--strategy random]

It also times the engine by itself, driven by a bench-only trivial strategy,
so that the cost of the rules and the cost of a strategy are told apart.

Medians of several runs, with the one-core and all-core runs interleaved so
that load from other processes hits both alike. Compile time is measured in
fresh processes: once with an empty numba cache (cold) and with the cache that
run left behind (warm). Not a test: the machine is shared and noisy.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

import strategies
from simcore.core.batch import BatchSpec, play_chunk
from simcore.core.parallel import chunks, default_workers, run_chunks
from simcore.maharaja.board import default_board
from simcore.maharaja.rules import RuleSet

_FIRST_CALL = """
import time
t = time.perf_counter()
import strategies
from simcore.maharaja.game import play_batch
sids, params = strategies.seat_arrays(strategies.resolve(["{strategy}"], 4))
play_batch(strategies.driver_for(), sids, params, 4)
print(time.perf_counter() - t)
"""


def first_call_seconds(strategy: str, cache: str) -> float:
    """Import + build + first game in a new process, with the given cache directory."""
    env = dict(os.environ, PALACE_LAB_CACHE=cache, NUMBA_CACHE_DIR=os.path.join(cache, "nb"))
    out = subprocess.run(
        [sys.executable, "-c", _FIRST_CALL.format(strategy=strategy)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return float(out.stdout.strip().splitlines()[-1])


def games_per_second(spec: BatchSpec, games: int, workers: int) -> float:
    parts = chunks(games, games if workers == 1 else max(1, games // (4 * workers)))
    t = time.perf_counter()
    for _ in run_chunks(play_chunk, spec, parts, workers):
        pass
    return games / (time.perf_counter() - t)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--strategy", default="random")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--no-compile", action="store_true", help="skip the compile-time runs")
    args = ap.parse_args()

    seats = strategies.resolve([args.strategy], args.players)
    sids, params = strategies.seat_arrays(seats)
    strategies.driver_for("maharaja")
    spec = BatchSpec.of("maharaja", args.players, 1, RuleSet(), default_board(), sids, params)
    workers = default_workers()
    trivial = BatchSpec.of("maharaja", args.players, 1, RuleSet(), default_board(), sids * 0,
                           params, driver_factory="bench.trivial_strategy:driver")  # fmt: skip
    for label, sp in ((f"strategy {args.strategy}", spec), ("engine alone (trivial)", trivial)):
        games_per_second(sp, 2000, 1)  # warm-up: caches loaded, pages touched
        one, many = [], []
        for _ in range(args.repeats):
            one.append(games_per_second(sp, args.games, 1))
            many.append(games_per_second(sp, args.games, workers))
        m1, mk = statistics.median(one), statistics.median(many)
        print(f"{label}, {args.players} players, {args.games} games per run")
        print(f"  1 core:  median {m1:9,.0f} games/s ({', '.join(f'{x:,.0f}' for x in one)})")
        print(
            f"  {workers} cores: median {mk:9,.0f} games/s ({', '.join(f'{x:,.0f}' for x in many)})"
        )
        print(f"  speed-up {mk / m1:.2f}x on {workers} cores; {1e6 / m1:.1f} us per game on 1 core")
    if args.no_compile:
        return
    with tempfile.TemporaryDirectory() as cache:
        cold = [first_call_seconds(args.strategy, cache)]
        warm = [first_call_seconds(args.strategy, cache) for _ in range(3)]
    print(f"first call, empty cache: {cold[0]:.1f} s")
    print(f"first call, warm cache:  median {statistics.median(warm):.2f} s ({warm})")


if __name__ == "__main__":
    main()
