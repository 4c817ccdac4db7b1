"""Run jobs: one run's settings checked before anything is written, then played into a
run directory; and sets of runs (studies, sweeps, tournaments) played one after another.

The orchestration behind `palace-lab run`, `study`, `sweep` and `tournament`, kept out
of the thin click layer: rules, board and seats from user text, the stopping rule of
--target-ci, the command line that reproduces a run.
"""

from __future__ import annotations

import sys
import time

from simcore.core.errors import InputError

GAME = "maharaja"


def _stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def rules_from(rules_file: str | None, sets: tuple[str, ...], variants: tuple[str, ...], base=None):
    """The RuleSet of a rules file (or `base`), variant switches and --set values."""
    from simcore.maharaja.rules import RuleSet, load_rules

    if base is None:
        rules = load_rules(rules_file) if rules_file else RuleSet()
    elif rules_file:  # a run's base rules; the file's keys override them
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


def board_from(board_file: str | None):
    from simcore.maharaja.board import default_board, load_board

    return load_board(board_file) if board_file else default_board()


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
        if self.games < 1:
            raise InputError(f"--games must be at least 1, got {self.games}")
        if self.chunk < 1:
            raise InputError(f"--chunk-size must be at least 1, got {self.chunk}")
        if self.target_ci is not None and not 0 < self.target_ci < 0.5:
            raise InputError(f"--target-ci must be between 0 and 0.5, got {self.target_ci}")
        # Seat 0 always choosing first would bias every seat statistic: a run's rules start
        # from a random first chooser; a rules file or --set may still give first_chooser.
        base = RuleSet(first_chooser=-1)
        rules = rules_from(self.rules_file, self.sets, self.variants, base=base)
        board = board_from(self.board_file)
        self.seats, sids, params = seats_from(self.strategy, self.players)
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
        except RunInterrupted as e:
            e.resume = f"{command} --resume"
            raise


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


def play_jobs(root, jobs, workers, executor, scheduler, log=None):
    """Play named RunJobs into root/<folder>; every job is checked before anything is written."""
    from pathlib import Path

    from simcore.core.executors import make_executor

    log = log or _stderr
    for _, job in jobs:
        job.check()
    root = Path(root)
    if root.exists() and (not root.is_dir() or any(root.iterdir())):
        raise InputError(f"--out {root} exists and is not an empty directory")
    pool = make_executor(executor, workers, scheduler)
    t0 = time.perf_counter()
    try:
        for i, (folder, job) in enumerate(jobs, 1):
            log(f"[{i}/{len(jobs)}] {folder}: {job.players} players, {job.strategy}")
            m = job.play(root / folder, pool).manifest
            o = m.get("stop_outcome")
            if o:
                log(f"    {o['reason']} after {o['games']:,} games")
    finally:
        pool.close()
    return time.perf_counter() - t0


def study_strategy():
    """The default strategy, with character noise if it has that parameter (every character
    is then played, so each character figure rests on games)."""
    import strategies

    name = strategies.default_strategy(GAME)
    has_noise = "char_noise" in strategies.strategies(GAME)[name].param_names
    return f"{name}:char_noise=1" if has_noise else name
