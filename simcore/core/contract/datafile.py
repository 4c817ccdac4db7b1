"""Reading the user's TOML and JSON files (rules, data files) with one-line errors, and a
game's named data files (`DataFile`: a board, a card table, a map...).

The path is checked before it is read: only a regular file below MAX_BYTES, opened
without blocking, so a FIFO, a device such as /dev/zero or a huge file is one line,
never a hang or a full memory. A game's data-file validator checks the parsed tables with
the helpers at the end, which report through its `fail(problem)` (one line naming the file).
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, NoReturn

import numpy as np

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


def check_list(value: Any, what: str, lo: int, hi: int, fail: Callable[[str], NoReturn]) -> list:
    """A list of lo..hi entries (`what` names them in the plural, "collection cards"): a
    collection a game cannot play without (lo >= 1) is refused when empty, one line."""
    if not isinstance(value, list):
        fail(f"{what} must be a list of {lo} to {hi}, got {type(value).__name__}")
    if len(value) > hi:
        fail(f"{len(value)} {what}; at most {hi}")
    if len(value) < lo:
        fail(f"{len(value)} {what}; at least {lo}")
    return value


@dataclass(frozen=True)
class DataFile:
    """One named data file of a game: `--data NAME=FILE` replaces the shipped default.

    `build(parsed, source)` validates a parsed file and returns the game's object (with
    `pack()` and `digest()`, plugin.GameData), raising InputError through the helpers
    above; the default is `default_file` in `package` (shipped as package data). A game
    with several data files packs them in declaration order into the one array its
    engine reads; each packs into `size` entries (a fixed size, so the engine's offsets
    of the later files are constants)."""

    name: str  # what users type: --data NAME=FILE (a game's first file also: --board FILE)
    label: str  # what messages call it: "board file", "card table"
    build: Callable[[Any, str], Any]
    package: str
    default_file: str = "default.toml"
    size: int = 0  # entries of the packed array (0: the game's only or last file)
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    def load(self, path: str | Path) -> Any:
        """Read and validate a .toml or .json file of this schema."""
        return self.build(read_data_file(path, self.label), str(path))

    def default(self) -> Any:
        """The shipped default (read once)."""
        if "default" not in self._cache:
            data = read_packaged_toml(self.package, self.default_file)
            where = f"{self.package.replace('.', '/')}/{self.default_file}"
            self._cache["default"] = self.build(data, where)
        return self._cache["default"]


@dataclass(frozen=True)
class NoData:
    """The data of a game without data files: packs to one zero."""

    def pack(self) -> np.ndarray:
        return np.zeros(1, dtype=np.int64)

    def digest(self) -> str:
        return hashlib.sha256(b"").hexdigest()


@dataclass(frozen=True)
class DataSet:
    """Several named data files as the one array an engine reads: packed in declaration
    order, each padded to its schema's `size` (the last one as it is)."""

    parts: tuple[tuple[DataFile, Any], ...]

    def __getitem__(self, name: str) -> Any:
        return next(obj for f, obj in self.parts if f.name == name)

    def pack(self) -> np.ndarray:
        arrays = []
        for i, (f, obj) in enumerate(self.parts):
            a = np.asarray(obj.pack(), dtype=np.int64)
            if f.size or i < len(self.parts) - 1:
                if a.size > f.size:
                    raise InputError(f"{f.label}: packs into {a.size} entries, at most {f.size}")
                a = np.concatenate([a, np.zeros(f.size - a.size, dtype=np.int64)])
            arrays.append(a)
        return np.concatenate(arrays)

    def digest(self) -> str:
        text = ";".join(f"{f.name}={obj.digest()}" for f, obj in self.parts)
        return hashlib.sha256(text.encode()).hexdigest()
