"""The batch runner: plays a run's chunks on an executor into a run directory, resumably.

Game-agnostic: a game supplies its configuration (recorded in the manifest), a
picklable spec and a task(spec, first_game, n_games) -> Parquet bytes. Chunk
files are the truth about what is done: each is renamed into place whole, so on
resume a chunk whose file exists with the expected row count is kept and every
other chunk is played again. Since every game seeds itself from (seed, game
index), the files are the same whatever the executor, workers or interruptions.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simcore.core.chunk_store import (
    CHUNK_DIR,
    chunk_plan,
    chunk_rows,
    remove_temporaries,
    write_chunk,
)
from simcore.core.errors import InputError
from simcore.core.manifest import (
    MANIFEST,
    differences,
    load_manifest,
    new_manifest,
    now,
    save_manifest,
)
from simcore.core.progress import make_progress

SAVE_EVERY = 2.0  # seconds between manifest rewrites while running (files are the truth)


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
    """Ctrl-C (or SIGTERM) stopped the run; finished chunks are kept for --resume."""

    def __init__(self, games_done: int, games: int):
        super().__init__(f"interrupted after {games_done:,} of {games:,} games")
        self.games_done, self.games = games_done, games
        self.resume = "the same command with --resume"  # the caller names the command


def _full_config(plan: RunPlan) -> dict:
    return dict(plan.config) | {"games": plan.games, "chunk_size": plan.chunk_size}


def open_run(plan: RunPlan) -> dict:
    """Create the run directory, or reopen it for --resume; InputError before writing."""
    out = Path(plan.out)
    has_run = (out / MANIFEST).is_file()
    if plan.resume:
        if not has_run:
            raise InputError(f"--resume: {out} holds no run to resume (no {MANIFEST})")
        old = load_manifest(out)
        diff = differences(old, new_manifest(_full_config(plan), [], plan.command))
        if diff:
            raise InputError(
                f"--resume: {out} was run with another configuration ({'; '.join(diff)})"
            )
        remove_temporaries(out)
        for c in old["chunks"]:
            ok = chunk_rows(out, c["file"]) == c["n_games"] * plan.rows_per_game
            c["status"] = "done" if ok else "pending"
        old |= {"status": "running", "finished": None}
        save_manifest(out, old)
        return old
    if has_run:
        raise InputError(f"--out {out} already holds a run; add --resume or choose another --out")
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise InputError(f"--out {out} exists and is not an empty directory")
    try:
        (out / CHUNK_DIR).mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise InputError(f"--out {out}: cannot create ({e.strerror})") from None
    m = new_manifest(_full_config(plan), chunk_plan(plan.games, plan.chunk_size), plan.command)
    save_manifest(out, m)
    return m


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
    if plan.warm is not None and getattr(executor, "forks", False):
        if any(c["status"] != "done" for c in order):
            plan.warm(plan.spec)
    played, t0, saved = 0, time.perf_counter(), time.monotonic()
    outcome: dict | None = None
    try:
        with _sigterm_as_interrupt(), progress(plan.games, done_games) as bar:
            for k, batch in enumerate(rounds):
                jobs = [(c["index"], c["first_game"], c["n_games"]) for c in batch]
                jobs = [j for j, c in zip(jobs, batch) if c["status"] != "done"]
                results = executor.run(plan.task, plan.spec, jobs)
                try:
                    for index, seconds, data in results:
                        c = by_index[index]
                        write_chunk(out, c["file"], data)
                        c["status"], c["seconds"] = "done", round(seconds, 4)
                        played += c["n_games"]
                        bar.advance(c["n_games"])
                        if time.monotonic() - saved >= SAVE_EVERY:
                            save_manifest(out, manifest)
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
    except BaseException as e:
        manifest["status"] = "interrupted"
        save_manifest(out, manifest)
        if isinstance(e, KeyboardInterrupt):
            raise RunInterrupted(done_games + played, plan.games) from None
        raise
    if outcome is not None:
        outcome["reason"] = "target reached" if outcome.get("met") else "cap reached"
        manifest["stop_outcome"] = outcome
    manifest |= {"status": "complete", "finished": now()}
    save_manifest(out, manifest)
    return RunResult(manifest, played, time.perf_counter() - t0)


class _sigterm_as_interrupt:
    """SIGTERM (cluster schedulers, `kill`) stops the run like Ctrl-C."""

    def __enter__(self):
        self.old = None
        if threading.current_thread() is threading.main_thread():
            self.old = signal.signal(signal.SIGTERM, signal.default_int_handler)
        return self

    def __exit__(self, *exc):
        if self.old is not None:
            signal.signal(signal.SIGTERM, self.old)
