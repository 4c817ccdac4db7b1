"""Lookahead benchmark: search decisions per second, and head-to-head strength.

    python -m bench.lookahead [--games 40] [--repeats 5] [--opponent weighted]
                              [--strategy lookahead] [--strategy TEXT ...]
    python -m bench.lookahead --duel lookahead,lookahead:rollouts=60 --games 1200 [--workers 2]

Speed: one search seat (rotating over the four seats) against three copies of
`--opponent`, 4-player games on one core. A decision here is one secret pick (M-R3),
the decision that searches; the others are the rollout policy's and cost next to
nothing. Reported: pick decisions/second and games/second (wall clock) and decisions
per CPU second, medians of several runs after a warm-up (compile) game. With several
`--strategy` texts the runs are interleaved (A, B, A, B, ...) on the same seeds, so that
the load of other processes falls on all of them alike; the ratio is per repeat.

Duel: two copies of A and two of B at 4 players, in all 6 arrangements of the seats,
each on the same game seeds; reported is A's share of the wins with a 95% Wilson
interval (equal strength: 50%). An older version is compared by running this script on
its revision (bench/revision.py), not by a copy kept here. Not a test: the machine is
shared and noisy.

For any game, search configurations by games per CPU second and duel strength against
the top rung and `weighted`: bench/search.py (`python -m bench.search --game G`).
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
from simcore.core.nb.event_log_nb import LOG_WIDTH
from simcore.maharaja.game import play_batch
from simcore.maharaja.game_data import default_board
from simcore.maharaja.records import REC
from simcore.maharaja.rules import RuleSet


def one_run(driver, text: str, opponent: str, games: int, seed: int) -> tuple[float, float, float]:
    """(pick decisions/s, games/s, pick decisions per CPU second) over `games` games."""
    board, rules = default_board(), RuleSet()
    per_seat = max(1, games // 4)
    picks = 0
    t = time.perf_counter()
    cpu = time.process_time()
    for seat in range(4):
        names = [opponent] * 4
        names[seat] = text
        sids, params = strategies.seat_arrays(strategies.resolve(names, 4))
        rec = play_batch(driver, sids, params, per_seat, 4, seed + seat, 0, rules, board)
        picks += int(rec[:, seat, REC.ROUNDS].sum())  # one pick per round
    dt = time.perf_counter() - t
    return picks / dt, 4 * per_seat / dt, picks / (time.process_time() - cpu)


def speed(texts: list[str], opponent: str, games: int, repeats: int) -> None:
    driver = strategies.driver_for()
    for text in texts:
        one_run(driver, text, opponent, 4, seed=1)  # compile / load
    runs: dict[str, list] = {t: [] for t in texts}
    for r in range(repeats):
        for text in texts:
            runs[text].append(one_run(driver, text, opponent, games, seed=1000 * r))
    print(f"opponents: 3x {opponent}, {games} games x {repeats} runs (interleaved)")
    for text in texts:
        rs = runs[text]
        dps = statistics.median(x[0] for x in rs)
        gps = statistics.median(x[1] for x in rs)
        cps = statistics.median(x[2] for x in rs)
        print(f"{text}: pick decisions/s {dps:.0f} (median; runs {[round(x[0]) for x in rs]}); "
              f"{1000 / gps:.1f} ms per game; per CPU second {cps:.0f}")  # fmt: skip
    if len(texts) > 1:
        base = texts[-1]
        for text in texts[:-1]:
            ratios = [a[0] / b[0] for a, b in zip(runs[text], runs[base], strict=True)]
            print(f"{text} / {base}: x{statistics.median(ratios):.2f} (median of per-repeat "
                  f"ratios {[round(x, 2) for x in ratios]})")  # fmt: skip


def arrangements(a: str, b: str) -> list[list[str]]:
    """The 6 distinct seatings of two A and two B."""
    return [list(p) for p in sorted(set(itertools.permutations([a, a, b, b])))]


def _duel_job(args: tuple[list[str], int, int]) -> np.ndarray:
    names, n, seed = args
    sids, params = strategies.seat_arrays(strategies.resolve(names, 4))
    return play_batch(strategies.driver_for(), sids, params, n, 4, seed, 0, RuleSet(),
                      default_board())  # fmt: skip


def duel(a: str, b: str, games: int, workers: int, seed: int, chunk: int = 25) -> None:
    """A's share of the wins against B, 2 + 2 seats in every arrangement, same seeds."""
    from analyses.intervals import wilson  # noqa: PLC0415

    seatings = arrangements(a, b)
    per = max(1, games // len(seatings))
    jobs, where = [], []
    for i, names in enumerate(seatings):
        for first in range(0, per, chunk):
            n = min(chunk, per - first)
            jobs.append((names, n, seed + first))
            where.append(i)
    strategies.driver_for()
    _duel_job((seatings[0], 1, 0))  # compile before forking
    t = time.perf_counter()
    ctx = mp.get_context("fork")
    wins = n_games = 0
    with ProcessPoolExecutor(workers, mp_context=ctx) as pool:
        for i, rec in zip(where, pool.map(_duel_job, jobs), strict=True):
            seats_a = [s for s, name in enumerate(seatings[i]) if name == a]
            wins += int((rec[:, seats_a, REC.RANK] == 0).any(axis=1).sum())
            n_games += rec.shape[0]
            assert not rec[:, :, REC.ERRORS].any()
    lo, hi = wilson(wins, n_games)
    print(f"{a} vs {b} (2 + 2 seats, {len(seatings)} arrangements x {per} games, same seeds): "
          f"{a} wins {wins / n_games:.1%} [{lo:.1%}, {hi:.1%}] of n={n_games} games "
          f"(±{(hi - lo) / 2 * 100:.1f} pt; {time.perf_counter() - t:.0f} s)")  # fmt: skip


FIT_FIELD = ["weighted:char_noise=1"]
FIT_EXPLORE = 0.15


def round_starts(games: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Features of every seat at the start of every round (where a rollout with a horizon
    stops) of `games` games of the rollout policy against itself, and whether that seat
    won. Each pick is a uniform pair with chance FIT_EXPLORE, so that the features vary
    by chance and not only with who plays (a rush for palaces looks strong, yet loses)."""
    from simcore.maharaja.nb import game_nb as E  # noqa: PLC0415
    from strategies.maharaja import lookahead as L  # noqa: PLC0415

    driver = strategies.driver_for()
    board, rules = default_board().pack(), RuleSet(first_chooser=-1).pack()
    gen = np.random.default_rng(seed)
    unit = np.eye(L.N_FEATURES)
    xs, ys = [], []
    for g in range(games):
        n = int(gen.choice([2, 3, 4, 4, 4, 5]))
        names = [str(x) for x in gen.choice(FIT_FIELD, n)]
        sids, params = strategies.seat_arrays(strategies.resolve(names, n))
        state = np.zeros(E.STATE_SIZE, np.int64)
        rng = np.zeros(E.RNG_STREAMS, np.uint64)
        scratch = np.zeros((E.MAX_SEATS, E.SCRATCH_SIZE), np.int64)
        out, work = np.zeros(E.OUT_SIZE, np.int64), np.zeros(E.WORK_SIZE, np.int64)
        log, xc = np.zeros((0, LOG_WIDTH), np.int64), np.zeros((L.MAX_CANDIDATES, L.ROW), np.int64)
        E.start_game_nb(state, board, rules, log, n, seed, g, rng)
        rows = []
        r = 1
        while True:
            driver.model_loop_nb(state, board, rules, log, sids, params, rng, scratch, out,
                                 work, r, FIT_EXPLORE, xc, -1, 1 << 62)  # fmt: skip
            if state[L.S.END_REASON] != 0:
                break
            rows += [[L.score_nb(state, board, rules, p, u) for u in unit] for p in range(n)]
            r = state[L.S.ROUND] + 1
        won = [float(state[L.S.RANK + p] == 0) for p in range(n)]
        xs += rows
        ys += won * (len(rows) // n)
    return np.array(xs), np.array(ys)


def fit_value(games: int, seed: int) -> None:
    """Logistic regression (Newton, small ridge) of winning on the position's features;
    prints the weights for strategies/maharaja/lookahead.py and the held-out log loss."""
    x, y = round_starts(games, seed)
    cut = len(y) * 4 // 5
    ridge = 1e-3 * np.eye(x.shape[1])
    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-x[:cut] @ w))
        hess = (x[:cut] * (p * (1 - p))[:, None]).T @ x[:cut] + ridge
        w -= np.linalg.solve(hess, x[:cut].T @ (p - y[:cut]) + ridge @ w)
    p = np.clip(1 / (1 + np.exp(-x[cut:] @ w)), 1e-9, 1 - 1e-9)
    loss = -np.mean(y[cut:] * np.log(p) + (1 - y[cut:]) * np.log(1 - p))
    prior = y[:cut].mean()
    base = -np.mean(y[cut:] * np.log(prior) + (1 - y[cut:]) * np.log(1 - prior))
    print(f"{len(y)} seat positions of {games} games; held-out log loss {loss:.4f} "
          f"(win rate alone: {base:.4f})")  # fmt: skip
    print("WEIGHTS = np.array([" + ", ".join(f"{v:.3f}" for v in w) + "])")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--opponent", default="random")
    ap.add_argument("--strategy", action="append", help="search text (repeat to interleave)")
    ap.add_argument("--duel", default="", help="A,B: head to head, 2 + 2 seats")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--fit", type=int, default=0, help="fit the value estimate on N games")
    args = ap.parse_args()
    if args.fit:
        fit_value(args.fit, args.seed)
        return
    known = strategies.strategies()
    look = known["lookahead"]
    print("lookahead defaults:", dict(zip(look.param_names, look.defaults, strict=True)))
    if args.duel:
        a, b = args.duel.split(",")
        duel(a, b, args.games, args.workers, args.seed)
        return
    speed(args.strategy or ["lookahead"], args.opponent, args.games, args.repeats)


if __name__ == "__main__":
    main()
