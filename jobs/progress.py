"""Progress of a run: a live bar on a terminal, plain periodic lines elsewhere (CI, clusters).

Both show games done, games per second (this session), the time elapsed and the time
remaining (worded so, never a bare clock that could read as either).
"""

from __future__ import annotations

import sys
import time
from typing import TextIO


class LogProgress:
    """One line every `interval` seconds and one at the end, for logs."""

    def __init__(self, total: int, done: int = 0, stream: TextIO | None = None, interval=10.0):
        self.total, self.done, self.start_done = total, done, done
        self.stream = stream or sys.stderr
        self.interval = interval
        self.t0 = self.last = time.monotonic()

    def __enter__(self) -> LogProgress:
        return self

    def __exit__(self, *exc) -> None:
        if exc[0] is None:
            self._line()

    def advance(self, games: int) -> None:
        self.done += games
        t = time.monotonic()
        if t - self.last >= self.interval:
            self.last = t
            self._line()

    def _line(self) -> None:
        elapsed = max(time.monotonic() - self.t0, 1e-9)
        rate = (self.done - self.start_done) / elapsed
        left = f"{(self.total - self.done) / rate:,.0f} s" if rate > 0 else "? s"
        pct = self.done / self.total if self.total else 1.0
        print(
            f"palace-lab: {self.done:,}/{self.total:,} games ({pct:.0%}), "
            f"{rate:,.0f} games/s, elapsed {elapsed:,.0f} s, remaining {left}",
            file=self.stream,
            flush=True,
        )


class BarProgress:
    """A rich progress bar (games, games/s, time left) on the terminal's stderr."""

    def __init__(self, total: int, done: int = 0):
        from rich.console import Console  # noqa: PLC0415
        from rich.progress import (  # noqa: PLC0415
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TaskProgressColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.bar = Progress(
            TextColumn("games"),
            BarColumn(),
            MofNCompleteColumn(),
            TaskProgressColumn(),
            TextColumn("{task.fields[rate]} games/s"),
            TextColumn("elapsed"),
            TimeElapsedColumn(),
            TextColumn("remaining"),
            TimeRemainingColumn(),
            console=Console(stderr=True),
        )
        self.task = self.bar.add_task("run", total=total, completed=done, rate="-")
        self.start_done = done
        self.t0 = time.monotonic()

    def __enter__(self) -> BarProgress:
        self.bar.start()
        return self

    def __exit__(self, *exc) -> None:
        self.bar.stop()

    def advance(self, games: int) -> None:
        self.bar.advance(self.task, games)
        done = self.bar.tasks[0].completed - self.start_done
        rate = done / max(time.monotonic() - self.t0, 1e-9)
        self.bar.update(self.task, rate=f"{rate:,.0f}")


def make_progress(total: int, done: int = 0, stream: TextIO | None = None, interval=10.0):
    """A bar if stderr is a terminal, else periodic log lines."""
    stream = stream or sys.stderr
    if stream.isatty():
        return BarProgress(total, done)
    return LogProgress(total, done, stream, interval)


COMPILED = "compiled in {took:.0f} s (cached for later runs)"


class slow_notice:  # noqa: N801 (a context manager used like a function)
    """Say what is happening if it takes longer than `after` seconds: a spinner on a
    terminal, one line elsewhere. Used around the first compile of the engine and the
    strategies, which is silent and can take a minute on a fresh machine, and around the
    timing of a run's first games (a large search budget makes one game slow). `done`,
    formatted with `took`, is printed at the end if the notice was shown (None: nothing)."""

    def __init__(self, text: str, after: float = 2.0, stream: TextIO | None = None,
                 done: str | None = COMPILED):  # fmt: skip
        self.text, self.after, self.done = text, after, done
        self.stream = stream or sys.stderr
        self._status = None
        self._timer = None
        self._t0 = 0.0

    def __enter__(self) -> slow_notice:
        import threading  # noqa: PLC0415

        self._t0 = time.monotonic()
        self._timer = threading.Timer(self.after, self._show)
        self._timer.daemon = True
        self._timer.start()
        return self

    def _show(self) -> None:
        if self.stream.isatty():
            from rich.console import Console  # noqa: PLC0415

            self._status = Console(file=self.stream).status(f"palace-lab: {self.text}")
            self._status.start()
        else:
            print(f"palace-lab: {self.text} ...", file=self.stream, flush=True)

    def __exit__(self, *exc) -> None:
        self._timer.cancel()
        if self._status is not None:
            self._status.stop()
        if time.monotonic() - self._t0 >= self.after and exc[0] is None and self.done:
            took = time.monotonic() - self._t0
            print(f"palace-lab: {self.done.format(took=took)}", file=self.stream, flush=True)
