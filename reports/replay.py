"""The command that replays a run, rebuilt from its manifest's fields (never copied from the
manifest's `command` text, which a file could carry anything in): game, players, the games
it actually played (chunks are deterministic per seed and chunk size, so this reproduces its
rows, whether it stopped by a rule or not), seed, chunk size, strategies with the
parameters that differ from each strategy's defaults, variants, changed rules and data files.
Every field is checked before it is used; a field that fails the check makes the command
"not reproducible from its manifest (FIELD)"."""

from __future__ import annotations

import json
import math
import re
import shlex
from pathlib import Path
from typing import Any

from simcore.core.store.manifest_schema import DONE as CHUNK_DONE

_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+-]{0,63}")


class _Bad(ValueError):
    pass


def _name(x: Any, field: str) -> str:
    if not isinstance(x, str) or not _NAME.fullmatch(x):
        raise _Bad(field)
    return x


def _int(x: Any, field: str, lo: int = 0, hi: int = 1 << 63) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or not lo <= x < hi:
        raise _Bad(field)
    return x


def _number(v: Any, field: str) -> str:
    if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
        raise _Bad(field)
    return f"{v:g}"


def _seat(s: Any, game: str) -> str:
    import strategies  # noqa: PLC0415

    if not isinstance(s, dict):
        raise _Bad("strategies")
    name = _name(s.get("name"), "strategies")
    known = strategies.strategies(game).get(name)
    params = s.get("params") or {}
    if not isinstance(params, dict):
        raise _Bad("strategies")
    defaults = dict(zip(known.param_names, known.defaults, strict=True)) if known else {}
    sets = [f"{_name(k, 'strategies')}={_number(v, 'strategies')}"
            for k, v in params.items() if defaults.get(k) != v]  # fmt: skip
    return ":".join([name, *sets])


def _rule_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return _number(v, "rules_changed")
    if isinstance(v, str) and len(v) <= 200 and v.isprintable():
        return v
    return json.dumps(v, separators=(",", ":"), sort_keys=True)[:2000]


def replay_command(m: dict, path: str | Path) -> str:
    """`palace-lab run ...` that replays the run in `path` (shell-quoted)."""
    try:
        game = _name(m.get("game"), "game")
        seats = [_seat(s, game) for s in m.get("strategies", [])]
        if not seats:
            raise _Bad("strategies")
        args = ["palace-lab", "run", "--game", game,
                "--players", str(_int(m.get("players"), "players", 1, 100)),
                "--games", str(_int(_games_done(m), "chunks", 1)),
                "--seed", str(_int(m.get("seed"), "seed")),
                "--chunk-size", str(_int(m.get("chunk_size"), "chunk_size", 1)),
                "--strategy", seats[0] if len(set(seats)) == 1 else ",".join(seats)]  # fmt: skip
        for v in m.get("variants", []) or []:
            args += ["--variant", _name(v, "variants")]
        changed = m.get("rules_changed", {}) or {}
        if not isinstance(changed, dict):
            raise _Bad("rules_changed")
        switched = _switched(game, m.get("variants", []) or [])
        for k, v in sorted(changed.items()):
            if k in switched and v is True:  # already named by its --variant
                continue
            args += ["--set", f"{_name(k, 'rules_changed')}={_rule_value(v)}"]
        data = m.get("data")
        if isinstance(data, dict):
            for k, d in sorted(data.items()):
                src = d.get("source") if isinstance(d, dict) else None
                if isinstance(src, str) and src not in ("default", "") and src.isprintable():
                    args += ["--data", f"{_name(k, 'data')}={src}"]
        return shlex.join([*args, "--out", str(path)])
    except _Bad as e:
        return f"not reproducible from its manifest ({e})"


def _switched(game: str, variants: list) -> set[str]:
    from simcore.core.contract.games import get_game  # noqa: PLC0415

    table = get_game(game).variants
    return {f for v in variants if isinstance(v, str) for f in table.get(v, ())}


def _games_done(m: dict) -> int | None:
    chunks = m.get("chunks")
    if not isinstance(chunks, list):
        return None
    done = [c.get("n_games") for c in chunks
            if isinstance(c, dict) and c.get("status") in CHUNK_DONE]  # fmt: skip
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in done):
        return None
    return sum(done)
