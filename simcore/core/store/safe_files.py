"""Files inside folders palace-lab writes (runs, studies, sweeps, tournaments, tunings).

Such a folder may be shared or downloaded, so anyone may have planted a name in it. Writes
go to a new file made with O_CREAT|O_EXCL|O_NOFOLLOW under an unpredictable name in the
same folder and are renamed into place; a final name that is a symlink, FIFO, device or
folder is refused with one line (InputError), never written through or deleted. Reads
open with O_NONBLOCK|O_NOFOLLOW, check with fstat that the file is a regular one and no
larger than the caller's limit, and read at most that many bytes, so a FIFO, /dev/zero or
a huge file is one line, never a hang or a full memory.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import secrets
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

from simcore.core.errors import InputError

SMALL = 1 << 20  # 1 MiB: plans, schedules, tuning settings and state, stamps, caches' meta
_DIR = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC
_READ = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
_NEW = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
_TMP = re.compile(r"\.(.+)\.[0-9a-f]{12}\.tmp")


def _kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "a symlink"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _why(e: OSError) -> str:
    return e.strerror or type(e).__name__


def check_plain(path: Path) -> bool:
    """True if `path` is a regular file, False if it does not exist; InputError (one line)
    for a symlink, FIFO, device or folder planted under that name."""
    return _is_kind(path, stat.S_ISREG, "a file palace-lab wrote")


def check_folder(path: Path) -> bool:
    """True if `path` is a real folder, False if missing; InputError for a symlink or file."""
    return _is_kind(path, stat.S_ISDIR, "a folder palace-lab made")


def _is_kind(path: Path, test: Callable[[int], bool], what: str) -> bool:
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return False
    except OSError as e:
        raise InputError(f"{path}: cannot read ({_why(e)})") from None
    if not test(mode):
        raise InputError(f"{path} is {_kind(mode)}, not {what}; refused")
    return True


def make_folder(path: Path) -> None:
    """Create `path` (its parent must exist) or accept it if it is a real folder."""
    try:
        os.mkdir(path, 0o755)
    except FileExistsError:
        pass
    check_folder(path)


def tmp_name(name: str) -> str:
    """An unpredictable temporary name beside `name` (nobody can plant it in advance)."""
    return f".{name}.{secrets.token_hex(6)}.tmp"


def is_tmp_of(temp: str, name: str) -> bool:
    m = _TMP.fullmatch(temp)
    return m is not None and m.group(1) == name


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def write_atomic(
    path: str | os.PathLike, data: bytes, mode: int = 0o644, writer: Callable = write_all
) -> None:
    """Replace `path` by `data` atomically: a new file (O_EXCL|O_NOFOLLOW) in its folder,
    then a rename. InputError if the current `path` is not a regular file; OSError (disk
    full, ...) is raised again after the temporary file is removed."""
    path = Path(path)
    dfd = os.open(path.parent, _DIR)
    try:
        write_atomic_at(dfd, path.name, data, path, mode, writer)
    finally:
        os.close(dfd)


def write_atomic_at(
    dfd: int, name: str, data: bytes, shown: Path, mode: int = 0o644, writer: Callable = write_all
) -> None:
    """write_atomic of `name` in the folder open as `dfd` (`shown` names it in errors)."""
    try:
        mode_now = os.lstat(name, dir_fd=dfd).st_mode
    except FileNotFoundError:
        mode_now = None
    if mode_now is not None and not stat.S_ISREG(mode_now):
        raise InputError(f"{shown} is {_kind(mode_now)}, not a file palace-lab wrote; refused")
    tmp = tmp_name(name)
    fd = os.open(tmp, _NEW, mode, dir_fd=dfd)
    try:
        try:
            writer(fd, data)
        finally:
            os.close(fd)
        os.replace(tmp, name, src_dir_fd=dfd, dst_dir_fd=dfd)
    except BaseException:
        try:
            os.unlink(tmp, dir_fd=dfd)
        except OSError:
            pass
        raise


def write_json(path: str | os.PathLike, obj: Any) -> None:
    """`obj` as standard JSON (no NaN or Infinity), written with write_atomic."""
    try:
        text = json.dumps(obj, indent=1, allow_nan=False)
    except ValueError:
        raise InputError(f"{path}: a value is NaN or infinite; use finite numbers") from None
    write_atomic(path, (text + "\n").encode())


def read_bounded(path: str | os.PathLike, limit: int = SMALL, what: str = "file") -> bytes:
    """The bytes of a regular file of at most `limit` bytes; InputError (one line) for a
    missing file, a symlink, FIFO, device or folder, or a larger file. Never blocks."""
    path = Path(path)
    try:
        fd = os.open(path, _READ)
    except FileNotFoundError:
        raise InputError(f"{path}: missing") from None
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise InputError(f"{path} is a symlink; refused") from None
        raise InputError(f"{path}: cannot read ({_why(e)})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise InputError(f"{path} is {_kind(st.st_mode)}, not a {what}; refused")
        if st.st_size > limit:
            raise InputError(f"{path}: {st.st_size:,} bytes, larger than a {what} can be "
                             f"({limit:,} bytes); refused")  # fmt: skip
        chunks, left = [], limit + 1
        while left > 0:
            try:
                block = os.read(fd, min(left, 1 << 20))
            except OSError as e:
                raise InputError(f"{path}: cannot read ({_why(e)})") from None
            if not block:
                break
            chunks.append(block)
            left -= len(block)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise InputError(f"{path}: grew beyond {limit:,} bytes while read; refused")
    return data


def refuse_constant(name: str) -> Any:
    """json's parse_constant: NaN and Infinity are not standard JSON numbers."""
    raise ValueError(f"{name} is not a number in standard JSON")


