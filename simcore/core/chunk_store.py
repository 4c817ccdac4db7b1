"""Chunk files of a run directory: one Parquet file per chunk, written atomically.

A chunk is written under a temporary name and renamed into place, so a file
with the final name is always whole; a crash leaves at most a temporary file,
which the next resume deletes.
"""

from __future__ import annotations

import os
from pathlib import Path

CHUNK_DIR = "chunks"
_TMP_PREFIX = ".tmp-"


def chunk_file(index: int) -> str:
    """Path of chunk `index`, relative to the run directory."""
    return f"{CHUNK_DIR}/chunk-{index:06d}.parquet"


def chunk_plan(n_games: int, size: int) -> list[dict]:
    """The manifest's chunk list for games 0 .. n_games - 1, every chunk pending."""
    return [
        {
            "index": i,
            "first_game": first,
            "n_games": min(size, n_games - first),
            "file": chunk_file(i),
            "status": "pending",
            "seconds": 0.0,
        }
        for i, first in enumerate(range(0, n_games, size))
    ]


def write_chunk(run_dir: Path, rel: str, data: bytes) -> None:
    """Write data to run_dir/rel atomically (temporary name in the same folder, rename)."""
    path = Path(run_dir) / rel
    tmp = path.with_name(f"{_TMP_PREFIX}{path.name}.{os.getpid()}")
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def chunk_rows(run_dir: Path, rel: str) -> int:
    """Rows of a chunk file, or -1 if it is missing or not a readable Parquet file."""
    import pyarrow.parquet as pq  # noqa: PLC0415 - only resume needs it

    try:
        return pq.read_metadata(Path(run_dir) / rel).num_rows
    except (OSError, ValueError):
        return -1


def remove_temporaries(run_dir: Path) -> None:
    """Delete half-written chunk files left by a killed run."""
    folder = Path(run_dir) / CHUNK_DIR
    if folder.is_dir():
        for p in folder.glob(f"{_TMP_PREFIX}*"):
            p.unlink(missing_ok=True)
