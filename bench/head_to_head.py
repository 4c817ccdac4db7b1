"""Head to head on the same deals: bot A against bot B, each in half the seats, every
seating (at 4 players the 6 ways to choose A's two seats), the same game seeds for every
seating. A's share of the wins (win_share summed over its seats; shared first places
split) with a 95% interval over the deals (normal, from the per-deal means).

    python -m bench.head_to_head --game palast A B [--games 2000] [--players 4] [--seed 0]
    python -m bench.head_to_head --game palast --ladder random,vizier,harbour,weighted

`--ladder` plays each neighbouring pair. One process, one core; not a test.
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import time

import numpy as np

import strategies
from simcore.core.contract.games import get_game


def head_to_head(game: str, a: str, b: str, games: int, players: int, seed: int) -> dict:
    plugin = get_game(game)
    rules, data = plugin.default_rules(), plugin.default_data()
    rec_mod = importlib.import_module(f"simcore.{game}.records").REC
    driver = strategies.driver_for(game)
    k = players // 2
    per_deal = np.zeros(games)
    seatings = list(itertools.combinations(range(players), k))
    errors = 0
    t = time.perf_counter()
    for mine in seatings:
        names = [a if s in mine else b for s in range(players)]
        sids, params = strategies.seat_arrays(strategies.resolve(names, players, game), game)
        rec = plugin.play_batch(driver, sids, params, games, players, seed, 0, rules, data)
        won = rec[:, :, rec_mod.RANK] == 0
        share = won / np.maximum(won.sum(axis=1, keepdims=True), 1)
        per_deal += share[:, list(mine)].sum(axis=1)
        errors += int(rec[:, :, rec_mod.ERRORS].sum())
    per_deal /= len(seatings)
    m = float(per_deal.mean())
    half = 1.96 * float(per_deal.std(ddof=1)) / np.sqrt(games)
    return {"a": a, "b": b, "share": m, "lo": m - half, "hi": m + half, "deals": games,
            "games": games * len(seatings), "errors": errors,
            "seconds": time.perf_counter() - t}  # fmt: skip


def line(r: dict) -> str:
    return (f"| {r['a']} vs {r['b']} | {100 * r['share']:.1f}% | [{100 * r['lo']:.1f}, "
            f"{100 * r['hi']:.1f}] | {r['deals']:,} deals x 6 = {r['games']:,} | "
            f"{r['errors']} | {r['seconds']:.0f} s |")  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bots", nargs="*")
    ap.add_argument("--game", default="palast")
    ap.add_argument("--games", type=int, default=2000, help="deals per seating")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--ladder", default="", help="comma list, weakest first")
    args = ap.parse_args()
    pairs = []
    if args.ladder:
        rungs = args.ladder.split(",")
        pairs = [(rungs[i + 1], rungs[i]) for i in range(len(rungs) - 1)]
    if len(args.bots) == 2:
        pairs.append((args.bots[0], args.bots[1]))
    print("| pair (A vs B) | A's win share | 95% CI | games | errors | time |")
    print("|---|---:|---:|---:|---:|---:|")
    for a, b in pairs:
        print(line(head_to_head(args.game, a, b, args.games, args.players, args.seed)), flush=True)


if __name__ == "__main__":
    main()
