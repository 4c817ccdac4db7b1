"""Write the balance report of run directories: the last step of `study`, `sweep` and
`report`, after their runs are played."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path


def write_report(dirs: Sequence, out: Path, intro=(), seconds: float | None = None,
                 extra: Callable | None = None, headline=()) -> str:  # fmt: skip
    """Analyse the runs under `dirs` and render the page to `out`; the line saying so.
    `extra(balance, png)` returns the command's own sections."""
    from analyses.balance import analyse
    from analyses.rundata import find_runs
    from reports.render import render_report

    b = analyse(find_runs(list(dirs)))
    more = None if extra is None else (lambda png: extra(b, png))
    page = render_report(b, out, ["palace-lab", "report", *map(str, dirs), "--out", str(out)],
                         extra=more, intro=intro, headline_extra=headline)  # fmt: skip
    took = f" in {seconds:.0f} s of play" if seconds is not None else ""
    return (f"wrote {out} ({page.runs} run(s), {page.games:,} games{took}) and "
            f"{len(page.pngs)} PNG charts in {out.parent / (out.stem + '_charts')}")  # fmt: skip


def report_command(dirs: Sequence[str], out: str) -> str:
    """`palace-lab report DIRS --out OUT`: the page of runs already played; the line saying so."""
    from analyses.balance import analyse
    from analyses.rundata import find_runs
    from reports.output import check_report_target
    from reports.render import render_report

    check_report_target(out)
    runs = find_runs(list(dirs))
    page = render_report(analyse(runs), out, ["palace-lab", "report", *dirs, "--out", out])
    return f"wrote {out} ({page.runs} run(s), {page.games:,} games) and {len(page.pngs)} PNG charts"
