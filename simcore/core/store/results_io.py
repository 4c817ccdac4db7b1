"""Reading and writing a run's results, whatever the game: a chunk's Parquet bytes, the
verified chunk files of a run directory, and a lazy frame over them.

Workers encode with pyarrow (safe in forked workers; polars' thread pool is not).
"""

from __future__ import annotations

import io
from pathlib import Path

import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq

from simcore.core.errors import InputError
from simcore.core.store.manifest import load_manifest


def parquet_bytes(table: pa.Table) -> bytes:
    """One chunk file's bytes (zstd; statistics on for fast filtering)."""
    buf = io.BytesIO()
    pq.write_table(table, buf, compression="zstd")
    return buf.getvalue()


def read_manifest(run_dir: str | Path) -> dict:
    """The run's manifest.json, validated; InputError (one line) when it holds no valid run."""
    return load_manifest(run_dir)


def chunk_files(run_dir: str | Path, manifest: dict | None = None) -> list[Path]:
    """Files of the finished chunks ("done"; "complete" from older fixtures), each checked
    against the manifest's SHA-256 and rows; InputError naming a chunk that does not match."""
    from simcore.core.store.integrity import verified_files
    from simcore.core.store.manifest_schema import validate

    run_dir = Path(run_dir)
    if manifest is None:
        manifest = read_manifest(run_dir)
    else:
        validate(manifest, str(run_dir / "manifest.json"))
    return verified_files(run_dir, manifest)


def scan_run(run_dir: str | Path) -> pl.LazyFrame:
    """All finished rows of a run as a lazy frame (an interrupted run gives what it has)."""
    files = chunk_files(run_dir)
    if not files:
        raise InputError(f"run {run_dir}: no finished chunks yet")
    return pl.scan_parquet(files)
