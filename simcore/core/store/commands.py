"""The `palace-lab run` lines palace-lab writes: the one a run records, the one that continues
a run, the one that replays what it played. One builder (`RunLine`) states the options and
their order; the manifest's fields are checked before they enter a line.

Never the manifest's recorded `command`: anyone who can edit the file chooses that text,
and a line palace-lab prints as advice is one a user pastes into a shell. A rebuilt
command names the folder it was asked about, not one the file names.
"""

from __future__ import annotations

import math
import re
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simcore.core.errors import InputError
from simcore.core.store.manifest_schema import DONE as CHUNK_DONE
from simcore.core.store.outpaths import PLAN
from simcore.core.store.safe_files import check_plain, read_json

_STUDY = re.compile(r"study ([a-z0-9][a-z0-9-]{0,40})")  # a plan's kind: jobs.plans
_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+-]{0,63}")


@dataclass(frozen=True)
class RunLine:
    """A `palace-lab run` line's options, in the order the line states them. `game` None:
    the default game, left out."""

    players: int
    games: int
    seed: int
    chunk_size: int
    strategy: str
    game: str | None = None
    target_ci: float | None = None
    rules_file: str | None = None
    variants: tuple[str, ...] = ()
    sets: tuple[str, ...] = ()
    board: str | None = None
    data: tuple[str, ...] = ()

    def args(self) -> list[str]:
        """The line's words, without --out."""
        args = ["palace-lab", "run", *(["--game", self.game] if self.game else [])]
        args += ["--players", str(self.players), "--games", str(self.games)]
        args += ["--seed", str(self.seed), "--chunk-size", str(self.chunk_size)]
        args += ["--target-ci", number(self.target_ci)] if self.target_ci is not None else []
        args += ["--strategy", self.strategy]
        args += ["--rules", self.rules_file] if self.rules_file else []
        args += [a for v in self.variants for a in ("--variant", v)]
        args += [a for s in self.sets for a in ("--set", s)]
        args += ["--board", self.board] if self.board else []
        return args + [a for d in self.data for a in ("--data", d)]

    def text(self, out: str | Path, resume: bool = False) -> str:
        """The shell-quoted line that writes to `out` (with --resume: continues it)."""
        return shlex.join([*self.args(), "--out", str(out), *(["--resume"] if resume else [])])


class BadField(ValueError):
    """A manifest field that cannot enter a command line: its name and, quoted, its value
    (a value a forged file chose is named, never offered as a command)."""

    def __init__(self, field: str, value: Any = None):
        shown = "" if value is None else f" {repr(value)[:80]}"
        super().__init__(f"{field}{shown}")


def number(v: float | int) -> str:
    """A number as the command line reads it back exactly (14.0 -> 14, 0.1 -> 0.1)."""
    return repr(float(v)).removesuffix(".0")


def _name(x: Any, field: str) -> str:
    if not isinstance(x, str) or not _NAME.fullmatch(x):
        raise BadField(field, x)
    return x


def _int(x: Any, field: str, lo: int = 0, hi: int = 1 << 63) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or not lo <= x < hi:
        raise BadField(field, x)
    return x


def _finite(v: Any, field: str) -> str:
    if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
        raise BadField(field, v)
    return number(v)


def strategy_text(seats: Any) -> str:
    """--strategy from the manifest's seats: each name with every parameter it played."""
    if not isinstance(seats, list) or not seats:
        raise BadField("strategies")
    texts = []
    for s in seats:
        params = (s.get("params") or {}) if isinstance(s, dict) else None
        if not isinstance(params, dict):
            raise BadField("strategies")
        texts.append(":".join([_name(s.get("name"), "strategies"),
                               *(f"{_name(k, 'strategies')}={_finite(v, 'strategies')}"
                                 for k, v in sorted(params.items()))]))  # fmt: skip
    return texts[0] if len(set(texts)) == 1 else ",".join(texts)


def set_items(changed: dict[str, Any], prefix: str = "") -> list[str]:
    """--set values as a rule set reads them (RuleBase.with_overrides): true/false, integers,
    a text, a row as a comma list, a table one row at a time (payouts.4=12,9,6,3)."""
    out = []
    for key, v in changed.items():
        if isinstance(v, dict):
            out += set_items(v, f"{prefix}{key}.")
        elif isinstance(v, bool):
            out.append(f"{prefix}{key}={'true' if v else 'false'}")
        elif isinstance(v, list):
            out.append(f"{prefix}{key}={','.join(str(x) for x in v)}")
        else:
            out.append(f"{prefix}{key}={v}")
    return out


