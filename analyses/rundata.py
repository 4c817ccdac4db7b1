"""Find and read run directories written by `palace-lab run --out DIR` (format palace-lab-run/1).

A small reader of the results contract so that analyses do not depend on how the
runner is built: manifest.json plus one Parquet file per complete chunk. A DIR given
by the user is either one run or a folder whose direct subfolders are runs (a study).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from analyses.data_setting import changed_data
from simcore.core.contract.games import get_game
from simcore.core.contract.plugin import GamePlugin
from simcore.core.errors import InputError
from simcore.core.store.integrity import verified_files
from simcore.core.store.manifest import load_manifest
from simcore.core.store.manifest_schema import DONE as CHUNK_DONE  # "complete": older fixtures
from simcore.core.store.run_folders import refuse_missing


@dataclass(frozen=True)
class Run:
    """One run directory: its manifest and the Parquet files of its complete chunks."""

    path: Path
    manifest: dict[str, Any]
    files: tuple[Path, ...]
    label: str = field(default="")

    @property
    def game(self) -> str:
        return str(self.manifest.get("game", "?"))

    @property
    def players(self) -> int:
        return int(self.manifest["players"])

    @property
    def games_done(self) -> int:
        return sum(
            int(c["n_games"]) for c in self.manifest["chunks"] if c.get("status") in CHUNK_DONE
        )

    @property
    def plugin(self) -> GamePlugin:
        return get_game(self.game)

    @property
    def setting(self) -> dict[str, Any]:
        """What makes this run's game different from the basic game: variants and rule values."""
        variants = self.plugin.variants
        names = list(self.manifest.get("variants", []))
        switched = {f for v in names for f in variants.get(v, ())}
        out: dict[str, Any] = {f"variant {v}": True for v in names}
        for k, v in self.manifest.get("rules_changed", {}).items():
            if not (k in switched and v is True):  # already named by its variant
                out[k] = v
        return out | changed_data(self.manifest)

    def scan(self) -> pl.LazyFrame:
        return pl.scan_parquet([str(f) for f in self.files])


def read_manifest(path: Path) -> dict[str, Any]:
    """The manifest of one run, validated (types, chunk list against the run's plan, chunk
    paths inside the run); InputError naming the problem otherwise."""
    return load_manifest(path)


def load_run(path: Path) -> Run:
    """A run whose done chunks all match the manifest's checksums; InputError naming a chunk
    that is missing or changed (a damaged run is refused, never read)."""
    path = Path(path)
    manifest = read_manifest(path)
    files = verified_files(path, manifest)
    if not files:
        raise InputError(f"{path}: run has no complete chunk (status {manifest.get('status')})")
    return Run(path, manifest, tuple(files))


def find_runs(dirs: list[str | Path]) -> list[Run]:
    """Every run in the given directories, in the order given (subfolders sorted by name).

    Refuses, with one line naming the problem: a DIR without runs, and runs of different
    games in one comparison.
    """
    paths: list[Path] = []
    for d in dirs:
        p = Path(d)
        if not p.is_dir():
            raise InputError(f"{p}: not a directory")
        if os.path.lexists(p / "manifest.json"):  # a symlink or FIFO: load_run refuses it
            paths.append(p)
            continue
        refuse_missing(p)  # a run its plan lists must be there, never silently left out
        subs = sorted(s for s in p.iterdir() if (s / "manifest.json").is_file())
        if not subs:
            raise InputError(f"{p}: no runs found (no manifest.json in it or its subfolders)")
        paths.extend(subs)
    _refuse_twice(paths)
    runs = [load_run(p) for p in paths]
    games = sorted({r.game for r in runs})
    if len(games) > 1:
        raise InputError(f"runs of different games cannot be compared: {', '.join(games)}")
    return _labelled(runs)


def _refuse_twice(paths: list[Path]) -> None:
    """A run counted twice would weigh its games twice: refused, whatever the spelling of
    its path (R, ./R/, a symlink to R, a study folder and one of its runs)."""
    seen: dict[Path, Path] = {}
    for p in paths:
        key = p.resolve()
        if key in seen:
            same = f"{seen[key]} and {p}" if str(seen[key]) != str(p) else str(p)
            raise InputError(f"the run {same} is named twice; give each run once")
        seen[key] = p


def game_of(runs: list[Run]) -> GamePlugin:
    """The one game the runs are of (find_runs refuses a mix); InputError for an unknown one."""
    names = sorted({r.game for r in runs})
    if len(names) != 1:
        raise InputError(f"runs of different games cannot be compared: {', '.join(names)}")
    return get_game(names[0])


def _labelled(runs: list[Run]) -> list[Run]:
    """Labels naming each run's setting, unique per player count (else the folder is added)."""
    out = []
    for r in runs:
        parts = [f"{k}={v}" if v is not True else k for k, v in sorted(r.setting.items())]
        base = ", ".join(parts) if parts else "basic game"
        out.append(base)
    seen: dict[tuple[str, int], int] = {}
    for r, lbl in zip(runs, out, strict=True):
        seen[lbl, r.players] = seen.get((lbl, r.players), 0) + 1
    result = []
    for r, lbl in zip(runs, out, strict=True):
        if seen[lbl, r.players] > 1:  # same setting twice (other seeds, strategies): add folder
            lbl = f"{lbl} ({r.path.name})"
        result.append(Run(r.path, r.manifest, r.files, lbl))
    return result


def run_frame(run: Run) -> pl.LazyFrame:
    """The run's rows with its label attached (for analyses across several runs)."""
    return run.scan().with_columns(pl.lit(run.label).alias("run"))
