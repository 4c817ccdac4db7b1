"""The tuning report's per-key comparison, computed: each cell of the recommendation (or,
without one, the closest candidate) against the starting rules on the confirmation's
seeds, with Wilson intervals, the paired difference, and Holm's adjustment over every
cell for both flags (against the start, against a fair share). Reports only format it."""

from __future__ import annotations

from dataclasses import dataclass

from .imbalance import MIN_CELL, block_weights, cell_differences
from .intervals import wilson
from .multiple import ALPHA, holm, score_p
from .tuning import Confirmed, Tuning
from .win_cells import BLOCKS

Rate = tuple[float, float, float]  # win rate and its 95% Wilson interval


@dataclass(frozen=True)
class CellChange:
    """One cell (a key's value at a player count), start against the other setting."""

    value: str
    start: Rate | None  # None: the cell was never seen
    start_n: int
    other: Rate | None
    other_n: int
    diff: tuple[float, ...]  # (d, lo, hi, p) in points, paired bootstrap
    changed: bool  # differs from the start (Holm over the section)
    side: str  # "above" / "below" a fair share (Holm over the section), or "" (n.s.)
    few: bool  # fewer than MIN_CELL seats on a side: not in the objective


@dataclass(frozen=True)
class KeyComparison:
    """The other setting, whether it is the recommendation, and its cells by (players, key)
    in the game's order of each key's values."""

    other: Confirmed
    recommended: bool
    groups: dict[tuple[int, str], list[CellChange]]
    cells: int  # cells in the Holm family


def _rate(wins: float, n: float) -> Rate | None:
    return (wins / n,) + wilson(wins, int(n)) if n else None


def _significant(p: float) -> bool:
    return p == p and p < ALPHA


def ordered_cells(t: Tuning, labels) -> dict[tuple[int, str], list[tuple[str, int]]]:
    """Cell indices grouped by (players, key), each group in the key's declared order
    (numbers by value after it)."""
    game = t.start.runs[0].plugin
    out: dict[tuple[int, str], list[tuple[str, int]]] = {}
    for i, (n, key, value) in enumerate(labels):
        out.setdefault((n, key), []).append((value, i))
    for (_, key), vals in out.items():
        order = {str(v): j for j, v in enumerate(game.key(key).order)}
        vals.sort(
            key=lambda x: (
                order.get(x[0], len(order)),
                int(x[0]) if x[0].lstrip("-").isdigit() else 0,
                x[0],
            )
        )
    return out


def key_comparison(t: Tuning) -> KeyComparison | None:
    """The recommendation's cells against the start's (the closest candidate's if the start
    is kept); None when no candidate was confirmed."""
    start, other = t.start, t.winner
    if other is start:
        other = min(t.confirmed[1:], key=lambda c: c.score, default=None)
    if other is None:
        return None
    diffs = cell_differences(other.cells, start.cells, block_weights(t.weights_seed, BLOCKS))
    p_diff = holm([d[3] for d in diffs])
    wins_o, n_o = other.cells.total_wins, other.cells.total_n
    wins_s, n_s = start.cells.total_wins, start.cells.total_n
    fair = other.cells.fair
    p_fair = holm(
        [score_p(w, int(n), f) if n else float("nan") for w, n, f in zip(wins_o, n_o, fair)]
    )
    groups = {}
    for group, vals in ordered_cells(t, other.cells.labels).items():
        groups[group] = []
        for value, i in vals:
            ro = _rate(wins_o[i], n_o[i])
            side = ("above" if ro[0] > fair[i] else "below") if _significant(p_fair[i]) else ""
            groups[group].append(
                CellChange(
                    value,
                    _rate(wins_s[i], n_s[i]),
                    int(n_s[i]),
                    ro,
                    int(n_o[i]),
                    diffs[i],
                    _significant(p_diff[i]),
                    side,
                    n_o[i] < MIN_CELL or n_s[i] < MIN_CELL,
                )  # fmt: skip
            )
    return KeyComparison(other, other is t.winner, groups, len(diffs))
