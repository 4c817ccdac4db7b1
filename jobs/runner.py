"""The batch runner: plays a run's chunks on an executor into a run directory, resumably.

Game-agnostic: a game supplies its configuration (recorded in the manifest), a
picklable spec and a task(spec, first_game, n_games) -> Parquet bytes. Each chunk
file is renamed into place whole and the manifest records its SHA-256 and rows; on
resume a chunk marked done whose file still matches is kept and every other chunk
is played again. Since every game seeds itself from (seed, game index), the files
are the same whatever the executor, workers or interruptions. One process writes a
run directory at a time (run_lock), and a failed write (disk full) leaves no
temporary file and a whole manifest behind (RunWriteError, with the resume command).
"""

from __future__ import annotations

import hashlib
import signal
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jobs.progress import make_progress, slow_notice
from simcore.core.errors import InputError
from simcore.core.store import chunk_store
from simcore.core.store import manifest as manifest_file
from simcore.core.store.chunk_store import (
    CHUNK_DIR,
    chunk_file,
    chunk_plan,
    chunk_rows_of,
    write_chunk,
)
from simcore.core.store.integrity import chunk_label, chunk_problem, game_id_problem, stderr_note
from simcore.core.store.manifest import (
    MANIFEST,
    differences,
    encode,
    load_manifest,
    new_manifest,
    now,
    save_manifest,
)
from simcore.core.store.manifest_schema import DONE
from simcore.core.store.run_lock import LOCK, RunLock, busy, holder

SAVE_EVERY = 2.0  # seconds between manifest rewrites while running (files are the truth)
ESTIMATE_AFTER = 30.0  # seconds: a run expected to take longer says how long
PROGRESS_EVERY = 300.0  # seconds: a chunk expected to take longer says progress waits for it
TIMING = "timing this run's first game (a search with a large budget plays slowly)"
COMPILING = (
    "compiling the engine and strategies (first run only: about half a minute on an "
    "idle 2-core machine, longer under load)"
)


@dataclass(frozen=True)
class RunPlan:
    """What to run and where; `config` is what the manifest records and resume compares."""

    out: Path
    config: dict[str, Any]
    games: int
    chunk_size: int
    rows_per_game: int
    task: Callable[[Any, int, int], bytes]
    spec: Any
    command: str
    resume: bool = False
    warm: Callable[[Any], Any] | None = None  # compile in the parent before workers fork
    # Optional stopping rule: stop(out, chunk files of the finished prefix) -> outcome dict
    # with a bool "met". Checked only after each complete round of `round_chunks` chunks, on
    # the rows of that prefix, so where a run stops never depends on workers or executor.
    stop: Callable[[Path, list[str]], dict] | None = None
    round_chunks: int = 4


@dataclass(frozen=True)
class RunResult:
    manifest: dict
    games_played: int  # in this session
    seconds: float


class RunInterrupted(Exception):
    """Ctrl-C (or SIGTERM) stopped the run; finished chunks are kept for --resume.
    `signum` is the signal (the CLI exits with 128 + it: 130, 143)."""

    def __init__(self, games_done: int, games: int, signum: int = signal.SIGINT):
        super().__init__(f"interrupted after {games_done:,} of {games:,} games")
        self.games_done, self.games, self.signum = games_done, games, int(signum)
        self.resume = "the same command with --resume"  # the caller names the command


class Stopped(KeyboardInterrupt):
    """SIGINT or SIGTERM, raised where Ctrl-C would be, so that a run stops the same way."""

    def __init__(self, signum: int = signal.SIGINT):
        super().__init__()
        self.signum = int(signum)


_PENDING: list[int] = []  # signals received (an exception raised in a callback is lost)


def on_stop_signal(signum, frame) -> None:
    """The SIGINT and SIGTERM handler (the CLI installs it in its main thread). The signal
    is also remembered: raised inside a ctypes callback (numba compiling), the exception
    is swallowed, and check_stop raises it again at the next safe point."""
    _PENDING.append(int(signum))
    raise Stopped(signum)


