"""Sets of runs (a study, a sweep, a tournament) played one after another into one folder,
with a plan (`plan.json`) that --resume compares, so finished runs are kept and unfinished
ones resumed.
"""

from __future__ import annotations

import json
import sys
import time

from simcore.core.errors import InputError, WorkerLost
from simcore.core.store.outpaths import PLAN

MAX_RUNS = 1_000  # runs of one study, sweep or tournament


def _stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def play_jobs(root, jobs, workers, executor, scheduler, log=None, resume=False, kind="study",
              command=None, extra=None, header=None, scheduler_timeout=None):  # fmt: skip
    """Play named RunJobs into root/<folder>; every job is checked before anything is written.

    The plan (kind, `extra` and each run's settings) is saved in root/plan.json first;
    with `resume` it must match, finished runs are kept and unfinished ones resumed.
    `command` is the user's command line, named (with --resume) if a run stops; `header`
    is logged once everything is checked.
    """
    from pathlib import Path

    from jobs.executors import make_executor
    from jobs.runner import RunInterrupted, RunWriteError, check_stop, going_on

    log = log or _stderr
    if len(jobs) > MAX_RUNS:
        raise InputError(f"{kind}: {len(jobs):,} runs; at most {MAX_RUNS:,}")
    for _, job in jobs:
        job.check()
        job.study_command = command  # an adaptive run names its study's command
    share_driver([job for _, job in jobs])
    root = Path(root)
    plan = {"format": "palace-lab-plan/1", "kind": kind, "extra": extra,
            "runs": [{"folder": f, **job.settings()} for f, job in jobs]}  # fmt: skip
    _check_plan(root, plan, resume, kind)
    timeout = {} if scheduler_timeout is None else {"timeout": scheduler_timeout}
    pool = make_executor(executor, workers, scheduler, **timeout)
    t0 = time.perf_counter()
    resume_with = (None if not command
                   else command if "--resume" in command else f"{command} --resume")  # fmt: skip
    try:
        if header:
            log(header)
        _save_plan(root, plan)
        going_on(resume=resume_with)  # an interrupt between runs names it
        for i, (folder, job) in enumerate(jobs, 1):
            check_stop()
            gate = getattr(job, "gate", None)  # a climb rung: played only while needed
            why = gate(root) if gate is not None else None
            if why:
                log(f"[{i}/{len(jobs)}] {folder}: not played ({why})")
                plan.setdefault("skipped", {})[folder] = why  # not missing: not needed
                _save_plan(root, plan)
                continue
            log(f"[{i}/{len(jobs)}] {folder}: {job.players} players, {job.strategy}")
            again = resume and run_started(root / folder)
            try:
                m = job.play(root / folder, pool, again).manifest
            except (RunInterrupted, RunWriteError, WorkerLost) as e:
                if resume_with and getattr(e, "resume", None) is not None:  # the user's command
                    e.resume = resume_with
                raise
            o = m.get("stop_outcome")
            if o:
                log(f"    {o['reason']} after {o['games']:,} games")
    finally:
        pool.close()
    going_on(done=f"every run in {root} is complete")
    return time.perf_counter() - t0


def share_driver(jobs) -> None:
    """Let every run of a plan use one driver holding all their strategies: each driver
    compiles its game loop anew (about 8 s on a fresh machine), so a study of several
    strategy sets would otherwise compile it once per set."""
    import dataclasses

    for game in {job.game for job in jobs}:
        mine = [job for job in jobs if job.game == game]
        ids = tuple(sorted({int(i) for job in mine for i in job.spec.sids if i >= 0}))
        for job in mine:
            job.spec = dataclasses.replace(job.spec, driver_extra=ids)


def _check_plan(root, plan: dict, resume: bool, kind: str) -> None:
    """Refuse (before writing) a root that is not empty, or on --resume, not this plan."""
    from simcore.core.store.safe_files import check_plain, read_json

    path = root / PLAN
    if not resume:
        if root.exists() and (not root.is_dir() or any(root.iterdir())):
            hint = (f"it holds a {kind}; add --resume to continue it" if path.is_file()
                    and not path.is_symlink()
                    else "choose another --out")  # fmt: skip
            raise InputError(f"--out {root} exists and is not an empty folder; {hint}")
        return

    def fail(problem: str):
        raise InputError(f"--resume: {path}: {problem}")

    if not check_plain(path):
        raise InputError(f"--resume: {root} holds no {kind} to resume (no {PLAN})")
    try:
        old = read_json(path, what="plan")
    except InputError as e:
        raise InputError(f"--resume: {e}") from None
    if not isinstance(old, dict) or old.get("format") != plan["format"]:
        fail(f"not a palace-lab plan (format {plan['format']} expected)")
    new = json.loads(json.dumps(plan))
    diff = _plan_differences(old, new)
    if diff:
        more = f" and {len(diff) - 3} more" if len(diff) > 3 else ""
        raise InputError(
            f"--resume: {root} was started with other settings ({'; '.join(diff[:3])}{more}); "
            "give the same settings or choose another --out"
        )


def _plan_differences(old: dict, new: dict) -> list[str]:
    def flat(plan: dict) -> dict:
        out = {"kind": plan.get("kind"), "settings": plan.get("extra")}
        runs = plan.get("runs") if isinstance(plan.get("runs"), list) else []
        out["runs"] = [r.get("folder") if isinstance(r, dict) else r for r in runs]
        for r in runs:
            if isinstance(r, dict):
                out |= {f"{r.get('folder')} {k}": v for k, v in r.items() if k != "folder"}
        return out

    def short(v) -> str:
        t = json.dumps(v)
        return t if len(t) <= 40 else t[:37] + "..."

    a, b = flat(old), flat(new)
    return [f"{k}: {short(a.get(k))} -> {short(b.get(k))}" for k in dict.fromkeys([*a, *b])
            if a.get(k) != b.get(k)]  # fmt: skip


def save_json(path, obj) -> None:
    """Write a JSON file atomically, never through a planted name (safe_files.write_json)."""
    from simcore.core.store.safe_files import write_json

    write_json(path, obj)


def _save_plan(root, plan: dict) -> None:
    root.mkdir(parents=True, exist_ok=True)
    save_json(root / PLAN, plan)


def run_started(run_dir) -> bool:
    """True if run_dir holds a run to resume; a folder a killed study left before the run's
    manifest was written (only an empty chunks/) is cleared, so the run starts afresh."""
    if (run_dir / "manifest.json").is_file() or (run_dir / "manifest.json").is_symlink():
        return True  # a symlink: the run's own checks refuse it with one line
    chunks = run_dir / "chunks"
    if run_dir.is_dir() and [p.name for p in run_dir.iterdir()] == ["chunks"]:
        if chunks.is_dir() and not chunks.is_symlink() and not any(chunks.iterdir()):
            chunks.rmdir()
    return False
