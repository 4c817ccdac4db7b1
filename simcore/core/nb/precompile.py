"""Compile native units (simcore/core/nb/native.py), and the module that calls them, on every
core before they are linked.

Units do not link each other's code, so they compile independently: each module's
units go to one process (shared callees compile once there), and numba's disk cache
carries the machine code back, so the parent then only loads it. The caller (a module
file, e.g. a generated driver, and the entry points it names in `COMPILE_AHEAD`) compiles
at the same time in a worker, with its units' symbols bound to a placeholder
(native.PLACEHOLDERS): cached machine code names a symbol, and the parent, which loads it,
binds the real one. The parent compiles units too: each process compiles the jobs it
claims first, until none is left (the caller's only in a worker, whose placeholders must
never run), the largest module first (its source size for its compile time), so that the
last job to start is a short one and no core waits long for the other. A worker exits
when its parent is gone (killed). Nothing happens with one core, one job, no writable
numba cache, or when every unit was compiled before (a stamp per unit in the cache
directory holding the key of its module's import closure, as numba's index does,
simcore/core/nb/source_closure.py; a stale stamp only means compiling in one process).
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import importlib
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from simcore.core.nb import source_closure
from simcore.core.nb.numba_compat import arg_types, cache_dir, can_compile

Unit = tuple[str, str, str]  # (module, function, numba signature)
_FILE = "file:"  # a job's module given as "file:NAME:PATH": a caller, compiled ahead


def precompile(units: Sequence[Unit], caller: tuple[str, str] | None = None) -> None:
    """Compile the units not stamped as cached, one module per process at a time, and
    the caller (module name, file path; if not stamped) in a worker."""
    stamps = _stamp_dir()
    if stamps is None or not _jobs(stamps, units, caller)[1]:
        return
    with _one_at_a_time(stamps):  # another process may be compiling the same units now
        _compile(stamps, *_jobs(stamps, units, caller))


def _jobs(stamps: Path, units: Sequence[Unit], caller: tuple[str, str] | None
          ) -> tuple[list[Unit], list[list[Unit]]]:  # fmt: skip
    """The units not stamped, and the jobs (one per module; the caller's first) to compile,
    none if they would all run in this process (one core, one job)."""
    missing = [u for u in units if not _stamped(stamps, u)]
    groups = list({m: [u for u in missing if u[0] == m] for m, _, _ in missing}.values())
    groups.sort(key=lambda g: -_source_size(g[0][0]))  # (stable: equal sizes keep their order)
    if caller is not None and not _stamped(stamps, _caller_unit(*caller)):
        groups.insert(0, [_caller_unit(*caller)])  # the longest: a worker takes it first
    return missing, groups if min(len(groups), _cores()) > 1 else []


@contextlib.contextmanager
def _one_at_a_time(stamps: Path) -> Iterator[None]:
    """Hold the cache's compile lock: a second process (a test worker, a parallel run)
    waits for the first, which compiles on every core, then finds its units stamped and
    loads them, instead of compiling the same code beside it. The OS releases the lock of
    a killed process."""
    fd = os.open(stamps / ".compile.lock", os.O_CREAT | os.O_RDWR, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _compile(stamps: Path, missing: list[Unit], groups: list[list[Unit]]) -> None:
    procs = min(len(groups), _cores()) - 1
    if procs < 1:
        return
    with tempfile.TemporaryDirectory(dir=stamps) as claims:
        # a fresh interpreter each (multiprocessing's spawn would run the caller's
        # __main__ again), with the caller's import path; its output is of no use
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
        cmd = [sys.executable, "-m", __name__, claims, json.dumps(groups), str(os.getpid())]
        workers = [subprocess.Popen(cmd, env=env, stdin=subprocess.DEVNULL,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                   for _ in range(procs)]  # fmt: skip
        try:
            _work(claims, groups, worker=False)
        finally:
            for w in workers:
                w.wait()
    mark(missing)  # (compiled, or failed: a unit's own compile will say why)


def mark(units: Sequence[Unit]) -> None:
    """Stamp units as compiled into the cache (after the parent has loaded them)."""
    stamps = _stamp_dir()
    if stamps is not None:
        for u in units:
            (stamps / _stamp(u)).write_text(_key(u))


def mark_caller(name: str, path: str) -> None:
    mark([_caller_unit(name, path)])


def _caller_unit(name: str, path: str) -> Unit:
    return (f"{_FILE}{name}:{path}", "", "")


def _work(claims: str, groups: list[list[Unit]], worker: bool = True) -> None:
    """Compile every group this process claims first (a file created exclusively). An
    error is left for the caller's own compile to raise (native.link), where it belongs."""
    for i, group in enumerate(groups):
        if not worker and group[0][0].startswith(_FILE):
            continue
        try:
            os.close(os.open(os.path.join(claims, str(i)), os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            continue
        for module, func, sig in group:
            try:
                if module.startswith(_FILE):
                    _compile_caller(*module[len(_FILE) :].split(":", 1))
                    continue
                dispatcher = getattr(importlib.import_module(module), func)
                if can_compile(dispatcher):  # (else compiled at import, by its signatures)
                    dispatcher.compile(sig)
            except Exception:  # noqa: BLE001, S112
                continue


def _compile_caller(name: str, path: str) -> None:
    """Import the module file (its explicit signatures compile) and compile the entry
    points it lists in COMPILE_AHEAD, [(function, signature), ...]."""
    from simcore.core.nb import native  # noqa: PLC0415

    native.PLACEHOLDERS = True
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    for func, sig in getattr(module, "COMPILE_AHEAD", ()):
        # by argument types alone: numba's cache key of a call (a signature with its
        # return type would be stored under another key, and the call would miss it)
        getattr(module, func).compile(arg_types(sig))


def _source_size(module: str) -> int:
    """Bytes of the module's source file (0 if not found): its share of a compile."""
    try:
        spec = importlib.util.find_spec(module)
        return os.path.getsize(spec.origin) if spec and spec.origin else 0
    except (ImportError, ValueError, OSError):
        return 0


def _exit_with(parent: int, every: float = 0.5) -> threading.Thread:
    """Watch the parent from a thread: once it is gone (this process is handed to another
    parent), exit at once; nobody would load what is compiled here."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(1)

    thread = threading.Thread(target=watch, name="precompile-parent-watch", daemon=True)
    thread.start()
    return thread


def _stamp(unit: Unit) -> str:
    return hashlib.sha256("\0".join(unit).encode()).hexdigest()[:24]


def _key(unit: Unit) -> str:
    """The import closure's key of the unit's module file ("" if it has none)."""
    closure = source_closure.shared()
    if unit[0].startswith(_FILE):
        return closure.key(unit[0][len(_FILE) :].split(":", 1)[1])
    file = closure.module_file(unit[0])
    return closure.key(file) if file else ""


def _stamped(stamps: Path, unit: Unit) -> bool:
    """Whether the unit was compiled from its module's sources as they are now."""
    try:
        return (stamps / _stamp(unit)).read_text() == _key(unit)
    except OSError:
        return False


def _stamp_dir() -> Path | None:
    """Where the stamps live (beside numba's cache), or None if it is not writable."""
    if not cache_dir():
        return None
    path = Path(cache_dir()) / "native-units"
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


if __name__ == "__main__":  # a worker: python -m simcore.core.nb.precompile CLAIMS GROUPS PARENT
    _exit_with(int(sys.argv[3]))
    _work(sys.argv[1], [[tuple(u) for u in g] for g in json.loads(sys.argv[2])])
