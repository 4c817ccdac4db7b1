"""Win counts per balance cell (player count, key, key value), split into blocks of games,
read from run directories with pyarrow.

A tuning objective and its bootstrap need only these small arrays. The games are split
into BLOCKS blocks by game index (game_id mod BLOCKS): games are independent, so blocks
are too, and resampling blocks resamples games. Runs played on the same seed (a
candidate and the starting rules in a confirmation) have the same games in the same
block, so resampling both with the same block weights keeps them paired.

Read with pyarrow, single-threaded: the tuning loop forks workers between reads, and
polars' thread pool is not fork-safe (as in jobs.target).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyarrow.compute as pc
import pyarrow.parquet as pq

from .rundata import load_run

BLOCKS = 200
Cell = tuple[int, str, str]  # (players, key column, value as text)


@dataclass(frozen=True)
class Cells:
    """wins[b, c] and n[b, c]: the win shares and seats of cell c in block b of games."""

    labels: tuple[Cell, ...]
    fair: np.ndarray  # (C,) fair share 1/players
    wins: np.ndarray  # (BLOCKS, C)
    n: np.ndarray  # (BLOCKS, C)
    games: dict[int, int]  # players -> games read

    @property
    def total_wins(self) -> np.ndarray:
        return self.wins.sum(0)

    @property
    def total_n(self) -> np.ndarray:
        return self.n.sum(0)

    @property
    def rates(self) -> np.ndarray:
        with np.errstate(invalid="ignore", divide="ignore"):
            return self.total_wins / self.total_n

    def on(self, labels: Sequence[Cell]) -> Cells:
        """The same counts laid out on `labels` (cells this one lacks are zero)."""
        where = {c: i for i, c in enumerate(self.labels)}
        wins = np.zeros((self.wins.shape[0], len(labels)))
        n = np.zeros_like(wins)
        for j, c in enumerate(labels):
            if c in where:
                wins[:, j], n[:, j] = self.wins[:, where[c]], self.n[:, where[c]]
        fair = np.array([1.0 / c[0] for c in labels])
        return Cells(tuple(labels), fair, wins, n, dict(self.games))


def count_cells(run_dirs: Sequence[str | Path], keys: Sequence[str]) -> Cells:
    """The cells of `keys` over the runs (several runs of one player count add up)."""
    acc: dict[Cell, tuple[np.ndarray, np.ndarray]] = {}
    games: dict[int, int] = {}
    for d in run_dirs:
        run = load_run(Path(d))
        players = run.players
        games[players] = games.get(players, 0) + run.games_done
        for f in run.files:
            _add_file(f, players, keys, acc)
    labels = tuple(sorted(acc, key=lambda c: (c[0], keys.index(c[1]), _order(c[2]))))
    wins = np.stack([acc[c][0] for c in labels], 1) if labels else np.zeros((BLOCKS, 0))
    n = np.stack([acc[c][1] for c in labels], 1) if labels else np.zeros((BLOCKS, 0))
    return Cells(labels, np.array([1.0 / c[0] for c in labels]), wins, n, games)


def _order(text: str) -> tuple:
    """Numbers in numeric order (seats 0..9, 10), words alphabetically."""
    return (0, int(text), "") if text.lstrip("-").isdigit() else (1, 0, text)


def _add_file(path: Path, players: int, keys: Sequence[str], acc: dict) -> None:
    names = pq.read_schema(path).names
    won = "win_share" if "win_share" in names else "winner"
    cols = ["game_id", won, *[k for k in keys if k in names]]
    t = pq.read_table(path, columns=cols, use_threads=False)
    block = (t.column("game_id").to_numpy().astype(np.int64) % BLOCKS).astype(np.int64)
    w = t.column(won).to_numpy(zero_copy_only=False).astype(np.float64)
    for key in keys:
        if key not in names:
            continue
        col = t.column(key)
        ok = pc.is_valid(col).to_numpy(zero_copy_only=False)
        values = np.array([str(v) for v in col.filter(ok).to_pylist()], dtype=object)
        uniq, inv = np.unique(values, return_inverse=True) if len(values) else ([], [])
        b, ww = block[ok], w[ok]
        for i, v in enumerate(uniq):
            sel = inv == i
            cell = (players, key, str(v))
            wins, n = acc.setdefault(cell, (np.zeros(BLOCKS), np.zeros(BLOCKS)))
            wins += np.bincount(b[sel], weights=ww[sel], minlength=BLOCKS)
            n += np.bincount(b[sel], minlength=BLOCKS)
