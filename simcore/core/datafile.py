"""Reading the user's TOML and JSON files (rules, boards) with one-line errors.

The path is checked before it is read: only a regular file below MAX_BYTES, opened
without blocking, so a FIFO, a device such as /dev/zero or a huge file is one line,
never a hang or a full memory.
"""

from __future__ import annotations

import json
import os
import stat
import tomllib
from pathlib import Path
from typing import Any, NoReturn

from simcore.core.errors import InputError

MAX_BYTES = 1 << 20  # 1 MiB: a rules or board file is a few KiB


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict:
    """JSON keeps the last of two equal keys silently; TOML rejects them, so JSON must too."""
    out: dict = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(f"duplicate key {k!r}")
        out[k] = v
    return out


def read_limited(path: Path, fail) -> bytes:
    """The bytes of a regular file of at most MAX_BYTES; `fail(problem)` otherwise."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        fail("file not found")
    except OSError as e:
        fail(f"cannot read ({e.strerror or type(e).__name__})")
    if not stat.S_ISREG(st.st_mode):
        kind = "a directory" if stat.S_ISDIR(st.st_mode) else "not a regular file"
        fail(f"cannot read ({kind}); give a .toml or .json file")
    if st.st_size > MAX_BYTES:
        fail(f"{st.st_size:,} bytes; at most {MAX_BYTES:,} bytes (1 MiB) allowed")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as e:
        fail(f"cannot read ({e.strerror or type(e).__name__})")
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped since the stat above
            fail("cannot read (not a regular file); give a .toml or .json file")
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        fail(f"cannot read ({e.strerror or type(e).__name__})")
    finally:
        os.close(fd)
    if len(data) > MAX_BYTES:
        fail(f"more than {MAX_BYTES:,} bytes (1 MiB)")
    return data


def read_data_file(path: str | Path, what: str) -> Any:
    """Parse a .toml or .json file; every failure is an InputError "<what> <path>: ..."."""
    if not str(path):
        raise InputError(f"{what}: empty path")
    path = Path(path)

    def fail(problem: str) -> NoReturn:
        raise InputError(f"{what} {path}: {problem}")

    suffix = path.suffix.lower()
    if suffix not in (".toml", ".json"):
        fail(f"unknown suffix {path.suffix!r}; use .toml or .json")
    try:
        text = read_limited(path, fail).decode("utf-8")
    except UnicodeDecodeError:
        fail("not UTF-8 text")
    try:
        if suffix == ".toml":
            return tomllib.loads(text)
        return json.loads(text, object_pairs_hook=_no_duplicate_keys)
    except RecursionError:
        fail("nested too deeply")
    except ValueError as e:  # TOMLDecodeError and JSONDecodeError are ValueErrors
        fail(f"invalid {suffix[1:].upper()}: {' '.join(str(e).split())}")
