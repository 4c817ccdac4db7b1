"""Variant comparison: what each advanced rule (M-A5y, M-V2, M-V3, M-A7h, M-V4) changes.

    python -m bench.variants [--games 3000] [--players 3,4,5] [--strategy weighted:char_noise=1]
                             [--workers 2] [--seed 1] [--out FILE.md]

For each player count: the basic game, each single switch, advanced1 and advanced2,
with the same strategy in every seat (by default `weighted` with Gumbel noise on
its character choice, so every character gets played). Columns: mean rounds (95%
CI), end reason shares, and the spread of win rates across start characters
(max - min of the per-character win rates, the best and worst character with their
n and 95% Wilson intervals). Character choice order is random per game
(first_chooser = -1). Not a test: a benchmark and a report.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

import strategies
from analyses.intervals import wilson
from simcore.maharaja.enums import CHARACTER_NAMES, END_REASON_NAMES
from simcore.maharaja.game import play_batch
from simcore.maharaja.game_data import default_board
from simcore.maharaja.records import REC
from simcore.maharaja.rules import RuleSet

CELLS = ("basic", "yogi", "neutral", "auction", "home", "several", "advanced1", "advanced2")


def rules_for(cell: str) -> RuleSet:
    base = RuleSet(first_chooser=-1)
    return base if cell == "basic" else base.with_variants([cell])


def _play(args: tuple[str, str, int, int, int, int]) -> np.ndarray:
    strategy, cell, players, n_games, seed, first = args
    seats = strategies.resolve([strategy], players)
    sids, params = strategies.seat_arrays(seats)
    return play_batch(
        strategies.driver_for(), sids, params, n_games, players, seed, first, rules_for(cell),
        default_board(),
    )  # fmt: skip


def summarise(rec: np.ndarray) -> dict[str, str]:
    """One table row from the records (games, seats, N_REC)."""
    n = rec.shape[0]
    rounds = rec[:, 0, REC.ROUNDS].astype(float)
    half = 1.96 * rounds.std(ddof=1) / np.sqrt(n)
    ends = rec[:, 0, REC.END_REASON]
    shares = {
        name: float(np.mean(ends == END_REASON_NAMES.index(name)))
        for name in ("palaces", "field10", "cap")
    }
    chars = rec[:, :, REC.START_CHAR].ravel()
    wins = (rec[:, :, REC.RANK] == 0).ravel()
    rates = {}
    for k in np.unique(chars):
        m = chars == k
        rates[int(k)] = (int(wins[m].sum()), int(m.sum()))
    best = max(rates, key=lambda k: rates[k][0] / rates[k][1])
    worst = min(rates, key=lambda k: rates[k][0] / rates[k][1])

    def fmt(k: int) -> str:
        w, m = rates[k]
        lo, hi = wilson(w, m)
        return f"{CHARACTER_NAMES[k]} {w / m:.1%} [{lo:.1%}, {hi:.1%}] n={m}"

    spread = rates[best][0] / rates[best][1] - rates[worst][0] / rates[worst][1]
    return {
        "rounds": f"{rounds.mean():.2f} ±{half:.2f}",
        "ends": " / ".join(f"{shares[k]:.0%}" for k in ("palaces", "field10", "cap")),
        "spread": f"{spread * 100:.1f} pt",
        "best": fmt(best),
        "worst": fmt(worst),
        "errors": str(int(rec[:, :, REC.ERRORS].sum())),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3000, help="games per cell")
    ap.add_argument("--players", default="3,4,5")
    ap.add_argument("--strategy", default="weighted:char_noise=1")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--chunk", type=int, default=1000)
    ap.add_argument("--out", default="")
    args = ap.parse_args()
    players = [int(p) for p in args.players.split(",")]
    t0 = time.perf_counter()
    _play((args.strategy, "advanced2", players[0], 2, 0, 0))  # compile before forking
    out = [
        f"Strategy `{args.strategy}` in every seat, {args.games} games per cell, "
        "random first chooser. Ends: palaces / field10 / cap. Spread: max - min win rate "
        "of start characters.",
        "",
        "| players | rules | mean rounds (95% CI) | ends | spread | best character "
        "| worst character | errors |",
        "|---|---|---|---|---|---|---|---|",
    ]
    ctx = mp.get_context("fork")
    with ProcessPoolExecutor(args.workers, mp_context=ctx) as pool:
        for p in players:
            for cell in CELLS:
                jobs = [
                    (args.strategy, cell, p, min(args.chunk, args.games - s), args.seed, s)
                    for s in range(0, args.games, args.chunk)
                ]
                rec = np.concatenate(list(pool.map(_play, jobs)))
                r = summarise(rec)
                out.append(
                    f"| {p} | {cell} | {r['rounds']} | {r['ends']} | {r['spread']} "
                    f"| {r['best']} | {r['worst']} | {r['errors']} |"
                )
                print(out[-1], flush=True)
    out.append("")
    out.append(
        f"_{time.perf_counter() - t0:.0f} s; command: python -m bench.variants --games "
        f"{args.games} --players {args.players} --strategy {args.strategy} "
        f"--seed {args.seed}_"
    )
    text = "\n".join(out)
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
