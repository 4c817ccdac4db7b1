"""The runs a folder of runs (a study, sweep or tournament) must hold: those its plan
(`plan.json`, written before the first run) lists, less those it records as skipped (a
climb rung its gate found unneeded). A run that is missing, or whose
manifest is no longer a file, is damage the readers name, never a run less counted.
"""

from __future__ import annotations

import shlex
from pathlib import Path

from simcore.core.errors import InputError
from simcore.core.store.outpaths import MANIFEST, PLAN
from simcore.core.store.safe_files import check_plain, inside, read_json


def planned_runs(folder: Path) -> list[Path] | None:
    """The run folders the plan in `folder` lists, in its order; None without a plan.
    InputError for a plan that is not a palace-lab plan or names a folder outside."""
    path = Path(folder) / PLAN
    if not check_plain(path):
        return None
    plan = read_json(path, what="plan")
    runs = plan.get("runs") if isinstance(plan, dict) else None
    if not isinstance(runs, list) or not all(isinstance(r, dict) for r in runs):
        raise InputError(f"{path}: not a palace-lab plan (no list of runs)")
    skipped = plan.get("skipped") or {}  # runs the plan decided not to play (a climb's gate)
    if not isinstance(skipped, dict):
        raise InputError(f"{path}: not a palace-lab plan (skipped is no table)")
    return [inside(folder, r.get("folder"), f"{path}: runs[{i}].folder")
            for i, r in enumerate(runs) if r.get("folder") not in skipped]  # fmt: skip


def missing_runs(folder: Path) -> list[Path]:
    """The planned runs of `folder` without a manifest (deleted, or never played);
    InputError for a manifest that is a symlink, FIFO, device or folder."""
    return [r for r in planned_runs(folder) or [] if not check_plain(r / MANIFEST)]


def refuse_missing(folder: Path) -> None:
    """InputError (one line) when a run the folder's plan lists is missing."""
    gone = missing_runs(folder)
    if gone:
        names = ", ".join(str(g.relative_to(folder)) for g in gone[:3])
        more = f" and {len(gone) - 3} more" if len(gone) > 3 else ""
        raise InputError(
            f"{folder}: {len(gone)} run(s) its {PLAN} lists are missing ({names}{more}: no "
            f"{MANIFEST}); the folder is unfinished or damaged (`palace-lab verify "
            f"{shlex.quote(str(folder))}`; "
            "the command that made it, with --resume, plays them again)"
        )
