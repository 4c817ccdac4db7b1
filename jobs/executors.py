"""Where chunks are played: in-process, on local forked workers, or on a Dask cluster.

An executor runs task(spec, first_game, n_games) for a list of jobs and yields
(index, seconds, result) as chunks finish, in any order; results do not depend on
the executor because every game seeds itself from (seed, game index). Only a
few chunks are in flight at a time, so memory stays flat and a killed run loses
at most those chunks.
"""

from __future__ import annotations

import logging
import multiprocessing as mp
import os
import signal
import socket
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, CancelledError, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import suppress
from typing import Any

from jobs.parallel import default_workers, die_with_parent
from simcore.core.errors import InputError, WorkerLost

SCHEDULER_TIMEOUT = 10.0  # seconds to connect to a Dask scheduler and read its handshake
POLL = 1.0  # seconds between looks at the Dask cluster while no chunk finishes
PROBE = 5.0  # seconds the scheduler has to say how many worker threads it has
WORKER_GRACE = 20.0  # seconds without a worker (or a scheduler) before the run gives up
CLOSE_TIMEOUT = 5.0  # seconds to close the Dask client and a local cluster
Job = tuple[int, int, int]  # (chunk index, first game, games)
Done = tuple[int, float, Any]  # (chunk index, worker seconds, task result)
MAX_WORKERS = 1024


def timed_call(task: Callable, spec: Any, first: int, count: int) -> tuple[float, Any]:
    """task(spec, first, count) and its wall time on the worker."""
    t = time.perf_counter()
    result = task(spec, first, count)
    return time.perf_counter() - t, result


def _worker_init(parent: int) -> None:
    """Workers die with the parent and leave Ctrl-C to it, which stops the run cleanly."""
    die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


class LocalExecutor:
    """`workers` forked processes (1 = in this process).

    The pool is kept from one run to the next while the runs share a game, table size and
    driver (`fork_key`): a study's many short runs (a ladder step's seat arrangements, of
    ten games each) would otherwise fork and join a pool per round of chunks. Forking
    after the parent has compiled lets the workers inherit the compiled code; a worker
    that meets code it lacks loads it from the cache the parent has just written. A run
    that stops early (Ctrl-C, an error) shuts the pool down, as before."""

    def __init__(self, workers: int = 0):
        self.workers = workers or default_workers()
        self.label = f"{self.workers} local worker(s)"
        self.forks = self.workers > 1  # compile once in the parent, before forking
        self.local = True  # plays in this process or its forks: the parent can time a game
        self._pool: ProcessPoolExecutor | None = None
        self._key: tuple | None = None

    def close(self) -> None:
        self._drop()

    def _drop(self, cancel: bool = True) -> None:
        pool, self._pool, self._key = self._pool, None, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=cancel)

    def _pool_for(self, spec: Any) -> ProcessPoolExecutor:
        key = fork_key(spec)
        if self._pool is None or key != self._key:
            self._drop()
            ctx = mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=ctx,
                initializer=_worker_init,
                initargs=(os.getpid(),),
            )
            self._key = key
        return self._pool

    def run(self, task: Callable, spec: Any, jobs: Sequence[Job]) -> Iterator[Done]:
        if self.workers <= 1 or len(jobs) <= 1:
            for index, first, count in jobs:
                yield (index, *timed_call(task, spec, first, count))
            return
        pool = self._pool_for(spec)
        finished = False
        try:

            def submit(job: Job):
                return pool.submit(timed_call, task, spec, job[1], job[2])

            def wait_fn(fs):
                return wait(fs, return_when=FIRST_COMPLETED).done

            try:
                yield from _bounded(submit, jobs, 2 * self.workers, wait_fn)
            except BrokenProcessPool:
                raise WorkerLost(
                    "a local worker process died (killed, or out of memory?)"
                ) from None
            finished = True
        finally:
            if not finished:  # stopped early: nothing of this run keeps playing
                self._drop()


def fork_key(spec: Any) -> tuple:
    """What a forked worker inherits from the parent's compiling for a run: its game, table
    size and driver (a spec without these fields is keyed on its type alone)."""
    names = ("game", "n_players", "plugin_module", "driver_factory", "driver_extra")
    return (type(spec).__name__, *(repr(getattr(spec, n, None)) for n in names))


