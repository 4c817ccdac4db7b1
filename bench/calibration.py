"""Calibration of the whole verdict procedure against planted effects (docs/STUDIES.md).

    python -m bench.calibration [--seeds 100] [--players 4] [--sizes 0,1,2,3,5] [--out FILE.md]
    python -m bench.calibration --skill --sizes 5     # an effect only strong play finds

The test-only toy game (tests/toy/game.py) is fair by construction when every seat plays
the same strategy and seat 0 gets no points (seat0_points = 0): the seats are exchangeable,
so each wins exactly 1/N. Its rule T-4 (`planted`, per mille) hands seat 0 the game
outright in that share of games, drawn independently of the dice: seat 0's win rate is
then 1/N + q (1 - 1/N) exactly, a planted effect of known size.

Each (size, seed) is played as the default study plays a player count: a ladder of bots,
weakest first (`keeper`, `random`; the climb rung `greedy`), each rung in every seat on the
same game seeds, in rounds of 4 chunks of 2,000 games until every seat is decided by
analyses.verdict's band rule at the family's z (at most 200,000 games a rung); the climb
rung is played only while the two rungs below it are not shown to agree within ±1 point
(half the margin, analyses.climb.CLIMB_SHARE); then analyses.verdict judges the cells,
each by the strongest bot played (the climb rung when it was played).

With `--skill` the effect is planted per rung (a stand-in for a rule that only strong play
exploits; the toy engine has no such rule): none under `keeper`, a third under `random`
(inside the band), the whole effect under `greedy`. Only the climb reaches it.

The table: per planted size, how often the game comes out balanced / not balanced / open,
how often seat 1 (seat 0) is named above the band, how often another seat is named above,
how often the climb rung was played, and the median games. Size 0 is the false-alarm rate;
a size inside the margin (±2 points) is rightly called fair. tests/test_calibration.py is
the small version.
"""

from __future__ import annotations

import argparse
import statistics

import numpy as np
import polars as pl

from analyses.climb import CLIMB_SHARE, agreement
from analyses.verdict import ABOVE, DELTA, UNDETERMINED, Verdicts, cell_verdict, decide, family_z
from jobs.target import wilson_interval

ROUND = 8_000  # 4 chunks of 2,000 games, the default study's round
CAP = 200_000
LADDER = ("keeper", "random")  # weakest first
CLIMB = "greedy"


def planted_per_mille(points: float, players: int) -> int:
    """The T-4 setting for an effect of `points` on seat 0 (rounded to whole per mille)."""
    return round(10 * points / (1 - 1 / players))


def planted_points(q: int, players: int) -> float:
    """The exact effect of T-4 = q per mille: 100 q/1000 (1 - 1/N) points."""
    return 100 * q / 1000 * (1 - 1 / players)


def _spec(players: int, q: int, seed: int, strategy: str):
    import tests.toy.game  # noqa: F401  (registers the toy game)
    import tests.toy.strategies  # noqa: F401
    from jobs.run_job import RunJob

    sets = ("seat0_points=0", f"planted={q}")
    return RunJob(players, CAP, seed, strategy, sets=sets, game="toy").check().spec


def play_rung(players: int, q: int, seed: int, strategy: str, z: float, round_games: int = ROUND,
              cap: int = CAP) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """One rung played adaptively: rounds until every seat is decided at z, or the cap.
    Returns (wins per game and seat, game ids) for the paired comparison."""
    from jobs.batch import play_chunk

    spec = _spec(players, q, seed, strategy)
    fair = 1 / players
    parts, games = [], 0
    while games < cap:
        n = min(round_games, cap - games)
        rec = play_chunk(spec, games, n)
        first = rec[:, :, 2] == 0
        parts.append(first / first.sum(1, keepdims=True))
        games += n
        wins = np.concatenate(parts).sum(0)
        if all(cell_verdict(*wilson_interval(w, games, z), fair, DELTA) != UNDETERMINED
               for w in wins):  # fmt: skip
            break
    return np.concatenate(parts), np.arange(games)


