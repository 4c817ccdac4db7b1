"""A tuning run's results, read back from its folder (jobs.tune writes it): the settings
(tune.json), the search's trials (search.json), the confirmation of the top candidates
against the starting rules on fresh seeds (confirm.json and confirm/), and the check of
the winner under a second strategy (check.json and check/).

The recommendation is decided here, from the confirmation runs only (never from the
search's own figures, which are biased towards the settings that happened to look good):
the candidate with the lowest confirmed score (imbalance + penalty x distance) among
those that beat the starting rules after Holm's adjustment over the candidates; if none
does, the starting rules are kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from simcore.core.errors import InputError
from simcore.core.store.outpaths import TUNE, TUNE_CHECK, TUNE_CONFIRM, TUNE_SEARCH
from simcore.core.store.safe_files import check_plain, inside
from simcore.core.store.safe_files import read_json as read_bounded_json

from .imbalance import (
    MIN_CELL,
    Difference,
    Estimate,
    aligned,
    block_weights,
    difference,
    estimate,
)
from .multiple import ALPHA, holm
from .rundata import Run, load_run
from .win_cells import BLOCKS, Cell, Cells, count_cells

START = "start"
CONFIRM_DIR = "confirm"
CHECK_DIR = "check"


@dataclass(frozen=True)
class Confirmed:
    """One setting as replayed on fresh seeds: its imbalance and its comparison with the
    starting rules (played on the same seeds)."""

    name: str
    folder: str
    values: dict[str, Any]
    distance: int
    estimate: Estimate
    score: float  # estimate.value + penalty * distance
    cells: Cells
    runs: list[Run]
    search: dict | None = None  # the search's figures for this setting
    diff: Difference | None = None  # imbalance minus the starting rules'
    p_holm: float = float("nan")
    better: bool = False  # beats the starting rules (Holm over the candidates)

    @property
    def games(self) -> dict[int, int]:
        return {r.players: r.games_done for r in self.runs}


@dataclass(frozen=True)
class Check:
    """The winner against the starting rules under a second strategy (by default the
    strongest measured search rung: good play), paired on the same seeds."""

    strategy: str
    start: Confirmed
    winner: Confirmed
    diff: Difference
    verdict: str  # "holds", "not confirmed" or "worse"
    label: str = ""  # the bot's name: a search rung's label, else the strategy text

    @property
    def bot(self) -> str:
        """The bot named with its strategy text (once when they are the same)."""
        name = self.label or self.strategy
        return name if name == self.strategy else f"{name} ({self.strategy})"

    def summary(self) -> str:
        """One line: whether the improvement holds under the check's bot, with its figures."""
        head = {
            "holds": f"confirmed under {self.bot}",
            "not confirmed": f"not confirmed under {self.bot}",
            "worse": f"reversed under {self.bot}",
        }[self.verdict]
        d, a, b = self.diff, self.start.estimate, self.winner.estimate
        return (
            f"{head}: imbalance {a.value:.1f} -> {b.value:.1f} points, difference "
            f"{d.value:+.1f} (95% interval {d.lo:+.1f} to {d.hi:+.1f}, one-sided p "
            f"{d.p_better:.3g}), paired on the same seeds"
        )


@dataclass(frozen=True)
class Driver:
    """The cell that drives the imbalance under the starting rules (the farthest from its
    fair share), and how far each confirmed setting moves it: the paired difference of its
    win rate (same seeds, shared block weights), with a basic bootstrap 95% interval."""

    cell: Cell  # (players, key column, value as text)
    fair: float
    rate: float  # under the starting rules
    moves: list[tuple[str, float, float, float]]  # (setting, diff, lo, hi) as fractions

    @property
    def movable(self) -> bool:
        """Some confirmed setting moves the cell (its interval excludes 0)."""
        return any(lo > 0 or hi < 0 for _, _, lo, hi in self.moves)


def driving_cell(confirmed: list[Confirmed], weights: np.ndarray) -> Driver | None:
    start = confirmed[0]
    cl = start.cells
    rates = cl.rates
    gap = np.where(cl.total_n >= MIN_CELL, np.abs(rates - cl.fair), -1.0)
    if not len(gap) or gap.max() < 0:
        return None
    j = int(np.argmax(gap))

    def boot(c: Cells) -> np.ndarray:
        w, n = weights @ c.wins[:, j], weights @ c.n[:, j]
        with np.errstate(invalid="ignore", divide="ignore"):
            return w / n

    base = boot(cl)
    moves = []
    for c in confirmed[1:]:
        d = float(c.cells.rates[j] - rates[j])
        lo_q, hi_q = np.nanpercentile(boot(c.cells) - base, [2.5, 97.5])
        moves.append((c.name, d, 2 * d - float(hi_q), 2 * d - float(lo_q)))
    return Driver(cl.labels[j], float(cl.fair[j]), float(rates[j]), moves)


