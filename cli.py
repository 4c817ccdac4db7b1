"""palace-lab command line: parses and checks the options, then calls one function of jobs/
per command (it plays, analyses and reports; this module prints what it returns).

Every command reaches a game only through its plug-in (`--game NAME`; `palace-lab games`
lists them, the default is the registry's, simcore.core.contract.games.default_game). Help texts
take their examples from the plug-in of the game named on the command line.
Bad input ends with one line on stderr and exit code 2, never a traceback; any other
failure with one line and exit code 1 (`--debug` shows its traceback).
"""

from __future__ import annotations

import functools
import os
import signal
import sys
import threading

import click

from jobs import runner
from jobs.executors import MAX_WORKERS, SCHEDULER_TIMEOUT
from jobs.run_job import MAX_CHUNK, MAX_GAMES, MAX_SEED
from jobs.runner import RunInterrupted, RunWriteError
from simcore.core.contract.games import default_game, get_game
from simcore.core.errors import InputError, WorkerLost, printable

_STATE = {"debug": False, "argv": []}  # set by main() and the group's --debug
MAX_BOOTS = 10_000


class _Range(click.IntRange):
    """click.IntRange whose message shows the range in words ("1 to 10,000") and says
    "not a whole number" for any other text, either shortened to its first 40."""

    name = "integer"

    def __init__(self, lo: int, hi: int, shown: str):
        super().__init__(lo, hi)
        self.shown = shown

    def _describe_range(self) -> str:
        return self.shown

    def convert(self, value, param, ctx):
        try:
            n = value if isinstance(value, int) else int(str(value).strip())
        except ValueError:
            self.fail(f"{str(value)[:40]!r} is not a whole number", param, ctx)
        if len(str(n)) > 40:  # a huge number is named by its first digits only
            self.fail(f"{str(n)[:40]}... is not in the range {self.shown}", param, ctx)
        return super().convert(n, param, ctx)


SEED = _Range(0, MAX_SEED - 1, "0 <= seed < 2^63")
GAMES = _Range(1, MAX_GAMES, f"1 to {MAX_GAMES:,}")
CHUNK = _Range(1, MAX_CHUNK, f"1 to {MAX_CHUNK:,}")
WORKERS = _Range(0, MAX_WORKERS, f"0 (all cores) to {MAX_WORKERS}")
INDEX = _Range(0, MAX_SEED - 1, "0 to 2^63 - 1")
BOOTS = _Range(1, MAX_BOOTS, f"1 to {MAX_BOOTS:,}")


def _game_option(f):
    return click.option("--game", "game", default=default_game,
                        help="Game plug-in [default: the first built-in one; `palace-lab "
                        "games` lists them].")(f)  # fmt: skip


def _players_option(f):
    return click.option("--players", type=int, default=None,
                        help="Players [default: the game's usual count; its range in "
                        "`palace-lab games`].")(f)  # fmt: skip


def _players(plugin, players: int | None) -> int:
    return plugin.player_count(players)


def _rule_options(set_help: str = "Rule override, e.g. {set}.",
                  variant_help: str = "Variant switch or bundle."):  # fmt: skip
    """--rules, --board, --data, --set and --variant: the rules and data a game is played on."""

    def wrap(f):
        f = click.option("--rules", "rules_file", type=str, help="Rules file (TOML or JSON).")(f)
        f = click.option("--board", "board_file", type=str,
                         help="The game's first data file (TOML or JSON).")(f)  # fmt: skip
        f = click.option("--data", "data_items", multiple=True,
                         help="One of the game's data files by name: NAME=FILE (TOML or JSON; "
                         "`palace-lab games` names them).")(f)  # fmt: skip
        f = click.option("--set", "sets", multiple=True, help=set_help)(f)
        return click.option("--variant", "variants", multiple=True, help=variant_help)(f)

    return wrap


def _game_options(f):
    f = _players_option(f)
    f = click.option(
        "--strategy",
        default=None,
        help="One strategy for every seat, or a comma list with one per seat [default: the "
        "study's: the game's default strategy with its study parameters, e.g. {strategy}].",
    )(f)
    return _game_option(_rule_options()(f))


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


def _pool_options(f):
    """Where the games are played: local workers or a Dask cluster."""
    f = click.option("--workers", type=WORKERS, default=0,
                     help="Local worker processes (0 = all cores).")(f)  # fmt: skip
    f = click.option("--executor", default="local", show_default=True, help="local or dask.")(f)
    f = click.option("--scheduler", type=str, help="Dask scheduler, e.g. tcp://HOST:8786.")(f)
    return _timeout_option(f)


def _job_options(f):
    f = _pool_options(f)
    f = click.option("--seed", type=SEED, default=0, show_default=True,
                     help="Base seed of every run.")(f)  # fmt: skip
    return click.option("--resume", is_flag=True,
                        help="Continue in --out (finished runs kept).")(f)  # fmt: skip


def _echo(lines) -> None:
    for line in [lines] if isinstance(lines, str) else lines:
        click.echo(line)


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
@_game_options
@click.option("--seed", type=SEED, default=0, show_default=True, help="Base seed of games.")
@click.option("--index", "--game-index", "game_index", type=INDEX, default=0, show_default=True,
              help="Game index in the seed's stream.")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print JSON lines instead of text.")
def play(game, players, sets, **opts):
    """Play one game and print its event log."""
    from jobs.play_command import play_lines

    plugin = get_game(game)
    players = _players(plugin, players)
    _no_duplicate_sets(sets)
    _echo(play_lines(plugin, players=players, sets=sets, **opts))


