"""palace-lab command line: a thin layer over simcore, strategies and analyses.

Bad input ends with one line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import json
import sys
import time

import click

from simcore.core.errors import InputError

GAME = "maharaja"


def _rules(rules_file: str | None, sets: tuple[str, ...], variants: tuple[str, ...], base=None):
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


def _board(board_file: str | None):
    from simcore.maharaja.board import default_board, load_board

    return load_board(board_file) if board_file else default_board()


def _seats(strategy: str, n_players: int):
    import strategies

    names = [s.strip() for s in strategy.split(",") if s.strip()]
    seats = strategies.resolve(names, n_players, GAME)
    sids, params = strategies.seat_arrays(seats, GAME)
    return seats, sids, params


def _game_options(f):
    f = click.option("--players", default=4, show_default=True, help="2 to 5 players.")(f)
    f = click.option(
        "--strategy",
        default="random",
        show_default=True,
        help="One strategy for every seat, or a comma list with one per seat.",
    )(f)
    f = click.option("--rules", "rules_file", type=str, help="Rules file (TOML or JSON).")(f)
    f = click.option("--board", "board_file", type=str, help="Board file (TOML or JSON).")(f)
    f = click.option("--set", "sets", multiple=True, help="Rule override, e.g. palace_cost=11.")(f)
    f = click.option("--variant", "variants", multiple=True, help="Variant switch or bundle.")(f)
    return f


@click.group()
@click.version_option(package_name="palace-lab")
def cli() -> None:
    """Monte Carlo balance analysis for board games (Maharaja)."""


@cli.command()
@_game_options
@click.option("--seed", default=0, show_default=True, help="Base seed of the game stream.")
@click.option("--game", "game_index", default=0, show_default=True, help="Game index.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON lines instead of text.")
def play(players, strategy, rules_file, board_file, sets, variants, seed, game_index, as_json):
    """Play one game and print its event log."""
    from simcore.maharaja.events import as_record, describe
    from simcore.maharaja.game import check_players, play_game

    check_players(players)
    rules = _rules(rules_file, sets, variants)
    board = _board(board_file)
    _, sids, params = _seats(strategy, players)
    import strategies

    played = play_game(
        strategies.driver_for(GAME), sids, params, players, seed, game_index, rules, board
    )
    for row in played.log:
        if as_json:
            click.echo(json.dumps(as_record(row, board)))
        else:
            click.echo(describe(row, board))


@cli.command()
@click.option("--players", default=4, show_default=True, help="2 to 5 players.")
@click.option("--games", default=20000, show_default=True, help="Number of games.")
@click.option("--seed", default=0, show_default=True, help="Base seed.")
@click.option(
    "--strategy",
    default=None,
    help="One strategy for every seat, or a comma list with one per seat "
    "[default: the strongest scripted strategy].",
)
@click.option("--variant", "variants", multiple=True, help="Variant switch or bundle.")
@click.option("--rules", "rules_file", type=str, help="Rules file (TOML or JSON).")
@click.option("--board", "board_file", type=str, help="Board file (TOML or JSON).")
@click.option("--set", "sets", multiple=True, help="Rule override, e.g. palace_cost=11.")
@click.option("--out", type=str, help="Run directory [default: ./out/run-<timestamp>].")
@click.option("--workers", default=0, help="Local worker processes (0 = all cores).")
@click.option("--executor", default="local", show_default=True, help="local or dask.")
@click.option("--scheduler", type=str, help="Dask scheduler, e.g. tcp://HOST:8786.")
@click.option("--resume", is_flag=True, help="Continue the interrupted run in --out.")
@click.option("--chunk-size", "--chunk", "chunk", default=5000, show_default=True,
              help="Games per chunk (part of the configuration).")  # fmt: skip
def run(
    players, games, seed, strategy, variants, rules_file, board_file, sets, out, workers,
    executor, scheduler, resume, chunk,
):  # fmt: skip
    """Simulate a batch of games into a run directory and print a short summary.

    The first chooser of characters is random per game (first_chooser=-1) unless
    --rules or --set gives first_chooser.
    """
    from pathlib import Path

    import strategies
    from simcore.core.executors import make_executor
    from simcore.core.runner import RunInterrupted, RunPlan, execute, open_run
    from simcore.maharaja.batch import BatchSpec, play_chunk_parquet, run_config, warm
    from simcore.maharaja.game import check_players
    from simcore.maharaja.rules import RuleSet

    check_players(players)
    if games < 1:
        raise InputError(f"--games must be at least 1, got {games}")
    if chunk < 1:
        raise InputError(f"--chunk-size must be at least 1, got {chunk}")
    if resume and not out:
        raise InputError("--resume needs --out DIR (the run to continue)")
    # Seat 0 always choosing first would bias every seat statistic: a run's rules start
    # from a random first chooser; a rules file or --set may still give first_chooser.
    rules = _rules(rules_file, sets, variants, base=RuleSet(first_chooser=-1))
    board = _board(board_file)
    strategy = strategy or strategies.default_strategy(GAME)
    seats, sids, params = _seats(strategy, players)
    names = tuple(s.name for s in seats)
    spec = BatchSpec(players, seed, rules, board, sids, params, "strategies:driver_for", names)
    seat_info = [
        {"seat": i, "name": s.name, "params": dict(zip(s.param_names, map(float, s.params())))}
        for i, s in enumerate(seats)
    ]
    config = run_config(spec, seat_info, board_file or "default")
    out_dir = Path(out) if out else _default_out()
    command = _run_command(players, games, seed, strategy, chunk, rules_file, variants, sets,
                           board_file, out_dir)  # fmt: skip
    plan = RunPlan(out_dir, config, games, chunk, players, play_chunk_parquet, spec, command,
                   resume, warm)  # fmt: skip
    pool = make_executor(executor, workers, scheduler)
    try:
        manifest = open_run(plan)
        result = execute(plan, manifest, pool)
    except RunInterrupted as e:
        click.echo(f"palace-lab: {e}; to resume: {command} --resume", err=True)
        sys.exit(130)
    finally:
        pool.close()
    _print_summary(out_dir, result.manifest, result, pool.label)


def _default_out():
    from pathlib import Path

    base = Path("out") / time.strftime("run-%Y%m%d-%H%M%S")
    out, k = base, 1
    while out.exists():
        k += 1
        out = base.with_name(f"{base.name}-{k}")
    return out


def _run_command(players, games, seed, strategy, chunk, rules_file, variants, sets, board, out):
    """The full command that reproduces (and with --resume continues) this run."""
    import shlex

    args = ["palace-lab", "run", "--players", players, "--games", games, "--seed", seed]
    args += ["--strategy", strategy, "--chunk-size", chunk]
    args += ["--rules", rules_file] if rules_file else []
    args += [a for v in variants for a in ("--variant", v)]
    args += [a for s in sets for a in ("--set", s)]
    args += ["--board", board] if board else []
    return shlex.join(str(a) for a in [*args, "--out", out])


def _print_summary(out_dir, config, result, where) -> None:
    from analyses.quick_summary import (
        end_reasons,
        error_count,
        rounds_stats,
        win_rates,
        winner_palaces,
    )
    from simcore.maharaja.enums import CHARACTER_NAMES
    from simcore.maharaja.results import scan_run

    lf = scan_run(out_dir)
    games, players = config["games"], config["players"]
    rate = result.games_played / result.seconds if result.seconds > 0 else 0.0
    names = ",".join(s["name"] for s in config["strategies"])
    click.echo(
        f"{games} games, {players} players, seed {config['seed']}, strategies {names}: "
        f"{result.games_played} played in {result.seconds:.1f} s on {where}, "
        f"{rate:,.0f} games/s"
    )
    click.echo(f"results: {out_dir}")
    errors = error_count(lf)
    if errors:
        click.echo(f"warning: strategies made {errors} illegal requests (see `play`)")
    mean, lo, hi = rounds_stats(lf)
    click.echo(f"rounds per game: mean {mean:.2f} (min {lo}, max {hi})")
    ends = end_reasons(lf)
    click.echo("game end: " + ", ".join(f"{r} {n / games:.1%}" for r, n in ends.items()))
    wp = winner_palaces(lf)
    click.echo("winner's palaces: " + ", ".join(f"{k}: {v / games:.1%}" for k, v in wp.items()))
    click.echo(f"\nwin rate by starting character (n seats, 95% Wilson CI; fair {1 / players:.1%})")
    for r in win_rates(lf, "start_character", order=CHARACTER_NAMES):
        lo, hi = r.ci
        click.echo(f"  {r.label:<9} {r.rate:6.1%}  [{lo:.1%}, {hi:.1%}]  n={r.n}")
    click.echo("win rate by seat")
    for r in win_rates(lf, "seat", lambda s: f"seat {s}"):
        lo, hi = r.ci
        click.echo(f"  {r.label:<9} {r.rate:6.1%}  [{lo:.1%}, {hi:.1%}]  n={r.n}")


@cli.command(name="strategies")
def list_strategies() -> None:
    """List the registered strategies."""
    import strategies

    for name, s in strategies.strategies(GAME).items():
        click.echo(f"{name:<12} {s.description}")


@cli.command(name="rules")
def list_rules() -> None:
    """List every rule value with its default, rule id and [choice] marks."""
    from simcore.maharaja.rules import CHOICES, FIELD_DOCS, RuleSet

    defaults = RuleSet().to_dict()
    for key, doc in FIELD_DOCS.items():
        mark = " [choice]" if key in CHOICES else ""
        click.echo(f"{key:<22} {defaults[key]!s:<28} {doc}{mark}")


@cli.command()
@click.argument("dirs", nargs=-1, required=True)
@click.option("--out", default="report.html", show_default=True, help="HTML file to write.")
def report(dirs, out):
    """Balance report of run directories (a DIR may also hold several runs) as one HTML file."""
    from analyses.balance import analyse
    from analyses.rundata import find_runs
    from reports.render import render_report

    runs = find_runs(list(dirs))
    pngs = render_report(analyse(runs), out, ["palace-lab", "report", *dirs, "--out", out])
    games = sum(r.games_done for r in runs)
    click.echo(f"wrote {out} ({len(runs)} run(s), {games:,} games) and {len(pngs)} PNG charts")


def main(argv: list[str] | None = None) -> None:
    """Entry point: one line and exit 2 for bad input, no traceback."""
    try:
        cli.main(args=argv, prog_name="palace-lab", standalone_mode=False)
    except InputError as e:
        click.echo(f"palace-lab: error: {e}", err=True)
        sys.exit(2)
    except click.exceptions.NoArgsIsHelpError as e:
        click.echo(e.ctx.get_help() if e.ctx else str(e))
        sys.exit(2)
    except click.UsageError as e:
        msg = e.format_message().replace("\n", " ")
        click.echo(f"palace-lab: error: {msg} (see --help)", err=True)
        sys.exit(2)
    except click.exceptions.Abort:
        click.echo("palace-lab: interrupted", err=True)
        sys.exit(130)
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)


if __name__ == "__main__":
    main()
