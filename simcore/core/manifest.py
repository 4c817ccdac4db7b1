"""A run's manifest.json: its full configuration, chunk list and status, kept atomic.

The manifest is rewritten (temporary file + os.replace) after every finished
chunk, so a run killed at any moment leaves a manifest that is either the old
or the new one, never half of one. `--resume` compares the recorded
configuration with the new command's and refuses on any difference.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
from importlib import metadata
from pathlib import Path
from typing import Any

from simcore.core.errors import InputError

FORMAT = "palace-lab-run/1"
MANIFEST = "manifest.json"
# Keys that describe one session of a run, not what it computes (a board is compared by
# its digest, not by the path it was read from).
SESSION_KEYS = (
    "command", "created", "finished", "status", "chunks", "git_commit", "stop_outcome"
)  # fmt: skip
NOT_COMPARED = ("board.source",)
KEY_ORDER = (
    "format",
    "game",
    "players",
    "games",
    "seed",
    "chunk_size",
    "stopping",
    "strategies",
    "rules",
    "rules_changed",
    "variants",
    "board",
    "package_version",
    "git_commit",
    "command",
    "created",
    "finished",
    "status",
    "stop_outcome",
    "chunks",
)


def now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def package_version() -> str:
    try:
        return metadata.version("palace-lab")
    except metadata.PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "unknown"


def git_commit() -> str | None:
    """HEAD of the checkout the package runs from, if it is one (None otherwise)."""
    root = Path(__file__).resolve().parents[2]
    try:
        out = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            timeout=5,
            check=True,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None


def new_manifest(config: dict[str, Any], chunk_list: list[dict], command: str) -> dict:
    """A fresh manifest: the configuration plus provenance, status running."""
    m = dict(config) | {
        "format": FORMAT,
        "package_version": package_version(),
        "git_commit": git_commit(),
        "command": command,
        "created": now(),
        "finished": None,
        "status": "running",
        "chunks": chunk_list,
    }
    return ordered(m)


def ordered(m: dict) -> dict:
    head = {k: m[k] for k in KEY_ORDER if k in m}
    return head | {k: v for k, v in m.items() if k not in head}


def save_manifest(run_dir: Path, m: dict) -> None:
    """Write manifest.json atomically."""
    path = Path(run_dir) / MANIFEST
    tmp = path.with_name(f".{MANIFEST}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(m, indent=1) + "\n")
    os.replace(tmp, path)


def load_manifest(run_dir: str | Path) -> dict:
    """manifest.json of a run directory; InputError naming the problem otherwise."""
    path = Path(run_dir) / MANIFEST
    if not path.is_file():
        raise InputError(f"{run_dir} holds no run (no {MANIFEST})")
    try:
        m = json.loads(path.read_text())
    except (OSError, ValueError) as e:
        raise InputError(f"{path}: unreadable manifest ({type(e).__name__})") from None
    if not isinstance(m, dict) or m.get("format") != FORMAT:
        raise InputError(f"{path}: not a palace-lab run manifest (format {FORMAT} expected)")
    return m


def differences(old: dict, new: dict, prefix: str = "") -> list[str]:
    """'key: old -> new' for every configuration value that differs (nested dicts by key)."""
    out: list[str] = []
    for key in sorted(set(old) | set(new)):
        if (not prefix and key in SESSION_KEYS) or f"{prefix}{key}" in NOT_COMPARED:
            continue
        a, b = old.get(key), new.get(key)
        if isinstance(a, dict) and isinstance(b, dict):
            out += differences(a, b, f"{prefix}{key}.")
        elif a != b:
            out.append(f"{prefix}{key}: {_short(a)} -> {_short(b)}")
    return out


def _short(v: Any) -> str:
    text = json.dumps(v, separators=(",", ":"))
    return text if len(text) <= 60 else text[:57] + "..."