def finite_float(text: str) -> float:
    """json's parse_float: a number that overflows to infinity is refused."""
    v = float(text)
    if not math.isfinite(v):
        raise ValueError(f"{text} is too large for a number")
    return v


def parse_json(raw: bytes, where: str) -> Any:
    """Standard JSON from UTF-8 bytes (no NaN, Infinity or overflow); InputError otherwise."""
    try:
        return json.loads(
            raw.decode("utf-8"), parse_constant=refuse_constant, parse_float=finite_float
        )
    except (ValueError, RecursionError) as e:
        text = " ".join(str(e).split())[:100]
        raise InputError(f"{where}: not valid JSON ({text or type(e).__name__})") from None


def read_json(path: str | os.PathLike, limit: int = SMALL, what: str = "file") -> Any:
    """read_bounded + parse_json."""
    return parse_json(read_bounded(path, limit, what), str(path))


def remove_file(path: Path) -> None:
    """Delete `path` if it is a regular file (never a symlink's target or anything else)."""
    try:
        if stat.S_ISREG(os.lstat(path).st_mode):
            os.unlink(path)
    except FileNotFoundError:
        pass


_PART = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.,=+-]{0,199}")


def inside(root: str | os.PathLike, name: Any, where: str) -> Path:
    """root/name for a folder name read from a file: relative parts of plain letters
    only (no `..`, no absolute path, no hidden name), else InputError naming `where`."""
    parts = name.split("/") if isinstance(name, str) else []
    if not parts or not all(_PART.fullmatch(p) and p not in (".", "..") for p in parts):
        raise InputError(f"{where}: {str(name)[:40]!r} is not a folder inside {root}; refused")
    return Path(root, *parts)


def file_sha256(path: str | os.PathLike, limit: int) -> str | None:
    """SHA-256 of a regular file of at most `limit` bytes (streamed), None for anything
    else (missing, symlink, FIFO, device, folder, larger). Never blocks."""
    import hashlib  # noqa: PLC0415

    try:
        fd = os.open(path, _READ)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > limit:
            return None
        h, left = hashlib.sha256(), limit + 1
        while left > 0:
            block = os.read(fd, min(left, 1 << 20))
            if not block:
                break
            h.update(block)
            left -= len(block)
        return h.hexdigest() if left > 0 else None
    except OSError:
        return None
    finally:
        os.close(fd)