@dataclass(frozen=True)
class Tuning:
    root: Path
    record: dict  # tune.json
    search: dict  # search.json
    confirmed: list[Confirmed]  # the starting rules first
    winner: Confirmed
    check: Check | None = None
    weights_seed: int = 0
    notes: list[str] = field(default_factory=list)
    driver: Driver | None = None

    @property
    def start(self) -> Confirmed:
        return self.confirmed[0]

    @property
    def settings(self) -> dict:
        return self.record["settings"]


def rank_candidates(trials: list[dict]) -> list[dict]:
    """The search's distinct settings, best first: the highest rung reached, then the
    objective there, then the distance from the starting rules, then the folder name."""
    best: dict[str, dict] = {}
    nan = float("nan")
    for t in trials:
        if not t["rungs"]:
            continue
        top = t["rungs"][-1]
        c = {
            "folder": t["folder"],
            "values": t["values"],
            "distance": t["distance"],
            "rung": len(t["rungs"]) - 1,
            "value": top["value"],
            "imbalance": nan if top["imbalance"] is None else top["imbalance"],  # no usable cell
            "games": top["games"],
        }
        old = best.get(t["folder"])
        if old is None or c["rung"] > old["rung"]:
            best[t["folder"]] = c
    return sorted(best.values(), key=lambda c: (-c["rung"], c["value"], c["distance"], c["folder"]))


def read_json(path: Path) -> dict:
    if not check_plain(path):
        raise InputError(f"{path.parent}: not a finished tuning run (no {path.name})")
    data = read_bounded_json(path, what="tuning file")
    if not isinstance(data, dict):
        raise InputError(f"{path}: not a palace-lab tuning file")
    return data


def _runs(root: Path, sub: str, folder: str, players: list[int]) -> list[Path]:
    return [inside(root / sub, folder, str(root / sub)) / f"{n}p" for n in players]


def _confirm_set(root: Path, sub: str, plan: dict, record: dict, weights) -> list[Confirmed]:
    s = record["settings"]
    players, keys = s["players"], s["keys"]
    cells = [count_cells(_runs(root, sub, c["folder"], players), keys) for c in plan["settings"]]
    cells = aligned(cells)
    out = []
    for c, cl in zip(plan["settings"], cells):
        est = estimate(cl, s["objective"], weights)
        runs = [load_run(p) for p in _runs(root, sub, c["folder"], players)]
        out.append(
            Confirmed(
                c["name"],
                c["folder"],
                c["values"],
                c["distance"],
                est,
                est.value + s["penalty"] * c["distance"],
                cl,
                runs,
                c.get("search"),
            )
        )
    return out


def _compare(settings: list[Confirmed], penalty: float) -> list[Confirmed]:
    """Each candidate against the starting rules (paired), Holm over the candidates."""
    start, cands = settings[0], settings[1:]
    diffs = [difference(c.estimate, start.estimate, penalty * c.distance) for c in cands]
    adj = holm([d.p_better for d in diffs])
    out = [start]
    for c, d, p in zip(cands, diffs, adj):
        out.append(
            Confirmed(**{**c.__dict__, "diff": d, "p_holm": p, "better": p == p and p < ALPHA})
        )
    return out


def choose(settings: list[Confirmed]) -> Confirmed:
    """The lowest score among the candidates that beat the starting rules (ties: the
    smaller distance, then the name); the starting rules if none does."""
    better = [c for c in settings[1:] if c.better]
    if not better:
        return settings[0]
    return min(better, key=lambda c: (c.score, c.distance, c.name))


def confirmation(root: str | Path) -> tuple[dict, list[Confirmed], Confirmed]:
    """(tune.json, confirmed settings with comparisons, the winner) from a tuning folder."""
    root = Path(root)
    record = read_json(root / TUNE)
    plan = read_json(root / TUNE_CONFIRM)
    weights = block_weights(record["plan"]["seeds"]["bootstrap"], BLOCKS)
    settings = _compare(
        _confirm_set(root, CONFIRM_DIR, plan, record, weights), record["settings"]["penalty"]
    )
    return record, settings, choose(settings)


def check_result(root: Path, record: dict) -> Check | None:
    path = root / TUNE_CHECK
    if not path.is_file():
        return None
    plan = read_json(path)
    weights = block_weights(record["plan"]["seeds"]["bootstrap"], BLOCKS)
    start, winner = _confirm_set(root, CHECK_DIR, plan, record, weights)
    d = difference(winner.estimate, start.estimate, 0.0)
    if d.p_better < ALPHA:
        verdict = "holds"
    elif d.lo > 0:
        verdict = "worse"
    else:
        verdict = "not confirmed"
    return Check(plan["strategy"], start, winner, d, verdict, plan.get("label", ""))


def load_tuning(root: str | Path) -> Tuning:
    """Everything the report shows, from the folder alone."""
    root = Path(root)
    record, settings, winner = confirmation(root)
    search = read_json(root / TUNE_SEARCH)
    seed = record["plan"]["seeds"]["bootstrap"]
    drv = driving_cell(settings, block_weights(seed, BLOCKS))
    return Tuning(root, record, search, settings, winner, check_result(root, record), seed,
                  driver=drv)  # fmt: skip
