"""Reading the user's TOML and JSON files (rules, boards) with one-line errors.

The path is checked before it is read: only a regular file below MAX_BYTES, opened
without blocking, so a FIFO, a device such as /dev/zero or a huge file is one line,
never a hang or a full memory. A game's data-file validator checks the parsed tables with
the helpers at the end, which report through its `fail(problem)` (one line naming the file).
"""

from __future__ import annotations

import json
import os
import stat
import tomllib
from collections.abc import Callable, Mapping
from importlib import resources
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


def read_packaged_toml(package: str, name: str) -> Any:
    """Parse a TOML file shipped inside a package (a game's default data file)."""
    return tomllib.loads(resources.files(package).joinpath(name).read_text(encoding="utf-8"))


def check_table(
    data: Any, where: str, required: set[str], optional: set[str]
) -> Callable[[str], NoReturn]:
    """Check that a parsed data file is a table with the required keys and no others, and
    return the `fail(problem)` that raises "<where>: <problem>" for the checks that follow."""

    def fail(problem: str) -> NoReturn:
        raise InputError(f"{where}: {problem}")

    if not isinstance(data, Mapping):
        fail(f"the top level must be a table, got {type(data).__name__}")
    check_keys(data, required, optional, fail)
    return fail


def check_keys(
    data: Mapping, required: set[str], optional: set[str], fail: Callable[[str], NoReturn]
) -> None:
    """A table's missing keys, then its unknown ones, each as one sorted list."""
    missing = sorted(required - data.keys())
    extra = sorted(set(data) - required - optional)
    if missing:
        fail(f"missing key(s): {', '.join(missing)}")
    if extra:
        fail(f"unknown key(s): {', '.join(map(repr, extra))}")


def check_name(value: Any, what: str, fail: Callable[[str], NoReturn]) -> str:
    """A name shown in reports: a non-empty printable string."""
    if not isinstance(value, str) or not value.strip() or not value.isprintable():
        fail(f"{what} must be a non-empty printable string, got {value!r}")
    return value
