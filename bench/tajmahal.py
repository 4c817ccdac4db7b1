"""Speed and strength of the Taj Mahal strategies (docs/games/tajmahal.md's figures).

    python -m bench.tajmahal speed [--games N] [--repeats R] [--players P] [--field S]
    python -m bench.tajmahal ladder [--games N] [--players P] [--strategies a,b,...]
    python -m bench.tajmahal usage [--games N] [--players P] [--strategies a,b,...]
    python -m bench.tajmahal tune [--games N] [--rounds R] [--players P]

`speed`: games per CPU second in one process (one core), the strategy in every seat
(with `--field`: in seat 0, the field strategy in the others), median of R batches after
a warm-up (CPU time, so that other load on a shared machine counts less). `ladder`: each
neighbour pair of a ladder head to head, each bot in half the seats (at 3 and 5
players: one and two seats, then two and three) in every arrangement, all on the same
seeds; the upper bot's share of the wins (a k-way shared win counts 1/k, T-E2; fair =
its share of the seats) with a Wilson 95% interval (it treats games as independent;
the arrangements share seeds). `usage`: per strategy, the act_* counts per seat and game
(what analyses/competence.py reads) and errors. `tune`: a coordinate search on
`weighted`'s parameters against the two scripted styles (same seeds).
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import time

import strategies
from analyses.intervals import wilson
from simcore.core.contract.results_table import win_shares
from simcore.tajmahal.game import play_batch
from simcore.tajmahal.records import REC
from strategies.registry import Strategy

GAME = "tajmahal"
LADDER = ("random", "networks", "commodities", "weighted", "lookahead")
SCRIPTED = ("commodities", "networks")


def speed(
    name: str, players: int = 4, games: int = 20_000, repeats: int = 5, field: str = ""
) -> float:
    """Median games/s of `name` in every seat (or in seat 0 and `field` in the others),
    one process."""
    seats = strategies.resolve([name] + [field or name] * (players - 1), players, GAME)
    sids, params = strategies.seat_arrays(seats, GAME)
    driver = strategies.driver_for(GAME, sids, params)
    play_batch(driver, sids, params, 100, players, seed=1)  # compile / load the cache
    rates = []
    for r in range(repeats):
        t0 = time.process_time()  # CPU time: the machine is shared, a core is not
        play_batch(driver, sids, params, games, players, seed=2 + r)
        rates.append(games / (time.process_time() - t0))
    return statistics.median(rates)


def arrangements(players: int):
    """Seat sets of the upper bot: every choice of players // 2 seats, and at an odd
    count also every choice of players // 2 + 1 (so both bots hold the majority)."""
    sizes = {players // 2, players - players // 2}
    for k in sorted(sizes):
        yield from itertools.combinations(range(players), k)


def head_to_head(low: Strategy, up: Strategy, players: int, games: int, seed: int = 0):
    """(upper's win shares, upper's fair share summed, games) over every arrangement."""
    total, fair, n = 0.0, 0.0, 0
    for ups in arrangements(players):
        table = [up if i in ups else low for i in range(players)]
        sids, params = strategies.seat_arrays(table, GAME)
        driver = strategies.driver_for(GAME, sids, params)
        rec = play_batch(driver, sids, params, games, players, seed)
        total += float(win_shares(rec[:, :, REC.RANK])[:, list(ups)].sum())
        fair += games * len(ups) / players
        n += games
    return total, fair, n


def ladder_steps(names: list[str], players: int, games: int, seed: int = 0):
    """For each pair of neighbours (lower, upper): the upper bot's share of the wins.
    Yields (lower, upper, share, fair share, wins, games)."""
    for lower, upper in zip(names, names[1:]):
        low, up = strategies.resolve([lower, upper], 2, GAME)
        k, fair, n = head_to_head(low, up, players, games, seed)
        yield lower, upper, k / n, fair / n, k, n


def usage(name: str, players: int, games: int, seed: int = 0) -> dict[str, float]:
    """act_* per seat and game, errors and points of `name` in every seat."""
    seats = strategies.resolve([name], players, GAME)
    sids, params = strategies.seat_arrays(seats, GAME)
    rec = play_batch(strategies.driver_for(GAME, sids, params), sids, params, games, players,
                     seed)  # fmt: skip
    acts = rec[:, :, REC.ACTS : REC.ACTS + len(REC.ACTION_COLUMNS)].mean(axis=(0, 1))
    out = dict(zip(REC.ACTION_COLUMNS, acts.tolist(), strict=True))
    out["errors"] = float(rec[:, :, REC.ERRORS].sum())
    out["points"] = float(rec[:, :, REC.POINTS].mean())
    out["end_cap"] = float((rec[:, 0, REC.END_REASON] != 1).mean())
    return out


def _score(values: dict[str, float], players: int, games: int) -> tuple[float, list[float]]:
    base = strategies.strategies(GAME)["weighted"]
    text = "weighted:" + ":".join(f"{k}={v}" for k, v in values.items())
    cand = strategies.resolve([text], 1, GAME)[0]
    shares = []
    for i, name in enumerate(SCRIPTED + ("weighted",)):
        other = base if name == "weighted" else strategies.strategies(GAME)[name]
        k, fair, n = head_to_head(other, cand, players, games, seed=11 + i)
        shares.append(k / n)
    return 0.5 * shares[0] + 0.2 * shares[1] + 0.3 * shares[2], shares


def tune(games: int, rounds: int, players: int = 4) -> dict[str, float]:
    """Coordinate search on weighted's parameters: each step multiplies or shrinks one
    value and keeps it if the share against the scripted styles and the current default
    (same seeds) rises."""
    base = strategies.strategies(GAME)["weighted"]
    values = dict(zip(base.param_names, base.defaults, strict=True))
    best, shares = _score(values, players, games)
    print(f"start {best:.4f} {[round(s, 3) for s in shares]}", flush=True)
    for _ in range(rounds):
        for key in base.param_names:
            if key == "noise":
                continue
            for change in (lambda v: v * 1.5 + 0.05, lambda v: max(0.0, v / 1.5 - 0.05)):
                trial = dict(values, **{key: round(change(values[key]), 3)})
                score, shares = _score(trial, players, games)
                if score > best:
                    best, values = score, trial
                    print(f"{key}={trial[key]}: {best:.4f} {[round(s, 3) for s in shares]}",
                          flush=True)  # fmt: skip
                    break
    print(f"end {best:.4f} {json.dumps(values)}")
    return values


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("speed", "ladder", "usage", "tune"))
    ap.add_argument("--games", type=int, default=0)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--strategies", default="")
    ap.add_argument("--field", default="", help="speed: the other seats' strategy")
    a = ap.parse_args()
    known = strategies.strategies(GAME)
    names = a.strategies.split(",") if a.strategies else None
    if a.what == "speed":
        for name in names or [n for n in known if not known[n].search]:
            rate = speed(name, a.players, a.games or 20_000, a.repeats, a.field)
            print(f"{name:12s} {rate:10,.0f} games/s" + (f" (others: {a.field})" * bool(a.field)))
    elif a.what == "ladder":
        print("| step | upper's share of the wins [95%] | fair | games |")
        print("|---|---|---|---|")
        for lower, upper, share, fair, k, n in ladder_steps(
            names or list(LADDER), a.players, a.games or 2_000, a.seed
        ):
            lo, hi = wilson(k, n)
            print(f"| {upper} over {lower} | {100 * share:.1f}% [{100 * lo:.1f}, "
                  f"{100 * hi:.1f}] | {100 * fair:.0f}% | {n:,} |", flush=True)  # fmt: skip
    elif a.what == "usage":
        for name in names or list(known):
            u = usage(name, a.players, a.games or 2_000, a.seed)
            print(name, json.dumps({k: round(v, 2) for k, v in u.items()}), flush=True)
    else:
        tune(a.games or 300, a.rounds, a.players)


if __name__ == "__main__":
    main()