class DaskExecutor:
    """Chunks on a Dask distributed cluster (an existing scheduler, or a local one)."""

    def __init__(
        self, scheduler: str | None = None, workers: int = 0, timeout: float = SCHEDULER_TIMEOUT
    ):
        try:
            from distributed import Client, LocalCluster  # noqa: PLC0415
        except ImportError:  # pragma: no cover - dask[distributed] is a dependency
            raise InputError("--executor dask needs the 'distributed' package") from None
        _quiet_dask_logs()
        self.cluster = None
        if scheduler:
            _probe(scheduler, timeout)
            try:
                with _quiet_unraisable():
                    self.client = Client(scheduler, timeout=f"{timeout}s", set_as_default=False)
            except Exception as e:  # anything that answers but is no Dask scheduler
                why = type(e).__name__
                raise InputError(
                    f"--scheduler {scheduler}: no Dask scheduler there ({why})"
                ) from None
        else:
            self.cluster = LocalCluster(
                n_workers=workers or default_workers(),
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",
                dashboard_address=None,
                silence_logs=logging.CRITICAL,  # the workers' shutdown noise (CommClosedError)
            )
            self.client = Client(self.cluster, set_as_default=False)
        n = sum(w.get("nthreads", 1) for w in self.client.scheduler_info()["workers"].values())
        self.workers = max(1, n)
        where = scheduler or "a local Dask cluster"
        self.where = scheduler or "of the local Dask cluster"
        self.label = f"{self.workers} Dask thread(s) on {where}"
        self.forks = False  # Dask workers compile (or load the cache) once per process
        self.local = False

    def run(self, task: Callable, spec: Any, jobs: Sequence[Job]) -> Iterator[Done]:
        """Chunks as they finish. A lost worker whose chunk the scheduler cannot place
        elsewhere, no worker left for WORKER_GRACE seconds, or a scheduler that stops
        answering ends the run with WorkerLost (one line, the resume command), never a
        hang or a traceback."""
        from distributed import as_completed  # noqa: PLC0415
        from distributed.scheduler import KilledWorker  # noqa: PLC0415

        todo, flight, done = list(jobs)[::-1], {}, as_completed(loop=self.client.loop)
        idle_since: float | None = None
        try:
            while todo or flight:
                limit = 2 * max(1, self._threads())  # workers may come and go
                while todo and len(flight) < limit:
                    index, first, count = todo.pop()
                    f = self._call(self.client.submit, timed_call, task, spec, first, count,
                                   pure=False)  # fmt: skip
                    flight[f] = index
                    done.add(f)
                finished = self._wait(done)
                for f in finished:
                    index = flight.pop(f)
                    seconds, result = self._result(f, index, KilledWorker)
                    yield index, seconds, result
                if finished:
                    idle_since = None
                    continue
                idle_since = self._watch(idle_since)
        finally:
            if flight:
                with suppress(Exception):
                    self.client.cancel(list(flight))

    def _result(self, f, index: int, killed: type) -> Any:
        """A finished chunk's result; fetching it from a worker that died since makes the
        scheduler play it again, so it is waited for under the same watchdog."""
        idle_since = None
        while True:
            try:
                return f.result(timeout=POLL)
            except killed:
                raise WorkerLost(
                    f"Dask workers died while playing chunk {index} (killed, or out of memory?)"
                ) from None
            except TimeoutError:
                idle_since = self._watch(idle_since)
            except (CancelledError, OSError) as e:
                raise self._scheduler_lost(e) from None

    def _call(self, fn: Callable, *args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except (CancelledError, OSError, TimeoutError) as e:
            raise self._scheduler_lost(e) from None

    def _wait(self, done) -> list:
        """The futures finished within POLL seconds (as_completed has no timeout)."""
        deadline = time.monotonic() + POLL
        try:
            while True:
                batch = done.next_batch(block=False)
                if batch or time.monotonic() >= deadline:
                    return batch
                time.sleep(0.02)
        except (CancelledError, OSError, TimeoutError) as e:
            raise self._scheduler_lost(e) from None

    def _threads(self) -> int:
        """Worker threads the scheduler knows now (0 if it does not answer in PROBE s)."""
        try:
            return sum(self.client.nthreads(callback_timeout=PROBE).values())
        except Exception:  # noqa: BLE001 - unreachable: the watchdog decides
            return 0

    def _watch(self, idle_since: float | None) -> float | None:
        """Nothing finished: note since when no worker (or no scheduler) is there, and give
        up after WORKER_GRACE seconds."""
        if self.client.status == "running" and self._threads() > 0:
            return None
        now = time.monotonic()
        if idle_since is None:
            return now
        if now - idle_since < WORKER_GRACE:
            return idle_since
        if self.client.status != "running":
            raise self._scheduler_lost(None)
        raise WorkerLost(f"no Dask worker left on {self.where} for {WORKER_GRACE:g} s "
                         "(the workers were lost: killed, or out of memory?)")  # fmt: skip

    def _scheduler_lost(self, e: BaseException | None) -> WorkerLost:
        why = f" ({type(e).__name__})" if e is not None else ""
        return WorkerLost(f"lost the Dask scheduler {self.where}{why}")

    def close(self) -> None:
        """Close the client and a local cluster, quietly and within bounded time (a lost
        scheduler makes the client's close time out)."""
        with suppress(Exception):
            self.client.close(timeout=CLOSE_TIMEOUT)
        if self.cluster is not None:
            with suppress(Exception):
                self.cluster.close(timeout=CLOSE_TIMEOUT)


def _quiet_dask_logs() -> None:
    """distributed logs tracebacks when a worker or the scheduler goes away or the cluster
    shuts down (CommClosedError, "Failed to reconnect"; its event loop's "Task exception
    was never retrieved" through asyncio's logger); the run says what happened in one
    line instead."""
    names = [n for n in logging.root.manager.loggerDict if n.split(".")[0] == "distributed"]
    for name in ("distributed", "tornado", "asyncio", *names):  # each one has its own level
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def check_scheduler(address: str) -> tuple[str, int]:
    """(host, port) of a tcp:// or tls:// scheduler address; InputError for anything else
    (an http:// address would make the Dask client wait for its whole timeout)."""
    scheme, sep, location = address.partition("://")
    if not sep or scheme not in ("tcp", "tls"):
        raise InputError(
            f"--scheduler {address}: expected tcp://HOST:PORT or tls://HOST:PORT "
            "(the address `dask scheduler` prints)"
        )
    host, colon, port = location.rpartition(":")
    host = host.strip("[]")
    if not colon or not host or not port.isdigit() or not 1 <= int(port) <= 65535:
        raise InputError(
            f"--scheduler {address}: expected {scheme}://HOST:PORT with a port 1-65535"
        )
    return host, int(port)


def _probe(address: str, timeout: float = SCHEDULER_TIMEOUT) -> None:
    """Connect and read the scheduler's handshake within `timeout` seconds, so that a typo
    or a server that is not Dask (HTTP, ssh, ...) is one line, never a hang.

    A Dask scheduler speaks first: an 8-byte little-endian length, then that many bytes of
    frames holding a msgpack handshake ("compression", "pickle-protocol"); over tls:// the
    same, inside TLS with the Dask configuration's certificates (none configured: refused
    up front, where the Dask client would fail with a TypeError and a traceback on exit).
    """
    host, port = check_scheduler(address)
    tls = _tls_context(address) if address.startswith("tls://") else None
    deadline = time.monotonic() + timeout
    try:
        sock = socket.create_connection((host, port), timeout=timeout)
    except (OSError, UnicodeError) as e:
        why = getattr(e, "strerror", None) or type(e).__name__
        raise InputError(f"--scheduler {address}: cannot connect ({why})") from None
    not_dask = f"--scheduler {address}: answers, but is not a Dask scheduler"
    if tls is not None:
        try:
            sock = tls.wrap_socket(sock, server_hostname=host)  # the handshake, within timeout
        except (OSError, ValueError) as e:
            sock.close()
            why = getattr(e, "reason", None) or getattr(e, "strerror", None) or type(e).__name__
            raise InputError(f"{not_dask} (TLS: {why})") from None
    with sock:
        try:
            head = _recv_exactly(sock, 8, deadline)
            length = int.from_bytes(head, "little")
            if not 16 <= length <= 1 << 16:
                raise InputError(f"{not_dask} (no Dask handshake)")
            body = _recv_exactly(sock, length, deadline)
        except TimeoutError:
            raise InputError(
                f"{not_dask} (no handshake within {timeout:g} s; --scheduler-timeout)"
            ) from None
        except OSError as e:
            raise InputError(f"{not_dask} ({e.strerror or type(e).__name__})") from None
        if b"compression" not in body and b"pickle-protocol" not in body:
            raise InputError(f"{not_dask} (no Dask handshake)")


def _tls_context(address: str):
    """The client's TLS context from the Dask configuration; InputError when none is set."""
    from distributed.security import Security  # noqa: PLC0415

    try:
        ctx = Security().get_connection_args("client").get("ssl_context")
    except (OSError, ValueError) as e:  # a certificate file that is missing or not one
        why = getattr(e, "strerror", None) or type(e).__name__
        raise InputError(
            f"--scheduler {address}: the Dask TLS configuration fails ({why})"
        ) from None
    if ctx is None:
        raise InputError(
            f"--scheduler {address}: no TLS certificates in the Dask configuration "
            "(distributed.comm.tls.ca-file and .client.cert, e.g. DASK_DISTRIBUTED__COMM__TLS__"
            "CA_FILE); configure them or use tcp://"
        )
    return ctx


def _recv_exactly(sock: socket.socket, n: int, deadline: float) -> bytes:
    data = b""
    while len(data) < n:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        sock.settimeout(left)
        block = sock.recv(n - len(data))
        if not block:
            raise ConnectionResetError(0, "closed the connection")
        data += block
    return data


class _quiet_unraisable:
    """A Dask Client that failed to connect complains from __del__ ("Exception ignored
    ..."); the one-line refusal says all there is to say."""

    def __enter__(self):
        import sys  # noqa: PLC0415

        self.old = sys.unraisablehook
        sys.unraisablehook = lambda info: None
        return self

    def __exit__(self, *exc):
        import gc  # noqa: PLC0415
        import sys  # noqa: PLC0415

        if exc[0] is not None:
            gc.collect()  # the failed client's __del__ runs now, silenced
        sys.unraisablehook = self.old


def _bounded(submit: Callable, jobs: Sequence[Job], limit: int, wait_fn: Callable):
    """Keep at most `limit` jobs in flight; yield (index, seconds, result) as they finish.

    On exit (also Ctrl-C or an error) futures not yet started are cancelled.
    """
    todo = list(jobs)[::-1]
    flight: dict[Any, int] = {}
    try:
        while todo or flight:
            while todo and len(flight) < limit:
                job = todo.pop()
                flight[submit(job)] = job[0]
            for f in wait_fn(flight):
                index = flight.pop(f)
                seconds, result = f.result()
                yield index, seconds, result
    finally:
        for f in flight:
            f.cancel()


def make_executor(
    kind: str, workers: int = 0, scheduler: str | None = None, timeout: float = SCHEDULER_TIMEOUT
):
    """An executor by name: 'local' or 'dask' (`timeout`: seconds to reach a scheduler)."""
    if not (isinstance(timeout, (int, float)) and 0 < timeout <= 3600):
        raise InputError(f"--scheduler-timeout must be 0 to 3600 seconds (above 0), got {timeout}")
    if not 0 <= workers <= MAX_WORKERS:
        raise InputError(f"--workers must be 0 (all cores) to {MAX_WORKERS}, got {workers}")
    if scheduler is not None and kind == "dask":
        check_scheduler(scheduler)  # before the Dask import, which takes seconds
    if kind == "local":
        if scheduler is not None:
            raise InputError("--scheduler needs --executor dask")
        return LocalExecutor(workers)
    if kind == "dask":
        return DaskExecutor(scheduler, workers, timeout)
    raise InputError(f"unknown --executor '{kind}'; use local or dask")
