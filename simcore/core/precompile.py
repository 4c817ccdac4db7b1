"""Compile native units (simcore/core/native.py) on every core before they are linked.

Units do not link each other's code, so they compile independently: each module's
units go to one process (shared callees compile once there), and numba's disk cache
carries the machine code back, so the parent then only loads it. The parent compiles
too: each process compiles the modules it claims first, until none is left.
Nothing happens with one core, one module left to compile, no writable numba cache,
or when every unit was compiled before (a stamp per unit in the cache directory, which
is keyed on the sources; a stale stamp only means compiling in one process).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

Unit = tuple[str, str, str]  # (module, function, numba signature)


def precompile(units: Sequence[Unit]) -> None:
    """Compile the units not stamped as cached, one module per process at a time."""
    stamps = _stamp_dir()
    if stamps is None:
        return
    missing = [u for u in units if not (stamps / _stamp(u)).exists()]
    groups = list({m: [u for u in missing if u[0] == m] for m, _, _ in missing}.values())
    procs = min(len(groups), _cores()) - 1
    if procs < 1:
        return
    with tempfile.TemporaryDirectory(dir=stamps) as claims:
        # a fresh interpreter each (multiprocessing's spawn would run the caller's
        # __main__ again), with the caller's import path; its output is of no use
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
        cmd = [sys.executable, "-m", __name__, claims, json.dumps(groups)]
        workers = [subprocess.Popen(cmd, env=env, stdin=subprocess.DEVNULL,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                   for _ in range(procs)]  # fmt: skip
        try:
            _work(claims, groups)
        finally:
            for w in workers:
                w.wait()


def mark(units: Sequence[Unit]) -> None:
    """Stamp units as compiled into the cache (after the parent has loaded them)."""
    stamps = _stamp_dir()
    if stamps is not None:
        for u in units:
            (stamps / _stamp(u)).touch()


def _work(claims: str, groups: list[list[Unit]]) -> None:
    """Compile every group this process claims first (a file created exclusively). An
    error is left for the caller's own compile to raise (native.link), where it belongs."""
    for i, group in enumerate(groups):
        try:
            os.close(os.open(os.path.join(claims, str(i)), os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            continue
        for module, func, sig in group:
            dispatcher = getattr(importlib.import_module(module), func)
            if dispatcher._can_compile:  # (else compiled at import, by explicit signatures)
                try:
                    dispatcher.compile(sig)
                except Exception:  # noqa: BLE001, S112
                    continue


def _stamp(unit: Unit) -> str:
    return hashlib.sha256("\0".join(unit).encode()).hexdigest()[:24]


def _stamp_dir() -> Path | None:
    """Where the stamps live (beside numba's cache), or None if it is not writable."""
    from numba.core import config  # noqa: PLC0415

    if not config.CACHE_DIR:
        return None
    path = Path(config.CACHE_DIR) / "native-units"
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return path if os.access(path, os.W_OK) else None


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


if __name__ == "__main__":  # a worker: python -m simcore.core.precompile CLAIMS GROUPS
    _work(sys.argv[1], [[tuple(u) for u in g] for g in json.loads(sys.argv[2])])
