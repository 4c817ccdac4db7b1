"""Play chunks of games on local worker processes, results in chunk order.

A chunk is (first_game, n_games); since every game seeds itself from
(seed, game index), the results do not depend on the number of workers.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def chunks(n_games: int, size: int, first_game: int = 0) -> list[tuple[int, int]]:
    """Split games first_game .. first_game + n_games - 1 into (start, count) chunks."""
    return [(first_game + s, min(size, n_games - s)) for s in range(0, n_games, max(1, size))]


def default_workers() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()


PR_SET_PDEATHSIG = 1  # linux/prctl.h


def die_with_parent(parent: int) -> None:
    """Worker initializer: ask Linux to SIGKILL this worker when its parent dies (a killed
    `palace-lab` must not leave busy workers behind); exit at once if the parent is gone."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes  # noqa: PLC0415

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # pragma: no cover - no prctl: the check below
            pass
    if os.getppid() != parent:  # the parent died before the death signal was set
        os._exit(1)


def run_chunks(
    task: Callable[[Any, int, int], T],
    spec: Any,
    parts: Sequence[tuple[int, int]],
    workers: int,
) -> Iterator[T]:
    """Yield task(spec, first, count) for each chunk in order; workers=1 runs in-process."""
    if workers <= 1 or len(parts) <= 1:
        for first, count in parts:
            yield task(spec, first, count)
        return
    ctx = mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")
    with ProcessPoolExecutor(
        max_workers=workers, mp_context=ctx, initializer=die_with_parent, initargs=(os.getpid(),)
    ) as pool:
        futures = [pool.submit(task, spec, first, count) for first, count in parts]
        for f in futures:
            yield f.result()
