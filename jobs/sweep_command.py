"""`palace-lab sweep`: a grid of rule values, one run per point, and the measures plotted
against them."""

from __future__ import annotations

import math

from jobs.command_line import user_command
from jobs.plans import MAX_RUNS, play_jobs
from jobs.run_job import RunJob, study_strategy
from simcore.core.errors import InputError
from simcore.core.store.outpaths import check_run_out


def run_sweep(plugin, sets, players: int, games: int, target_ci: float | None,
              strategy: str | None, variants, chunk: int, out: str, workers: int,
              executor: str, scheduler, scheduler_timeout: float, seed: int, resume: bool,
              argv: list[str]) -> str:  # fmt: skip
    """Play every grid point (and, under the study's bot, its good-play runs) and write the
    report; the line saying so."""
    from analyses.good_play import good_play
    from analyses.sweep import measures
    from analyses.verdict import DELTA
    from jobs.good_play import good_play_jobs
    from jobs.report_page import write_report
    from jobs.sweep_grid import grid, parse_axes, point_folder, point_sets, swept
    from reports.good_play import good_play_section
    from reports.output import check_report_target
    from reports.sweep import sweep_sections

    root = check_run_out(out)
    axes = parse_axes(sets, plugin)
    points = math.prod(len(a.values) for a in axes)
    if points > MAX_RUNS:
        raise InputError(f"sweep: the grid has {points:,} points; at most {MAX_RUNS:,}")
    report_path = check_report_target(root / "report.html")
    strat = study_strategy(plugin) if strategy is None else strategy
    jobs = [(point_folder(p), RunJob(players, games, seed, strat, variants, point_sets(p),
                                     chunk=chunk, target_ci=target_ci, game=plugin.name))
            for p in grid(axes)]  # fmt: skip
    good, cost = good_play_jobs(jobs, plugin) if strategy is None else ([], "")
    keys = swept(axes) or [axes[0].key]
    seconds = play_jobs(root, jobs + good, workers, executor, scheduler, resume=resume,
                        scheduler_timeout=scheduler_timeout, kind="sweep",
                        command=user_command(argv, root), header=cost)  # fmt: skip
    intro = [f"Sweep over {', '.join(sets)} with {players} players ({len(jobs)} grid points).",
             *([cost] if cost else [])]  # fmt: skip
    good_rows = good_play(root, plugin.primary.column)

    def sections(b, png):
        more = good_play_section(good_rows, plugin.primary, DELTA)
        return sweep_sections(measures(b, keys), png) + ([more] if more else [])

    return write_report([out], report_path, intro, seconds, sections)
