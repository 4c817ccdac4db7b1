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

from simcore.core.errors import InputError
from simcore.core.store.chunk_store import chunk_file, plan_entry, plan_length

MAX_GAMES = 10**10  # the CLI's limit (jobs.run_job.MAX_GAMES)
MAX_CHUNK = 200_000  # games per chunk (jobs.run_job.MAX_CHUNK)
MAX_PLAYERS = 64
SEED_LIMIT = 2**64
RUN_STATUS = ("running", "interrupted", "complete")
CHUNK_STATUS = ("pending", "done", "complete", "skipped")  # "complete": older fixtures, = done
DONE = ("done", "complete")
_SHA = re.compile(r"[0-9a-f]{64}")
_NAME = re.compile(r"[^\x00-\x1f\x7f-\x9f]{1,64}")  # a registered name: no C0/C1 control, short
KEYS = frozenset({
    "format", "manifest_sha256", "game", "players", "games", "seed", "chunk_size",
    "stopping", "strategies", "rules", "rules_changed", "variants", "board", "data",
    "package_version", "git_commit", "command", "created", "finished", "status",
    "stop_outcome", "chunks",
})  # fmt: skip
CHUNK_KEYS = frozenset({"index", "first_game", "n_games", "file", "status", "seconds",
                        "sha256", "rows"})  # fmt: skip
MAX_TEXT = 100_000  # code points of any string (a command line, a board path)


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
    from simcore.core.store.manifest import MAX_CHUNKS, SEAL  # noqa: PLC0415

    c = _Checker(where)
    unknown = sorted(set(m) - KEYS)
    if unknown:
        raise InputError(f"{where}: unknown key {_show(unknown[0])} (edited or damaged)")
    if SEAL in m and (not isinstance(m[SEAL], str) or not _SHA.fullmatch(m[SEAL])):
        c.fail(SEAL, "64 lowercase hex digits", m[SEAL])
    c.typed(m, "game", (str,), "a string", required=True)
    players = c.int(m, "players", 1, MAX_PLAYERS)
    games = c.int(m, "games", 1, MAX_GAMES)
    c.int(m, "seed", 0, SEED_LIMIT - 1)
    size = c.int(m, "chunk_size", 1, MAX_CHUNK)
    if plan_length(games, size) > MAX_CHUNKS:
        raise InputError(f"{where}: {games:,} games in chunks of {size:,} make more than "
                         f"{MAX_CHUNKS:,} chunks; not a run palace-lab makes")  # fmt: skip
    status = c.typed(m, "status", (str,), "a string", required=True)
    if status not in RUN_STATUS:
        c.fail("status", " or ".join(RUN_STATUS), status)
    for key in ("command", "created", "package_version"):
        _text(c, key, c.typed(m, key, (str,), "a string"))
    for key in ("finished", "git_commit"):
        _text(c, key, c.typed(m, key, (str, type(None)), "a string or null"))
    for key in ("rules", "rules_changed", "board", "data", "stopping", "stop_outcome"):
        c.typed(m, key, (dict,), "an object")
    variants = c.typed(m, "variants", (list,), "a list of names") or []
    if not all(isinstance(v, str) for v in variants):
        c.fail("variants", "a list of names", variants)
    _validate_data_file(c, "board", m.get("board") or {})
    for name, entry in (m.get("data") or {}).items():
        if not isinstance(entry, dict) or not _NAME.fullmatch(name):
            c.fail(f"data.{name}", "an object with source and sha256", entry)
        _validate_data_file(c, f"data.{name}", entry)
    _validate_strategies(c, m, players)
    if "stopping" in m:
        st = m["stopping"]
        adaptive = "z" in st  # jobs.target.decided_config: target_ci may be null
        if "z" in st and (not isinstance(st["z"], (int, float)) or isinstance(st["z"], bool)
                          or not 0 < st["z"] < 10):  # fmt: skip
            c.fail("stopping.z", "a number between 0 and 10", st["z"])
        if "delta" in st and (not isinstance(st["delta"], (int, float))
                              or isinstance(st["delta"], bool)
                              or not 0 < st["delta"] < 0.5):  # fmt: skip
            c.fail("stopping.delta", "a number between 0 and 0.5", st["delta"])
        tci = st.get("target_ci")
        if not (adaptive and tci is None) and (
            not isinstance(tci, (int, float)) or isinstance(tci, bool) or not 0 < tci < 0.5
        ):
            c.fail("stopping.target_ci", "a number between 0 and 0.5", tci)
        c.int(st, "round_chunks", 1, MAX_CHUNKS, "stopping.round_chunks")
        for key in ("rule", "key"):
            if key in st and not isinstance(st[key], str):
                c.fail(f"stopping.{key}", "a string", st[key])
            _text(c, f"stopping.{key}", st.get(key))
    if "stop_outcome" in m:
        if "stopping" not in m:
            raise InputError(f"{where}: stop_outcome without a stopping rule (edited?)")
        o = m["stop_outcome"]
        if o.get("reason") not in ("target reached", "cap reached"):
            c.fail("stop_outcome.reason", '"target reached" or "cap reached"', o.get("reason"))
        c.int(o, "games", 0, games, "stop_outcome.games")
        _validate_outcome(c, o)
    _validate_chunks(c, m, games, size)
    _validate_skipped(c, m)
    _validate_rules(c, m, players)


