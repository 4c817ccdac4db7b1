"""Ladder bench: every rung of a game's default-study ladder measured as `palace-lab strategies
--ladder` prints it, under the ladder's rule settings.

    python -m bench.ladder --game maharaja --players 4 [--deals 40] [--scripted-deals 500]
        [--step-deals LABEL=N,...] [--speed-games 40] [--scripted-speed-games 4000]
        [--repeats 3] [--seed 0] [--workers 2] [--literals]

Per rung (the quick ladder's rungs and climb rungs, weakest first): games per CPU second with
one seat of it among the game's default strategy, rotated over every seat, interleaved with
the other rungs, median of `--repeats` (bench.search's speed); and, above the bottom rung,
its seat-rotated duel against the rung directly below on the same deals (bench.search's
duel: in half the seats, at an odd count in k and in P - k, every seating on the same
`--deals` game seeds; share of the wins with a 95% Wilson interval and n games). A step
between two rungs without search plays `--scripted-deals`; `--step-deals` sets one step's
deals by its upper rung's label (the expensive climb rungs).

Prints the tab-separated table (label, --strategy text, games per CPU second, strength
against the rung below) and, with `--literals`, the `RungFigures` tuple to paste into the
game's LADDER_FIGURES. Not a test: a benchmark.
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor

import strategies
from bench.search import _warm, duel, seatings, speed
from simcore.core.contract.games import get_game
from simcore.core.contract.rungs import Measured, RungFigures


def is_search(game: str, text: str, players: int) -> bool:
    return strategies.resolve([text], players, game)[0].search is not None


def step_deals(spec: str) -> dict[str, int]:
    """`LABEL=N,...` -> {label: deals}."""
    out = {}
    for item in filter(None, spec.split(",")):
        label, _, n = item.partition("=")
        out[label.strip()] = int(n)
    return out


def measure(args) -> list[RungFigures]:
    """The ladder's figures at args.players, weakest first."""
    plugin = get_game(args.game)
    lad = plugin.ladder(args.players, False)
    rungs = tuple(lad.rungs) + tuple(lad.climb)
    sets = tuple(lad.sets)
    base = strategies.default_strategy(args.game)
    search = {t: is_search(args.game, t, args.players) for _, t in rungs}
    games = {t: args.speed_games if search[t] else args.scripted_speed_games for _, t in rungs}
    per_step = step_deals(args.step_deals)
    texts = list(dict.fromkeys(t for _, t in rungs))
    with ProcessPoolExecutor(args.workers) as pool:
        list(pool.map(_warm, [args.game] * args.workers))
        sp = speed(pool, args.game, texts, base, args.players, games, args.repeats, args.seed,
                   sets)  # fmt: skip
        out = []
        for i, (label, text) in enumerate(rungs):
            vs = None
            if i:
                below, btext = rungs[i - 1]
                deals = per_step.get(label) or (
                    args.deals if search[text] or search[btext] else args.scripted_deals
                )
                t0 = time.perf_counter()
                d = duel(pool, args.game, text, btext, args.players, deals, args.seed, sets)
                vs = Measured(below, round(d["share"], 3), round(d["lo"], 3),
                              round(d["hi"], 3), d["n"])  # fmt: skip
                print(f"# {label} vs {below}: {deals} deals x {len(seatings(args.players))} "
                      f"seatings, {time.perf_counter() - t0:.0f} s wall", flush=True)  # fmt: skip
            out.append(RungFigures(label, text, args.players,
                                   round(sp[text]["games_cpu"], 1), vs))  # fmt: skip
    return out


def literal(f: RungFigures) -> str:
    """The RungFigures as Python source, indented for LADDER_FIGURES[players]."""
    vs = "None"
    if f.vs_below:
        m = f.vs_below
        vs = f"Measured({json.dumps(m.against)}, {m.share}, {m.lo}, {m.hi}, {m.n})"
    return (f"        RungFigures(\n            {json.dumps(f.label)}, {json.dumps(f.strategy)}, "
            f"{f.players}, {f.games_per_cpu_s},\n            {vs},\n        ),")  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="maharaja")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--deals", type=int, default=40, help="game seeds per seating, search")
    ap.add_argument(
        "--scripted-deals",
        type=int,
        default=500,
        help="game seeds per seating, a step between two scripted rungs",
    )
    ap.add_argument("--step-deals", default="", help="LABEL=N,...: by the upper rung")
    ap.add_argument("--speed-games", type=int, default=40, help="per repeat, a search rung")
    ap.add_argument("--scripted-speed-games", type=int, default=4000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--literals", action="store_true", help="also print RungFigures")
    args = ap.parse_args()
    t0 = time.perf_counter()
    figs = measure(args)
    lad = get_game(args.game).ladder(args.players, False)
    print(f"# {args.game}, {args.players} players, sets {list(lad.sets)}, speed base "
          f"{strategies.default_strategy(args.game)}, seed {args.seed}, "
          f"{time.perf_counter() - t0:.0f} s wall")  # fmt: skip
    for f in figs:
        print("\t".join([f.label, f.strategy, f"{f.games_per_cpu_s:.1f}",
                         f.strength(args.players)]))  # fmt: skip
    if args.literals:
        print(f"    {args.players}: (")
        print("\n".join(literal(f) for f in figs))
        print("    ),")


if __name__ == "__main__":
    main()
