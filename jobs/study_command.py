"""`palace-lab study`: a predefined balance study played into one folder and reported."""

from __future__ import annotations

import time
from pathlib import Path

from jobs.command_line import user_command
from jobs.plans import play_jobs
from jobs.run_job import study_strategy
from simcore.core.errors import InputError
from simcore.core.store.outpaths import check_apart, check_run_out


def study_list(plugin) -> list[str]:
    """The game's studies, one line each."""
    return [f"Studies of {plugin.title} (--game {plugin.name}; another game: --game NAME):",
            *(f"{s.name:<26} {s.description}"
              for s in plugin.studies(plugin.default_players).values())]  # fmt: skip


def run_study(plugin, name: str | None, ladder_players: int | None, out, report_file,
              games: int | None, target_ci: float | None, chunk: int | None,
              strategy: str | None, workers: int, executor: str, scheduler,
              scheduler_timeout: float, seed: int, resume: bool,
              argv: list[str]) -> str:  # fmt: skip
    """Play the study (or continue it) and write its report; the line saying so."""
    from jobs.studies import get_study, plan_extra, study_jobs
    from reports.robustness import study_report

    st = get_study(plugin, name, ladder_players)
    strategy = study_strategy(plugin) if strategy is None else strategy
    jobs = study_jobs(st, seed, strategy, games, target_ci, chunk, plugin.name)
    root = check_run_out(out) if out is not None else (
        Path("out") / time.strftime(f"{st.name}-%Y%m%d-%H%M%S"))  # fmt: skip
    report_path = _report_path(root, report_file, jobs)
    estimate = ""
    fresh = not root.exists() or (root.is_dir() and not any(root.iterdir()))
    if not resume and executor == "local" and fresh:  # else play_jobs refuses it at once; a
        # cluster's speed is not this machine's
        from jobs.study_estimate import study_estimate

        estimate = "; " + study_estimate(jobs, workers)
    seconds = play_jobs(root, jobs, workers, executor, scheduler, resume=resume,
                        scheduler_timeout=scheduler_timeout, kind=f"study {st.name}",
                        command=user_command(argv, root), extra=plan_extra(st),
                        header=f"study {st.name} ({plugin.name}): {st.description}; "
                        f"{len(jobs)} runs, at most {sum(j.games for _, j in jobs):,} games "
                        f"(each run stops once decided){estimate}; runs in {root}")  # fmt: skip
    from jobs.report_page import write_report

    dirs, extra, headline = study_report(root, plugin)
    intro = [f"Study '{st.name}': {st.description}.", *st.notes]
    return write_report(dirs, report_path, intro, seconds, extra, headline)


def _report_path(root: Path, report_file, jobs) -> Path:
    """--report checked: writable, an .html palace-lab may replace, outside every run."""
    from reports.output import check_report_target

    report_path = check_report_target(
        report_file if report_file is not None else root / "report.html", "--report"
    )
    for folder, _ in jobs:  # the report must not land in a run the study makes
        if (root / folder).absolute() in report_path.absolute().parents:
            raise InputError(f"--report {report_path}: inside the study's run {root / folder}")
    check_apart(root, report_path)
    return report_path
