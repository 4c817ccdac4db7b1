"""`palace-lab run`: one batch of games played into a run directory, and its short summary."""

from __future__ import annotations

from jobs.run_job import RunJob, default_out, study_strategy
from simcore.core.store.outpaths import check_run_out


def run_batch(plugin, players: int, games: int, seed: int, strategy: str | None, variants,
              sets, rules_file, board_file, data_items, out, workers: int, executor: str,
              scheduler, scheduler_timeout: float, resume: bool, chunk: int,
              target_ci: float | None) -> list[str]:  # fmt: skip
    """Play the run (or continue it with `resume`); the summary's lines."""
    from jobs.executors import make_executor

    strategy = study_strategy(plugin) if strategy is None else strategy
    job = RunJob(players, games, seed, strategy, variants, sets, rules_file, board_file, chunk,
                 target_ci, game=plugin.name, data=data_items)  # fmt: skip
    job.check()
    out_dir = check_run_out(out) if out is not None else default_out()
    pool = make_executor(executor, workers, scheduler, scheduler_timeout)
    try:
        result = job.play(out_dir, pool, resume)
    finally:
        pool.close()
    return summary_lines(out_dir, result.manifest, result, pool.label, plugin)


def summary_lines(out_dir, config: dict, result, where: str, plugin) -> list[str]:
    """What was played, how fast, where it is, and the first look at its shape and rates."""
    from analyses.quick_summary import error_count, rate_lines, shape_lines
    from analyses.run_checks import key_warning
    from reports.notes import bots_text
    from simcore.core.store.results_io import scan_run

    lf = scan_run(out_dir)
    players = config["players"]
    games = sum(c["n_games"] for c in config["chunks"] if c["status"] == "done")
    rate = result.games_played / result.seconds if result.seconds > 0 else 0.0
    lines = [f"{games} games, {players} players, seed {config['seed']}, bots: "
             f"{bots_text(config, plugin)}: {result.games_played} played in "
             f"{result.seconds:.1f} s on {where}, {rate:,.0f} games/s",
             f"results: {out_dir}"]  # fmt: skip
    if "stop_outcome" in config:
        o = config["stop_outcome"]
        lines.append(f"--target-ci {config['stopping']['target_ci']}: {o['reason']} after "
                     f"{o['games']:,} games (widest half-width {o['max_half_width']}, "
                     f"{o['widest']})")  # fmt: skip
    errors = error_count(lf)
    if errors:
        lines.append(f"warning: strategies made {errors} illegal requests (see `play`)")
    lines += shape_lines(lf, plugin, games) + rate_lines(lf, plugin, players)
    warning = key_warning(lf, plugin, config.get("rules", {}) or {}, players)
    return lines + ([warning] if warning else [])
