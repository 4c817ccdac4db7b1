"""Is a run directory whole? Checksums of its chunks, for resume, readers and `verify`.

The manifest records, for every chunk it marks done, the SHA-256 of the file's bytes
and its row count. Every reader (report, scan_run, resume, `palace-lab verify`) hashes
each file and then checks that its game ids are exactly the entry's range, each once
per seat, so a chunk's rows are the games its entry claims even when whoever edited
the manifest also rewrote its checksums. Resume replays a chunk that fails; readers
refuse it. The resume hint is built from the run directory, never from the manifest's
recorded command.

Manifests written before checksums (no "sha256") stay readable: their chunks are
checked for their row count only and reported as "unverified".
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from simcore.core.errors import InputError, printable
from simcore.core.store.chunk_store import chunk_digest, chunk_file, chunk_name, open_chunk
from simcore.core.store.manifest import MANIFEST, load_manifest
from simcore.core.store.manifest_schema import DONE

Note = Callable[[str], None]


def stderr_note(line: str) -> None:
    print(f"palace-lab: {printable(line)}", file=sys.stderr, flush=True)


def chunk_label(c: dict) -> str:
    return chunk_name(c["index"]).removesuffix(".parquet")


def chunk_problem(run_dir: Path, c: dict, rows_per_game: int) -> str | None:
    """Why the file of a done chunk is not the one the manifest records (None if it is).

    With a recorded sha256 the file's bytes are hashed (streamed); without one (an older
    run) only the Parquet footer's row count can be checked.
    """
    sha, problem = chunk_digest(run_dir, c["index"])
    if problem:
        return problem
    want_rows = c["n_games"] * rows_per_game
    if "sha256" not in c:
        rows = _file_rows(run_dir, c["index"])
        return None if rows == want_rows else _rows_problem(rows, want_rows)
    if sha != c["sha256"]:
        return "checksum mismatch"
    if c["rows"] != want_rows:
        return f"manifest records {c['rows']:,} rows, {want_rows:,} expected"
    return None


def _rows_problem(rows: int, want: int) -> str:
    if rows < 0:
        return "unreadable (not a whole Parquet file)"
    return f"{rows:,} rows, {want:,} expected"


def _file_rows(run_dir: Path, index: int) -> int:
    import pyarrow.parquet as pq  # noqa: PLC0415

    try:
        with open_chunk(run_dir, index) as f:
            return pq.read_metadata(f).num_rows
    except (OSError, ValueError):
        return -1


def verified_files(run_dir: str | Path, manifest: dict, note: Note = stderr_note) -> list[Path]:
    """Files of the done chunks, each checked; InputError naming the first that does not match.

    For the readers (report, scan_run): a run whose files changed is refused, never read.
    """
    run_dir = Path(run_dir)
    done = [c for c in manifest["chunks"] if c["status"] in DONE]
    for c in done:
        problem = chunk_problem(run_dir, c, manifest["players"])
        if problem is None:  # the rows must be the games the entry claims, each once per seat
            problem = game_id_problem(run_dir, c, manifest["players"])
        if problem:
            raise InputError(
                f"{run_dir}/{chunk_file(c['index'])}: {problem}; the run is damaged "
                f"(`palace-lab verify {run_dir}` lists every problem, --resume replays it)"
            )
    old = sum("sha256" not in c for c in done)
    if old:
        note(f"{run_dir}: {old} chunk(s) unverified (no sha256 in the manifest, written "
             "before checksums); row counts checked only")  # fmt: skip
    return [run_dir / chunk_file(c["index"]) for c in done]


def game_id_problem(run_dir: Path, c: dict, rows_per_game: int) -> str | None:
    """The file's game ids must be first_game .. first_game + n_games - 1, each once per seat."""
    import numpy as np  # noqa: PLC0415
    import polars as pl  # noqa: PLC0415

    # polars, not pyarrow: a process that exits right after pyarrow's first read (a refusal)
    # can abort while pyarrow's thread pools are still starting ("terminate called ...")
    try:
        with open_chunk(run_dir, c["index"]) as f:
            ids = pl.read_parquet(f, columns=["game_id"])["game_id"].to_numpy()
    except (OSError, ValueError, KeyError, pl.exceptions.PolarsError) as e:
        return f"unreadable ({type(e).__name__}: {' '.join(str(e).split())[:80]})"
    if not np.issubdtype(ids.dtype, np.integer):
        return f"game_id is a {ids.dtype} column, integers expected"
    first, n = c["first_game"], c["n_games"]
    if ids.size == 0 or ids.min() != first or ids.max() != first + n - 1:
        lo, hi = (int(ids.min()), int(ids.max())) if ids.size else ("-", "-")
        return f"game ids {lo}..{hi}, the manifest says {first}..{first + n - 1}"
    counts = np.bincount(ids - first, minlength=n)
    if (counts != rows_per_game).any():
        k = int(np.argmax(counts != rows_per_game))
        return (f"game id {first + k} has {int(counts[k])} rows, {rows_per_game} expected "
                "(duplicate or missing games)")  # fmt: skip
    return None


