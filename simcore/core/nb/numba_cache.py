"""Point numba's cache at a directory keyed by a fingerprint of our sources.

numba invalidates a cached function only when its own file changes, yet our
jitted code folds constants from other modules (state offsets, enums). A change
to layout.py would otherwise leave stale machine code reading wrong offsets.
Keying the cache directory on the contents of every source file makes any edit
start a fresh cache. An explicit NUMBA_CACHE_DIR from the user is respected.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[3]
_PACKAGES = ("simcore", "strategies")


def source_fingerprint() -> str:
    """Hash of every .py file of the jitted packages (names and contents)."""
    h = hashlib.sha256()
    for pkg in _PACKAGES:
        for path in sorted((_ROOT / pkg).rglob("*.py")):
            h.update(str(path.relative_to(_ROOT)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


def configure() -> None:
    """Set numba's cache directory before any jitted module is imported."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return
    base = os.environ.get("PALACE_LAB_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "palace-lab"
    )
    path = os.path.join(base, "numba", source_fingerprint())
    os.environ["NUMBA_CACHE_DIR"] = path
    try:
        import numba.core.config as numba_config  # noqa: PLC0415

        numba_config.CACHE_DIR = path
    except ImportError:  # pragma: no cover - numba is a hard dependency
        pass
