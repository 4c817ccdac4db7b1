"""Run jobs: one run's settings checked before anything is written, then played into a
run directory; and sets of runs (studies, sweeps, tournaments) played one after another.

The orchestration behind `palace-lab run`, `study`, `sweep` and `tournament`, kept out
of the thin click layer: rules, board and seats from user text, the stopping rule of
--target-ci, the command line that reproduces a run.
"""

from __future__ import annotations

import json
import sys
import time

from simcore.core.errors import InputError, WorkerLost

GAME = "maharaja"
MAX_SEED = 2**63  # seeds are 0 <= seed < 2^63 (the engine mixes them as int64)
MAX_GAMES = 10**10
MAX_CHUNK = 200_000  # games per chunk: a chunk's records are held in memory (~1 KB a game)
MAX_CHUNKS = 100_000  # the manifest lists every chunk and is rewritten while running
MAX_RUNS = 1_000  # runs of one study, sweep or tournament
PLAN = "plan.json"  # a study's, sweep's or tournament's runs and settings, for --resume


def _stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def rules_from(rules_file: str | None, sets: tuple[str, ...], variants: tuple[str, ...], base=None):
    """The RuleSet of a rules file (or `base`), variant switches and --set values."""
    from simcore.maharaja.rules import RuleSet, load_rules

    if base is None:
        rules = load_rules(rules_file) if rules_file is not None else RuleSet()
    elif rules_file is not None:  # a run's base rules; the file's keys override them
        from simcore.core.datafile import read_data_file

        data = read_data_file(rules_file, "rules file")
        rules = RuleSet.from_mapping(data, f"rules file {rules_file}", base)
    else:
        rules = base
    if variants:
        rules = rules.with_variants(variants)
    if sets:
        rules = rules.with_overrides(sets)
    from simcore.maharaja.game import check_supported

    check_supported(rules)
    return rules


def check_seed(seed: int, option: str = "--seed") -> None:
    if not 0 <= seed < MAX_SEED:
        raise InputError(f"{option} must be 0 <= seed < 2^63 ({MAX_SEED - 1}), got {seed}")


def check_first_chooser(rules, players: int) -> None:
    """first_chooser names a seat of this table (or -1, random)."""
    if rules.first_chooser >= players:
        raise InputError(
            f"first_chooser must be -1 (random) or a seat 0..{players - 1} with {players} "
            f"players, got {rules.first_chooser}"
        )


def board_from(board_file: str | None):
    from simcore.maharaja.board import default_board, load_board

    return load_board(board_file) if board_file is not None else default_board()


def seats_from(strategy: str, n_players: int):
    import strategies

    names = [s.strip() for s in strategy.split(",") if s.strip()]
    seats = strategies.resolve(names, n_players, GAME)
    sids, params = strategies.seat_arrays(seats, GAME)
    return seats, sids, params


