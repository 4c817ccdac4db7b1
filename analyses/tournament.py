"""Strategy tournaments, analysed: win rates, the pairwise 'finishes ahead' table, and a
Plackett–Luce rating anchored to a reference, with bootstrap intervals. The seatings
(jobs.tournament_plan) are read from the folder's tournament.json.

Every table of the schedule plays the same game seeds (common random numbers), so the
strategies meet the same deals in every seat; the rating's bootstrap therefore resamples
whole seeds (a game id with all its rotations), not single games.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from simcore.core.errors import InputError
from simcore.core.store.outpaths import SCHEDULE
from simcore.core.store.safe_files import inside, read_json

from .intervals import wilson
from .rundata import load_run


@dataclass(frozen=True)
class Games:
    """One row per played game: strategy index and rank per seat, and its seed id."""

    labels: list[str]
    players: int
    strat: np.ndarray  # (G, P) strategy index per seat
    rank: np.ndarray  # (G, P) final rank per seat, 0 = winner
    seed_id: np.ndarray  # (G,) game id in the seed stream (shared by all rotations)
    runs: list  # analyses.rundata.Run per table
    reference: str | None = None  # the strategy the rating is anchored to (the game's default)


def load_games(folder: Path) -> Games:
    path = Path(folder) / SCHEDULE
    if not path.is_file():
        raise InputError(f"{folder}: not a tournament directory (no {SCHEDULE})")
    meta = read_json(path, what="tournament schedule")
    strat, rank, seeds, runs = [], [], [], []
    if not isinstance(meta, dict) or not isinstance(meta.get("tables"), list):
        raise InputError(f"{path}: not a palace-lab tournament schedule")
    for t in meta["tables"]:
        run = load_run(inside(folder, t.get("folder") if isinstance(t, dict) else None, str(path)))
        df = run.scan().select("game_id", "seat", "rank").collect().sort("game_id", "seat")
        p = meta["players"]
        r = df["rank"].to_numpy().reshape(-1, p).astype(np.int64)
        rank.append(r)
        strat.append(np.tile(np.array(t["seats"], dtype=np.int64), (len(r), 1)))
        seeds.append(df["game_id"].to_numpy()[::p])
        runs.append(run)
    return Games(meta["strategies"], meta["players"], np.concatenate(strat),
                 np.concatenate(rank), np.concatenate(seeds), runs,
                 meta.get("reference"))  # fmt: skip


def win_rates(g: Games) -> pl.DataFrame:
    """Per strategy: seat appearances n, wins, rate and 95% Wilson interval."""
    k = len(g.labels)
    n = np.bincount(g.strat.ravel(), minlength=k)
    w = np.bincount(g.strat[g.rank == 0], minlength=k)
    ci = [wilson(int(a), int(b)) for a, b in zip(w, n)]
    return pl.DataFrame({
        "strategy": g.labels, "wins": w, "n": n, "rate": w / np.maximum(n, 1),
        "lo": [c[0] for c in ci], "hi": [c[1] for c in ci],
    })  # fmt: skip


def pairwise(g: Games) -> tuple[np.ndarray, np.ndarray]:
    """(ahead, met): ahead[i, j] = times i finished ahead of j in a game both played."""
    k = len(g.labels)
    ahead = np.zeros((k, k), dtype=np.int64)
    met = np.zeros((k, k), dtype=np.int64)
    for s, t in itertools.permutations(range(g.players), 2):
        i, j = g.strat[:, s], g.strat[:, t]
        diff = i != j
        np.add.at(met, (i[diff], j[diff]), 1)
        win = diff & (g.rank[:, s] < g.rank[:, t])
        np.add.at(ahead, (i[win], j[win]), 1)
    return ahead, met


def _order(g: Games) -> np.ndarray:
    """Strategy index per finishing position (G, P), winner first."""
    pos = np.argsort(g.rank, axis=1, kind="stable")
    return np.take_along_axis(g.strat, pos, axis=1)


def plackett_luce(order: np.ndarray, k: int, weights: np.ndarray | None = None,
                  start: np.ndarray | None = None, tol: float = 1e-9,
                  max_iter: int = 2000) -> np.ndarray:  # fmt: skip
    """Strengths γ (sum 1) of the Plackett–Luce model by Hunter's (2004) MM algorithm.

    order: (G, P) item per finishing position; weights: games' weights (bootstrap counts).
    Each stage j picks order[:, j] from the items still in; γ_i <- W_i / Σ 1/Σ_remaining γ.
    """
    n_games, p = order.shape
    wts = np.ones(n_games) if weights is None else weights.astype(np.float64)
    stage_w = np.repeat(wts, p - 1)
    wins = np.bincount(order[:, :-1].ravel(), weights=stage_w, minlength=k)
    gamma = np.full(k, 1.0 / k) if start is None else start.copy()
    for _ in range(max_iter):
        gam = gamma[order]  # (G, P)
        rest = np.cumsum(gam[:, ::-1], axis=1)[:, ::-1][:, :-1]  # Σ γ of items still in
        inv = np.cumsum(wts[:, None] / rest, axis=1)  # Σ over stages up to j
        # the item at position t takes part in stages 0 .. min(t, P - 2)
        contrib = np.concatenate([inv, inv[:, -1:]], axis=1)
        denom = np.bincount(order.ravel(), weights=contrib.ravel(), minlength=k)
        new = np.where(denom > 0, wins / np.maximum(denom, 1e-300), 0.0)
        new = np.maximum(new, 1e-12)
        new /= new.sum()
        if np.max(np.abs(new - gamma)) < tol:
            return new
        gamma = new
    return gamma


def reference(labels: list[str], gamma: np.ndarray, preferred: str | None = None) -> int:
    """The strategy the rating is anchored to: `preferred` (the game's default strategy,
    recorded by the tournament) if it played, else the strongest one that is not `random`,
    else the strongest."""
    if preferred in labels:
        return labels.index(preferred)
    players = [i for i, s in enumerate(labels) if s.split(":")[0] != "random"]
    pool = players or list(range(len(labels)))
    return max(pool, key=lambda i: (gamma[i], -i))


def elo(gamma: np.ndarray, ref: int) -> np.ndarray:
    """Ratings on the Elo scale (400 points = 10:1 odds), the reference at 0."""
    return 400 * np.log10(gamma / gamma[ref])


def rating(g: Games, boots: int = 200, seed: int = 0) -> pl.DataFrame:
    """Plackett–Luce fit, anchored to a reference strategy (see `reference`).

    `ahead` is the fitted chance of finishing ahead of the reference in a game both play
    (γ_i / (γ_i + γ_ref)); `rating` the same on the Elo scale (reference 0). 95% percentile
    intervals come from a bootstrap over game seeds (a seed with all its tables together);
    with `boots` < 1 they are NaN.
    """
    k = len(g.labels)
    order = _order(g)
    gamma = plackett_luce(order, k)
    ref = reference(g.labels, gamma, g.reference)
    ids, inverse = np.unique(g.seed_id, return_inverse=True)
    rng = np.random.default_rng(seed)
    ahead_s, elo_s = [], []
    for _ in range(max(boots, 0)):
        counts = rng.multinomial(len(ids), np.full(len(ids), 1 / len(ids)))
        gb = plackett_luce(order, k, counts[inverse], gamma, tol=1e-7)
        ahead_s.append(gb / (gb + gb[ref]))
        elo_s.append(elo(gb, ref))
    if ahead_s:
        a_lo, a_hi = np.percentile(np.array(ahead_s), [2.5, 97.5], axis=0)
        e_lo, e_hi = np.percentile(np.array(elo_s), [2.5, 97.5], axis=0)
    else:
        a_lo = a_hi = e_lo = e_hi = np.full(k, np.nan)
    return pl.DataFrame({
        "strategy": g.labels, "reference": g.labels[ref], "ahead": gamma / (gamma + gamma[ref]),
        "ahead_lo": a_lo, "ahead_hi": a_hi, "rating": elo(gamma, ref), "lo": e_lo, "hi": e_hi,
        "strength": gamma,
    }).sort("rating", descending=True)  # fmt: skip
