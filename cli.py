"""palace-lab command line: a thin layer over jobs (play), analyses and reports.

Every command reaches a game only through its plug-in (`--game NAME`; `palace-lab games`
lists them, the default is the registry's, simcore.core.contract.games.default_game). Help texts
take their examples from the plug-in of the game named on the command line.
Bad input ends with one line on stderr and exit code 2, never a traceback; any other
failure with one line and exit code 1 (`--debug` shows its traceback).
"""

from __future__ import annotations

import functools
import json
import math
import os
import shlex
import signal
import sys
import threading
import time

import click

from jobs import runner
from jobs.executors import MAX_WORKERS, SCHEDULER_TIMEOUT
from jobs.plans import MAX_RUNS, play_jobs
from jobs.run_job import (
    MAX_CHUNK,
    MAX_GAMES,
    MAX_SEED,
    RunJob,
    check_players,
    data_from,
    default_out,
    rules_from,
    seats_from,
    study_strategy,
)
from jobs.runner import RunInterrupted, RunWriteError
from simcore.core.contract.games import default_game, games, get_game
from simcore.core.errors import InputError, WorkerLost, printable
from simcore.core.store.outpaths import check_apart, check_run_out

_STATE = {"debug": False, "argv": []}  # set by main() and the group's --debug
MAX_BOOTS = 10_000


class _Int(click.ParamType):
    """A whole number in [lo, hi]; the message names the valid range."""

    name = "integer"

    def __init__(self, lo: int, hi: int, shown: str):
        self.lo, self.hi, self.shown = lo, hi, shown

    def convert(self, value, param, ctx):
        try:
            n = value if isinstance(value, int) else int(str(value).strip())
        except ValueError:
            self.fail(f"{str(value)[:40]!r} is not a whole number", param, ctx)
        if not self.lo <= n <= self.hi:
            self.fail(f"must be {self.shown}, got {str(n)[:40]}", param, ctx)
        return n


SEED = _Int(0, MAX_SEED - 1, "0 <= seed < 2^63")
GAMES = _Int(1, MAX_GAMES, f"1 to {MAX_GAMES:,}")
CHUNK = _Int(1, MAX_CHUNK, f"1 to {MAX_CHUNK:,}")
WORKERS = _Int(0, MAX_WORKERS, f"0 (all cores) to {MAX_WORKERS}")


def _game_option(f):
    return click.option("--game", "game", default=default_game,
                        help="Game plug-in [default: the first built-in one; `palace-lab "
                        "games` lists them].")(f)  # fmt: skip


def _players_option(f):
    return click.option("--players", type=int, default=None,
                        help="Players [default: the game's usual count; its range in "
                        "`palace-lab games`].")(f)  # fmt: skip


def _players(plugin, players: int | None) -> int:
    n = plugin.default_players if players is None else players
    check_players(plugin, n)
    return n


def _game_options(f):
    f = _players_option(f)
    f = click.option(
        "--strategy",
        default=None,
        help="One strategy for every seat, or a comma list with one per seat [default: the "
        "study's: the game's default strategy with its study parameters, e.g. {strategy}].",
    )(f)
    f = click.option("--rules", "rules_file", type=str, help="Rules file (TOML or JSON).")(f)
    f = click.option("--board", "board_file", type=str,
                     help="The game's first data file (TOML or JSON).")(f)  # fmt: skip
    f = click.option("--data", "data_items", multiple=True,
                     help="One of the game's data files by name: NAME=FILE (TOML or JSON; "
                     "`palace-lab games` names them).")(f)  # fmt: skip
    f = click.option("--set", "sets", multiple=True, help="Rule override, e.g. {set}.")(f)
    f = click.option("--variant", "variants", multiple=True, help="Variant switch or bundle.")(f)
    return _game_option(f)


def _timeout_option(f):
    """--scheduler-timeout, refused unless the command plays on Dask (a local run never
    waits for a scheduler: the value would be ignored silently)."""

    @functools.wraps(f)
    def checked(*args, **kwargs):
        given = kwargs["scheduler_timeout"]
        if given is not None and str(kwargs.get("executor", "")).strip() != "dask":
            raise InputError("--scheduler-timeout only applies to --executor dask (the time to "
                             "reach its scheduler); drop it or add --executor dask")  # fmt: skip
        kwargs["scheduler_timeout"] = SCHEDULER_TIMEOUT if given is None else given
        return f(*args, **kwargs)

    return click.option("--scheduler-timeout", "scheduler_timeout", type=float, default=None,
                        help="Seconds to reach a Dask scheduler (--executor dask only) "
                        f"[default: {SCHEDULER_TIMEOUT:g}].")(checked)  # fmt: skip