def _rule_sets(game: str, m: dict) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """--variant names and the --set items of the changed rules a variant does not name."""
    variants = m.get("variants") or []
    changed = m.get("rules_changed") or {}
    if not isinstance(variants, list) or not isinstance(changed, dict):
        raise BadField("variants" if not isinstance(variants, list) else "rules_changed")
    names = tuple(_name(v, "variants") for v in variants)
    switched = _switched(game, names)
    kept = {k: v for k, v in changed.items() if not (k in switched and v is True)}
    return names, tuple(set_items(kept))


def _switched(game: str, variants: tuple[str, ...]) -> set[str]:
    from simcore.core.contract.games import get_game  # noqa: PLC0415

    try:
        table = get_game(game).variants
    except InputError:  # an unknown game: its variants switch nothing known
        return set()
    return {f for v in variants for f in table.get(v, ())}


def _data_args(m: dict) -> tuple[tuple[str, ...], str | None]:
    """--data NAME=SOURCE for each data file not the default (or an old run's --board)."""
    data = m.get("data")
    if isinstance(data, dict) and data:
        sources = [(_name(k, "data"), _source(d)) for k, d in sorted(data.items())
                   if isinstance(d, dict)]  # fmt: skip
        return tuple(f"{k}={src}" for k, src in sources if src not in ("default", "")), None
    board = m.get("board") or {}
    source = _source(board) if isinstance(board, dict) else "default"
    return (), None if source in ("default", "") else source


def _source(entry: dict) -> str:
    src = entry.get("source", "default")
    if not isinstance(src, str) or not src.isprintable():
        raise BadField("data")
    return src


def _games_done(m: dict) -> int | None:
    chunks = m.get("chunks")
    if not isinstance(chunks, list):
        return None
    done = [c.get("n_games") for c in chunks
            if isinstance(c, dict) and c.get("status") in CHUNK_DONE]  # fmt: skip
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in done):
        return None
    return sum(done)


def manifest_line(m: dict, played: bool = False) -> RunLine:
    """The run's line from its manifest's fields: as asked (`played` False: its games and
    stopping rule, to continue it), or as played (the games its finished chunks hold, no
    stopping rule: chunks are deterministic per seed and chunk size, so this reproduces its
    rows whether it stopped by a rule or not). BadField names a field that cannot enter it."""
    game = _name(m.get("game"), "game")
    players = _int(m.get("players"), "players", 1, 100)
    games = _int(_games_done(m) if played else m.get("games"), "chunks" if played else "games", 1)
    target = None if played else (m.get("stopping") or {}).get("target_ci")
    variants, sets = _rule_sets(game, m)
    data, board = _data_args(m)
    return RunLine(players, games, _int(m.get("seed"), "seed"),
                   _int(m.get("chunk_size"), "chunk_size", 1), strategy_text(m.get("strategies")),
                   game, None if target is None else float(_finite(target, "stopping")),
                   variants=variants, sets=sets, board=board, data=data)  # fmt: skip


def replay_command(m: dict, path: str | Path) -> str:
    """`palace-lab run ...` that replays what the run in `path` played (shell-quoted)."""
    try:
        return manifest_line(m, played=True).text(path)
    except BadField as e:
        return f"not reproducible from its manifest ({e})"


def run_command(run_dir: str | Path, m: dict, resume: bool = False) -> str:
    """`palace-lab run ...` that replays (with --resume continues) the run in `run_dir`."""
    try:
        return manifest_line(m).text(run_dir, resume)
    except BadField as e:
        return f"not reproducible from its manifest ({e})"


def study_command(run_dir: str | Path, m: dict, resume: bool = False) -> str:
    """`palace-lab study NAME ...` for a study's adaptive run (rounds until its verdicts are
    decided, a rule `run` cannot play): the study folder is the nearest one above holding
    the plan; its name is the plan's, if it reads as a study name."""
    here = Path(run_dir)
    root, name = here.parent, None
    for folder in list(here.parents)[:3]:
        try:
            plan = read_json(folder / PLAN, what="plan") if check_plain(folder / PLAN) else None
        except InputError:  # planted or damaged: the folder is named, the study is not
            plan = {}
        if plan is not None:
            root = folder
            kind = plan.get("kind") if isinstance(plan, dict) else None
            found = _STUDY.fullmatch(kind) if isinstance(kind, str) else None
            name = found.group(1) if found else None
            break
    args = ["palace-lab", "study", *([name] if name else []), "--game", str(m["game"]),
            "--out", str(root), *(["--resume"] if resume else [])]  # fmt: skip
    return f"{shlex.join(args)} (with the other options that started the study)"


def suggested_command(run_dir: str | Path, m: dict, resume: bool = False) -> str:
    """The command that replays (continues) a run: its study's for an adaptive run."""
    if "z" in (m.get("stopping") or {}):
        return study_command(run_dir, m, resume)
    return run_command(run_dir, m, resume)