def _validate_data_file(c: _Checker, where: str, entry: dict) -> None:
    """A data file's record: where it came from and its SHA-256."""
    for key in ("source", "sha256"):
        if key in entry and not isinstance(entry[key], str):
            c.fail(f"{where}.{key}", "a string", entry[key])
        _text(c, f"{where}.{key}", entry.get(key))
    if "sha256" in entry and not _SHA.fullmatch(entry["sha256"]):
        c.fail(f"{where}.sha256", "64 lowercase hex digits", entry["sha256"])


def _validate_outcome(c: _Checker, o: dict) -> None:
    """The optional figures of a stopping rule's outcome (printed by `run`)."""
    if "met" in o and o["met"] is not (o["reason"] == "target reached"):
        c.fail("stop_outcome.met", 'true exactly when the reason is "target reached"', o["met"])
    number = (int, float, type(None))
    if "max_half_width" in o and (
        not isinstance(o["max_half_width"], number) or isinstance(o["max_half_width"], bool)
    ):
        c.fail("stop_outcome.max_half_width", "a number or null", o["max_half_width"])
    if "widest" in o and not isinstance(o["widest"], (str, type(None))):
        c.fail("stop_outcome.widest", "a string or null", o["widest"])
    halves = o.get("half_widths", {})
    if not isinstance(halves, dict) or not all(
        isinstance(v, (int, float)) and not isinstance(v, bool) for v in halves.values()
    ):
        c.fail("stop_outcome.half_widths", "an object of numbers", halves)
    never = o.get("never_started", [])
    if not isinstance(never, list) or not all(isinstance(v, str) for v in never):
        c.fail("stop_outcome.never_started", "a list of strings", never)


def _text(c: _Checker, key: str, v: Any) -> None:
    if isinstance(v, str) and (len(v) > MAX_TEXT or not _encodable(v)):
        c.fail(key, f"UTF-8 text of at most {MAX_TEXT:,} code points", v[:20])


def _encodable(v: str) -> bool:
    try:
        v.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate (\ud800) is valid JSON but no text
        return False
    return True


