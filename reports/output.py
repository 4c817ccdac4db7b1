"""Writing a report safely: a page, its chart folder and its tables folder (every table of
the page as CSV, reports/csv_tables.py), never over anything else.

The page, `<stem>_charts/` and `<stem>_tables/` are written under new temporary names in the target
folder and swapped in at the end, so a failure leaves the previous report whole.
The chart folder carries a stamp file recording the SHA-256 of the page and of each
PNG palace-lab wrote; an existing page is replaced only when its bytes hash to the
stamp's page_sha256 (a generator meta tag proves nothing: anyone can write one), and of
an old chart or tables folder only files whose bytes match its stamp are deleted. Anything else
(a user's page, a folder without the stamp or with other files, a file that changed,
a symlink, FIFO or directory, a path inside a run directory, a suffix other than .html)
is refused with one line before anything is written. Stamps are read non-blocking and
size-limited (safe_files).
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from simcore.core.errors import InputError
from simcore.core.store.outpaths import (
    check_creatable,
    check_lengths,
    make_parents,
    remove_empty,
    require_path,
    run_dir_above,
    shown_path,
)
from simcore.core.store.safe_files import (
    check_folder,
    file_sha256,
    read_json,
    remove_file,
    write_json,
)

from .csv_tables import tables_from_html

META = '<meta name="generator" content="palace-lab">'
STAMP = ".palace-lab-report"
VERDICT_SUFFIX = ".verdict.json"  # report.html -> report.verdict.json (reports/verdict_card.py)
STAMP_FORMAT = "palace-lab-report/2"  # /2: SHA-256 of the page and of every PNG
MAX_PAGE = 1 << 30  # bytes of a page palace-lab may replace (hashed streaming)
MAX_PNG = 256 << 20  # bytes of a chart it may delete
_HEAD = re.compile(r"<head[^>]*>", re.IGNORECASE)
_SHA = re.compile(r"[0-9a-f]{64}")
_PNG = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.,=+-]{0,150}\.png")
_FILE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.,=+-]{0,150}\.(png|csv)")  # in a stamped folder


def chart_dir(page: Path) -> Path:
    return page.parent / f"{page.stem}_charts"


def tables_dir(page: Path) -> Path:
    """`<stem>_tables/`: the page's tables as CSV, stamped and swapped in like the charts."""
    return page.parent / f"{page.stem}_tables"


def side_file(page: Path, suffix: str) -> Path:
    """A file written beside the page and named after it (`report.verdict.json`)."""
    return page.parent / f"{page.stem}{suffix}"


def is_side_file(path: Path, page: Path) -> bool:
    """True for a side file palace-lab wrote: its bytes hash to what the page's chart stamp
    records for it (a generator field alone can be planted)."""
    s = read_stamp(chart_dir(page))
    want = (s or {}).get("side", {})
    if not isinstance(want, dict) or not isinstance(want.get(path.name), str):
        return False
    return file_sha256(path, MAX_PAGE) == want[path.name]


def read_stamp(folder: Path) -> dict | None:
    """The chart folder's stamp if it is a valid one palace-lab writes, else None."""
    try:
        if not check_folder(folder):
            return None
        s = read_json(folder / STAMP, 1 << 16, "report stamp")
    except InputError:
        return None
    if not isinstance(s, dict) or s.get("format") != STAMP_FORMAT:
        return None
    files, page = s.get("files"), s.get("page_sha256")
    if not isinstance(page, str) or not _SHA.fullmatch(page) or not isinstance(files, dict):
        return None
    if not all(isinstance(n, str) and _FILE.fullmatch(n) and isinstance(h, str)
               and _SHA.fullmatch(h) for n, h in files.items()):  # fmt: skip
        return None
    return s


def is_report_page(page: Path) -> bool:
    """True for a page palace-lab wrote: its bytes hash to what its chart stamp records."""
    s = read_stamp(chart_dir(page))
    return s is not None and file_sha256(page, MAX_PAGE) == s["page_sha256"]


def old_chart_files(folder: Path, option: str = "--out") -> list[Path]:
    """The files of a previous report's chart folder (its stamp last); InputError unless
    the folder is a real directory holding a valid stamp and only PNGs whose SHA-256
    matches the stamp."""
    refuse = f"{option}: {folder} is not a palace-lab chart folder"
    if folder.is_symlink() or not folder.is_dir():
        raise InputError(f"{refuse} (not a plain folder); move it or choose another --out")
    stamp = read_stamp(folder)
    if stamp is None:
        raise InputError(
            f"{refuse} (no {STAMP} stamp it can trust); move it or choose another --out"
        )
    files = []
    for p in folder.iterdir():
        if p.name == STAMP:
            continue
        want = stamp["files"].get(p.name)
        if want is None or file_sha256(p, MAX_PNG) != want:
            raise InputError(
                f"{option}: {folder} holds {p.name}, which the report did not write (or it "
                "changed since); move it or choose another --out"
            )
        files.append(p)
    return [*files, folder / STAMP]


