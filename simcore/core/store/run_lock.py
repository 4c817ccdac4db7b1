"""One writer per run directory: an exclusive, non-blocking flock on DIR/.lock.

A second `run --resume` (or a run into the same new directory) gets one line naming
the process that holds the lock, and exit 2. The kernel drops the lock when the
holder exits, however it exits, so a killed run never leaves a stale lock. The
.lock file itself is kept (deleting a lock file under flock races with a waiter);
it holds the pid of the last writer.
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat
from pathlib import Path

from simcore.core.errors import InputError

LOCK = ".lock"


class RunLock:
    """The held lock of one run directory; release() (or process exit) lets it go."""

    def __init__(self, run_dir: Path):
        self.run_dir = Path(run_dir)
        path = self.run_dir / LOCK
        flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
        try:
            self.fd = os.open(path, flags, 0o644)
        except OSError as e:
            if e.errno == errno.ELOOP:
                raise InputError(f"{path} is a symlink; refused") from None
            raise InputError(f"{path}: cannot open the run's lock ({e.strerror})") from None
        st = os.fstat(self.fd)
        if not stat.S_ISREG(st.st_mode) or st.st_nlink != 1:  # never write into a linked file
            os.close(self.fd)
            what = "a hard link" if stat.S_ISREG(st.st_mode) else "not a regular file"
            raise InputError(f"{path} is {what}, not the run's own lock file; refused")
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as e:
            pid = _read_pid(self.fd)
            os.close(self.fd)
            if e.errno in (errno.EWOULDBLOCK, errno.EAGAIN):
                raise InputError(busy(self.run_dir, pid or 0)) from None
            raise InputError(f"{path}: cannot lock ({e.strerror})") from None
        os.ftruncate(self.fd, 0)
        os.pwrite(self.fd, f"{os.getpid()}\n".encode(), 0)

    def release(self) -> None:
        if self.fd >= 0:
            fcntl.flock(self.fd, fcntl.LOCK_UN)
            os.close(self.fd)
            self.fd = -1


def busy(run_dir: Path, pid: int) -> str:
    """The refusal when another process holds the lock (pid 0: unknown)."""
    who = f" (pid {pid})" if pid else ""
    return (
        f"{run_dir} is being written by another palace-lab process{who}; "
        "wait for it to finish or stop it"
    )


def _read_pid(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def holder(run_dir: Path) -> int | None:
    """Pid of a process holding the run's lock now (0 if its pid is unknown), None if free."""
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC  # a FIFO: no hang
    try:
        fd = os.open(Path(run_dir) / LOCK, flags)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None  # not a lock anybody holds (RunLock refuses it)
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        return _read_pid(fd) or 0
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)