def _cells(per_game: np.ndarray, ids: np.ndarray) -> dict:
    return {s: (ids, per_game[:, s]) for s in range(per_game.shape[1])}


def whole_procedure(players: int, q: int, seed: int, skill: bool = False,
                    cap: int = CAP) -> tuple[Verdicts, int, bool]:  # fmt: skip
    """The ladder, the climb and the verdicts of one seed: (verdicts, games, climbed)."""
    bots = [*LADDER, CLIMB]
    z = family_z(players)  # the deciding family: the seats under one bot (jobs.studies)
    share = {"keeper": 0.0, "random": 1 / 3, "greedy": 1.0} if skill else dict.fromkeys(bots, 1.0)
    played: dict[str, tuple] = {}
    for b in LADDER:
        played[b] = play_rung(players, round(q * share[b]), seed, b, z, cap=cap)
    up, down = _cells(*played[LADDER[-1]]), _cells(*played[LADDER[-2]])
    ag = agreement(up, down, players, DELTA * CLIMB_SHARE, union=False)  # the gate's test
    climbed = not ag.converged
    if climbed:
        played[CLIMB] = play_rung(players, round(q * share[CLIMB]), seed, CLIMB, z, cap=cap)
    rows = []
    for b, (per_game, ids) in played.items():
        for s in range(players):
            w = float(per_game[:, s].sum())
            rows.append({"players": players, "bot": b, "value": s, "wins": w,
                         "n": len(ids), "games": len(ids)})  # fmt: skip
    order = [b for b in bots if b in played]
    v = decide(pl.DataFrame(rows), "seat", {players: order})
    return v, sum(len(ids) for _, ids in played.values()), climbed


def calibration(seeds: int, players: int, sizes: list[float], first_seed: int = 0,
                skill: bool = False) -> list[dict]:  # fmt: skip
    rows = []
    for pts in sizes:
        q = planted_per_mille(pts, players)
        out = {"balanced": 0, "not balanced": 0, "open": 0, "seat 1 above": 0,
               "other above": 0, "climbed": 0}  # fmt: skip
        games = []
        for s in range(first_seed, first_seed + seeds):
            v, g, climbed = whole_procedure(players, q, s, skill)
            games.append(g)
            b = v.balanced()[players]
            out[{True: "balanced", False: "not balanced", None: "open"}[b]] += 1
            above = {f.value for f in v.findings if f.verdict == ABOVE}
            out["seat 1 above"] += 0 in above
            out["other above"] += bool(above - {0})
            out["climbed"] += climbed
        rows.append({"planted": planted_points(q, players), "per_mille": q, "seeds": seeds,
                     **out, "median games": statistics.median(games)})  # fmt: skip
    return rows


def table(rows: list[dict], players: int, skill: bool = False) -> str:
    head = (
        "| planted effect on seat 1 | seeds | balanced | not balanced | open (margin) | "
        "seat 1 named above | another seat named above | climbed | median games |\n"
        + "|---" * 9
        + "|\n"
    )
    body = "".join(
        f"| {r['planted']:+.2f} points (T-4 = {r['per_mille']}‰) | {r['seeds']} | "
        f"{r['balanced']} | {r['not balanced']} | {r['open']} | {r['seat 1 above']} | "
        f"{r['other above']} | {r['climbed']} | {r['median games']:,.0f} |\n"
        for r in rows
    )
    how = " (planted per rung: none, a third, all)" if skill else ""
    return (f"Toy game, {players} players, ladder {', '.join(LADDER)}, climb {CLIMB}{how}.\n\n"
            + head + body)  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--sizes", default="0,1,2,3,5")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--skill", action="store_true")
    ap.add_argument("--out")
    a = ap.parse_args()
    sizes = [float(x) for x in a.sizes.split(",")]
    rows = calibration(a.seeds, a.players, sizes, a.first_seed, a.skill)
    text = table(rows, a.players, a.skill)
    print(text)
    if a.out:
        with open(a.out, "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
