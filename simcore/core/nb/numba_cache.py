"""Point numba's cache at palace-lab's cache directory, each function stamped with the
sources it depends on.

numba invalidates a cached function only when its own file changes, yet our jitted code
folds constants and links functions from the modules it imports (state offsets, enums,
the engine): a change to layout.py would otherwise leave stale machine code reading wrong
offsets. Each cached function is stamped instead with the hash of its file and of every
module that file imports, transitively (simcore/core/nb/source_closure.py, installed by
numba_compat.install_cache_locator): an edit recompiles the functions of the modules
that import the edited one, and nothing of another game. A stale entry is written over
in place, so the directory does not grow with edits. An explicit NUMBA_CACHE_DIR from
the user is respected (and stamped the same way).
"""

from __future__ import annotations

import os

from simcore.core.nb import source_closure


def cache_base() -> str:
    """palace-lab's cache directory: $PALACE_LAB_CACHE, else the user's cache."""
    return os.environ.get("PALACE_LAB_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "palace-lab"
    )


def stamp(file: str) -> str:
    """A cached function's freshness: its file's import closure (memoised per process)."""
    return source_closure.shared().key(file)


def configure() -> None:
    """Set numba's cache directory and stamp before any jitted module is imported."""
    from simcore.core.nb.numba_compat import install_cache_locator  # noqa: PLC0415

    install_cache_locator(stamp)
    if os.environ.get("NUMBA_CACHE_DIR"):
        return
    path = os.path.join(cache_base(), "numba-closure")
    os.environ["NUMBA_CACHE_DIR"] = path
    try:
        import numba.core.config as numba_config  # noqa: PLC0415

        numba_config.CACHE_DIR = path
    except ImportError:  # pragma: no cover - numba is a hard dependency
        pass