class _GameHelp(click.Command):
    """A command whose help shows the examples of the game named on its command line
    (`--game NAME --help`; else generic ones): placeholders {set}, {sweep}, {fixed},
    {strategy} and {run} in the docstring and option help (GamePlugin.help_examples)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta["game_args"] = list(args)
        return super().parse_args(ctx, args)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        args = ctx.meta.get("game_args", [])
        name = next((b for a, b in zip(args, args[1:]) if a == "--game"), None)
        name = next((a.split("=", 1)[1] for a in args if a.startswith("--game=")), name)
        generic = {"set": "key=value", "sweep": "key=1,2,3", "fixed": "key=value",
                   "strategy": "NAME:key=value",
                   "run": "`--game NAME --help` shows the game's own examples; `palace-lab "
                   "rules --game NAME` its rule keys."}  # fmt: skip
        try:
            examples = get_game(name).examples() if name else generic
        except InputError:
            examples = generic
        saved = [(p, p.help) for p in self.params if isinstance(p, click.Option) and p.help]
        saved_help = self.help
        try:
            for param, text in saved:
                param.help = text.format_map(examples)
            self.help = (self.help or "").format_map(examples)
            super().format_help(ctx, formatter)
        finally:
            for param, text in saved:
                param.help = text
            self.help = saved_help

    def get_short_help_str(self, limit: int = 45) -> str:
        """The help's first paragraph whole, never cut with "..." (the command list wraps)."""
        if self.short_help:
            return self.short_help
        return " ".join((self.help or "").split("\n\n")[0].split())


class _Cli(click.Group):
    command_class = _GameHelp

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt as e:  # outside a run's chunks (click would print a blank line)
            raise _Interrupted(getattr(e, "signum", signal.SIGINT)) from None


class _Interrupted(Exception):
    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = int(signum)


@click.group(cls=_Cli)
@click.version_option(package_name="palace-lab")
@click.option("--debug", is_flag=True, help="Show the traceback of an unexpected error.")
def cli(debug: bool) -> None:
    """Monte Carlo balance analysis for board games (`palace-lab games` lists them)."""
    _STATE["debug"] = debug


def _command(root) -> str:
    """The user's command line, with --out ROOT if it chose the folder itself."""
    args = list(_STATE["argv"])
    if not any(a == "--out" or a.startswith("--out=") for a in args):
        args += ["--out", str(root)]
    return shlex.join(["palace-lab", *args])


@cli.command()
@_game_options
@click.option("--seed", type=SEED, default=0, show_default=True, help="Base seed of games.")
@click.option("--index", "--game-index", "game_index", type=_Int(0, MAX_SEED - 1, "0 to 2^63 - 1"),
              default=0, show_default=True, help="Game index in the seed's stream.")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print JSON lines instead of text.")
def play(players, strategy, rules_file, board_file, data_items, sets, variants, game, seed,
         game_index, as_json):  # fmt: skip
    """Play one game and print its event log."""
    import strategies

    plugin = get_game(game)
    players = _players(plugin, players)
    rules = rules_from(plugin, rules_file, sets, variants)
    plugin.check_rules(rules, players)
    data = data_from(plugin, board_file, data_items)
    _no_duplicate_sets(sets)
    from jobs.play_text import header, json_event, ranking

    strategy = study_strategy(plugin) if strategy is None else strategy
    seats, sids, params = seats_from(plugin, strategy, players)
    driver = strategies.driver_for(game, sids, params)
    played = plugin.play_game(driver, sids, params, players, seed, game_index, rules, data)
    if as_json:
        for row in played.log:
            click.echo(json.dumps(json_event(plugin.event_record(row, data))))
        return
    from jobs.play_score import play_scored, with_scores
    from simcore.core.contract.play import Play

    log, standings = played.log, []
    own = getattr(plugin.play_game, "__self__", None)
    if isinstance(own, Play):  # the driver protocol's loop, which play_scored steps through
        log, standings = play_scored(plugin, driver, sids, params, players, seed, game_index,
                                     rules, data, own.log_capacity)  # fmt: skip
    events = [plugin.describe_event(row, data) for row in log]
    names = [s.strip() for s in strategy.split(",")]
    names = names * players if len(names) == 1 else names
    for line in [*header(plugin, players, strategy, seed, game_index, rules),
                 *with_scores(events, standings),
                 *ranking(plugin, played.records, players, names, rules)]:  # fmt: skip
        click.echo(line)


