"""Calibration of the verdict procedure against planted effects (docs/STUDIES.md).

    python -m bench.calibration [--seeds 20] [--players 4] [--sizes 0,1,3,5] [--out FILE.md]

The test-only toy game (tests/toy/game.py) is fair by construction when every seat plays
the same strategy and seat 0 gets no points (seat0_points = 0): the seats are exchangeable,
so each wins exactly 1/N. Its rule T-4 (`planted`, per mille) hands seat 0 the game
outright in that share of games, drawn independently of the dice: seat 0's win rate is
then 1/N + q (1 - 1/N) exactly, a planted effect of known size. Each (size, seed) is played
as the default study plays a run its verdicts rest on (jobs.studies: rounds of 4 chunks of
2,000 games, stop once every value is decided by analyses.verdict and every 95% Wilson
half-width is below 1 point, at most 200,000 games), then judged by analyses.verdict.

The table: per planted size, how often the game comes out balanced / not balanced /
undecided, how often seat 0 is named above fair, and the median games played. Size 0 is
the false-alarm rate (a fair game called unbalanced); a size inside the margin (±2 points)
is rightly called fair. Not a test (tests/test_calibration.py is the small version).
"""

from __future__ import annotations

import argparse
import statistics

import numpy as np
import polars as pl

from analyses.verdict import ABOVE, DELTA, UNDETERMINED, Verdicts, cell_verdict, decide, family_z
from jobs.target import wilson_half_width, wilson_interval

ROUND = 8_000  # 4 chunks of 2,000 games, the default study's round
CAP = 200_000
TARGET = 0.01
STRATEGY = "greedy"


def planted_per_mille(points: float, players: int) -> int:
    """The T-4 setting for an effect of `points` on seat 0 (rounded to whole per mille)."""
    return round(10 * points / (1 - 1 / players))


def planted_points(q: int, players: int) -> float:
    """The exact effect of T-4 = q per mille: 100 q/1000 (1 - 1/N) points."""
    return 100 * q / 1000 * (1 - 1 / players)


def _spec(players: int, q: int, seed: int):
    import tests.toy.game  # noqa: F401  (registers the toy game)
    import tests.toy.strategies  # noqa: F401
    from jobs.run_job import RunJob

    sets = ("seat0_points=0", f"planted={q}")
    job = RunJob(players, CAP, seed, STRATEGY, sets=sets, game="toy").check()
    return job.spec


def adaptive_verdict(players: int, q: int, seed: int, round_games: int = ROUND,
                     cap: int = CAP, target: float = TARGET) -> tuple[Verdicts, int]:  # fmt: skip
    """Play rounds until every seat is decided (and the half-width target met) or the cap;
    return the verdicts and the games played."""
    from jobs.batch import play_chunk

    spec = _spec(players, q, seed)
    z = family_z(players)  # one bot, one value per seat
    wins = np.zeros(players)
    games = 0
    fair = 1 / players
    while games < cap:
        n = min(round_games, cap - games)
        rec = play_chunk(spec, games, n)
        first = rec[:, :, 2] == 0
        wins += (first / first.sum(1, keepdims=True)).sum(0)
        games += n
        decided = all(
            cell_verdict(*wilson_interval(w, games, z), fair, DELTA) != UNDETERMINED for w in wins
        )
        halves = wilson_half_width(wins, np.full(players, games))
        if decided and (halves < target).all():
            break
    counts = pl.DataFrame({"players": [players] * players, "bot": [STRATEGY] * players,
                           "value": list(range(players)), "wins": wins.tolist(),
                           "n": [games] * players, "games": [games] * players})  # fmt: skip
    return decide(counts, "seat"), games


def calibration(seeds: int, players: int, sizes: list[float], first_seed: int = 0) -> list[dict]:
    rows = []
    for pts in sizes:
        q = planted_per_mille(pts, players)
        out = {"balanced": 0, "not balanced": 0, "undecided": 0, "seat 1 above": 0}
        games = []
        for s in range(first_seed, first_seed + seeds):
            v, g = adaptive_verdict(players, q, s)
            games.append(g)
            b = v.balanced()[players]
            out[{True: "balanced", False: "not balanced", None: "undecided"}[b]] += 1
            seat0 = next(f for f in v.findings if f.value == 0)
            out["seat 1 above"] += seat0.verdict == ABOVE
        rows.append({"planted": planted_points(q, players), "per_mille": q, "seeds": seeds,
                     **out, "median games": statistics.median(games)})  # fmt: skip
    return rows


def table(rows: list[dict], players: int) -> str:
    head = (
        "| planted effect on seat 1 | seeds | balanced | not balanced | undecided | "
        "seat 1 named above fair | median games |\n" + "|---" * 7 + "|\n"
    )
    body = "".join(
        f"| {r['planted']:+.2f} points (T-4 = {r['per_mille']}‰) | {r['seeds']} | "
        f"{r['balanced']} | {r['not balanced']} | {r['undecided']} | {r['seat 1 above']} | "
        f"{r['median games']:,.0f} |\n"
        for r in rows
    )
    return f"Toy game, {players} players, `{STRATEGY}` in every seat.\n\n" + head + body


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--sizes", default="0,1,3,5")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--out")
    a = ap.parse_args()
    rows = calibration(a.seeds, a.players, [float(x) for x in a.sizes.split(",")], a.first_seed)
    text = table(rows, a.players)
    print(text)
    if a.out:
        with open(a.out, "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