class RunJob:
    """One run's settings, checked up front, then played into a directory (run, study, ...)."""

    def __init__(self, players, games, seed, strategy, variants=(), sets=(), rules_file=None,
                 board_file=None, chunk=5000, target_ci=None, round_chunks=4):  # fmt: skip
        self.players, self.games, self.seed, self.strategy = players, games, seed, strategy
        self.variants, self.sets, self.rules_file = tuple(variants), tuple(sets), rules_file
        self.board_file, self.chunk, self.target_ci = board_file, chunk, target_ci
        self.round_chunks = round_chunks

    def check(self):
        """Build the spec (InputError on any bad value) before anything is written."""
        from simcore.maharaja.batch import BatchSpec
        from simcore.maharaja.game import check_players
        from simcore.maharaja.rules import RuleSet

        check_players(self.players)
        check_seed(self.seed)
        if not 1 <= self.games <= MAX_GAMES:
            raise InputError(f"--games must be 1 to {MAX_GAMES:,}, got {self.games}")
        if not 1 <= self.chunk <= MAX_CHUNK:
            raise InputError(f"--chunk-size must be 1 to {MAX_CHUNK:,}, got {self.chunk}")
        n_chunks = -(-self.games // self.chunk)
        if n_chunks > MAX_CHUNKS:
            raise InputError(
                f"--games {self.games:,} in chunks of {self.chunk:,} makes {n_chunks:,} chunks "
                f"(at most {MAX_CHUNKS:,}); raise --chunk-size to at least "
                f"{-(-self.games // MAX_CHUNKS):,}"
            )
        if self.target_ci is not None and not 0 < self.target_ci < 0.5:
            raise InputError(f"--target-ci must be between 0 and 0.5, got {self.target_ci}")
        # the rulebook's choosing order (M-S3: seat 0, the youngest, first); a rules file or
        # --set first_chooser=-1 (random per game) changes it
        base = RuleSet()
        rules = rules_from(self.rules_file, self.sets, self.variants, base=base)
        board = board_from(self.board_file)
        self.seats, sids, params = seats_from(self.strategy, self.players)
        check_first_chooser(rules, self.players)
        names = tuple(s.name for s in self.seats)
        self.spec = BatchSpec(self.players, self.seed, rules, board, sids, params,
                              "strategies:driver_for", names)  # fmt: skip
        return self

    def play(self, out_dir, pool, resume=False, progress=None):
        from analyses.target import half_width_rule, stopping_config
        from simcore.core.runner import RunInterrupted, RunPlan, execute, open_run
        from simcore.maharaja.batch import play_chunk_parquet, run_config, warm

        seat_info = [
            {"seat": i, "name": s.name, "params": dict(zip(s.param_names, map(float, s.params())))}
            for i, s in enumerate(self.seats)
        ]
        config = run_config(self.spec, seat_info, self.board_file or "default")
        stop = None
        if self.target_ci is not None:
            config["stopping"] = stopping_config(self.target_ci, self.round_chunks)
            stop = half_width_rule(self.target_ci)
        command = run_command(self.players, self.games, self.seed, self.strategy, self.chunk,
                               self.rules_file, self.variants, self.sets, self.board_file,
                               out_dir, self.target_ci)  # fmt: skip
        plan = RunPlan(out_dir, config, self.games, self.chunk, self.players, play_chunk_parquet,
                       self.spec, command, resume, warm, stop, self.round_chunks)  # fmt: skip
        try:
            manifest = open_run(plan)
            if progress is None:
                return execute(plan, manifest, pool)
            return execute(plan, manifest, pool, progress)
        except (RunInterrupted, WorkerLost) as e:  # finished chunks are kept
            e.resume = f"{command} --resume"
            raise

    def settings(self) -> dict:
        """What a study's plan records of this run (compared on --resume)."""
        return {"players": self.players, "games": self.games, "seed": self.seed,
                "strategy": self.strategy, "variants": list(self.variants),
                "sets": list(self.sets), "rules_file": self.rules_file,
                "board_file": self.board_file, "chunk": self.chunk,
                "target_ci": self.target_ci}  # fmt: skip


def default_out():
    from pathlib import Path

    base = Path("out") / time.strftime("run-%Y%m%d-%H%M%S")
    out, k = base, 1
    while out.exists():
        k += 1
        out = base.with_name(f"{base.name}-{k}")
    return out


def run_command(
    players, games, seed, strategy, chunk, rules_file, variants, sets, board, out, target_ci=None
):
    """The full command that reproduces (and with --resume continues) this run."""
    import shlex

    args = ["palace-lab", "run", "--players", players, "--games", games, "--seed", seed]
    args += ["--strategy", strategy, "--chunk-size", chunk]
    args += ["--target-ci", target_ci] if target_ci is not None else []
    args += ["--rules", rules_file] if rules_file else []
    args += [a for v in variants for a in ("--variant", v)]
    args += [a for s in sets for a in ("--set", s)]
    args += ["--board", board] if board else []
    return shlex.join(str(a) for a in [*args, "--out", out])


def play_jobs(root, jobs, workers, executor, scheduler, log=None, resume=False, kind="study",
              command=None, extra=None, header=None):  # fmt: skip
    """Play named RunJobs into root/<folder>; every job is checked before anything is written.

    The plan (kind, `extra` and each run's settings) is saved in root/plan.json first;
    with `resume` it must match, finished runs are kept and unfinished ones resumed.
    `command` is the user's command line, named (with --resume) if a run stops; `header`
    is logged once everything is checked.
    """
    from pathlib import Path

    from simcore.core.executors import make_executor
    from simcore.core.runner import RunInterrupted

    log = log or _stderr
    if len(jobs) > MAX_RUNS:
        raise InputError(f"{kind}: {len(jobs):,} runs; at most {MAX_RUNS:,}")
    for _, job in jobs:
        job.check()
    root = Path(root)
    plan = {"format": "palace-lab-plan/1", "kind": kind, "extra": extra,
            "runs": [{"folder": f, **job.settings()} for f, job in jobs]}  # fmt: skip
    _check_plan(root, plan, resume, kind)
    pool = make_executor(executor, workers, scheduler)
    t0 = time.perf_counter()
    try:
        if header:
            log(header)
        _save_plan(root, plan)
        for i, (folder, job) in enumerate(jobs, 1):
            log(f"[{i}/{len(jobs)}] {folder}: {job.players} players, {job.strategy}")
            again = resume and _run_started(root / folder)
            try:
                m = job.play(root / folder, pool, again).manifest
            except (RunInterrupted, WorkerLost) as e:
                if command:
                    e.resume = command if "--resume" in command else f"{command} --resume"
                raise
            o = m.get("stop_outcome")
            if o:
                log(f"    {o['reason']} after {o['games']:,} games")
    finally:
        pool.close()
    return time.perf_counter() - t0


def _check_plan(root, plan: dict, resume: bool, kind: str) -> None:
    """Refuse (before writing) a root that is not empty, or on --resume, not this plan."""
    from simcore.core.datafile import read_limited

    path = root / PLAN
    if not resume:
        if root.exists() and (not root.is_dir() or any(root.iterdir())):
            hint = (f"it holds a {kind}; add --resume to continue it" if path.is_file()
                    else "choose another --out")  # fmt: skip
            raise InputError(f"--out {root} exists and is not an empty folder; {hint}")
        return

    def fail(problem: str):
        raise InputError(f"--resume: {path}: {problem}")

    if not path.is_file():
        raise InputError(f"--resume: {root} holds no {kind} to resume (no {PLAN})")
    try:
        old = json.loads(read_limited(path, fail))
    except ValueError:
        fail("not a palace-lab plan (invalid JSON)")
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
    """Write a JSON file atomically (temporary name, then rename)."""
    import os

    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(obj, indent=1) + "\n")
    os.replace(tmp, path)


def _save_plan(root, plan: dict) -> None:
    root.mkdir(parents=True, exist_ok=True)
    save_json(root / PLAN, plan)


def _run_started(run_dir) -> bool:
    """True if run_dir holds a run to resume; a folder a killed study left before the run's
    manifest was written (only an empty chunks/) is cleared, so the run starts afresh."""
    if (run_dir / "manifest.json").is_file():
        return True
    chunks = run_dir / "chunks"
    if run_dir.is_dir() and [p.name for p in run_dir.iterdir()] == ["chunks"]:
        if chunks.is_dir() and not chunks.is_symlink() and not any(chunks.iterdir()):
            chunks.rmdir()
    return False


def study_strategy():
    """The default strategy, with character noise if it has that parameter (every character
    is then played, so each character figure rests on games)."""
    import strategies

    name = strategies.default_strategy(GAME)
    has_noise = "char_noise" in strategies.strategies(GAME)[name].param_names
    return f"{name}:char_noise=1" if has_noise else name