@cli.command()
@_game_option
@_players_option
@click.option("--games", type=GAMES, default=20000, show_default=True, help="Number of games.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Base seed.")
@click.option(
    "--strategy",
    default=None,
    help="One strategy for every seat, or a comma list with one per seat "
    "[default: the study's: the game's default strategy with its study parameters, e.g. "
    "{strategy}].",
)
@click.option("--variant", "variants", multiple=True, help="Variant switch or bundle.")
@click.option("--rules", "rules_file", type=str, help="Rules file (TOML or JSON).")
@click.option("--board", "board_file", type=str,
              help="The game's first data file (TOML or JSON).")  # fmt: skip
@click.option("--data", "data_items", multiple=True,
              help="One of the game's data files by name: NAME=FILE (TOML or JSON; "
              "`palace-lab games` names them).")  # fmt: skip
@click.option("--set", "sets", multiple=True, help="Rule override, e.g. {set}.")
@click.option("--out", type=str, help="Run directory [default: ./out/run-<timestamp>].")
@click.option("--workers", type=WORKERS, default=0, help="Local worker processes (0 = all cores).")
@click.option("--executor", default="local", show_default=True, help="local or dask.")
@click.option("--scheduler", type=str, help="Dask scheduler, e.g. tcp://HOST:8786.")
@_timeout_option
@click.option("--resume", is_flag=True, help="Continue the interrupted run in --out.")
@click.option("--chunk-size", "--chunk", "chunk", type=CHUNK, default=5000, show_default=True,
              help="Games per chunk (part of the configuration).")  # fmt: skip
@click.option("--target-ci", "target_ci", type=float, default=None,
              help="Stop once every value of the game's primary key has a 95% half-width "
              "below this (e.g. 0.01); --games is then the cap.")  # fmt: skip
def run(
    game, players, games, seed, strategy, variants, rules_file, board_file, data_items, sets, out,
    workers, executor, scheduler, scheduler_timeout, resume, chunk, target_ci,
):  # fmt: skip
    """Simulate a batch of games into a run directory and print a short summary.

    {run}
    """
    from jobs.executors import make_executor
    from jobs.run_job import refuse_adaptive_resume

    if resume and not out:
        raise InputError("--resume needs --out DIR (the run to continue)")
    if resume:
        refuse_adaptive_resume(out)
    plugin = get_game(game)
    players = _players(plugin, players)
    _no_duplicate_sets(sets)
    strategy = study_strategy(plugin) if strategy is None else strategy
    job = RunJob(players, games, seed, strategy, variants,
                 sets, rules_file, board_file, chunk, target_ci, game=game,
                 data=data_items)  # fmt: skip
    job.check()
    out_dir = check_run_out(out) if out is not None else default_out()
    pool = make_executor(executor, workers, scheduler, scheduler_timeout)
    try:
        result = job.play(out_dir, pool, resume)
    finally:
        pool.close()
    _print_summary(out_dir, result.manifest, result, pool.label, plugin)


def _print_summary(out_dir, config, result, where, plugin) -> None:
    from analyses.quick_summary import error_count, rate_lines, shape_lines
    from simcore.core.store.results_io import scan_run

    lf = scan_run(out_dir)
    players = config["players"]
    games = sum(c["n_games"] for c in config["chunks"] if c["status"] == "done")
    rate = result.games_played / result.seconds if result.seconds > 0 else 0.0
    from analyses.run_checks import key_warning
    from reports.notes import bots_text

    names = bots_text(config, plugin)
    click.echo(
        f"{games} games, {players} players, seed {config['seed']}, bots: {names}: "
        f"{result.games_played} played in {result.seconds:.1f} s on {where}, "
        f"{rate:,.0f} games/s"
    )
    click.echo(f"results: {out_dir}")
    if "stop_outcome" in config:
        o = config["stop_outcome"]
        click.echo(
            f"--target-ci {config['stopping']['target_ci']}: {o['reason']} after "
            f"{o['games']:,} games (widest half-width {o['max_half_width']}, {o['widest']})"
        )
    errors = error_count(lf)
    if errors:
        click.echo(f"warning: strategies made {errors} illegal requests (see `play`)")
    for line in shape_lines(lf, plugin, games) + rate_lines(lf, plugin, players):
        click.echo(line)
    warning = key_warning(lf, plugin, config.get("rules", {}) or {}, players)
    if warning:
        click.echo(warning)


def _job_options(f):
    f = click.option("--workers", type=WORKERS, default=0,
                     help="Local worker processes (0 = all cores).")(f)  # fmt: skip
    f = click.option("--executor", default="local", show_default=True, help="local or dask.")(f)
    f = click.option("--scheduler", type=str, help="Dask scheduler, e.g. tcp://HOST:8786.")(f)
    f = _timeout_option(f)
    f = click.option("--seed", type=SEED, default=0, show_default=True,
                     help="Base seed of every run.")(f)  # fmt: skip
    f = click.option("--resume", is_flag=True, help="Continue in --out (finished runs kept).")(f)
    return f