def check_report_target(text: str | os.PathLike | None, option: str = "--out") -> Path:
    """The page path, checked before any work: InputError for anything it must not replace."""
    page = require_path(text, option)
    if page.suffix.lower() != ".html":
        raise InputError(f"{option} {shown_path(page)}: a report is an .html file")
    # the longest name written beside the page: the old charts' folder set aside (mkdtemp)
    check_lengths(page, option, f".{page.stem}_charts.old.{'x' * 8}")
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
    for folder in (chart_dir(page), tables_dir(page)):
        if os.path.lexists(folder):
            old_chart_files(folder, option)
    side = side_file(page, VERDICT_SUFFIX)
    if os.path.lexists(side) and not is_side_file(side, page):
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
    charts, tables = chart_dir(page), tables_dir(page)
    created = make_parents(page.parent)
    tmp_dir = tmp_page = aside = tmp_tables = aside_tables = None
    swapped = tables_swapped = False
    old_tables: list[Path] = []
    try:
        tmp_dir = Path(tempfile.mkdtemp(prefix=f".{page.stem}_charts.", dir=page.parent))
        from .charts import pngs_aside  # noqa: PLC0415  (matplotlib: only when drawing)

        with pngs_aside():
            html = _with_generator(build(tmp_dir))
        files = {}
        for p in sorted(tmp_dir.iterdir()):
            sha = file_sha256(p, MAX_PNG)
            if not _PNG.fullmatch(p.name) or sha is None:
                raise RuntimeError(f"the report drew an unexpected file {p.name}")
            files[p.name] = sha
        data = html.encode("utf-8")
        sides = {side_file(page, k).name: v.encode("utf-8") for k, v in (side or {}).items()}
        stamp = {"format": STAMP_FORMAT, "generator": "palace-lab", "page": page.name,
                 "page_sha256": hashlib.sha256(data).hexdigest(), "files": files,
                 "side": {k: hashlib.sha256(v).hexdigest() for k, v in sides.items()}}  # fmt: skip
        write_json(tmp_dir / STAMP, stamp)
        tmp_tables = Path(tempfile.mkdtemp(prefix=f".{page.stem}_tables.", dir=page.parent))
        csvs = tables_from_html(html)
        for name, text in csvs.items():
            (tmp_tables / name).write_bytes(text)
        write_json(tmp_tables / STAMP, stamp | {"files": {
            k: hashlib.sha256(v).hexdigest() for k, v in csvs.items()}, "side": {}})  # fmt: skip
        tmp_tables.chmod(0o755)
        fd, tmp_page = tempfile.mkstemp(prefix=f".{page.name}.", suffix=".tmp", dir=page.parent)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp_page, 0o644)
        tmp_dir.chmod(0o755)
        check_report_target(page)  # again: something may have appeared while rendering
        old = old_chart_files(charts) if os.path.lexists(charts) else []
        if old:
            aside = Path(tempfile.mkdtemp(prefix=f".{page.stem}_charts.old.", dir=page.parent))
            os.rename(charts, aside)  # onto the empty folder: atomic on POSIX
        os.rename(tmp_dir, charts)
        tmp_dir, swapped = None, True
        old_tables = old_chart_files(tables) if os.path.lexists(tables) else []
        if old_tables:
            aside_tables = Path(tempfile.mkdtemp(prefix=f".{page.stem}_tables.old.",
                                                 dir=page.parent))  # fmt: skip
            os.rename(tables, aside_tables)
        os.rename(tmp_tables, tables)
        tmp_tables, tables_swapped = None, True
        replacing = os.path.lexists(page)
        os.replace(tmp_page, page)
        tmp_page = None
        if replacing:  # never silently: the earlier page was palace-lab's (checked above)
            print(f"palace-lab: replaced the earlier report {page}", file=sys.stderr, flush=True)
        for suffix, text in (side or {}).items():
            fd, tmp_side = tempfile.mkstemp(prefix=f".{page.stem}.", suffix=".tmp",
                                            dir=page.parent)  # fmt: skip
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(text.encode("utf-8"))
                os.chmod(tmp_side, 0o644)
                os.replace(tmp_side, side_file(page, suffix))
            except BaseException:
                Path(tmp_side).unlink(missing_ok=True)
                raise
    except BaseException:
        if swapped and tmp_page is not None:  # the page failed: take the new charts back out
            shutil.rmtree(charts, ignore_errors=True)
            if tables_swapped:
                shutil.rmtree(tables, ignore_errors=True)
        if aside_tables is not None and not os.path.lexists(tables):
            os.rename(aside_tables, tables)
            aside_tables = None
        if tmp_tables is not None:
            shutil.rmtree(tmp_tables, ignore_errors=True)
        if aside_tables is not None:
            remove_empty([aside_tables])
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
    for folder, files in ((aside, old), (aside_tables, old_tables)):
        if folder is None:  # only the files the old report wrote, then its folder
            continue
        for p in files:
            remove_file(folder / p.name)
        try:
            folder.rmdir()
        except OSError:
            pass
    return sorted(charts.glob("*.png"))
