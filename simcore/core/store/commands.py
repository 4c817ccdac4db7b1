"""The commands palace-lab suggests for a run directory (continue it, replay it), rebuilt
from the manifest's validated fields and shell-quoted (shlex.join).

Never the manifest's recorded `command`: anyone who can edit the file chooses that text,
and a line palace-lab prints as advice is one a user pastes into a shell. A rebuilt
command names the folder it was asked about, not one the file names.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

from simcore.core.errors import InputError
from simcore.core.store.outpaths import PLAN
from simcore.core.store.safe_files import check_plain, read_json

_STUDY = re.compile(r"study ([a-z0-9][a-z0-9-]{0,40})")  # a plan's kind: jobs.plans


def number(v: float | int) -> str:
    """A number as the command line reads it back exactly (14.0 -> 14, 0.1 -> 0.1)."""
    text = repr(float(v))
    return text.removesuffix(".0")


def strategy_text(seats: list[dict]) -> str:
    """--strategy from the manifest's seats: each name with every parameter it played."""
    texts = [":".join([s["name"], *(f"{k}={number(v)}" for k, v in
                                     sorted((s.get("params") or {}).items()))])
             for s in seats]  # fmt: skip
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


def _data_args(m: dict) -> list[str]:
    data = m.get("data")
    if isinstance(data, dict) and data:
        return [a for name, d in data.items() if d.get("source", "default") != "default"
                for a in ("--data", f"{name}={d['source']}")]  # fmt: skip
    board = m.get("board") or {}
    source = board.get("source", "default")
    return [] if source == "default" else ["--board", source]


def run_command(run_dir: str | Path, m: dict, resume: bool = False) -> str:
    """`palace-lab run ...` that replays (with --resume continues) the run in `run_dir`."""
    args: list[Any] = ["palace-lab", "run", "--game", m["game"], "--players", m["players"],
                       "--games", m["games"], "--seed", m["seed"],
                       "--chunk-size", m["chunk_size"]]  # fmt: skip
    st = m.get("stopping") or {}
    if st.get("target_ci") is not None:
        args += ["--target-ci", number(st["target_ci"])]
    args += ["--strategy", strategy_text(m["strategies"])]
    args += [a for s in set_items(m.get("rules_changed") or {}) for a in ("--set", s)]
    args += _data_args(m)
    args += ["--out", str(run_dir), *(["--resume"] if resume else [])]
    return shlex.join(str(a) for a in args)


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