def _nonempty(text: str | None, option: str) -> str | None:
    if text is not None and not text.strip():
        raise InputError(f"{option}: empty; give a name (see `palace-lab strategies`)")
    return text


def _no_duplicate_sets(sets) -> None:
    """`--set k=1 --set k=2` is refused (as sweep and tune-rules do), not the last one kept."""
    seen = set()
    for item in sets:
        key = item.partition("=")[0].strip()
        if key in seen:
            raise InputError(f"--set {key} is given twice; give each rule once")
        seen.add(key)


def _need_out_to_resume(resume: bool, out) -> None:
    if resume and not out:
        raise InputError("--resume needs --out DIR (the folder to continue)")


@cli.command()
@click.argument("name", required=False)
@click.option("--list", "list_", is_flag=True, help="List the predefined studies.")
@click.option("--out", type=str, help="Study directory [default: out/NAME-<timestamp>, new "
              "for every study].")  # fmt: skip
@click.option("--report", "report_file", type=str,
              help="Report file [default: DIR/report.html in the study directory].")  # fmt: skip
@click.option("--games", type=GAMES, help="Cap of games per run [default: the study's].")
@click.option("--target-ci", "target_ci", type=float, help="Half-width target [study's].")
@click.option("--chunk-size", "chunk", type=CHUNK, help="Games per chunk [study's].")
@click.option(
    "--strategy",
    type=str,
    help="Strategy in every seat [the game's default strategy with its study parameters, "
    "e.g. {strategy}].",
)
@click.option("--players", "ladder_players", type=int, default=None,
              help="Players of the robustness ladder [the game's usual count].")  # fmt: skip
@_game_option
@_job_options
def study(name, list_, out, report_file, games, target_ci, chunk, strategy, ladder_players,
          game, workers, executor, scheduler, scheduler_timeout, seed, resume):  # fmt: skip
    """Run a predefined balance study (default: the game's first) and report it."""
    from pathlib import Path

    from jobs.studies import get_study, plan_extra, study_jobs
    from reports.output import check_report_target

    plugin = get_game(game)
    if list_:
        click.echo(f"Studies of {plugin.title} (--game {plugin.name}; another game: "
                   "--game NAME):")  # fmt: skip
        for s in plugin.studies(plugin.default_players).values():
            click.echo(f"{s.name:<26} {s.description}")
        return
    st = get_study(plugin, name, ladder_players)
    _need_out_to_resume(resume, out)
    strategy = study_strategy(plugin) if strategy is None else strategy
    jobs = study_jobs(st, seed, strategy, games, target_ci, chunk,
                      game)  # fmt: skip
    root = check_run_out(out) if out is not None else (
        Path("out") / time.strftime(f"{st.name}-%Y%m%d-%H%M%S"))  # fmt: skip
    report_path = check_report_target(
        report_file if report_file is not None else root / "report.html", "--report"
    )
    for folder, _ in jobs:  # the report must not land in a run the study makes
        if (root / folder).absolute() in report_path.absolute().parents:
            raise InputError(f"--report {report_path}: inside the study's run {root / folder}")
    check_apart(root, report_path)
    estimate = ""
    fresh = not root.exists() or (root.is_dir() and not any(root.iterdir()))
    if not resume and executor == "local" and fresh:  # else play_jobs refuses it at once; a
        # cluster's speed is not this machine's
        from jobs.study_estimate import study_estimate

        estimate = "; " + study_estimate(jobs, workers)
    seconds = play_jobs(root, jobs, workers, executor, scheduler, resume=resume,
                        scheduler_timeout=scheduler_timeout,
                        kind=f"study {st.name}", command=_command(root), extra=plan_extra(st),
                        header=f"study {st.name} ({plugin.name}): {st.description}; "
                        f"{len(jobs)} runs, at most {sum(j.games for _, j in jobs):,} games "
                        f"(each run stops once decided){estimate}; runs in {root}")  # fmt: skip
    from reports.robustness import study_report

    dirs, extra, headline = study_report(root, plugin)
    intro = [f"Study '{st.name}': {st.description}.", *st.notes]
    _write_report(dirs, report_path, intro, seconds, extra, headline)


def _write_report(dirs, out, intro=(), seconds=None, extra=None, headline=()):
    from analyses.balance import analyse
    from analyses.rundata import find_runs
    from reports.render import render_report

    runs = find_runs(list(dirs))
    b = analyse(runs)
    more = None if extra is None else (lambda png: extra(b, png))
    page = render_report(b, out, ["palace-lab", "report", *map(str, dirs), "--out", str(out)],
                         extra=more, intro=intro, headline_extra=headline)  # fmt: skip
    took = f" in {seconds:.0f} s of play" if seconds is not None else ""
    click.echo(f"wrote {out} ({page.runs} run(s), {page.games:,} games{took}) and "
               f"{len(page.pngs)} PNG charts in {out.parent / (out.stem + '_charts')}")  # fmt: skip


