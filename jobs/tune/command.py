"""`palace-lab tune-rules`: search the fairest rule values, confirm, check, and report."""

from __future__ import annotations

from jobs.command_line import user_command
from simcore.core.store.outpaths import check_run_out


def run_tune(st, out: str, workers: int, executor: str, scheduler, scheduler_timeout: float,
             resume: bool, argv: list[str]) -> list[str]:  # fmt: skip
    """Tune under the checked settings `st` into `out`, write best.toml and the report; the
    summary's lines."""
    from analyses.tuning import load_tuning
    from jobs.executors import make_executor
    from reports.output import check_report_target
    from reports.tune import render_tuning, summary_lines

    from .run import tune_rules

    root = check_run_out(out)
    report_path = check_report_target(root / "report.html")
    pool = make_executor(executor, workers, scheduler, scheduler_timeout)
    try:
        tune_rules(st, root, pool, resume, user_command(argv, root))
    finally:
        pool.close()
    tuning = load_tuning(root)
    render_tuning(tuning, report_path, user_command(argv, root))
    return [*summary_lines(tuning), f"wrote {root / 'best.toml'} and {report_path}"]