def check_stop() -> None:
    """Raise the stop a signal asked for, if its exception was swallowed."""
    if _PENDING:
        raise Stopped(_PENDING[-1])


def reset_stop() -> None:
    _PENDING.clear()


# What this process has finished and how its command goes on, for an interrupt that lands
# outside a run's chunks (compiling, between a study's runs, writing the report).
SESSION: dict[str, str | None] = {"done": None, "resume": None}


def going_on(resume: str | None = None, done: str | None = None) -> None:
    """Record the command that continues this process's work (a study's, with --resume)
    and what it has finished so far."""
    if resume is not None:
        SESSION["resume"] = resume
    if done is not None:
        SESSION["done"] = done


def interrupted_line() -> str:
    """The one line for an interrupt outside a run's chunks: what is complete and how to
    go on."""
    done, resume = SESSION["done"], SESSION["resume"]
    if resume:
        what = f"; {done}" if done else ""
        return f"interrupted{what}; finished runs are kept; to resume: {resume}"
    if done:
        return f"interrupted after the last chunk: {done}; nothing to resume"
    return "interrupted before any game was played"


class RunWriteError(Exception):
    """A chunk or the manifest could not be written (disk full, read-only, ...).

    The temporary file is removed and the manifest on disk is a whole one, so the run
    can be continued with `resume` (None when nothing was started). The CLI prints one
    line and exits 1.
    """

    def __init__(self, msg: str, resume: str | None):
        super().__init__(msg)
        self.resume = resume


def _write_error(plan: RunPlan, path: Path, e: OSError, started: bool = True) -> RunWriteError:
    why = e.strerror or type(e).__name__
    resume = f"{plan.command} --resume" if started else None
    return RunWriteError(f"cannot write {path}: {why}", resume)


_LOCKS: dict[str, RunLock] = {}  # run directories this process writes (open_run .. execute)


def _lock(out: Path) -> None:
    key = str(out.resolve())
    if key not in _LOCKS:
        _LOCKS[key] = RunLock(out)


def _unlock(out: Path) -> None:
    lock = _LOCKS.pop(str(Path(out).resolve()), None)
    if lock is not None:
        lock.release()


def _full_config(plan: RunPlan) -> dict:
    return dict(plan.config) | {"games": plan.games, "chunk_size": plan.chunk_size}


def open_run(plan: RunPlan) -> dict:
    """Create the run directory, or reopen it for --resume, holding its lock until execute
    ends; InputError before writing anything.

    On resume every chunk marked done is checked against its recorded SHA-256 and row
    count; one that does not match (or is missing) is named on stderr and played again.
    """
    out = Path(plan.out)
    has_run = (out / MANIFEST).exists() or (out / MANIFEST).is_symlink()
    skeleton = not has_run and is_skeleton(out)
    if plan.resume and skeleton:  # a run stopped before its first manifest: start it afresh
        stderr_note(f"{out}: no run was written there yet (stopped before its first manifest); "
                    "starting it afresh")  # fmt: skip
    if plan.resume and not skeleton:
        if not has_run:
            raise InputError(f"--resume: {out} holds no run to resume (no {MANIFEST})")
        _resumable(plan, out)  # refusals first: a refused resume touches nothing, not even .lock
        _lock(out)
        try:
            return _reopen(plan, out)
        except BaseException:
            _unlock(out)
            raise
    taken = f"--out {out} already holds a run; add --resume or choose another --out"
    if has_run:
        raise InputError(taken)
    if skeleton or not out.exists() and not out.is_symlink():
        pid = holder(out) if skeleton else None
        if pid is not None:  # another process is starting a run here right now
            raise InputError(busy(out, pid))
    elif out.is_symlink() or not out.is_dir() or any(out.iterdir()):
        pid = holder(out) if out.is_dir() else None
        if pid is not None:  # another process is starting a run here right now
            raise InputError(busy(out, pid))
        raise InputError(f"--out {out} exists and is not an empty directory")
    m = new_manifest(_full_config(plan), chunk_plan(plan.games, plan.chunk_size), plan.command)
    encode(m)  # a NaN or infinity is refused before anything is written
    made = [p for p in (*reversed(out.parents), out, out / CHUNK_DIR) if not p.exists()]
    made_lock = not (out / LOCK).exists()
    try:
        (out / CHUNK_DIR).mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise InputError(f"--out {out}: cannot create ({e.strerror})") from None
    _lock(out)
    try:
        if (out / MANIFEST).exists():  # another process started a run here a moment ago
            raise InputError(taken)
        if skeleton:
            manifest_file.remove_temporaries(out)  # a kill while the first one was written
        save_manifest(out, m)
    except BaseException as e:
        _unlock(out)
        if not (out / MANIFEST).exists():  # undo only what this call made
            try:
                if made_lock:
                    (out / LOCK).unlink(missing_ok=True)
                for p in reversed(made):
                    p.rmdir()  # empty folders only: never anything another process put there
            except OSError:
                pass
        if isinstance(e, OSError):
            raise _write_error(plan, out / MANIFEST, e, started=False) from None
        raise
    return m