@cli.command()
@click.option(
    "--set",
    "sets",
    multiple=True,
    required=True,
    help="Rule key and its values, e.g. {sweep} (repeat for a grid).",
)
@_game_option
@_players_option
@click.option("--games", type=GAMES, default=20000, show_default=True,
              help="Games per grid point (cap).")  # fmt: skip
@click.option("--target-ci", "target_ci", type=float, help="Stop each point at this half-width.")
@click.option(
    "--strategy",
    type=str,
    help="Strategy in every seat (or one per seat) [the game's default strategy with its "
    "study parameters].",
)
@click.option("--variant", "variants", multiple=True, help="Variant switch on every point.")
@click.option("--chunk-size", "chunk", type=CHUNK, default=2000, show_default=True,
              help="Games per chunk.")  # fmt: skip
@click.option("--out", required=True, help="Sweep directory (one run per grid point).")
@_job_options
def sweep(sets, game, players, games, target_ci, strategy, variants, chunk, out, workers,
          executor, scheduler, scheduler_timeout, seed, resume):  # fmt: skip
    """Play a grid of rule values and plot each balance measure against them."""
    from analyses.good_play import good_play
    from analyses.sweep import measures
    from analyses.verdict import DELTA
    from jobs.good_play import good_play_jobs
    from jobs.sweep_grid import grid, parse_axes, point_folder, point_sets, swept
    from reports.good_play import good_play_section
    from reports.output import check_report_target
    from reports.sweep import sweep_sections

    plugin = get_game(game)
    players = _players(plugin, players)
    root = check_run_out(out)
    axes = parse_axes(sets, plugin)
    points = math.prod(len(a.values) for a in axes)
    if points > MAX_RUNS:
        raise InputError(f"sweep: the grid has {points:,} points; at most {MAX_RUNS:,}")
    report_path = check_report_target(root / "report.html")
    strat = study_strategy(plugin) if strategy is None else strategy
    jobs = [(point_folder(p), RunJob(players, games, seed, strat, variants, point_sets(p),
                                     chunk=chunk, target_ci=target_ci, game=game))
            for p in grid(axes)]  # fmt: skip
    good, cost = good_play_jobs(jobs, plugin) if strategy is None else ([], "")
    keys = swept(axes) or [axes[0].key]
    seconds = play_jobs(root, jobs + good, workers, executor, scheduler, resume=resume,
                        scheduler_timeout=scheduler_timeout, kind="sweep",
                        command=_command(root), header=cost)  # fmt: skip
    intro = [f"Sweep over {', '.join(sets)} with {players} players ({len(jobs)} grid points).",
             *([cost] if cost else [])]  # fmt: skip
    good_rows = good_play(root, plugin.primary.column)

    def sections(b, png):
        more = good_play_section(good_rows, plugin.primary, DELTA)
        return sweep_sections(measures(b, keys), png) + ([more] if more else [])

    _write_report([out], report_path, intro, seconds, sections)


@cli.command()
@click.option("--strategies", "names", required=True, help="Comma list, e.g. weighted,random.")
@_game_option
@_players_option
@click.option("--games", type=GAMES, default=2000, show_default=True, help="Games per seating.")
@click.option("--chunk-size", "chunk", type=CHUNK, default=1000, show_default=True,
              help="Games per chunk.")  # fmt: skip
@click.option("--boots", type=_Int(1, MAX_BOOTS, f"1 to {MAX_BOOTS:,}"), default=200,
              show_default=True, help="Bootstrap resamples.")  # fmt: skip
