"""Checks of the output paths a user gives (--out, --report), made before any game is played.

A path is refused with one line (InputError) when it is empty, lies inside a run
directory, or when its nearest existing folder does not take new files (tried by
creating and removing a probe folder: permission bits say nothing for root, /proc
or a read-only mount).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from simcore.core.errors import InputError

MANIFEST = "manifest.json"
CHUNK_DIR = "chunks"
# Files beside a set of runs (jobs writes them, analyses reads them): the plan of a study,
# sweep or tournament, and a tournament's seatings.
PLAN = "plan.json"
SCHEDULE = "tournament.json"
# A tuning run (jobs.tune writes, analyses.tuning reads): its settings, the search's trials,
# the settings confirmed and the second-strategy check, each beside folders of runs.
TUNE = "tune.json"
TUNE_SEARCH = "search.json"
TUNE_CONFIRM = "confirm.json"
TUNE_CHECK = "check.json"


NAME_MAX = 255  # bytes of one file or folder name (Linux, every common file system)
PATH_MAX = 4096  # bytes of a whole path (Linux)
PATH_ROOM = 512  # bytes kept for what palace-lab writes inside an output folder


def shown_path(path: str | os.PathLike, most: int = 60) -> str:
    """A path as a message names it: a long one cut in the middle."""
    text = os.fspath(path)
    return text if len(text) <= most else f"{text[: most // 2 - 1]}…{text[-(most // 2 - 1) :]}"


def check_lengths(path: Path, option: str, derived: str | None = None) -> None:
    """InputError unless every name in `path` (and `derived`, a name palace-lab makes beside
    its last one) fits NAME_MAX bytes and the whole path, with room for what goes inside it,
    fits PATH_MAX bytes: the OS would refuse it only after some folders were made."""
    full = os.path.abspath(path)
    for name in [*Path(full).parts[1:], *([derived] if derived else [])]:
        size = len(name.encode("utf-8", "surrogateescape"))
        if size > NAME_MAX:
            what = "a file or folder name" if name != derived else "a name it writes beside it"
            raise InputError(f"{option} {shown_path(path)}: {what} of {size} bytes; at most "
                             f"{NAME_MAX} bytes per name")  # fmt: skip
    size = len(full.encode("utf-8", "surrogateescape"))
    if size + PATH_ROOM > PATH_MAX:
        raise InputError(f"{option} {shown_path(path)}: a path of {size:,} bytes; at most "
                         f"{PATH_MAX - PATH_ROOM:,} (the OS limit of {PATH_MAX} bytes less "
                         "room for the files inside)")  # fmt: skip


def require_path(text: str | os.PathLike | None, option: str) -> Path:
    """The path of an option's value; InputError for an empty value, a NUL byte, text that is
    not UTF-8 or a name or path too long for the OS."""
    value = os.fspath(text) if text is not None else ""
    if not value.strip():
        raise InputError(f"{option}: empty path; give a file or folder name")
    if "\0" in value:
        raise InputError(f"{option}: the path contains a NUL byte")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # bytes the locale could not decode: no manifest can record it
        shown = value.encode("utf-8", "replace").decode()
        raise InputError(f"{option} {shown}: the path is not valid UTF-8; rename it") from None
    check_lengths(Path(value), option)
    return Path(value)


def check_apart(root: Path, report: Path) -> None:
    """InputError unless a set of runs in `root` and a report page `report` (with its chart
    folder) can both be written: neither may be, or lie inside, the other (a report inside
    root is fine, where the runs' folders are checked by the caller)."""
    a = Path(os.path.abspath(root))
    page = Path(os.path.abspath(report))
    charts = page.parent / f"{page.stem}_charts"
    for p in (page, charts):
        if p == a or p in a.parents:
            raise InputError(f"--report {report}: it would be written where --out {root} goes; "
                             "choose another --report or --out")  # fmt: skip


def is_run_dir(folder: Path) -> bool:
    """A palace-lab run directory: manifest.json beside chunks/, or a run manifest."""
    manifest = folder / MANIFEST
    if not manifest.is_file():
        return False
    if (folder / CHUNK_DIR).is_dir():
        return True
    try:  # non-blocking, never through a symlink: a planted FIFO is no hang
        fd = os.open(manifest, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC)
        try:
            return b"palace-lab-run" in os.read(fd, 4096)
        finally:
            os.close(fd)
    except OSError:
        return True  # unreadable: rather refuse than write into someone's run


def run_dir_above(path: Path) -> Path | None:
    """The run directory that holds `path` (at any depth), if any."""
    for folder in Path(os.path.abspath(path)).parents:
        if is_run_dir(folder):
            return folder
    return None


def nearest_existing(path: Path) -> Path:
    """`path` or its nearest ancestor that exists."""
    path = Path(os.path.abspath(path))
    while not os.path.lexists(path) and path != path.parent:
        path = path.parent
    return path


def check_creatable(folder: Path, option: str, shown: Path | None = None) -> None:
    """InputError unless files can be created in `folder` (made if missing)."""
    base = nearest_existing(folder)
    name = shown if shown is not None else folder
    if not base.is_dir():
        raise InputError(f"{option} {name}: {base} is not a folder")
    try:
        os.rmdir(tempfile.mkdtemp(prefix=".palace-lab-probe-", dir=base))
    except OSError as e:
        why = e.strerror or type(e).__name__
        raise InputError(f"{option} {name}: cannot write in {base} ({why})") from None


def make_parents(folder: Path) -> list[Path]:
    """Create `folder` and missing ancestors; the folders created, outermost first."""
    missing = []
    folder = Path(os.path.abspath(folder))
    while not os.path.lexists(folder):
        missing.append(folder)
        folder = folder.parent
    missing.reverse()
    for f in missing:
        f.mkdir()
    return missing


def remove_empty(folders: list[Path]) -> None:
    """Undo make_parents as far as the folders are still empty."""
    for f in reversed(folders):
        try:
            f.rmdir()
        except OSError:
            break


def check_run_out(text: str | None, option: str = "--out") -> Path:
    """A run or study directory to create: not empty text, not inside a run, writable."""
    path = require_path(text, option)
    run = run_dir_above(path)
    if run is not None:
        raise InputError(f"{option} {path}: inside the run directory {run}; choose another")
    if os.path.lexists(path) and not path.is_dir():
        raise InputError(f"{option} {path}: exists and is not a folder")
    check_creatable(path, option, path)
    return path