def is_skeleton(out: Path) -> bool:
    """True if `out` holds only what open_run makes before the first manifest (a kill
    right after the folder was made): `.lock`, an empty `chunks/` and temporaries of the
    manifest, each of palace-lab's own kind (a regular file, a real folder)."""
    if out.is_symlink() or not out.is_dir():
        return False
    for p in out.iterdir():
        if p.name == CHUNK_DIR:
            if p.is_symlink() or not p.is_dir() or any(p.iterdir()):
                return False
        elif p.name == LOCK or manifest_file.is_temporary(p.name):
            if p.is_symlink() or not p.is_file():
                return False
        else:
            return False
    return True


def _resumable(plan: RunPlan, out: Path) -> dict:
    """The run's manifest, valid and of the same configuration as the plan (InputError)."""
    old = load_manifest(out)
    diff = differences(old, new_manifest(_full_config(plan), [], plan.command))
    if diff:
        raise InputError(f"--resume: {out} was run with another configuration ({'; '.join(diff)})")
    return old


def _reopen(plan: RunPlan, out: Path) -> dict:
    old = _resumable(plan, out)  # again, under the lock: another writer may have just finished
    manifest_file.remove_temporaries(out)
    chunk_store.remove_temporaries(out)
    try:
        (out / CHUNK_DIR).mkdir(exist_ok=True)  # deleted by hand: its chunks are replayed
    except OSError as e:
        raise _write_error(plan, out / CHUNK_DIR, e) from None
    adopted = 0
    for c in old["chunks"]:
        problem = "not done"
        if c["status"] in DONE:
            problem = chunk_problem(out, c, plan.rows_per_game)
            if problem is None:  # the rows must be the games the entry claims
                problem = game_id_problem(out, c, plan.rows_per_game)
            if problem is None and "sha256" not in c:  # an older run: record its checksum
                sha, problem = chunk_store.chunk_digest(out, c["index"])
                c |= {"sha256": sha, "rows": c["n_games"] * plan.rows_per_game}
                adopted += 1
            if problem is not None:
                stderr_note(f"{out}: {chunk_label(c)}: {problem}, replaying")
        if problem is None:
            c["status"] = "done"
        else:
            c["status"] = "pending"
            c.pop("sha256", None)
            c.pop("rows", None)
    if adopted:
        stderr_note(f"{out}: {adopted} chunk(s) without checksum (older run) checked "
                    "(rows, game ids) and kept")  # fmt: skip
    old |= {"status": "running", "finished": None}
    try:
        save_manifest(out, old)
    except OSError as e:
        raise _write_error(plan, out / MANIFEST, e) from None
    return old


def _duration(seconds: float) -> str:
    if seconds >= 7200:
        return f"{seconds / 3600:.0f} h"
    return f"{seconds / 60:.0f} min" if seconds >= 120 else f"{seconds:.0f} s"