@click.option("--out", required=True, help="Tournament directory (one run per seating).")
@_job_options
def tournament(names, game, players, games, chunk, boots, out, workers, executor, scheduler,
               scheduler_timeout, seed, resume):  # fmt: skip
    """Seat-rotated round-robin between strategies on common game seeds, with a rating."""
    import strategies
    from analyses.tournament import load_games
    from jobs.plans import save_json
    from jobs.tournament_plan import parse_strategies, schedule
    from reports.output import check_report_target
    from reports.tournament import render_tournament
    from simcore.core.store.outpaths import SCHEDULE

    plugin = get_game(game)
    players = _players(plugin, players)
    root = check_run_out(out)
    labels = parse_strategies(names)
    k = len(labels)
    tables = math.comb(k, players) * players if k >= players else players
    if tables > MAX_RUNS:
        raise InputError(f"tournament: {k} strategies at {players} players make up to "
                         f"{tables:,} tables; at most {MAX_RUNS:,}")  # fmt: skip
    report_path = check_report_target(root / "report.html")
    seatings = schedule(len(labels), players)
    jobs = [(f"table-{i:03d}", RunJob(players, games, seed, ",".join(labels[k] for k in s),
                                      chunk=chunk, game=game))
            for i, s in enumerate(seatings)]  # fmt: skip
    seconds = play_jobs(root, jobs, workers, executor, scheduler, resume=resume,
                        scheduler_timeout=scheduler_timeout, kind="tournament",
                        command=_command(root), extra={"strategies": labels})  # fmt: skip
    meta = {"game": game, "strategies": labels, "players": players, "games": games,
            "seed": seed, "reference": strategies.default_strategy(game),
            "tables": [{"folder": f, "seats": s} for (f, _), s in zip(jobs, seatings)]}  # fmt: skip
    save_json(root / SCHEDULE, meta)
    command = ["palace-lab", "tournament", "--game", game, "--strategies", names, "--players",
               str(players), "--games", str(games), "--seed", str(seed), "--out",
               str(out)]  # fmt: skip
    pngs = render_tournament(load_games(root), report_path, command, boots)
    click.echo(f"wrote {report_path} ({len(jobs)} seatings, {seconds:.0f} s of play) and "
               f"{len(pngs)} PNG charts")  # fmt: skip


@cli.command(name="tune-rules")
@click.option("--vary", "vary", multiple=True, required=True,
              help="A rule value the search may change: key=lo..hi, key=v1,v2,... or a bare "
              "switch key (repeat for more).")  # fmt: skip
@_game_option
@click.option("--players", "players_text", default=None,
              help="Player count, or several (3,4): the objective covers them all "
              "[default: the game's usual count].")  # fmt: skip
@click.option("--objective", default="max", show_default=True,
              help="max (largest |win rate - fair share|) or rms (root mean square), over "
              "the cells of the balance keys; docs/TUNING.md.")  # fmt: skip
@click.option("--key", "keys", multiple=True,
              help="Balance key(s) of the objective, e.g. seat [default: the primary key and "
              "seats].")  # fmt: skip
@click.option(
    "--penalty",
    type=float,
    default=0.0,
    show_default=True,
    help="Imbalance points charged per step away from the starting rules.",
)
@click.option("--budget", type=GAMES, default=300_000, show_default=True,
              help="Games in all: search, confirmation and check.")  # fmt: skip
@click.option("--strategy", type=str,
              help="Strategy judging the rules, in every seat [the game's default strategy "
              "with its study parameters].")  # fmt: skip
@click.option("--check-strategy", "check_strategy", type=str, default="",
              help="Second strategy for the winner's check, or 'none' [the strongest "
              "measured search rung at each player count, capped at about 300 CPU s per "
              "run; without search rungs the ladder's rung below the judge].")  # fmt: skip
@click.option(
    "--check-games",
    "check_games",
    type=GAMES,
    help="Cap of games per check run [the confirmation's cap].",
)
@click.option("--set", "sets", multiple=True, help="Fixed rule value, e.g. {fixed}.")
@click.option("--variant", "variants", multiple=True, help="Variant switch.")
@click.option("--rules", "rules_file", type=str, help="Starting rules file (TOML or JSON).")
@click.option("--board", "board_file", type=str, help="The game's first data file.")
@click.option("--data", "data_items", multiple=True, help="A data file by name: NAME=FILE.")
@click.option("--sampler", default="tpe", show_default=True, help="tpe or cmaes (Optuna).")
@click.option("--top", type=int, default=3, show_default=True,
              help="Candidates replayed in the confirmation.")  # fmt: skip
@click.option("--confirm-ci", "confirm_ci", type=float, default=0.01, show_default=True,
              help="Confirmation runs stop at this 95% half-width (primary key).")  # fmt: skip
@click.option("--confirm-share", "confirm_share", type=float, default=0.4, show_default=True,
              help="Share of --budget kept for the confirmation and the check.")  # fmt: skip
@click.option(
    "--first-games",
    "first_games",
    type=int,
    help="Games of a trial's first rung per player count [from the budget].",
)
@click.option("--rungs", type=int, default=3, show_default=True,
              help="Rungs of successive halving.")  # fmt: skip
