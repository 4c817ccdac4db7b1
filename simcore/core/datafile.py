"""Reading the user's TOML and JSON files (rules, boards) with one-line errors."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any, NoReturn

from simcore.core.errors import InputError


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict:
    """JSON keeps the last of two equal keys silently; TOML rejects them, so JSON must too."""
    out: dict = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(f"duplicate key {k!r}")
        out[k] = v
    return out


def read_data_file(path: str | Path, what: str) -> Any:
    """Parse a .toml or .json file; every failure is an InputError "<what> <path>: ..."."""
    path = Path(path)

    def fail(problem: str) -> NoReturn:
        raise InputError(f"{what} {path}: {problem}")

    suffix = path.suffix.lower()
    if suffix not in (".toml", ".json"):
        fail(f"unknown suffix {path.suffix!r}; use .toml or .json")
    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        fail("file not found")
    except UnicodeDecodeError:
        fail("not UTF-8 text")
    except OSError as e:
        fail(f"cannot read ({e.strerror or type(e).__name__})")
    try:
        if suffix == ".toml":
            return tomllib.loads(text)
        return json.loads(text, object_pairs_hook=_no_duplicate_keys)
    except RecursionError:
        fail("nested too deeply")
    except ValueError as e:  # TOMLDecodeError and JSONDecodeError are ValueErrors
        fail(f"invalid {suffix[1:].upper()}: {' '.join(str(e).split())}")
