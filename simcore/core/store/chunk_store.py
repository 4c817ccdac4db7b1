"""Chunk files of a run directory: one Parquet file per chunk, written atomically, confined.

A chunk is written under a temporary name and renamed into place, so a file
with the final name is always whole; a crash leaves at most a temporary file,
which the next resume deletes. Chunk paths are never taken from a manifest:
chunk `i` lives at chunk_file(i), and every file is opened through the `chunks`
folder's descriptor with O_NOFOLLOW, so a symlinked folder or file (or a path
with `..`) can neither be written through nor read.
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from simcore.core.errors import InputError
from simcore.core.store.safe_files import is_tmp_of, write_all, write_atomic_at

CHUNK_DIR = "chunks"
_OLD_TMP = re.compile(r"\.tmp-chunk-\d{6,}\.parquet\.\d+")  # what earlier versions left
_CHUNK = re.compile(r"chunk-\d{6,}\.parquet")
_write_all = write_all  # tests replace it (a full disk)
_NOFOLLOW_DIR = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_BLOCK = 1 << 20


def chunk_name(index: int) -> str:
    return f"chunk-{index:06d}.parquet"


def chunk_file(index: int) -> str:
    """Path of chunk `index`, relative to the run directory."""
    return f"{CHUNK_DIR}/{chunk_name(index)}"


def chunk_plan(n_games: int, size: int) -> list[dict]:
    """The manifest's chunk list for games 0 .. n_games - 1, every chunk pending."""
    return [
        {
            "index": i,
            "first_game": first,
            "n_games": min(size, n_games - first),
            "file": chunk_file(i),
            "status": "pending",
            "seconds": 0.0,
        }
        for i, first in enumerate(range(0, n_games, size))
    ]


def plan_entry(index: int, n_games: int, size: int) -> tuple[int, int]:
    """(first_game, n_games) of chunk `index` in chunk_plan(n_games, size), without the list."""
    first = index * size
    return first, min(size, n_games - first)


def plan_length(n_games: int, size: int) -> int:
    return -(-n_games // size)


@contextmanager
def chunk_dir_fd(run_dir: Path) -> Iterator[int]:
    """A descriptor of run_dir/chunks, refusing a symlink (OSError ELOOP/ENOTDIR otherwise)."""
    fd = os.open(Path(run_dir) / CHUNK_DIR, _NOFOLLOW_DIR)
    try:
        yield fd
    finally:
        os.close(fd)


def check_chunk_paths(run_dir: Path, n_chunks: int, where: str) -> None:
    """InputError (one line) if chunks/ or any chunk file is a symlink or not a regular file.

    A missing file is fine here (pending, or reported by the checksum check).
    """
    folder = Path(run_dir) / CHUNK_DIR
    try:
        st = os.lstat(folder)
    except FileNotFoundError:
        return
    except OSError as e:
        raise InputError(f"{where}: cannot read {folder} ({e.strerror})") from None
    if stat.S_ISLNK(st.st_mode):
        raise InputError(f"{where}: {folder} is a symlink; a run's chunks must be inside it")
    if not stat.S_ISDIR(st.st_mode):
        raise InputError(f"{where}: {folder} is not a directory")
    try:
        names = set(os.listdir(folder))
    except OSError as e:
        raise InputError(f"{where}: cannot list {folder} ({e.strerror})") from None
    for i in range(n_chunks):
        name = chunk_name(i)
        if name not in names:
            continue
        mode = os.lstat(folder / name).st_mode
        if stat.S_ISLNK(mode):
            raise InputError(f"{where}: chunks[{i}] {chunk_file(i)} is a symlink; refused")
        if not stat.S_ISREG(mode):
            raise InputError(f"{where}: chunks[{i}] {chunk_file(i)} is not a regular file")


def write_chunk(run_dir: Path, index: int, data: bytes) -> None:
    """Write chunk `index` atomically (safe_files.write_atomic_at): a new temporary file in
    chunks/, then a rename. On any error the temporary file is removed and the previous
    file (if any) is left as it was; the OSError is raised again for the runner to report.
    """
    with chunk_dir_fd(run_dir) as dfd:
        shown = Path(run_dir) / chunk_file(index)
        write_atomic_at(dfd, chunk_name(index), data, shown, writer=_write_all)


def chunk_digest(run_dir: Path, index: int) -> tuple[str | None, str | None]:
    """(sha256 hex, None) of chunk `index`, streamed; or (None, problem) when it cannot be
    read: "missing", "is a symlink", "is not a regular file", "unreadable (...)".
    """
    try:
        with chunk_dir_fd(run_dir) as dfd:
            flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
            fd = os.open(chunk_name(index), flags, dir_fd=dfd)
    except FileNotFoundError:
        return None, "missing"
    except OSError as e:
        if e.errno in (errno.ELOOP, errno.ENOTDIR):
            return None, "is a symlink (or chunks/ is); refused"
        return None, f"unreadable ({e.strerror})"
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            return None, "is not a regular file"
        h = hashlib.sha256()
        try:
            while block := f.read(_BLOCK):
                h.update(block)
        except OSError as e:
            return None, f"unreadable ({e.strerror})"
    return h.hexdigest(), None


@contextmanager
def open_chunk(run_dir: Path, index: int) -> Iterator:
    """Chunk `index` as a binary file object, opened without following symlinks."""
    with chunk_dir_fd(run_dir) as dfd:
        flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
        fd = os.open(chunk_name(index), flags, dir_fd=dfd)
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file")
        yield f


def chunk_rows_of(data: bytes) -> int:
    """Rows of a chunk given as Parquet bytes (its footer)."""
    import pyarrow as pa  # noqa: PLC0415
    import pyarrow.parquet as pq  # noqa: PLC0415

    return pq.read_metadata(pa.BufferReader(data)).num_rows


def remove_temporaries(run_dir: Path) -> None:
    """Delete half-written chunk files left by a killed run (only names write_chunk makes)."""
    folder = Path(run_dir) / CHUNK_DIR
    try:
        with chunk_dir_fd(run_dir) as dfd:
            for name in os.listdir(dfd):
                if _OLD_TMP.fullmatch(name) or _tmp_of_chunk(name):
                    if stat.S_ISREG(os.lstat(name, dir_fd=dfd).st_mode):
                        os.unlink(name, dir_fd=dfd)
    except FileNotFoundError:
        return
    except OSError as e:
        raise InputError(f"{folder}: cannot clean up temporary files ({e.strerror})") from None


def _tmp_of_chunk(name: str) -> bool:
    base = name[1:].rsplit(".", 2)[0] if name.startswith(".") else ""
    return bool(_CHUNK.fullmatch(base)) and is_tmp_of(name, base)