@click.option(
    "--eta",
    type=int,
    default=3,
    show_default=True,
    help="Each rung plays eta times the games and keeps 1/eta of the trials.",
)
@click.option("--out", required=True, help="Tuning folder (runs, best.toml, report.html).")
@_job_options
def tune_rules(vary, game, players_text, objective, keys, penalty, budget, strategy,
               check_strategy, check_games, sets, variants, rules_file, board_file, data_items,
               sampler, top,
               confirm_ci, confirm_share, first_games, rungs, eta, out, workers, executor,
               scheduler, scheduler_timeout, seed, resume):  # fmt: skip
    """Search the rule values that make the game fairest, confirm the best on fresh seeds,
    check the winner under a second strategy; write DIR/best.toml and DIR/report.html."""
    from jobs.executors import make_executor
    from jobs.tune import tune_rules as run_tuning
    from jobs.tune_settings import TuneSettings, parse_players
    from reports.output import check_report_target
    from reports.tune import render_tuning, summary_lines

    plugin = get_game(game)
    check = None if check_strategy.strip().lower() == "none" else check_strategy.strip()
    st = TuneSettings(
        game,
        parse_players(players_text, plugin),
        tuple(vary),
        objective=objective,
        keys=tuple(keys),
        penalty=penalty,
        budget=budget,
        strategy=_nonempty(strategy, "--strategy") or "",
        check_strategy=check,
        sets=tuple(sets),
        variants=tuple(variants),
        rules_file=rules_file,
        board_file=board_file,
        data=tuple(data_items),
        sampler=sampler,
        top=top,
        confirm_ci=confirm_ci,
        confirm_share=confirm_share,
        first_games=first_games,
        check_games=check_games,
        rungs=rungs,
        eta=eta,
        seed=seed,
    ).check()
    root = check_run_out(out)
    report_path = check_report_target(root / "report.html")
    pool = make_executor(executor, workers, scheduler, scheduler_timeout)
    try:
        run_tuning(st, root, pool, resume, _command(root))
    finally:
        pool.close()
    from analyses.tuning import load_tuning

    tuning = load_tuning(root)
    render_tuning(tuning, report_path, _command(root))
    for line in summary_lines(tuning):
        click.echo(line)
    click.echo(f"wrote {root / 'best.toml'} and {report_path}")


@cli.command(name="games")
def list_games() -> None:
    """List the registered games with their player ranges."""
    for name, g in sorted(games().items()):
        files = ", ".join(f.name for f in g.data_files)
        data = f"  (data files: {files})" if files else ""
        click.echo(f"{name:<14} {g.min_players}-{g.max_players} players  {g.title}{data}")


@cli.command(name="strategies")
@_game_option
@click.option("--ladder", "show_ladder", is_flag=True,
              help="Print the default study's ladder at --players, weakest first.")  # fmt: skip
@_players_option
def list_strategies(game, show_ladder, players) -> None:
    """List the registered strategies of a game (the default one marked), or its ladder:
    one rung per line, tab-separated: label, --strategy text, games per CPU second,
    measured strength against the rung below."""
    import strategies

    plugin = get_game(game)
    if show_ladder:
        from jobs.ladder import ladder_lines

        n = _players(plugin, players)
        lad = plugin.ladder(n, False)
        if lad is None:
            raise InputError(f"{plugin.name} has no ladder")
        for line in ladder_lines(lad):
            click.echo(line)
        return
    default = strategies.default_strategy(game)
    for name, s in strategies.strategies(game).items():
        mark = " (default)" if name == default else ""
        click.echo(f"{name:<14} {s.description}{mark}")


@cli.command(name="rules")
@_game_option
def list_rules(game) -> None:
    """List every rule value of a game with its default, rule id and [choice] marks."""
    plugin = get_game(game)
    defaults = plugin.default_rules().to_dict()
    for key, doc in plugin.rule_docs.items():
        mark = " [choice]" if key in plugin.choices else ""
        click.echo(f"{key:<22} {defaults[key]!s:<28} {doc}{mark}")


@cli.command()
@click.argument("dirs", nargs=-1, required=True)
@click.option("--out", default="report.html", show_default=True, help="HTML file to write.")
def report(dirs, out):
    """Balance report of run directories (a DIR may also hold several runs) as one HTML file."""
    from analyses.balance import analyse
    from analyses.rundata import find_runs
    from reports.output import check_report_target
    from reports.render import render_report

    check_report_target(out)
    runs = find_runs(list(dirs))
    page = render_report(analyse(runs), out, ["palace-lab", "report", *dirs, "--out", out])
    click.echo(
        f"wrote {out} ({page.runs} run(s), {page.games:,} games) and {len(page.pngs)} PNG charts"
    )


@cli.command()
@click.argument("a")
@click.argument("b")
@click.option("--out", default="compare.html", show_default=True,
              help="HTML page to write (its JSON and CSV tables beside it).")  # fmt: skip
@click.option("--fail-if-worse", "fail_if_worse", is_flag=True,
              help="Exit 1 when any cell moves further from fair by more than 2 win-rate "
              "points (a CI gate on a rules change).")  # fmt: skip
