"""A run's manifest.json: its full configuration, chunk list and status, kept atomic.

The manifest is rewritten (temporary file + os.replace) while a run plays, so a
run killed at any moment leaves a manifest that is either the old or the new one,
never half of one. It is standard JSON (no NaN or Infinity, written or read), sealed
with the SHA-256 of its content (`manifest_sha256`), bounded in size and in what its
parse may build, and every load validates it (manifest_schema) before a value is used. `--resume`
compares the recorded configuration with the new command's and refuses on any
difference.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import math
import re
import stat
import subprocess
from importlib import metadata
from pathlib import Path
from typing import Any

from simcore.core.errors import InputError
from simcore.core.store.safe_files import (
    finite_float,
    is_tmp_of,
    read_bounded,
    refuse_constant,
    write_all,
    write_atomic,
)

FORMAT = "palace-lab-run/1"
MANIFEST = "manifest.json"
SEAL = "manifest_sha256"  # SHA-256 of the rest of the manifest (canonical JSON), see seal()
MAX_CHUNKS = 100_000  # chunks of one run (jobs.run_job refuses more before playing)
# A chunk entry is at most ~300 bytes as written (indent 1, 64-bit numbers); the rest of a
# manifest (rules, strategies, command) a few KiB. Anything larger is not a manifest.
ENTRY_BYTES = 320
MAX_MANIFEST_BYTES = MAX_CHUNKS * ENTRY_BYTES + (1 << 20)  # 33 MiB
# Parsing cost is bounded by counting before parsing: a container costs ~64-700 bytes
# once parsed and an element ~30-100 bytes, so a file within these counts and the size
# limit parses in at most ~250 MB (docs/RESULTS.md, measured in tests/test_faults_planted.py).
MAX_CONTAINERS = MAX_CHUNKS + 10_000  # one object per chunk, a few dozen for the rest
MAX_ELEMENTS = 12 * MAX_CHUNKS + 100_000  # commas: 8 per chunk entry, the rest a few hundred
_write_all = write_all  # tests replace it (a full disk)
_OLD_TMP = re.compile(r"\.manifest\.json\.\d+\.tmp")  # what earlier versions left
# Keys that describe one session of a run, not what it computes (a board is compared by
# its digest, not by the path it was read from).
SESSION_KEYS = (
    "command", "created", "finished", "status", "chunks", "git_commit", "stop_outcome", SEAL
)  # fmt: skip
NOT_COMPARED = ("board.source",)  # and every data file's source, data.NAME.source
KEY_ORDER = (
    "format",
    SEAL,
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
    root = Path(__file__).resolve().parents[3]
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


def encode(m: dict) -> str:
    """The manifest as standard JSON; InputError naming a NaN or infinite value."""
    try:
        return json.dumps(m, indent=1, allow_nan=False) + "\n"
    except ValueError:
        where = _non_finite(m) or "?"
        raise InputError(
            f"the run's configuration holds a NaN or infinite number at {where}; use a finite value"
        ) from None


def _non_finite(v: Any, where: str = "") -> str | None:
    if isinstance(v, float) and not math.isfinite(v):
        return where or "(top)"
    items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
    for k, x in items:
        found = _non_finite(x, f"{where}.{k}" if where else str(k))
        if found:
            return found
    return None


def canonical(m: dict) -> bytes:
    """The bytes the seal hashes: the manifest without its seal, keys sorted, compact ASCII."""
    body = {k: v for k, v in m.items() if k != SEAL}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), allow_nan=False).encode()


def seal(m: dict) -> dict:
    """The manifest with its SHA-256 recorded: a bit flip or a hand edit is then refused
    (a check against damage and careless edits; whoever rewrites the seal too is caught
    by the chunk checks: checksums, Parquet footers and game ids)."""
    return ordered(m | {SEAL: hashlib.sha256(canonical(m)).hexdigest()})


def save_manifest(run_dir: Path, m: dict) -> None:
    """Write manifest.json atomically (safe_files.write_atomic), sealed; on any error the
    temporary file is removed and the previous manifest stays whole (the OSError is raised
    again for the runner to report). `m` itself gets the seal too."""
    encode(m)  # a NaN or infinity: the one-line refusal, before the seal's own encoding
    sealed = seal(m)
    text = encode(sealed)
    m[SEAL] = sealed[SEAL]
    write_atomic(Path(run_dir) / MANIFEST, text.encode(), writer=_write_all)


def is_temporary(name: str) -> bool:
    """A name save_manifest (or an earlier version) gives its temporary file."""
    return is_tmp_of(name, MANIFEST) or bool(_OLD_TMP.fullmatch(name))


def remove_temporaries(run_dir: Path) -> None:
    """Delete manifest temporaries a killed run left (only names save_manifest makes)."""
    for p in Path(run_dir).iterdir():
        if is_temporary(p.name):
            if stat.S_ISREG(p.lstat().st_mode):
                p.unlink(missing_ok=True)


def parse(text: str) -> Any:
    """Standard JSON only: NaN, Infinity and numbers overflowing to infinity are refused."""
    return json.loads(text, parse_constant=refuse_constant, parse_float=finite_float)


def load_manifest(run_dir: str | Path) -> dict:
    """manifest.json of a run directory, validated (size, seal, types, chunk list against
    the plan, rules against the game, chunk paths confined to the run); InputError naming
    the first problem otherwise."""
    from simcore.core.store.chunk_store import check_chunk_paths  # noqa: PLC0415
    from simcore.core.store.manifest_schema import validate  # noqa: PLC0415

    path = Path(run_dir) / MANIFEST
    if not (path.exists() or path.is_symlink()):
        raise InputError(f"{run_dir} holds no run (no {MANIFEST})")
    raw = read_bounded(path, MAX_MANIFEST_BYTES, "manifest (at most 100,000 chunks)")
    m = parse_bounded(raw, str(path))
    if not isinstance(m, dict) or m.get("format") != FORMAT:
        raise InputError(f"{path}: not a palace-lab run manifest (format {FORMAT} expected)")
    validate(m, str(path))
    if SEAL in m and m[SEAL] != hashlib.sha256(canonical(m)).hexdigest():
        raise InputError(
            f"{path}: its content does not match its {SEAL} (edited or damaged); "
            "the run cannot be trusted"
        )
    check_chunk_paths(Path(run_dir), len(m["chunks"]), str(path))
    return m


def parse_bounded(raw: bytes, where: str) -> object:
    """parse() of a manifest's bytes after counting what the parse would build (objects,
    lists and elements), so the parse's memory stays bounded (MAX_CONTAINERS, MAX_ELEMENTS)."""
    containers = raw.count(b"{") + raw.count(b"[")
    elements = raw.count(b",")
    if containers > MAX_CONTAINERS or elements > MAX_ELEMENTS:
        raise InputError(
            f"{where}: {containers:,} objects or lists and {elements:,} values; a manifest of "
            f"at most {MAX_CHUNKS:,} chunks has fewer; refused"
        )
    try:
        return parse(raw.decode("utf-8"))
    except (ValueError, RecursionError) as e:
        raise InputError(f"{where}: unreadable manifest ({_one_line(e)})") from None


def _one_line(e: Exception) -> str:
    text = " ".join(str(e).split())
    return text if len(text) <= 100 else text[:97] + "..."


def differences(old: dict, new: dict, prefix: str = "") -> list[str]:
    """'key: old -> new' for every configuration value that differs (nested dicts by key)."""
    out: list[str] = []
    for key in sorted(set(old) | set(new)):
        path = f"{prefix}{key}"
        if (
            (not prefix and key in SESSION_KEYS)
            or path in NOT_COMPARED
            or (path.startswith("data.") and path.endswith(".source"))
        ):
            continue
        a, b = old.get(key), new.get(key)
        if isinstance(a, dict) and isinstance(b, dict):
            out += differences(a, b, f"{prefix}{key}.")
        elif a != b:
            out.append(f"{prefix}{key}: {_short(a)} -> {_short(b)}")
    return out


def _short(v: Any) -> str:
    text = json.dumps(v, separators=(",", ":"))  # ASCII only: no control characters printed
    return text if len(text) <= 60 else text[:57] + "..."
