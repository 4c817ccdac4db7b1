"""`palace-lab compare A B`: load both sides' runs, compare them cell by cell and write the
page with its JSON (and its tables as CSV) beside it. Returns the comparison, so the
command can gate on it (`--fail-if-worse`)."""

from __future__ import annotations

from pathlib import Path

from analyses.compare_runs import Comparison, compare_runs
from analyses.rundata import find_runs, game_of
from simcore.core.errors import InputError

SUFFIX = ".compare.json"  # page.html -> page.compare.json


def compare_dirs(a: str, b: str, out: str | Path) -> Comparison:
    from reports.compare import compare_json, compare_page, compare_table
    from reports.output import check_report_target, is_side_file, side_file, write_report
    from simcore.core.store.commands import replay_command

    page = check_report_target(out)
    side = side_file(page, SUFFIX)
    if side.exists() or side.is_symlink():
        if not is_side_file(side, page):
            raise InputError(f"--out {page}: {side.name} exists and is not palace-lab's; move "
                             "it or choose another")  # fmt: skip
    runs_a, runs_b = find_runs([a]), find_runs([b])
    game = game_of([*runs_a, *runs_b])
    key = game.primary
    c = compare_runs(runs_a, runs_b, key.column, key.order, key.words)
    if not c.pairs:
        raise InputError(f"compare: no run of {a} has the player count of a run of {b}")
    table = compare_table(c, game)
    commands = [f"{side}: {replay_command(r.manifest, r.path)}"
                for x, y in c.pairs for side, r in (("A", x), ("B", y))]  # fmt: skip
    write_report(page, lambda png: compare_page(c, game, table, commands),
                 {SUFFIX: compare_json(c, game, page.name)})  # fmt: skip
    return c


def compare_lines(a: str, b: str, out: str | Path) -> tuple[list[str], bool]:
    """`compare_dirs`, told: the verdict, each cell that moved away from fair, the page
    written; and whether any cell is worse (`--fail-if-worse`)."""
    from reports.compare import verdict_line

    c = compare_dirs(a, b, out)
    worse = [f"  worse: {r['players']} players, {r['value']}: {100 * r['a_rate']:.1f}% -> "
             f"{100 * r['b_rate']:.1f}% (fair {100 * r['fair']:.1f}%)"
             for r in c.worse.iter_rows(named=True)]  # fmt: skip
    return [verdict_line(c), *worse, f"wrote {out}"], bool(c.worse.height)
