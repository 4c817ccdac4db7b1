"""What a manifest.json must hold before any of its values is used.

A manifest may have been edited by hand or shared by someone else, so every field
the code reads is checked for its type and range, and the chunk list must be
exactly the plan of the run (chunk_plan(games, chunk_size)): entry i is chunk i,
its game range is the plan's and its file is chunk_file(i). Anything else ends in
one InputError line naming the manifest and the entry.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from simcore.core.chunk_store import chunk_file, plan_entry, plan_length
from simcore.core.errors import InputError

MAX_GAMES = 10**12  # far above any run; keeps game ids and sums well inside int64
MAX_PLAYERS = 64
SEED_LIMIT = 2**64
RUN_STATUS = ("running", "interrupted", "complete")
CHUNK_STATUS = ("pending", "done", "complete", "skipped")  # "complete": older fixtures, = done
DONE = ("done", "complete")
_SHA = re.compile(r"[0-9a-f]{64}")


def _show(v: Any) -> str:
    text = json.dumps(v, separators=(",", ":"))  # ASCII: nothing from the file reaches a tty raw
    return text if len(text) <= 40 else text[:37] + "..."


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class _Checker:
    def __init__(self, where: str):
        self.where = where

    def fail(self, key: str, want: str, got: Any) -> None:
        raise InputError(f"{self.where}: {key} must be {want}, got {_show(got)}")

    def int(self, d: dict, key: str, lo: int, hi: int, name: str | None = None) -> int:
        name = name or key
        if key not in d:
            raise InputError(f"{self.where}: missing key {name!r}")
        v = d[key]
        if not _is_int(v) or not lo <= v <= hi:
            self.fail(name, f"an integer from {lo:,} to {hi:,}", v)
        return v

    def typed(self, d: dict, key: str, types: tuple, want: str, required=False) -> Any:
        if key not in d:
            if required:
                raise InputError(f"{self.where}: missing key {key!r}")
            return None
        if not isinstance(d[key], types) or isinstance(d[key], bool) and bool not in types:
            self.fail(key, want, d[key])
        return d[key]


def validate(m: dict, where: str) -> None:
    """InputError (one line) unless every field the code reads has its type and range."""
    c = _Checker(where)
    c.typed(m, "game", (str,), "a string", required=True)
    c.int(m, "players", 1, MAX_PLAYERS)
    games = c.int(m, "games", 1, MAX_GAMES)
    c.int(m, "seed", 0, SEED_LIMIT - 1)
    size = c.int(m, "chunk_size", 1, MAX_GAMES)
    status = c.typed(m, "status", (str,), "a string", required=True)
    if status not in RUN_STATUS:
        c.fail("status", " or ".join(RUN_STATUS), status)
    for key in ("command", "created", "package_version"):
        c.typed(m, key, (str,), "a string")
    for key in ("finished", "git_commit"):
        c.typed(m, key, (str, type(None)), "a string or null")
    for key in ("rules", "rules_changed", "board", "stopping", "stop_outcome"):
        c.typed(m, key, (dict,), "an object")
    variants = c.typed(m, "variants", (list,), "a list of names") or []
    if not all(isinstance(v, str) for v in variants):
        c.fail("variants", "a list of names", variants)
    board = m.get("board") or {}
    for key in ("source", "sha256"):
        if key in board and not isinstance(board[key], str):
            c.fail(f"board.{key}", "a string", board[key])
    strategies = c.typed(m, "strategies", (list,), "a list of seats") or []
    for i, s in enumerate(strategies):
        if not isinstance(s, dict) or not isinstance(s.get("name"), str):
            c.fail(f"strategies[{i}]", 'an object with a "name" string', s)
        params = s.get("params", {})
        if not isinstance(params, dict) or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in params.values()
        ):
            c.fail(f"strategies[{i}].params", "an object of numbers", params)
    if "stopping" in m:
        st = m["stopping"]
        adaptive = "z" in st  # jobs.target.decided_config: target_ci may be null
        if "z" in st and (not isinstance(st["z"], (int, float)) or not 0 < st["z"] < 10):
            c.fail("stopping.z", "a number between 0 and 10", st["z"])
        if "delta" in st and (not isinstance(st["delta"], (int, float))
                              or not 0 < st["delta"] < 0.5):  # fmt: skip
            c.fail("stopping.delta", "a number between 0 and 0.5", st["delta"])
        tci = st.get("target_ci")
        if not (adaptive and tci is None) and (
            not isinstance(tci, (int, float)) or not 0 < tci < 0.5
        ):
            c.fail("stopping.target_ci", "a number between 0 and 0.5", tci)
        c.int(st, "round_chunks", 1, MAX_GAMES, "stopping.round_chunks")
    if "stop_outcome" in m:
        o = m["stop_outcome"]
        if not isinstance(o.get("reason"), str):
            c.fail("stop_outcome.reason", "a string", o.get("reason"))
        c.int(o, "games", 0, games, "stop_outcome.games")
    _validate_chunks(c, m, games, size)


def _validate_chunks(c: _Checker, m: dict, games: int, size: int) -> None:
    chunks = c.typed(m, "chunks", (list,), "a list", required=True)
    want = plan_length(games, size)
    if len(chunks) != want:
        raise InputError(
            f"{c.where}: the chunk list has {len(chunks):,} entries; a run of {games:,} games "
            f"in chunks of {size:,} has {want:,} (cut or padded list)"
        )
    for i, ch in enumerate(chunks):
        at = f"chunks[{i}]"
        if not isinstance(ch, dict):
            c.fail(at, "an object", ch)
        first, n = plan_entry(i, games, size)
        for key, value in (("index", i), ("first_game", first), ("n_games", n)):
            if key not in ch:
                raise InputError(f"{c.where}: {at}: missing key {key!r}")
            if not _is_int(ch[key]) or ch[key] != value:
                c.fail(f"{at}.{key}", f"{value} (the run's chunk plan)", ch[key])
        if ch.get("file") != chunk_file(i):
            c.fail(f"{at}.file", repr(chunk_file(i)), ch.get("file"))
        if ch.get("status") not in CHUNK_STATUS:
            c.fail(f"{at}.status", " or ".join(CHUNK_STATUS), ch.get("status"))
        sec = ch.get("seconds", 0.0)
        if not isinstance(sec, (int, float)) or isinstance(sec, bool) or not 0 <= sec < math.inf:
            c.fail(f"{at}.seconds", "a number of seconds", sec)
        if "sha256" in ch:
            if not isinstance(ch["sha256"], str) or not _SHA.fullmatch(ch["sha256"]):
                c.fail(f"{at}.sha256", "64 lowercase hex digits", ch["sha256"])
            c.int(ch, "rows", 0, n * MAX_PLAYERS, f"{at}.rows")
        elif "rows" in ch:
            c.int(ch, "rows", 0, n * MAX_PLAYERS, f"{at}.rows")
