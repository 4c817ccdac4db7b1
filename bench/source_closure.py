"""What numba's cache stamps cost at start-up (simcore/core/nb/source_closure.py): the keys
of every source file of simcore, strategies and the example game, computed afresh, against
a full `ast` parse of the same files (what a stamp would cost without the import scan).

    python -m bench.source_closure [--repeat 7]

Prints the median of the runs, each in a fresh instance (nothing memoised), and the load.
"""

from __future__ import annotations

import argparse
import ast
import os
import statistics
import time
from pathlib import Path

from simcore.core.nb.source_closure import SourceClosure

ROOT = Path(__file__).resolve().parents[1]
DIRS = ("simcore", "strategies", "examples/palace-lab-dice/palace_lab_dice")


def _files() -> list[Path]:
    return sorted(p for d in DIRS for p in (ROOT / d).rglob("*.py"))


def _keys(files: list[Path]) -> float:
    closure = SourceClosure(find_games=set)  # (the entry points: importlib's cost, not ours)
    t = time.perf_counter()
    for f in files:
        closure.key(f)
    return time.perf_counter() - t


def _parse(files: list[Path]) -> float:
    t = time.perf_counter()
    for f in files:
        ast.parse(f.read_bytes())
    return time.perf_counter() - t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    repeat = parser.parse_args().repeat
    files = _files()
    keys, parses = [], []
    for _ in range(repeat):  # interleaved: the same load for both
        keys.append(_keys(files))
        parses.append(_parse(files))
    print(f"{len(files)} files, {sum(f.stat().st_size for f in files) / 1e6:.2f} MB, "
          f"load {os.getloadavg()[0]:.2f}")  # fmt: skip
    print(f"keys of every file:  median {statistics.median(keys) * 1e3:.1f} ms of {repeat}")
    print(f"full ast parse:      median {statistics.median(parses) * 1e3:.1f} ms of {repeat}")


if __name__ == "__main__":
    main()
