"""Coordinate search over a parametric strategy's weights against a fixed field.

    python -m bench.tune --strategy weighted --field chaser,palace-rush,weighted
                         [--games 2000] [--sweeps 2] [--step 1.5] [--seed 1]
                         [--set name=value ...] [--skip char_noise]

The candidate plays in every seat in turn against the field on the same game seeds
(common random numbers, so a change of weights is compared on the same deals).
Each sweep tries every weight scaled up and down (character weights shifted);
a change is kept only when it raises the win rate by more than --z (2) standard
errors of the paired game-by-game difference, and a kept change is repeated in
the same direction while it keeps paying (a line search). --skip leaves weights
alone (default: char_noise).
The engine is never recompiled: weights are data. Prints the best vector as
`name=value` pairs and its win rate with n and a 95% interval.
"""

from __future__ import annotations

import argparse
import math

import numpy as np

import strategies
from analyses.intervals import wilson
from simcore.maharaja.game import play_batch
from simcore.maharaja.records import REC
from simcore.maharaja.rules import RuleSet

RULES = RuleSet(first_chooser=-1)


def win_rate(driver, cand: np.ndarray, field: list[str], games: int, seed: int) -> np.ndarray:
    """1 per game the candidate vector wins, 0 otherwise, rotated over every seat (the
    same games in the same order for every vector, so two vectors pair game by game)."""
    players = len(field) + 1
    wins = []
    for seat in range(players):
        names = list(field)
        names.insert(seat, ARGS.strategy)
        sids, params = strategies.seat_arrays(strategies.resolve(names, players))
        width = max(params.shape[1], cand.size)
        grown = np.zeros((params.shape[0], width))
        grown[:, : params.shape[1]] = params
        grown[seat, :] = 0
        grown[seat, : cand.size] = cand
        rec = play_batch(driver, sids, grown, games, players, seed + seat, 0, RULES)
        wins.append((rec[:, seat, REC.RANK] == 0).astype(np.float64))
    return np.concatenate(wins)


def main() -> None:
    global ARGS
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--strategy", default="weighted")
    ap.add_argument("--field", default="chaser,palace-rush,weighted")
    ap.add_argument("--games", type=int, default=2000, help="games per seat per trial")
    ap.add_argument("--sweeps", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--step", type=float, default=1.5, help="scale factor of a trial")
    ap.add_argument("--set", dest="sets", action="append", default=[], help="start value k=v")
    ap.add_argument("--z", type=float, default=2.0, help="paired z a change must beat")
    ap.add_argument("--skip", default="char_noise", help="comma list of weights left alone")
    ARGS = ap.parse_args()
    skip = set(ARGS.skip.split(","))
    strat = strategies.strategies()[ARGS.strategy]
    names = list(strat.param_names)
    vec = strat.params({k: float(v) for k, v in (s.split("=") for s in ARGS.sets)})
    field = ARGS.field.split(",")
    driver = strategies.driver_for()
    best = win_rate(driver, vec, field, ARGS.games, ARGS.seed)
    n = best.size
    print(f"start: {best.mean():.3f} (n={n})", flush=True)
    for sweep in range(ARGS.sweeps):
        changed = False
        for i, name in enumerate(names):
            if name in skip:
                continue
            for direction in (0, 1):
                moved = False
                # a kept step is repeated in the same direction while it keeps paying
                while True:
                    trial = _trials(name, vec[i], ARGS.step)[direction]
                    cand = vec.copy()
                    cand[i] = trial
                    w = win_rate(driver, cand, field, ARGS.games, ARGS.seed)
                    # paired test on the same games: the difference's own spread
                    d = w - best
                    se = (d.std() / math.sqrt(n)) or 1 / n
                    if d.mean() <= ARGS.z * se:
                        break
                    print(f"sweep {sweep}: {name} {vec[i]:g} -> {trial:g}: "
                          f"{best.mean():.3f} -> {w.mean():.3f}", flush=True)  # fmt: skip
                    vec, best, changed, moved = cand, w, True, True
                if moved:
                    break
        if not changed:
            break
    best_w = int(best.sum())
    lo, hi = wilson(best_w, n)
    print(f"best: {best_w / n:.1%} [{lo:.1%}, {hi:.1%}] n={n} against {','.join(field)}")
    print(" ".join(f"{k}={v:g}" for k, v in zip(names, vec, strict=True)))


def _trials(name: str, value: float, step: float) -> list[float]:
    if name.startswith("char_") and name != "char_noise":
        return [value + 2.0 * step, value - 2.0 * step]
    if value == 0:
        return [0.5, -0.5]
    return [value * step, value / step]


if __name__ == "__main__":
    main()