@cli.command()
@_game_options
@click.option("--games", type=GAMES, default=20000, show_default=True, help="Number of games.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Base seed.")
@click.option("--out", type=str, help="Run directory [default: ./out/run-<timestamp>].")
@_pool_options
@click.option("--resume", is_flag=True, help="Continue the interrupted run in --out.")
@click.option("--chunk-size", "--chunk", "chunk", type=CHUNK, default=5000, show_default=True,
              help="Games per chunk (part of the configuration).")  # fmt: skip
@click.option("--target-ci", "target_ci", type=float, default=None,
              help="Stop once every value of the game's primary key has a 95% half-width "
              "below this (e.g. 0.01); --games is then the cap.")  # fmt: skip
def run(game, players, sets, out, resume, **opts):
    """Simulate a batch of games into a run directory and print a short summary.

    {run}
    """
    from jobs.run_command import run_batch
    from jobs.run_job import refuse_adaptive_resume

    if resume and not out:
        raise InputError("--resume needs --out DIR (the run to continue)")
    if resume:
        refuse_adaptive_resume(out)
    plugin = get_game(game)
    players = _players(plugin, players)
    _no_duplicate_sets(sets)
    _echo(run_batch(plugin, players=players, sets=sets, out=out, resume=resume, **opts))


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
def study(name, list_, game, out, resume, **opts):
    """Run a predefined balance study (default: the game's first) and report it."""
    from jobs.study_command import run_study, study_list

    plugin = get_game(game)
    if list_:
        return _echo(study_list(plugin))
    _need_out_to_resume(resume, out)
    _echo(run_study(plugin, name, out=out, resume=resume, argv=_STATE["argv"], **opts))


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
def sweep(game, players, **opts):
    """Play a grid of rule values and plot each balance measure against them."""
    from jobs.sweep_command import run_sweep

    plugin = get_game(game)
    players = _players(plugin, players)
    _echo(run_sweep(plugin, players=players, argv=_STATE["argv"], **opts))


@cli.command()
@click.option("--strategies", "names", required=True, help="Comma list, e.g. weighted,random.")
@_game_option
@_players_option
@click.option("--games", type=GAMES, default=2000, show_default=True, help="Games per seating.")
@click.option("--chunk-size", "chunk", type=CHUNK, default=1000, show_default=True,
              help="Games per chunk.")  # fmt: skip
@click.option("--boots", type=BOOTS, default=200, show_default=True,
              help="Bootstrap resamples.")  # fmt: skip
@click.option("--out", required=True, help="Tournament directory (one run per seating).")
@_job_options
def tournament(game, players, **opts):
    """Seat-rotated round-robin between strategies on common game seeds, with a rating."""
    from jobs.tournament_command import run_tournament

    plugin = get_game(game)
    players = _players(plugin, players)
    _echo(run_tournament(plugin, players=players, argv=_STATE["argv"], **opts))


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
@_rule_options(set_help="Fixed rule value, e.g. {fixed}.", variant_help="Variant switch.")
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
def tune_rules(vary, game, players_text, strategy, check_strategy, sets, variants, data_items,
               keys, out, workers, executor, scheduler, scheduler_timeout, resume,
               **settings):  # fmt: skip
    """Search the rule values that make the game fairest, confirm the best on fresh seeds,
    check the winner under a second strategy; write DIR/best.toml and DIR/report.html."""
    from jobs.tune import TuneSettings, parse_players
    from jobs.tune.command import run_tune

    plugin = get_game(game)
    check = None if check_strategy.strip().lower() == "none" else check_strategy.strip()
    st = TuneSettings(game, parse_players(players_text, plugin), tuple(vary),
                      strategy=_nonempty(strategy, "--strategy") or "", check_strategy=check,
                      sets=tuple(sets), variants=tuple(variants), data=tuple(data_items),
                      keys=tuple(keys), **settings).check()  # fmt: skip
    _echo(run_tune(st, out, workers, executor, scheduler, scheduler_timeout, resume,
                   _STATE["argv"]))  # fmt: skip


@cli.command(name="games")
def list_games() -> None:
    """List the registered games with their player ranges."""
    from jobs.listings import game_lines

    _echo(game_lines())


@cli.command(name="strategies")
@_game_option
@click.option("--ladder", "show_ladder", is_flag=True,
              help="Print the default study's ladder at --players, weakest first.")  # fmt: skip
@_players_option
def list_strategies(game, show_ladder, players) -> None:
    """List the registered strategies of a game (the default one marked), or its ladder:
    one rung per line, tab-separated: label, --strategy text, games per CPU second,
    measured strength against the rung below."""
    from jobs.listings import ladder_text, strategy_lines

    plugin = get_game(game)
    if show_ladder:
        return _echo(ladder_text(plugin, _players(plugin, players)))
    _echo(strategy_lines(plugin))


@cli.command(name="rules")
@_game_option
def list_rules(game) -> None:
    """List every rule value of a game with its default, rule id and [choice] marks."""
    from jobs.listings import rule_lines

    _echo(rule_lines(get_game(game)))


@cli.command()
@click.argument("dirs", nargs=-1, required=True)
@click.option("--out", default="report.html", show_default=True, help="HTML file to write.")
def report(dirs, out):
    """Balance report of run directories (a DIR may also hold several runs) as one HTML file."""
    from jobs.report_page import report_command

    _echo(report_command(dirs, out))


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
    from jobs.compare import compare_lines

    lines, worse = compare_lines(a, b, out)
    _echo(lines)
    if fail_if_worse and worse:
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
