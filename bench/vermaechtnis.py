"""Speed and strength of the Vermächtnis strategies (docs/STRATEGIES.md's figures).

    python -m bench.vermaechtnis speed [--games N] [--repeats R] [--field S]
    python -m bench.vermaechtnis strength [--games N] [--players P]
    python -m bench.vermaechtnis ladder [--games N] [--strategies a,b,...]
    python -m bench.vermaechtnis tune [--games N] [--rounds R]
    python -m bench.vermaechtnis study --study NAME [--games N] [--players P]

`speed`: games per CPU second in one process (one core), the strategy in every seat
(with `--field`: in seat 0, the field strategy in the others),
median of R batches after a warm-up (CPU time, so that other load on a shared machine
counts less). `strength`: a seat-rotated round-robin: every set of `players`
distinct strategies in every cyclic rotation on the same seeds; win share (a k-way
shared win counts 1/k, V-E2) with a Wilson 95% interval over the seats played.
`ladder`: each neighbour pair of a ladder head to head, each bot in half the seats in
every arrangement, the upper bot's share of the wins (fair 50%; the Wilson interval
treats games as independent, the arrangements share seeds). `tune`: a coordinate search
on `weighted`'s parameters against the scripted field. `study`: a quick preview of a
predefined study (studies.py) with the default strategy.

"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time

import numpy as np

import strategies
from analyses.intervals import wilson
from simcore.core.contract.results_table import win_shares
from simcore.vermaechtnis.game import play_batch
from simcore.vermaechtnis.game_data import default_cards
from simcore.vermaechtnis.records import REC
from simcore.vermaechtnis.rules import RuleSet
from strategies.registry import Strategy

GAME = "vermaechtnis"
SCRIPTED = ("hoarder", "collector", "pairs", "chaser")


def speed(
    name: str, players: int = 4, games: int = 100_000, repeats: int = 5, field: str = ""
) -> float:
    """Median games/s of `name` in every seat (or in seat 0 and `field` in the others),
    one process."""
    seats = strategies.resolve([name] + [field or name] * (players - 1), players, GAME)
    sids, params = strategies.seat_arrays(seats, GAME)
    driver = strategies.driver_for(GAME)
    play_batch(driver, sids, params, 100, players, seed=1)  # compile / load the cache
    rates = []
    for r in range(repeats):
        t0 = time.process_time()  # CPU time: the machine is shared, a core is not
        play_batch(driver, sids, params, games, players, seed=2 + r)
        rates.append(games / (time.process_time() - t0))
    return statistics.median(rates)


def round_robin(
    seats_pool: list[Strategy], players: int, games: int, seed: int = 0, rules=None
) -> dict[str, tuple[float, int]]:
    """name -> (win shares, seats played) over every set of `players` strategies in every
    cyclic rotation, `games` games each, all on the same seeds."""
    driver = strategies.driver_for(GAME)
    rules = rules or RuleSet()
    cards = default_cards()
    out: dict[str, list[float]] = {s.name: [0.0, 0] for s in seats_pool}
    for combo in itertools.combinations(seats_pool, players):
        for r in range(players):
            table = list(combo[r:] + combo[:r])
            sids, params = strategies.seat_arrays(table, GAME)
            rec = play_batch(driver, sids, params, games, players, seed, 0, rules, cards)
            share = win_shares(rec[:, :, REC.RANK]).sum(axis=0)
            for s, x in zip(table, share):
                out[s.name][0] += float(x)
                out[s.name][1] += games
    return {k: (v[0], v[1]) for k, v in out.items()}


def head_to_head(a: Strategy, field: list[Strategy], players: int, games: int, seed: int):
    """Win share of `a` in one seat against each field strategy in the others, every seat."""
    driver = strategies.driver_for(GAME)
    total, n = 0.0, 0
    for other in field:
        for seat in range(players):
            table = [other] * players
            table[seat] = a
            sids, params = strategies.seat_arrays(table, GAME)
            rec = play_batch(driver, sids, params, games, players, seed)
            total += float(win_shares(rec[:, :, REC.RANK])[:, seat].sum())
            n += games
    return total / n


def ladder_steps(names: list[str], players: int, games: int, seed: int = 0):
    """For each pair of neighbours (lower, upper) of a ladder: the upper bot's share of
    the wins when each bot holds half the seats, in every arrangement, same seeds.
    Yields (lower, upper, share, wins, games)."""
    driver = strategies.driver_for(GAME)
    for lower, upper in zip(names, names[1:]):
        low, up = strategies.resolve([lower, upper], 2, GAME)
        total, n = 0.0, 0
        for mask in range(1, 2**players - 1):
            ups = [i for i in range(players) if mask >> i & 1]
            if len(ups) != players // 2:
                continue
            table = [up if i in ups else low for i in range(players)]
            sids, params = strategies.seat_arrays(table, GAME)
            rec = play_batch(driver, sids, params, games, players, seed)
            total += float(win_shares(rec[:, :, REC.RANK])[:, ups].sum())
            n += games
        yield lower, upper, total / n, total, n


def preview(name: str, games: int, players: int = 4, seed: int = 0) -> None:
    """A study's runs with the study strategy (the default with the plug-in's
    study_strategy_params) in every seat, `games` each: win share
    per seat and the shape measures the study is about (a preview without run folders or
    a report; `palace-lab study` is the real thing once the CLI plays this game)."""
    from simcore.vermaechtnis.plugin import PLUGIN
    from simcore.vermaechtnis.records import REC
    from simcore.vermaechtnis.studies import studies

    driver = strategies.driver_for(GAME)
    default = strategies.default_strategy(GAME)
    print("| run | win share per seat [95% CI] | turns | gold share | margin | money pts |")
    print("|---|---|---|---|---|---|")
    for run in studies(players)[name].runs:
        rules = RuleSet().with_overrides(run.sets).with_variants(run.variants)
        text = run.strategy or default + "".join(
            f":{k}={v}" for k, v in PLUGIN.study_strategy_params.items()
        )
        seats = strategies.resolve([text], run.players, GAME)
        sids, params = strategies.seat_arrays(seats, GAME)
        rec = play_batch(driver, sids, params, games, run.players, seed, 0, rules)
        share = win_shares(rec[:, :, REC.RANK]).sum(axis=0)
        cells = []
        for k in share:
            lo, hi = wilson(float(k), games)
            cells.append(f"{100 * k / games:.1f} [{100 * lo:.1f}, {100 * hi:.1f}]")
        pts = np.sort(rec[:, :, REC.POINTS], axis=1)
        margin = (pts[:, -1] - pts[:, -2]).mean()
        gold = rec[:, :, REC.ACTS].sum() / rec[:, :, REC.OWN_TURNS].sum()
        print(
            f"| {run.folder} | {' / '.join(cells)} | {rec[:, 0, REC.TURNS].mean():.1f} | "
            f"{100 * gold:.1f}% | {margin:.2f} | {rec[:, :, REC.MONEY_POINTS].mean():.2f} |"
        )


def tune(games: int, rounds: int, players: int = 4) -> dict[str, float]:
    """Coordinate search on weighted's parameters: each step multiplies or shifts one
    value and keeps it if the win share against the scripted field (same seeds) rises."""
    field = [strategies.strategies(GAME)[n] for n in SCRIPTED]
    base = strategies.strategies(GAME)["weighted"]
    values = dict(zip(base.param_names, base.defaults))
    best = head_to_head(base, field, players, games, seed=7)
    print(f"start {best:.4f} {values}")
    for _ in range(rounds):
        for key in base.param_names:
            for change in (lambda v: v * 1.5 + 0.1, lambda v: v / 1.5 - 0.1):
                trial = dict(values, **{key: round(change(values[key]), 3)})
                s = strategies.resolve(
                    ["weighted:" + ":".join(f"{k}={v}" for k, v in trial.items())], 1, GAME
                )[0]
                score = head_to_head(s, field, players, games, seed=7)
                if score > best:
                    best, values = score, trial
                    print(f"{key}={trial[key]}: {best:.4f}")
    print(f"end {best:.4f} {values}")
    return values


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("speed", "strength", "ladder", "tune", "study"))
    ap.add_argument("--study", default="balance")
    ap.add_argument("--games", type=int, default=0)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--strategies", default="")
    ap.add_argument("--field", default="", help="speed: the other seats' strategy")
    a = ap.parse_args()
    known = strategies.strategies(GAME)
    if a.what == "speed":
        names = a.strategies.split(",") if a.strategies else list(known)
        for name in names:
            rate = speed(name, a.players, a.games or 100_000, a.repeats, a.field)
            print(f"{name:12s} {rate:10,.0f} games/s" + (f" (others: {a.field})" * bool(a.field)))
    elif a.what == "strength":
        names = a.strategies.split(",") if a.strategies else [*SCRIPTED, "weighted"]
        pool = strategies.resolve(names, len(names), GAME)
        t0 = time.perf_counter()
        res = round_robin(pool, a.players, a.games or 2_000)
        print(f"{time.perf_counter() - t0:.0f} s")
        rnd = known["random"]
        for s in pool:  # alone among `random`s, in every seat
            share = head_to_head(s, [rnd], a.players, a.games or 2_000, seed=3)
            n = a.players * (a.games or 2_000)
            lo, hi = wilson(share * n, n)
            print(f"vs random: {s.name} {100 * share:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] n={n}")
        for name, (k, n) in sorted(res.items(), key=lambda kv: -kv[1][0] / kv[1][1]):
            lo, hi = wilson(k, n)
            print(f"| {name} | {100 * k / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] | {n:,} |")
    elif a.what == "ladder":
        names = a.strategies.split(",") if a.strategies else [
            "collector", "hoarder", "pairs", "chaser", "weighted"]  # fmt: skip
        for lower, upper, share, k, n in ladder_steps(names, a.players, a.games or 2_000):
            lo, hi = wilson(k, n)
            print(f"| {upper} vs {lower} | {100 * share:.1f}% [{100 * lo:.1f}, "
                  f"{100 * hi:.1f}] | {n:,} |")  # fmt: skip
    elif a.what == "study":
        preview(a.study, a.games or 20_000, a.players)
    else:
        tune(a.games or 2_000, a.rounds, a.players)


if __name__ == "__main__":
    main()
