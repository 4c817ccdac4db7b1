"""Lookahead benchmark: search decisions per second at the default budget.

    python -m bench.lookahead [--games 40] [--repeats 5] [--opponent weighted]

One `lookahead` seat (rotating over the four seats) against three copies of
`--opponent`, 4-player games on one core. A decision here is one secret pick
(M-R3), the only decision that searches; the others are the rollout policy's
and cost next to nothing. Reported: decisions/second and games/second (wall
clock) and decisions per CPU second, medians of several runs after a warm-up
(compile) game. Not a test: the machine is shared and noisy.
"""

from __future__ import annotations

import argparse
import statistics
import time

import simcore.maharaja.record_layout as REC
import strategies
from simcore.maharaja.board import default_board
from simcore.maharaja.game import play_batch
from simcore.maharaja.rules import RuleSet


def one_run(driver, opponent: str, games: int, seed: int) -> tuple[float, float, float]:
    """(pick decisions/s, games/s, pick decisions per CPU second) over `games` games."""
    board, rules = default_board(), RuleSet()
    per_seat = max(1, games // 4)
    picks = 0
    t = time.perf_counter()
    cpu = time.process_time()
    for seat in range(4):
        names = [opponent] * 4
        names[seat] = "lookahead"
        sids, params = strategies.seat_arrays(strategies.resolve(names, 4))
        rec = play_batch(driver, sids, params, per_seat, 4, seed + seat, 0, rules, board)
        picks += int(rec[:, seat, REC.ROUNDS].sum())  # one pick per round
    dt = time.perf_counter() - t
    return picks / dt, 4 * per_seat / dt, picks / (time.process_time() - cpu)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--opponent", default="random")
    args = ap.parse_args()
    known = strategies.strategies()
    look = known["lookahead"]
    print("lookahead defaults:", dict(zip(look.param_names, look.defaults, strict=True)))
    driver = strategies.driver_for()
    one_run(driver, args.opponent, 4, seed=1)  # compile / load
    runs = [one_run(driver, args.opponent, args.games, seed=1000 * r) for r in range(args.repeats)]
    dps = statistics.median(r[0] for r in runs)
    gps = statistics.median(r[1] for r in runs)
    cps = statistics.median(r[2] for r in runs)
    spread = [round(r[0]) for r in runs]
    print(f"opponents: 3x {args.opponent}, {args.games} games x {args.repeats} runs")
    print(f"pick decisions/s: {dps:.0f} (median; runs {spread})")
    print(f"games/s: {gps:.2f} (median), {1000 / gps:.0f} ms per game")
    print(f"pick decisions per CPU second: {cps:.0f} (median; the load of other processes aside)")


if __name__ == "__main__":
    main()
