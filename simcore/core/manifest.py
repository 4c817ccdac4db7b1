"""A run's manifest.json: its full configuration, chunk list and status, kept atomic.

The manifest is rewritten (temporary file + os.replace) while a run plays, so a
run killed at any moment leaves a manifest that is either the old or the new one,
never half of one. It is standard JSON (no NaN or Infinity, written or read), and
every load validates it (manifest_schema) before a value is used. `--resume`
compares the recorded configuration with the new command's and refuses on any
difference.
"""

from __future__ import annotations

import datetime as dt
import errno
import json
import math
import os
import re
import stat
import subprocess
from importlib import metadata
from pathlib import Path
from typing import Any

from simcore.core.errors import InputError

FORMAT = "palace-lab-run/1"
MANIFEST = "manifest.json"
MAX_MANIFEST_BYTES = 256 << 20  # a 10^6-chunk manifest is ~200 MB; anything larger is not one
_TMP_NAME = re.compile(r"\.manifest\.json\.\d+\.tmp")
# Keys that describe one session of a run, not what it computes (a board is compared by
# its digest, not by the path it was read from).
SESSION_KEYS = (
    "command", "created", "finished", "status", "chunks", "git_commit", "stop_outcome"
)  # fmt: skip
NOT_COMPARED = ("board.source",)  # and every data file's source, data.NAME.source
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


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def save_manifest(run_dir: Path, m: dict) -> None:
    """Write manifest.json atomically; on any error the temporary file is removed and the
    previous manifest stays whole (the OSError is raised again for the runner to report)."""
    text = encode(m)
    path = Path(run_dir) / MANIFEST
    tmp = path.with_name(f".{MANIFEST}.{os.getpid()}.tmp")
    try:
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC
        fd = os.open(tmp, flags, 0o644)
        try:
            _write_all(fd, text.encode())
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def remove_temporaries(run_dir: Path) -> None:
    """Delete manifest temporaries a killed run left (only names save_manifest makes)."""
    for p in Path(run_dir).iterdir():
        if _TMP_NAME.fullmatch(p.name) and stat.S_ISREG(p.lstat().st_mode):
            p.unlink(missing_ok=True)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number in standard JSON")


def _finite_float(text: str) -> float:
    v = float(text)
    if not math.isfinite(v):
        raise ValueError(f"{text} is too large for a number")
    return v


def parse(text: str) -> Any:
    """Standard JSON only: NaN, Infinity and numbers overflowing to infinity are refused."""
    return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)


def load_manifest(run_dir: str | Path) -> dict:
    """manifest.json of a run directory, validated (types, chunk list against the plan,
    chunk paths confined to the run); InputError naming the first problem otherwise."""
    from simcore.core.chunk_store import check_chunk_paths  # noqa: PLC0415
    from simcore.core.manifest_schema import validate  # noqa: PLC0415

    path = Path(run_dir) / MANIFEST
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise InputError(f"{run_dir} holds no run (no {MANIFEST})") from None
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise InputError(f"{path} is a symlink; refused") from None
        raise InputError(f"{path}: cannot read ({e.strerror})") from None
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            raise InputError(f"{path}: not a regular file")
        try:
            raw = f.read(MAX_MANIFEST_BYTES + 1)
        except OSError as e:
            raise InputError(f"{path}: cannot read ({e.strerror})") from None
    if len(raw) > MAX_MANIFEST_BYTES:
        raise InputError(f"{path}: larger than {MAX_MANIFEST_BYTES >> 20} MiB; not a manifest")
    try:
        m = parse(raw.decode("utf-8"))
    except (ValueError, RecursionError) as e:
        raise InputError(f"{path}: unreadable manifest ({_one_line(e)})") from None
    if not isinstance(m, dict) or m.get("format") != FORMAT:
        raise InputError(f"{path}: not a palace-lab run manifest (format {FORMAT} expected)")
    validate(m, str(path))
    check_chunk_paths(Path(run_dir), len(m["chunks"]), str(path))
    return m


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
