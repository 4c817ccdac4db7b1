"""Strategy ladder: strength, speed, robustness of balance findings, plausibility of play.

    python -m bench.strength [--games 20000] [--mix-games 4000] [--players 4]
                             [--strategies a,b,...] [--workers 2] [--out FILE.md]

Prints markdown tables (also written to --out):
1. each strategy alone against three `random` players, rotated over every seat;
2. a seat-rotated round-robin: every set of 4 distinct strategies, each seating
   rotation played on the same game seeds, win rates pooled per strategy;
   tables 1 and 2 add rounds of games until every 95% half-width is below --target;
3. games/s per core with four copies of each strategy (median of 3 one-core runs);
4. win rate by starting character with four copies of each strategy, and the
   rank order of the characters under each (do the bots agree on who is strong?);
5. game shape with four copies: rounds, end reason, palaces of the winner.
Character choice order is random per game (first_chooser = -1). Every rate has its
n and a 95% Wilson interval. Not a test: a benchmark and a report.
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing as mp
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

import strategies
from analyses.intervals import wilson
from simcore.maharaja.enums import CHARACTER_NAMES, END_PALACES
from simcore.maharaja.game import play_batch
from simcore.maharaja.game_data import default_board
from simcore.maharaja.records import REC
from simcore.maharaja.rules import RuleSet

RULES = RuleSet(first_chooser=-1)


def _play(args: tuple[list[str], int, int, int]) -> np.ndarray:
    names, n_games, seed, first = args
    seats = strategies.resolve(names, len(names))
    sids, params = strategies.seat_arrays(seats)
    return play_batch(
        strategies.driver_for(), sids, params, n_games, len(names), seed, first, RULES,
        default_board(),
    )  # fmt: skip


def play(pool, names: list[str], n_games: int, seed: int, chunk: int = 2000) -> np.ndarray:
    """Records (games, seats, N_REC); chunks spread over the pool, same result for any split."""
    jobs = [(names, min(chunk, n_games - s), seed, s) for s in range(0, n_games, chunk)]
    return np.concatenate(list(pool.map(_play, jobs)))


def rate(wins: int, n: int) -> str:
    lo, hi = wilson(wins, n)
    return f"{wins / n:6.1%} [{lo:.1%}, {hi:.1%}] ±{(hi - lo) / 2 * 100:.2f} pt, n={n}"


def half_width(wins: int, n: int) -> float:
    lo, hi = wilson(wins, n)
    return (hi - lo) / 2


def vs_random(pool, names, players, games, target) -> list[str]:
    """Rounds of `games` games (spread over the seats) until the half-width is < target."""
    lines = [f"## 1. One strategy against {players - 1} × random ({players} players)", ""]
    lines += ["| strategy | win rate [95% CI] | errors |", "|---|---|---|"]
    per_seat = max(1, games // players)
    for name in names:
        wins = n = errors = rounds = 0
        while n == 0 or (half_width(wins, n) >= target and n < 40 * games):
            for seat in range(players):
                seating = ["random"] * players
                seating[seat] = name
                rec = play(pool, seating, per_seat, seed=100 + 10 * rounds + seat)
                wins += int((rec[:, seat, REC.RANK] == 0).sum())
                n += len(rec)
                errors += int(rec[:, :, REC.ERRORS].max(initial=0))
            rounds += 1
        lines.append(f"| {name} | {rate(wins, n)} | {errors} |")
    return lines + [""]


def round_robin(pool, names, players, games, target) -> list[str]:
    """Each set of `players` distinct strategies, every cyclic seat rotation on the same
    seeds; rounds of that schedule until every strategy's half-width is < target."""
    sets = list(itertools.combinations(names, players))
    per_rotation = max(1, games // (len(sets) * players))
    wins = dict.fromkeys(names, 0)
    n = dict.fromkeys(names, 0)
    rounds = 0
    while rounds == 0 or (max(half_width(wins[k], n[k]) for k in names) >= target and rounds < 40):
        for group in sets:
            for r in range(players):
                seating = list(group[r:] + group[:r])
                rec = play(pool, seating, per_rotation, seed=7 + 1000 * rounds)
                for seat, name in enumerate(seating):
                    wins[name] += int((rec[:, seat, REC.RANK] == 0).sum())
                    n[name] += len(rec)
        rounds += 1
    lines = [
        f"## 2. Round-robin: every set of {players} distinct strategies, all seat rotations "
        f"on the same seeds ({rounds} × {per_rotation} games per rotation, "
        f"fair share {1 / players:.0%})",
        "",
        "| strategy | win rate [95% CI] |",
        "|---|---|",
    ]
    for name in sorted(names, key=lambda k: -wins[k] / max(1, n[k])):
        lines.append(f"| {name} | {rate(wins[name], n[name])} |")
    return lines + [""]


def speed(names, players, games) -> list[str]:
    lines = [f"## 3. Speed: four copies, {games} games, one core (median of 3)", ""]
    lines += ["| strategy | games/s per core |", "|---|---|"]
    for name in names:
        _play(([name] * players, 200, 1, 0))  # compile / load
        runs = []
        for _ in range(3):
            t = time.perf_counter()
            _play(([name] * players, games, 1, 0))
            runs.append(games / (time.perf_counter() - t))
        lines.append(f"| {name} | {statistics.median(runs):,.0f} |")
    return lines + [""]


def characters_and_shape(pool, names, players, games) -> list[str]:
    chars = [CHARACTER_NAMES[k] for k in range(6)]
    head = " | ".join(chars)
    lines = [
        f"## 4. Win rate by starting character, four copies of each strategy "
        f"({games} games each; fair share {1 / players:.0%})",
        "",
        f"| strategy | {head} | ranking (strongest first) |",
        "|---|" + "---|" * (len(chars) + 1),
    ]
    shape = [
        f"## 5. Game shape, four copies ({games} games each)",
        "",
        "| strategy | mean rounds | rounds (min–max) | ends by 7th palace | winner's palaces "
        "5–7 | winner's palaces (mean) |",
        "|---|---|---|---|---|---|",
    ]
    for name in names:
        rec = play(pool, [name] * players, games, seed=3)
        start = rec[:, :, REC.START_CHAR].ravel()
        won = (rec[:, :, REC.RANK] == 0).ravel()
        cells, rates = [], {}
        for k, label in enumerate(chars):
            sel = start == k
            w, n = int(won[sel].sum()), int(sel.sum())
            lo, hi = wilson(w, n)
            rates[label] = w / n if n else 0.0
            cells.append(f"{w / n:.1%} ±{(hi - lo) / 2 * 100:.1f} (n={n})" if n else "-")
        order = " > ".join(sorted(chars, key=lambda c: -rates[c]))
        lines.append(f"| {name} | " + " | ".join(cells) + f" | {order} |")
        rounds = rec[:, 0, REC.ROUNDS]
        pal_end = float(np.mean(rec[:, 0, REC.END_REASON] == END_PALACES))
        wp = rec[:, :, REC.PALACES][rec[:, :, REC.RANK] == 0]
        shape.append(
            f"| {name} | {rounds.mean():.2f} | {rounds.min()}–{rounds.max()} | {pal_end:.1%} | "
            f"{np.mean((wp >= 5) & (wp <= 7)):.1%} | {wp.mean():.2f} |"
        )
    return lines + [""] + shape + [""]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20000, help="games per table cell (per round)")
    ap.add_argument("--target", type=float, default=0.01, help="CI half-width to reach (1, 2)")
    ap.add_argument("--mix-games", type=int, default=8000, help="round-robin games in all")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--strategies", default="", help="comma list (default: all registered)")
    ap.add_argument("--slow", default="lookahead", help="strategies left out of tables 3–5")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", default="")
    ap.add_argument("--only", default="12345", help="which tables, e.g. 14")
    args = ap.parse_args()

    known = list(strategies.strategies())
    names = [s for s in args.strategies.split(",") if s] or known
    ladder = [n for n in names if n != "random"]
    slow = set(args.slow.split(","))
    strategies.driver_for()
    _play((["random"] * args.players, 10, 0, 0))  # compile before forking
    out: list[str] = []
    ctx = mp.get_context("fork")
    t0 = time.perf_counter()
    with ProcessPoolExecutor(args.workers, mp_context=ctx) as pool:
        for n in ladder:
            _play(([n] * args.players, 2, 0, 0))
        if "1" in args.only:
            out += vs_random(pool, ladder, args.players, args.games, args.target)
        if "2" in args.only and len(names) >= args.players:
            out += round_robin(pool, names, args.players, args.mix_games, args.target)
        fast = [n for n in names if n not in slow]
        if "4" in args.only or "5" in args.only:
            out += characters_and_shape(pool, fast, args.players, args.games)
    if "3" in args.only:
        out += speed([n for n in names if n not in slow], args.players, 20000)
    out.append(f"_{time.perf_counter() - t0:.0f} s; command: python -m bench.strength "
               f"--games {args.games} --mix-games {args.mix_games} --target {args.target} "
               f"--strategies {','.join(names)}_")  # fmt: skip
    text = "\n".join(out)
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
