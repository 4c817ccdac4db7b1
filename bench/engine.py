"""Engine benchmark: games/second on one core and on all cores, and compile times.

    python -m bench.engine [--games 100000] [--repeats 5] [--strategy random]
    python -m bench.engine --compare [--game maharaja] [--seconds 0.5] [--repeats 7]
                           [--only a,b] [--import MODULES] [--rev REV --rounds 5]

It also times the engine by itself, driven by a bench-only trivial strategy,
so that the cost of the rules and the cost of a strategy are told apart.

Medians of several runs, with the one-core and all-core runs interleaved so
that load from other processes hits both alike. `--compare` prints every registered
strategy of a game side by side (games/s per core, four copies of the strategy at
the table, one core, one process), round-robin over the strategies so that load
from other processes hits all alike, with the engine ceiling (the trivial strategy)
and each strategy's ratio to it. With `--rev REV` (a git revision, bench/revision.py) the
comparison runs `--rounds` times in fresh processes, alternately on REV's code and on this
tree's, and prints both medians per strategy and their ratio. Compile time is measured in
fresh processes: once with an empty numba cache (cold) and with the cache that
run left behind (warm). Not a test: the machine is shared and noisy.
"""

from __future__ import annotations

import argparse
import importlib
import os
import statistics
import subprocess
import sys
import tempfile
import time

import strategies
from jobs.batch import BatchSpec, play_chunk
from jobs.parallel import chunks, default_workers, run_chunks
from simcore.core.contract.games import get_game
from simcore.maharaja.game_data import default_board
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


# bench-only trivial strategy per game: module with `driver()` (strategy id 0)
TRIVIAL = {
    "maharaja": "bench.trivial_strategy",
    "palast": "bench.trivial_palast",
    "tajmahal": "bench.trivial_tajmahal",
}
CEILING = "engine ceiling (trivial)"


def _tables(game: str, players: int, only: list[str]) -> list[tuple[str, object, tuple]]:
    """(label, driver, (sids, params)) for each registered strategy of `game` (or `only`)
    with `players` copies, then the trivial strategy's engine ceiling if the game has one."""
    known = strategies.strategies(game)
    names = only or list(known)
    driver = strategies.driver_for(game)
    out = []
    for name in names:
        sids, params = strategies.seat_arrays(strategies.resolve([name], players, game), game)
        out.append((name, driver, (sids, params)))
    if game in TRIVIAL:
        trivial = importlib.import_module(TRIVIAL[game]).driver()
        sids, params = out[0][2]
        out.append((CEILING, trivial, (sids * 0, params)))
    return out


def compare(game: str, players: int, seconds: float, repeats: int, only: list[str]) -> str:
    """Games/s per core of every strategy side by side: one process, one core, runs
    round-robin over the strategies (`repeats` rounds), each run about `seconds` long
    (games per run calibrated once per strategy); medians and the ratio to the ceiling."""
    plugin = get_game(game)
    rules, data = plugin.default_rules(), plugin.default_data()
    tables = _tables(game, players, only)

    def run(driver, sp, n, first):
        t = time.perf_counter()
        plugin.play_batch(driver, sp[0], sp[1], n, players, 1, first, rules, data)
        return n / (time.perf_counter() - t)

    games = {}
    for label, driver, sp in tables:  # compile / load, then calibrate
        run(driver, sp, 2, 0)
        n = 8
        while True:
            t = time.perf_counter()
            run(driver, sp, n, 0)
            dt = time.perf_counter() - t
            if dt >= seconds / 4 or n >= 1 << 22:
                break
            n *= 4
        games[label] = max(1, int(n * seconds / max(dt, 1e-9)))
    rates: dict[str, list[float]] = {label: [] for label, _, _ in tables}
    for r in range(repeats):
        for label, driver, sp in tables:
            rates[label].append(run(driver, sp, games[label], 1000 * r))
    med = {k: statistics.median(v) for k, v in rates.items()}
    ceiling = med.get(CEILING)
    lines = [
        f"{game}, {players} copies of each strategy per table, one core, one process; "
        f"{repeats} rounds round-robin, ~{seconds:g} s per run; median games/s",
        "",
        "| strategy | games/s per core (median) | min–max | games/run | x ceiling |",
        "|---|---:|---:|---:|---:|",
    ]
    for label, _, _ in tables:
        v = rates[label]
        ratio = f"{med[label] / ceiling:.2f}" if ceiling else "-"
        lines.append(
            f"| {label} | {med[label]:,.0f} | {min(v):,.0f}–{max(v):,.0f} | {games[label]:,} "
            f"| {ratio} |"
        )
    return "\n".join(lines)


def _rates(table: str) -> dict[str, float]:
    """Strategy -> median games/s from a --compare table."""
    out = {}
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[1].replace(",", "").isdigit():
            out[cells[0]] = float(cells[1].replace(",", ""))
    return out


def compare_rev(rev: str, rounds: int, argv: list[str]) -> str:
    """--compare on REV's code and on this tree's, alternately in fresh processes."""
    from bench import revision  # noqa: PLC0415

    here = {**os.environ, "PYTHONPATH": str(revision.ROOT)}
    rates: dict[str, dict[str, list[float]]] = {"rev": {}, "here": {}}
    for _ in range(rounds):
        for side in ("rev", "here"):
            cmd = ["bench.engine", "--compare", *argv]
            if side == "rev":
                table = revision.run(rev, cmd, capture=True).stdout
            else:
                table = subprocess.run([sys.executable, "-m", *cmd], env=here, check=True,
                                       capture_output=True, text=True).stdout  # fmt: skip
            for label, v in _rates(table).items():
                rates[side].setdefault(label, []).append(v)
    lines = [
        f"--compare {' '.join(argv)}: {rounds} rounds, each a fresh process on {rev} "
        "then one on this tree; medians of the rounds' medians (games/s per core)",
        "",
        f"| strategy | {rev} | this tree | ratio |",
        "|---|---:|---:|---:|",
    ]
    for label, v in rates["here"].items():
        old = statistics.median(rates["rev"].get(label, [float("nan")]))
        new = statistics.median(v)
        lines.append(f"| {label} | {old:,.0f} | {new:,.0f} | {new / old:.2f} |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--strategy", default="random")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--no-compile", action="store_true", help="skip the compile-time runs")
    ap.add_argument("--compare", action="store_true", help="every strategy side by side")
    ap.add_argument("--game", default="maharaja", help="game of --compare")
    ap.add_argument("--seconds", type=float, default=0.5, help="--compare: seconds per run")
    ap.add_argument("--only", default="", help="--compare: comma list of strategies")
    ap.add_argument(
        "--import", dest="imports", default="", metavar="MODULES",
        help="comma list of modules to import first (bench-only strategies they register, "
        "e.g. bench.trivial_strategy)",
    )  # fmt: skip
    ap.add_argument("--rev", default="", help="--compare: against this git revision's code")
    ap.add_argument("--rounds", type=int, default=5, help="--rev: processes per side")
    args = ap.parse_args()
    if args.compare and args.rev:
        argv = [f"--game={args.game}", f"--players={args.players}",
                f"--seconds={args.seconds}", f"--repeats={args.repeats}"]  # fmt: skip
        argv += [f"--only={args.only}"] if args.only else []
        argv += [f"--import={args.imports}"] if args.imports else []
        print(compare_rev(args.rev, args.rounds, argv))
        return
    for module in filter(None, args.imports.split(",")):
        importlib.import_module(module)
    if args.compare:
        only = [s for s in args.only.split(",") if s]
        print(compare(args.game, args.players, args.seconds, args.repeats, only))
        return

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
