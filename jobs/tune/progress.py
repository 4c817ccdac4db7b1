"""One progress display for a whole tuning run: games played of the budget, games per
second and the time left, however many runs the search and the confirmation play.

The runner asks each run for `progress(total, done)`; `TuneProgress.for_run` hands it a
view that only forwards the games played to the one bar (or log line) of the tuning run.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from jobs.progress import make_progress


class _RunView:
    def __init__(self, owner: TuneProgress):
        self.owner = owner

    def __enter__(self) -> _RunView:
        return self

    def __exit__(self, *exc) -> None:
        pass

    def advance(self, games: int) -> None:
        self.owner.advance(games)


class TuneProgress:
    """A bar on a terminal, periodic lines elsewhere; `log` prints a line above it."""

    def __init__(self, total: int, done: int = 0, interval: float = 10.0):
        self.total, self.done = total, done
        self._bar = make_progress(total, done, sys.stderr, interval)
        self.t0 = time.monotonic()

    def __enter__(self) -> TuneProgress:
        self._bar.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        self._bar.__exit__(*exc)

    def advance(self, games: int) -> None:
        self.done += games
        self._bar.advance(games)

    def set_total(self, total: int) -> None:
        """The games still planned changed (the search ended under its share, a stage's
        runs may stop early): the time left is estimated against this."""
        self.total = max(total, self.done)
        inner = self._bar
        if hasattr(inner, "bar"):  # the rich bar
            inner.bar.update(inner.task, total=self.total)
        else:
            inner.total = self.total

    def for_run(self) -> Callable[[int, int], _RunView]:
        return lambda total, done=0: _RunView(self)

    def log(self, line: str) -> None:
        print(f"palace-lab: {line}", file=sys.stderr, flush=True)
