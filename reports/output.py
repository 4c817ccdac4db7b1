"""Writing a report safely: a page and its chart folder, never over anything else.

The page and `<stem>_charts/` are written under new temporary names in the target
folder and swapped in at the end, so a failure leaves the previous report whole.
The page carries a generator meta tag and the chart folder a stamp file listing
the PNGs it holds; an existing page or chart folder is replaced only when it bears
these marks, and of an old chart folder only the files its stamp lists are deleted.
Anything else (a user's page, a folder without the stamp or with other files, a
directory, a path inside a run directory, a suffix other than .html) is refused
with one line before anything is written.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from simcore.core.errors import InputError
from simcore.core.outpaths import (
    check_creatable,
    make_parents,
    remove_empty,
    require_path,
    run_dir_above,
)

META = '<meta name="generator" content="palace-lab">'
STAMP = ".palace-lab-report"
VERDICT_SUFFIX = ".verdict.json"  # report.html -> report.verdict.json (reports/verdict_card.py)
_HEAD = re.compile(r"<head[^>]*>", re.IGNORECASE)


def chart_dir(page: Path) -> Path:
    return page.parent / f"{page.stem}_charts"


def side_file(page: Path, suffix: str) -> Path:
    """A file written beside the page and named after it (`report.verdict.json`)."""
    return page.parent / f"{page.stem}{suffix}"


def is_side_file(path: Path) -> bool:
    """True for a side file palace-lab wrote (a JSON object with its generator field)."""
    try:
        if path.is_symlink() or not path.is_file() or path.stat().st_size > 1 << 26:
            return False
        return json.loads(path.read_text(encoding="utf-8")).get("generator") == "palace-lab"
    except (OSError, ValueError, AttributeError):
        return False


def is_report_page(page: Path) -> bool:
    """True for a page palace-lab wrote (its generator tag is in the first 64 KiB)."""
    try:
        with open(page, "rb") as f:
            return META.encode() in f.read(1 << 16)
    except OSError:
        return False


def old_chart_files(folder: Path, option: str = "--out") -> list[Path]:
    """The files of a previous report's chart folder (its stamp last); InputError unless
    the folder is a real directory holding the stamp and only the files it lists."""
    refuse = f"{option}: {folder} is not a palace-lab chart folder"
    if folder.is_symlink() or not folder.is_dir():
        raise InputError(f"{refuse} (not a plain folder); move it or choose another --out")
    stamp = folder / STAMP
    try:
        if stamp.is_symlink() or stamp.stat().st_size > 1 << 16:
            raise ValueError
        listed = json.loads(stamp.read_text(encoding="utf-8"))["files"]
        if not all(isinstance(n, str) and n and "/" not in n and n[0] != "." for n in listed):
            raise ValueError
    except (OSError, ValueError, KeyError, TypeError):
        raise InputError(f"{refuse} (no {STAMP} stamp); move it or choose another --out") from None
    files = []
    for p in folder.iterdir():
        if p.name == STAMP:
            continue
        if p.name not in listed or p.is_symlink() or not p.is_file():
            raise InputError(
                f"{option}: {folder} holds {p.name}, which the report did not write; "
                "move it or choose another --out"
            )
        files.append(p)
    return [*files, stamp]


def check_report_target(text: str | os.PathLike | None, option: str = "--out") -> Path:
    """The page path, checked before any work: InputError for anything it must not replace."""
    page = require_path(text, option)
    if page.suffix.lower() != ".html":
        raise InputError(f"{option} {page}: a report is an .html file")
    run = run_dir_above(page)
    if run is not None:
        raise InputError(f"{option} {page}: inside the run directory {run}; choose another")
    if os.path.lexists(page):
        if page.is_symlink():
            raise InputError(f"{option} {page}: is a symbolic link; choose another")
        if page.is_dir():
            raise InputError(f"{option} {page}: is a folder; give a file name ending in .html")
        if not page.is_file() or not is_report_page(page):
            raise InputError(
                f"{option} {page}: exists and is not a palace-lab report; move it or choose another"
            )
    charts = chart_dir(page)
    if os.path.lexists(charts):
        old_chart_files(charts, option)
    side = side_file(page, VERDICT_SUFFIX)
    if os.path.lexists(side) and not is_side_file(side):
        raise InputError(f"{option} {page}: {side.name} exists and is not palace-lab's verdict "
                         "file; move it or choose another")  # fmt: skip
    check_creatable(page.parent, option, page)
    return page


def _with_generator(html: str) -> str:
    if META in html:
        return html
    m = _HEAD.search(html)
    if m is None:
        return META + "\n" + html
    return html[: m.end()] + "\n" + META + html[m.end() :]


def write_report(out: str | os.PathLike, build: Callable[[Path], str],
                 side: dict[str, str] | None = None) -> list[Path]:  # fmt: skip
    """`build(png_dir)` draws the charts into a temporary folder and returns the page;
    then `out` and `<stem>_charts/` are swapped in. `side`: suffix -> text of files written
    beside the page after it (the verdict file), each under a temporary name and swapped in.
    Returns the PNGs."""
    page = check_report_target(out)
    charts = chart_dir(page)
    created = make_parents(page.parent)
    tmp_dir = tmp_page = aside = None
    swapped = False
    try:
        tmp_dir = Path(tempfile.mkdtemp(prefix=f".{page.stem}_charts.", dir=page.parent))
        from .charts import pngs_aside  # noqa: PLC0415  (matplotlib: only when drawing)

        with pngs_aside():
            html = _with_generator(build(tmp_dir))
        names = sorted(p.name for p in tmp_dir.iterdir())
        (tmp_dir / STAMP).write_text(
            json.dumps({"generator": "palace-lab", "page": page.name, "files": names}) + "\n"
        )
        fd, tmp_page = tempfile.mkstemp(prefix=f".{page.name}.", suffix=".tmp", dir=page.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(html)
        os.chmod(tmp_page, 0o644)
        tmp_dir.chmod(0o755)
        check_report_target(page)  # again: something may have appeared while rendering
        old = old_chart_files(charts) if os.path.lexists(charts) else []
        if old:
            aside = Path(tempfile.mkdtemp(prefix=f".{page.stem}_charts.old.", dir=page.parent))
            os.rename(charts, aside)  # onto the empty folder: atomic on POSIX
        os.rename(tmp_dir, charts)
        tmp_dir, swapped = None, True
        os.replace(tmp_page, page)
        tmp_page = None
        for suffix, text in (side or {}).items():
            fd, tmp_side = tempfile.mkstemp(prefix=f".{page.stem}.", suffix=".tmp",
                                            dir=page.parent)  # fmt: skip
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as f:
                    f.write(text)
                os.chmod(tmp_side, 0o644)
                os.replace(tmp_side, side_file(page, suffix))
            except BaseException:
                Path(tmp_side).unlink(missing_ok=True)
                raise
    except BaseException:
        if swapped and tmp_page is not None:  # the page failed: take the new charts back out
            shutil.rmtree(charts, ignore_errors=True)
        if aside is not None and not os.path.lexists(charts):
            os.rename(aside, charts)  # put the previous charts back
            aside = None
        if tmp_dir is not None:
            shutil.rmtree(tmp_dir, ignore_errors=True)
        if tmp_page is not None:
            Path(tmp_page).unlink(missing_ok=True)
        if aside is not None:
            remove_empty([aside])  # the unused (empty) folder made for the old charts
        remove_empty(created)
        raise
    if aside is not None:  # only the files the old report wrote, then its folder
        for p in old:
            (aside / p.name).unlink(missing_ok=True)
        try:
            aside.rmdir()
        except OSError:
            pass
    return sorted(charts.glob("*.png"))
