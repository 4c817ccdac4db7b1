"""A run's summary (analyses.run_summary), cached beside the run so that a second report over
the same games reads a few small tables instead of every seat.

Where: `RUN/.palace-lab-cache/summary/`: one Parquet file per table and `meta.json`.
Valid only for the same games and the same code: the key hashes the done chunks' SHA-256
(verified against their files when the run was loaded), the game, the player count, the
package version and these modules' sources. Trusted only if it is ours: `meta.json` carries
an HMAC over the key and every table file, made with a secret kept in the user's cache
directory (created on first use, mode 0600), so a cache planted in a shared run directory
is never read, only recomputed. Writing is best effort: a read-only run directory simply
has no cache. Nothing but the files named here is ever written or replaced.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import hmac
import io
import json
import os
import secrets
import stat
from pathlib import Path

import polars as pl

from simcore.core.contract.plugin import GamePlugin
from simcore.core.errors import InputError
from simcore.core.store.safe_files import read_bounded, write_atomic

from .equality import EqualityTest
from .joint_keys import Effect, ModelFit
from .run_summary import RunSummary, summarize
from .rundata import Run

FOLDER = ".palace-lab-cache/summary"
FORMAT = "palace-lab-summary/1"
_FRAMES = ("means", "shape", "lengths", "ends", "cells", "actions")
_SOURCES = ("run_summary.py", "rates.py", "equality.py", "joint_keys.py", "shape.py",
            "actions.py", "intervals.py", "summary_cache.py")  # fmt: skip


def summary_of(run: Run, game: GamePlugin) -> RunSummary:
    """The run's summary: from its cache when that is ours and current, else computed (and
    cached if the run directory takes files)."""
    key = cache_key(run, game)
    folder = run.path / FOLDER
    got = _load(folder, key)
    if got is not None:
        return got
    s = summarize(run.files, run.players, game)
    with contextlib.suppress(OSError, ValueError):
        _save(folder, key, s)
    return s


def cache_key(run: Run, game: GamePlugin) -> str:
    from importlib.metadata import version

    here = Path(__file__).parent
    h = hashlib.sha256()
    for name in _SOURCES:
        h.update((here / name).read_bytes())
    done = [c.get("sha256", f"rows:{c.get('rows')}") for c in run.manifest["chunks"]
            if c.get("status") in ("done", "complete")]  # fmt: skip
    text = json.dumps([FORMAT, version("palace-lab"), h.hexdigest(), game.name, run.players,
                       done], separators=(",", ":"))  # fmt: skip
    return hashlib.sha256(text.encode()).hexdigest()


# ------------------------------------------------------------------ the secret and the MAC


def _secret() -> bytes:
    """The user's cache secret (32 random bytes), created once with mode 0600."""
    from simcore.core.nb.driver import cache_dir

    path = cache_dir().parent / "summary.key"
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(secrets.token_bytes(32))
    except FileExistsError:
        pass
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        if not stat.S_ISREG(st.st_mode) or st.st_uid != os.getuid() or st.st_mode & 0o077:
            raise ValueError("the summary key is not the user's own private file")
        data = f.read(64)
    if len(data) != 32:
        raise ValueError("the summary key is damaged")
    return data


def _mac(key: str, files: dict[str, bytes]) -> str:
    m = hmac.new(_secret(), key.encode(), hashlib.sha256)
    for name in sorted(files):
        m.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    return m.hexdigest()


# ------------------------------------------------------------------ write


def _parquet(df: pl.DataFrame) -> bytes:
    buf = io.BytesIO()
    df.write_parquet(buf)
    return buf.getvalue()