def _validate_strategies(c: _Checker, m: dict, players: int) -> None:
    strategies = c.typed(m, "strategies", (list,), "a list of seats", required=True)
    if len(strategies) != players:
        c.fail("strategies", f"a list of {players} seats (one per player)", strategies)
    for i, s in enumerate(strategies):
        if not isinstance(s, dict) or not isinstance(s.get("name"), str):
            c.fail(f"strategies[{i}]", 'an object with a "name" string', s)
        if not _NAME.fullmatch(s["name"]):
            c.fail(f"strategies[{i}].name", "a strategy name", s["name"])
        if s.get("seat", i) != i:
            c.fail(f"strategies[{i}].seat", str(i), s.get("seat"))
        params = s.get("params", {})
        if not isinstance(params, dict) or not all(
            _NAME.fullmatch(k) and isinstance(v, (int, float)) and not isinstance(v, bool)
            for k, v in params.items()
        ):
            c.fail(f"strategies[{i}].params", "an object of numbers", params)


def _validate_skipped(c: _Checker, m: dict) -> None:
    """`skipped` chunks only after a stopping rule was met: a suffix of whole rounds, and the
    outcome's games are exactly the games played before it."""
    chunks = m["chunks"]
    skipped = [ch["index"] for ch in chunks if ch["status"] == "skipped"]
    if not skipped:
        return
    at = f"chunks[{skipped[0]}].status"
    if "stopping" not in m:
        c.fail(at, "pending or done (the run has no stopping rule to skip chunks)", "skipped")
    o = m.get("stop_outcome")
    if m["status"] != "complete" or not o or o["reason"] != "target reached":
        c.fail(at, "pending or done (no stopping rule was met)", "skipped")
    first = skipped[0]
    if skipped != list(range(first, len(chunks))) or first % m["stopping"]["round_chunks"]:
        c.fail(at, "pending or done (skipped chunks end a run at a round's end)", "skipped")
    if o["games"] != sum(ch["n_games"] for ch in chunks[:first]):
        c.fail("stop_outcome.games", "the games before the skipped chunks", o["games"])


def _validate_rules(c: _Checker, m: dict, players: int) -> None:
    """The rules must be the game's, valid at this player count, with rules_changed and
    variants derived from them (as the run wrote them)."""
    from simcore.core.contract.games import get_game  # noqa: PLC0415

    where = c.where
    try:
        plugin = get_game(m["game"])
    except InputError:  # no plug-in reads it: every use refuses it ("unknown game"), and a
        return  # report naming two games says "different games" first
    if not plugin.min_players <= players <= plugin.max_players:
        c.fail("players", f"{plugin.min_players} to {plugin.max_players}", players)
    if "rules" not in m:
        return
    try:
        rules = plugin.rules_from_mapping(m["rules"], f"{where}: rules", plugin.default_rules())
        plugin.check_rules(rules, players)
        norm = rules.to_dict()
        odd = [k for k, v in m["rules"].items() if norm[k] != v]
        if odd:
            raise InputError(f"{where}: rules.{odd[0]}: not a value the rule set holds (edited?)")
        if len(m["rules"]) == len(norm):  # a whole table (every run writes one)
            if "rules_changed" in m and rules.diff_from_default() != m["rules_changed"]:
                raise InputError(f"{where}: rules_changed does not match rules (edited?)")
            if "variants" in m and list(rules.variant_names()) != m["variants"]:
                raise InputError(f"{where}: variants do not match rules (edited?)")
    except InputError as e:
        text = str(e)
        raise InputError(text if text.startswith(where) else f"{where}: {text}") from None
    except Exception as e:  # a rule set's own check failing on odd values: still one line
        raise InputError(f"{where}: rules: {type(e).__name__}: {str(e)[:80]}") from None


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
        extra = sorted(set(ch) - CHUNK_KEYS)
        if extra:
            c.fail(f"{at}", "an entry with the known keys only", extra[0])
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
            c.int(ch, "rows", n * m["players"], n * m["players"], f"{at}.rows")
        elif "rows" in ch:
            c.int(ch, "rows", n * m["players"], n * m["players"], f"{at}.rows")
        if ch["status"] not in DONE and ("sha256" in ch or "rows" in ch):
            c.fail(f"{at}.status", "done (it records a checksum)", ch["status"])