# Per process: tables already compiled in this process (warm) and seconds per game of a
# table, timed or measured on an earlier run's chunks (a study's ladder step plays the same
# table in twenty seat arrangements; each timed again cost a serial game or more).
_WARMED: set[tuple] = set()
_SPEED: dict[tuple, float] = {}


def forget_tables() -> None:
    """Forget which tables this process compiled and timed (tests that fake the clock)."""
    _WARMED.clear()
    _SPEED.clear()


def table_key(spec: Any) -> tuple:
    """A run's table whatever its seed and seat order: its fork key, rules and data, and
    its seats' strategies with their parameters as a multiset (a spec without seats is
    keyed on its repr without the seed)."""
    from jobs.executors import fork_key

    sids, params = getattr(spec, "sids", None), getattr(spec, "params", None)
    if sids is None or params is None:
        return (repr(spec),)
    seats = sorted(repr((int(i), [float(x) for x in row])) for i, row in zip(sids, params))
    rules = repr(getattr(spec, "rules", None))
    data = getattr(spec, "data", None)
    digest = data.digest() if hasattr(data, "digest") else repr(data)
    return (*fork_key(spec), rules, digest, *seats)


def estimate_seconds(plan: RunPlan, games: int, workers: int) -> float:
    """Seconds to play `games` on `workers`, timed on the run's own first games.

    Probes of 1, 8, 64, ... games (the chunk task's fixed costs included) until one takes
    a quarter of a second or the estimate is below the threshold worth a line: a fast
    strategy costs milliseconds, a search a second. A table this process has timed (or
    played) before is not timed again.
    """
    key = table_key(plan.spec)
    if key in _SPEED:
        return _SPEED[key] * games / max(1, workers)
    k, est = 1, 0.0
    while True:
        t = time.perf_counter()
        plan.task(plan.spec, 0, k)
        took = time.perf_counter() - t
        est = took / k * games / max(1, workers)
        if est < ESTIMATE_AFTER or took >= 0.25 or k >= games:
            _SPEED[key] = took / k
            return est
        k *= 8


def _warm(plan: RunPlan) -> None:
    """Compile in the parent before workers fork, once per table and process."""
    key = table_key(plan.spec)
    if key in _WARMED:
        return
    with slow_notice(COMPILING):
        plan.warm(plan.spec)
    _WARMED.add(key)


def _measured(plan: RunPlan, chunks: list[dict]) -> None:
    """Remember the table's seconds per game from the chunks this run played."""
    timed = [c for c in chunks if c.get("seconds") and c["status"] == "done"]
    games = sum(c["n_games"] for c in timed)
    if games:
        _SPEED[table_key(plan.spec)] = sum(c["seconds"] for c in timed) / games


def _announce_estimate(plan: RunPlan, games: int, chunks: int, workers: int) -> None:
    used = min(workers, chunks)
    with slow_notice(TIMING, after=5.0, done=None):  # a search's budget: one game can be slow
        est = estimate_seconds(plan, games, used)
    if est < ESTIMATE_AFTER:
        return
    when = _duration(est)
    hint = ""
    if used < workers:
        hint = f"; --chunk-size {-(-games // workers):,} would use all {workers} workers"
    per_chunk = est * used / games * min(getattr(plan, "chunk_size", games), games)
    if per_chunk >= PROGRESS_EVERY:  # progress moves a chunk at a time
        hint += (f"; progress shows after each chunk (about {_duration(per_chunk)} each): a "
                 "smaller --chunk-size shows it more often")  # fmt: skip
    print(f"palace-lab: {games:,} games will take about {when} on {used} worker(s) "
          f"(timed on this run's first games){hint}", file=sys.stderr, flush=True)  # fmt: skip


