"""The --target-ci stopping rule: every value of the game's primary balance key (a
starting card, a seat) has a 95% Wilson '±' below H.

The runner calls the check after each complete round of chunks with the files of the
finished prefix, so the decision rests on the same rows whatever the workers. Values
that never occurred (n = 0) cannot be measured: they are ignored, and listed as such.
The check reads Parquet with pyarrow, single-threaded: the runner may fork workers after
it, and polars' thread pool is not fork-safe.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq

Z95 = 1.959963984540054


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


def key_counts(files: list[Path], key: str) -> dict:
    """Value of `key` -> (wins, n seats) over the given chunk files; a shared win counts
    its share (`win_share`, games with ties) where the results carry it."""
    wins: dict = {}
    n: dict = {}
    for f in files:
        cols = pq.read_schema(f).names
        won = "win_share" if "win_share" in cols else "winner"
        t = pq.read_table(f, columns=[key, won], use_threads=False)
        keys = t.column(key).to_pylist()
        w = t.column(won).to_numpy(zero_copy_only=False).astype(np.float64)
        for k, x in zip(keys, w, strict=True):
            if k is None:
                continue
            n[k] = n.get(k, 0) + 1
            wins[k] = wins.get(k, 0.0) + x
    return {k: (wins[k], n[k]) for k in n}


def half_width_rule(target: float, key: str,
                    expected: Sequence = ()) -> Callable[[Path, list[str]], dict]:  # fmt: skip
    """The stopping check for the runner: met when every value seen has half-width < target.
    `expected`: the values that should occur (those that never did are listed)."""

    def check(run_dir: Path, files: list[str]) -> dict:
        counts = key_counts([Path(run_dir) / f for f in files], key)
        halves = {
            str(c): float(wilson_half_width(np.array([w]), np.array([n]))[0])
            for c, (w, n) in counts.items()
        }
        worst = max(halves, key=halves.get) if halves else None
        return {
            "met": bool(halves) and all(h < target for h in halves.values()),
            "max_half_width": round(halves[worst], 6) if worst else None,
            "widest": worst,
            "half_widths": {c: round(h, 6) for c, h in halves.items()},
            "never_started": [str(c) for c in expected if c not in counts],
        }

    return check


def stopping_config(target: float, round_chunks: int, key: str) -> dict:
    """What the manifest records (and --resume compares) about the rule."""
    return {
        "rule": "stop after the first complete round of chunks in which every value of the "
        "key seen has a 95% Wilson half-width (larger side) below target_ci; games is the cap",
        "target_ci": target,
        "round_chunks": round_chunks,
        "key": key,
    }


def decided_rule(z: float, delta: float, players: int, key: str, expected: Sequence = (),
                 then: Callable | None = None) -> Callable[[Path, list[str]], dict]:  # fmt: skip
    """The adaptive study's check: met when every value seen is decided against the fair
    share 1/players by analyses.verdict's procedure at the family's z (above, below, or fair
    within ±delta), and `then` (another rule, e.g. the half-width one) is met too."""
    from analyses.verdict import UNDETERMINED, cell_verdict

    fair = 1.0 / players

    def check(run_dir: Path, files: list[str]) -> dict:
        counts = key_counts([Path(run_dir) / f for f in files], key)
        verdicts = {}
        for c, (w, n) in counts.items():
            lo, hi = wilson_interval(w, n, z)
            verdicts[str(c)] = cell_verdict(lo, hi, fair, delta)
        open_ = sorted(c for c, v in verdicts.items() if v == UNDETERMINED)
        out = dict(then(run_dir, files)) if then is not None else {"met": True}
        out.update({
            "met": bool(verdicts) and not open_ and bool(out["met"]),
            "undetermined": open_,
            "verdicts": verdicts,
            "never_started": [str(c) for c in expected if c not in counts],
        })  # fmt: skip
        return out

    return check


def wilson_interval(wins: float, n: int, z: float) -> tuple[float, float]:
    """The Wilson interval at z (analyses.intervals.wilson's formula)."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def decided_config(z: float, delta: float, round_chunks: int, key: str,
                   target: float | None) -> dict:  # fmt: skip
    """What the manifest records (and --resume compares) about the adaptive rule."""
    return {
        "rule": "stop after the first complete round of chunks in which every value of the "
        "key seen is decided against the fair share (analyses.verdict: its interval at z is "
        "wholly above, wholly below, or within ±delta of 1/players)"
        + (" and has a 95% Wilson half-width below target_ci" if target else "")
        + "; games is the cap",
        "z": round(z, 6),
        "delta": delta,
        "target_ci": target,
        "round_chunks": round_chunks,
        "key": key,
    }