def resume_hint(run_dir: Path, m: dict) -> str:
    """How to continue a run, rebuilt from the run directory and the manifest's validated
    fields and shell-quoted, never its recorded `command` (a forged manifest must not choose
    what the user is told to run; store.commands)."""
    from simcore.core.store.commands import suggested_command  # noqa: PLC0415

    return suggested_command(run_dir, m, resume=True)


def verify_run(run_dir: Path, out: Note) -> int:
    """Check one run; print one line per problem and a summary. 0 whole, 1 damaged or
    unfinished; InputError (exit 2) when it is not a run or its manifest is not valid."""
    from simcore.core.store.run_lock import holder  # noqa: PLC0415

    m = load_manifest(run_dir)
    per_game = m["players"]
    bad: list[str] = []
    old = 0
    for c in m["chunks"]:
        if c["status"] not in DONE:
            continue
        problem = chunk_problem(run_dir, c, per_game)
        if problem is None:
            problem = game_id_problem(run_dir, c, per_game)
        if problem is not None:
            out(f"{run_dir}: {chunk_label(c)}: {problem}")
            bad.append(chunk_label(c))
        old += "sha256" not in c
    if old:
        out(f"{run_dir}: {old} chunk(s) unverified (no sha256: written before checksums); "
            "row counts and game ids checked")  # fmt: skip
    chunks = m["chunks"]
    done = sum(c["status"] in DONE for c in chunks)
    skipped = sum(c["status"] == "skipped" for c in chunks)
    games = sum(c["n_games"] for c in chunks if c["status"] in DONE)
    pid = holder(run_dir)
    who = f" (pid {pid})" if pid else ""
    busy = "" if pid is None else f"; being written by another palace-lab process{who}"
    if bad:
        hint = resume_hint(run_dir, m)
        out(f"{run_dir}: damaged: {len(bad)} of {len(chunks)} chunk(s) do not match the "
            f"manifest ({', '.join(bad)}){busy}; to replay them: {hint}")  # fmt: skip
        return 1
    finished = m["status"] == "complete" and done + skipped == len(chunks)
    if not finished:
        out(f"{run_dir}: unfinished ({m['status']}): {done} of {len(chunks)} chunk(s), "
            f"{games:,} of {m['games']:,} games done, all of them intact{busy}; "
            f"to continue: {resume_hint(run_dir, m)}")  # fmt: skip
        return 1
    note = f", {skipped} skipped by the stopping rule" if skipped else ""
    out(f"{run_dir}: whole: {done} chunk(s), {games:,} games{note}; "
        f"{'checksums match' if not old else 'row counts and game ids match'}")  # fmt: skip
    return 0


def run_dirs(path: Path) -> list[Path]:
    """A run, or the runs inside a folder (a study): those its plan lists, and any other
    subfolder holding a run; InputError if neither."""
    from simcore.core.store.run_folders import planned_runs  # noqa: PLC0415

    if not path.is_dir():
        raise InputError(f"{path}: not a directory")
    if (path / MANIFEST).exists() or (path / MANIFEST).is_symlink():
        return [path]
    planned = planned_runs(path) or []
    subs = sorted(s for s in path.iterdir() if (s / MANIFEST).is_file() and s not in planned)
    if not planned and not subs:
        raise InputError(f"{path}: holds no run (no {MANIFEST} in it or its subfolders)")
    return [*planned, *subs]


def verify_runs(paths: list[str], out: Note, err: Note) -> int:
    """`palace-lab verify`: the worst of each run's codes (2 for a path that is not a run;
    1 for a run a folder's plan lists that is missing or not a valid run)."""
    import os  # noqa: PLC0415

    worst = 0
    for p in paths:
        try:
            dirs = run_dirs(Path(p))
        except InputError as e:
            err(f"palace-lab: error: {e}")
            worst = 2
            continue
        for d in dirs:
            if len(dirs) > 1 or d != Path(p):  # a run of a folder: missing or broken is damage
                if not os.path.lexists(d / MANIFEST):
                    out(f"{d}: missing: the plan of {p} lists this run but it holds no "
                        f"{MANIFEST} (deleted, or not played yet); `--resume` of the command "
                        "that made the folder plays it")  # fmt: skip
                    worst = max(worst, 1)
                    continue
                try:
                    worst = max(worst, verify_run(d, out))
                except InputError as e:
                    out(f"{d}: damaged: {e}")
                    worst = max(worst, 1)
                continue
            try:
                worst = max(worst, verify_run(d, out))
            except InputError as e:
                err(f"palace-lab: error: {e}")
                worst = 2
    return worst