def compare(a, b, out, fail_if_worse):
    """Compare two run or study directories (B against A) cell by cell: did the change help?"""
    from jobs.compare import compare_dirs
    from reports.compare import verdict_line

    c = compare_dirs(a, b, out)
    click.echo(verdict_line(c))
    for r in c.worse.iter_rows(named=True):
        click.echo(f"  worse: {r['players']} players, {r['value']}: {100 * r['a_rate']:.1f}% -> "
                   f"{100 * r['b_rate']:.1f}% (fair {100 * r['fair']:.1f}%)")  # fmt: skip
    click.echo(f"wrote {out}")
    if fail_if_worse and c.worse.height:
        sys.exit(1)


@cli.command()
@click.argument("runs", nargs=-1, required=True)
def verify(runs):
    """Check run directories (or folders of runs): manifest, chunk paths, checksums, rows and
    game ids. Exit 0 when whole, 1 when damaged or unfinished, 2 when not a run."""
    from simcore.core.store.integrity import verify_runs

    code = verify_runs(list(runs), lambda line: click.echo(printable(line)),
                       lambda line: click.echo(printable(line), err=True))  # fmt: skip
    sys.exit(code)


def main(argv: list[str] | None = None) -> None:
    """Entry point: one line and exit 2 for bad input, exit 1 for any other failure."""
    argv = list(sys.argv[1:] if argv is None else argv)
    _STATE.update(debug=False, argv=argv)
    runner.SESSION.update(done=None, resume=None)
    runner.reset_stop()
    old = {}
    if threading.current_thread() is threading.main_thread():  # SIGTERM stops like Ctrl-C
        for sig in (signal.SIGINT, signal.SIGTERM):
            if signal.getsignal(sig) is not signal.SIG_IGN:
                old[sig] = signal.signal(sig, runner.on_stop_signal)
    hook, sys.unraisablehook = sys.unraisablehook, _unraisable
    try:
        _main(argv)
    finally:
        sys.unraisablehook = hook
        for sig, handler in old.items():
            signal.signal(sig, handler)


def _unraisable(info) -> None:
    """A stop raised inside a callback (numba compiling) is lost there, and raised again
    by runner.check_stop: not worth a traceback."""
    if not isinstance(info.exc_value, KeyboardInterrupt):
        sys.__unraisablehook__(info)


def _main(argv: list[str]) -> None:
    try:
        cli.main(args=argv, prog_name="palace-lab", standalone_mode=False)
        runner.check_stop()  # a signal whose exception a callback swallowed
    except InputError as e:
        _fail(f"error: {e}", 2)
    except RunInterrupted as e:  # finished chunks are kept; say how to go on
        _fail(f"{e}; to resume: {e.resume}", 128 + e.signum)
    except (_Interrupted, KeyboardInterrupt) as e:  # outside a run's chunks
        _fail(runner.interrupted_line(), 128 + getattr(e, "signum", signal.SIGINT))
    except RunWriteError as e:  # disk full etc.: no temporary file left, manifest whole
        hint = f"; finished chunks are kept, to resume: {e.resume}" if e.resume else ""
        _fail(f"error: {e}{hint}", 1)
    except WorkerLost as e:
        _fail(f"error: {e}; finished chunks are kept; to resume: {e.resume}", 1)
    except click.exceptions.NoArgsIsHelpError as e:
        click.echo(e.ctx.get_help() if e.ctx else str(e))
        sys.exit(2)
    except click.UsageError as e:
        _fail(f"error: {e.format_message()} (see --help)", 2)
    except click.ClickException as e:
        _fail(f"error: {e.format_message()}", e.exit_code)
    except click.exceptions.Abort as e:
        signum = getattr(e.__cause__, "signum", signal.SIGINT)
        _fail(runner.interrupted_line(), 128 + signum)
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)
    except BrokenPipeError:  # `palace-lab play | head`: the reader left; nothing to say
        try:  # no second error when Python flushes stdout on exit
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        sys.exit(1)
    except Exception as e:
        if _STATE["debug"]:
            raise
        _fail(f"error: {_describe(e)} (rerun with --debug for the traceback)", 1)


def _fail(line: str, code: int) -> None:
    """The one line of a failure; any text in it may come from a file: escaped."""
    click.echo("palace-lab: " + printable(" ".join(line.split())), err=True)
    sys.exit(code)


def _describe(e: BaseException) -> str:
    """What went wrong, in a few words: the OS's reason and file, or the exception."""
    if isinstance(e, MemoryError):
        return "out of memory"
    if isinstance(e, OSError) and e.strerror:
        where = f": {e.filename}" if e.filename else ""
        return f"{e.strerror}{where}"
    text = " ".join(str(e).split())
    text = text if len(text) <= 200 else text[:197] + "..."
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


if __name__ == "__main__":
    main()