def _save(folder: Path, key: str, s: RunSummary) -> None:
    files: dict[str, bytes] = {}
    tables: dict[str, str] = {}
    for kind, frames in (("rates", s.rates), ("masks", s.masks)):
        for i, (col, df) in enumerate(frames.items()):
            name = f"{kind}-{i}.parquet"
            files[name], tables[name] = _parquet(df), f"{kind}:{col}"
    for attr in _FRAMES:
        df = getattr(s, attr)
        if df is not None:
            files[f"{attr}.parquet"], tables[f"{attr}.parquet"] = _parquet(df), attr
    meta = {
        "format": FORMAT,
        "key": key,
        "tables": tables,
        "tests": {col: [dataclasses.asdict(t) for t in ts] for col, ts in s.tests.items()},
        "overlapping": s.overlapping,
        "model": [_fit_dict(f) for f in s.model],
        "errors": s.errors,
    }
    files["meta.json"] = json.dumps(meta).encode()
    mac = _mac(key, files)
    _ensure_folder(folder)
    for name, data in files.items():
        _write(folder / name, data)
    _write(folder / "meta.mac", mac.encode())


def _fit_dict(f: ModelFit) -> dict:
    d = dataclasses.asdict(f)
    d["effects"] = [{**e, "level": e["level"], "level_type": type(e["level"]).__name__}
                    for e in d["effects"]]  # fmt: skip
    return d


def _ensure_folder(folder: Path) -> None:
    """Make the cache folders inside the run (never through a symlink)."""
    for part in (folder.parent, folder):
        try:
            os.mkdir(part, 0o755)
        except FileExistsError:
            pass
        st = os.lstat(part)
        if not stat.S_ISDIR(st.st_mode):
            raise ValueError(f"{part} is not a folder")


def _write(path: Path, data: bytes) -> None:
    try:
        write_atomic(path, data)  # never through a planted name
    except InputError as e:
        raise ValueError(str(e)) from None


# ------------------------------------------------------------------ read


def _read(path: Path, limit: int = 64 << 20) -> bytes:
    try:  # non-blocking, regular files only, at most `limit` bytes: a FIFO is no hang
        return read_bounded(path, limit, "cache file")
    except InputError as e:
        raise ValueError(str(e)) from None


def _load(folder: Path, key: str) -> RunSummary | None:
    """The cached summary, or None when there is none, it is for other games or code, or
    it does not carry our MAC (anything odd: recompute, never trust)."""
    try:
        if not folder.is_dir() or folder.is_symlink() or folder.parent.is_symlink():
            return None
        raw = _read(folder / "meta.json")
        meta = json.loads(raw)
        if meta.get("format") != FORMAT or meta.get("key") != key:
            return None
        files = {"meta.json": raw}
        for name in meta["tables"]:
            if "/" in name or name.startswith(".") or not name.endswith(".parquet"):
                return None
            files[name] = _read(folder / name)
        mac = _read(folder / "meta.mac", 128).decode()
        if not hmac.compare_digest(mac, _mac(key, files)):
            return None
        return _summary(meta, {n: pl.read_parquet(io.BytesIO(b)) for n, b in files.items()
                               if n != "meta.json"})  # fmt: skip
    except (OSError, ValueError, KeyError, TypeError, json.JSONDecodeError):
        return None


def _summary(meta: dict, frames: dict[str, pl.DataFrame]) -> RunSummary:
    rates, masks, other = {}, {}, {}
    for name, what in meta["tables"].items():
        kind, _, col = what.partition(":")
        if kind == "rates":
            rates[col] = frames[name]
        elif kind == "masks":
            masks[col] = frames[name]
        else:
            other[kind] = frames[name]
    tests = {col: [EqualityTest(**t) for t in ts] for col, ts in meta["tests"].items()}
    model = []
    for f in meta["model"]:
        effects = []
        for e in f["effects"]:
            level = int(e["level"]) if e.pop("level_type") == "int" else e["level"]
            effects.append(Effect(**{**e, "level": level}))
        model.append(ModelFit(f["run"], int(f["players"]), int(f["games"]), effects, f["note"],
                              tuple(f["one_position"])))  # fmt: skip
    get = other.get
    return RunSummary(rates, tests, masks, dict(meta["overlapping"]), get("means"), get("shape"),
                      get("lengths"), get("ends"), get("cells"), model, get("actions"),
                      int(meta["errors"]))  # fmt: skip