def execute(plan: RunPlan, manifest: dict, executor: Any, progress: Callable = make_progress):
    """Play the pending chunks, write each atomically, keep the manifest current.

    With a stopping rule the chunks are played in rounds of `plan.round_chunks`; after
    each complete round the rule is checked on the finished prefix, and once it is met
    the remaining chunks are marked "skipped" (a resume re-checks the same prefixes).
    """
    out = Path(plan.out)
    order = manifest["chunks"]
    by_index = {c["index"]: c for c in order}
    size = plan.round_chunks if plan.stop is not None else max(1, len(order))
    rounds = [order[i : i + size] for i in range(0, len(order), size)]
    done_games = sum(c["n_games"] for c in order if c["status"] == "done")
    pending = sum(c["n_games"] for c in order if c["status"] != "done")
    played, t0, saved = 0, time.perf_counter(), time.monotonic()
    outcome: dict | None = None
    try:
        if plan.warm is not None and pending and getattr(executor, "local", False):
            _warm(plan)
            check_stop()
            chunks = sum(c["status"] != "done" for c in order)
            _announce_estimate(plan, pending, chunks, getattr(executor, "workers", 1))
        with _sigterm_as_interrupt(), progress(plan.games, done_games) as bar:
            for k, batch in enumerate(rounds):
                jobs = [(c["index"], c["first_game"], c["n_games"]) for c in batch]
                jobs = [j for j, c in zip(jobs, batch) if c["status"] != "done"]
                results = executor.run(plan.task, plan.spec, jobs)
                try:
                    for index, seconds, data in results:
                        check_stop()
                        c = by_index[index]
                        _store(plan, out, c, data)
                        c["seconds"] = round(seconds, 4)
                        played += c["n_games"]
                        bar.advance(c["n_games"])
                        if time.monotonic() - saved >= SAVE_EVERY:
                            _save(plan, out, manifest)
                            saved = time.monotonic()
                finally:
                    results.close()
                if plan.stop is None:
                    continue
                prefix = order[: (k + 1) * size]
                outcome = dict(plan.stop(out, [c["file"] for c in prefix]))
                outcome["games"] = sum(c["n_games"] for c in prefix)
                if outcome.get("met"):
                    for c in order[(k + 1) * size :]:
                        c["status"] = "skipped"
                    break
        if outcome is not None:
            outcome["reason"] = "target reached" if outcome.get("met") else "cap reached"
            manifest["stop_outcome"] = outcome
        manifest |= {"status": "complete", "finished": now()}
        _save(plan, out, manifest)
        _measured(plan, order)
    except BaseException as e:
        manifest["status"] = "interrupted"
        try:
            save_manifest(out, manifest)
        except (OSError, InputError):  # the previous manifest stays whole; resume re-checks
            pass
        if isinstance(e, KeyboardInterrupt):
            signum = getattr(e, "signum", signal.SIGINT)
            raise RunInterrupted(done_games + played, plan.games, signum) from None
        raise
    finally:
        _unlock(out)
    going_on(done=f"the run in {out} is complete")
    return RunResult(manifest, played, time.perf_counter() - t0)


def _store(plan: RunPlan, out: Path, c: dict, data: bytes) -> None:
    """Write a played chunk and record its checksum and rows in the manifest entry."""
    rows, want = chunk_rows_of(data), c["n_games"] * plan.rows_per_game
    if rows != want:  # a task bug, never a user error: stop before recording it
        raise RuntimeError(f"{chunk_label(c)}: the task returned {rows} rows, {want} expected")
    try:
        write_chunk(out, c["index"], data)
    except OSError as e:
        raise _write_error(plan, out / chunk_file(c["index"]), e) from None
    c |= {"status": "done", "sha256": hashlib.sha256(data).hexdigest(), "rows": rows}


def _save(plan: RunPlan, out: Path, manifest: dict) -> None:
    try:
        save_manifest(out, manifest)
    except OSError as e:
        raise _write_error(plan, out / MANIFEST, e) from None


class _sigterm_as_interrupt:
    """SIGTERM (cluster schedulers, `kill`) stops the run like Ctrl-C."""

    def __enter__(self):
        self.old = None
        if threading.current_thread() is threading.main_thread():
            self.old = signal.signal(signal.SIGTERM, on_stop_signal)
        return self

    def __exit__(self, *exc):
        if self.old is not None:
            signal.signal(signal.SIGTERM, self.old)
