"""The --target-ci stopping rule: every starting character's 95% Wilson '±' below H.

The runner calls the check after each complete round of chunks with the files of the
finished prefix, so the decision rests on the same rows whatever the workers. Characters
that never started a game (n = 0) cannot be measured and are ignored, and listed as such.
The check reads Parquet with pyarrow, single-threaded: the runner may fork workers after
it, and polars' thread pool is not fork-safe.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq

from simcore.maharaja.enums import CHARACTER_NAMES

from .intervals import Z95

KEY = "start_character"


def wilson_half_width(wins: np.ndarray, n: np.ndarray, z: float = Z95) -> np.ndarray:
    """The '±' of a rate: the larger side of its 95% Wilson interval, max(p - lo, hi - p).

    The Wilson interval is not centred on p; its larger side is what the report prints
    as '± x', so a target met here is met on the page too.
    """
    n = np.asarray(n, dtype=np.float64)
    p = np.asarray(wins, dtype=np.float64) / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    lo, hi = np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)
    return np.maximum(p - lo, hi - p)


def character_counts(files: list[Path]) -> dict[str, tuple[int, int]]:
    """Starting character -> (wins, n seats) over the given chunk files."""
    wins = np.zeros(len(CHARACTER_NAMES), dtype=np.int64)
    n = np.zeros(len(CHARACTER_NAMES), dtype=np.int64)
    index = {c: i for i, c in enumerate(CHARACTER_NAMES)}
    for f in files:
        t = pq.read_table(f, columns=[KEY, "winner"], use_threads=False)
        keys = [index.get(c, -1) for c in t.column(KEY).to_pylist()]
        k = np.array(keys, dtype=np.int64)
        won = t.column("winner").to_numpy(zero_copy_only=False).astype(bool)
        ok = k >= 0
        n += np.bincount(k[ok], minlength=len(n))
        wins += np.bincount(k[ok & won], minlength=len(n))
    return {c: (int(wins[i]), int(n[i])) for i, c in enumerate(CHARACTER_NAMES)}


def half_width_rule(target: float) -> Callable[[Path, list[str]], dict]:
    """The stopping check for the runner: met when every character seen has half-width < target."""

    def check(run_dir: Path, files: list[str]) -> dict:
        counts = character_counts([Path(run_dir) / f for f in files])
        seen = {c: wn for c, wn in counts.items() if wn[1] > 0}
        halves = {
            c: float(wilson_half_width(np.array([w]), np.array([n]))[0])
            for c, (w, n) in seen.items()
        }
        worst = max(halves, key=halves.get) if halves else None
        return {
            "met": bool(halves) and all(h < target for h in halves.values()),
            "max_half_width": round(halves[worst], 6) if worst else None,
            "widest": worst,
            "half_widths": {c: round(h, 6) for c, h in halves.items()},
            "never_started": [c for c, (_, n) in counts.items() if n == 0],
        }

    return check


def stopping_config(target: float, round_chunks: int) -> dict:
    """What the manifest records (and --resume compares) about the rule."""
    return {
        "rule": "stop after the first complete round of chunks in which every starting "
        "character seen has a 95% Wilson half-width (larger side) below target_ci; "
        "games is the cap",
        "target_ci": target,
        "round_chunks": round_chunks,
        "key": KEY,
    }
