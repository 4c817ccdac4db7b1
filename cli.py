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


def _rules(rules_file: str | None, sets: tuple[str, ...], variants: tuple[str, ...]):
    from simcore.maharaja.rules import RuleSet, load_rules

    rules = load_rules(rules_file) if rules_file else RuleSet()
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
@_game_options
@click.option("--games", default=20000, show_default=True, help="Number of games.")
@click.option("--seed", default=0, show_default=True, help="Base seed.")
@click.option("--workers", default=0, help="Worker processes (0 = all cores).")
@click.option("--chunk", default=5000, show_default=True, help="Games per chunk.")
def run(players, strategy, rules_file, board_file, sets, variants, games, seed, workers, chunk):
    """Simulate a batch of games and print a short balance summary."""
    import polars as pl

    from simcore.core.parallel import chunks, default_workers, run_chunks
    from simcore.maharaja.batch import BatchSpec, play_chunk
    from simcore.maharaja.game import check_players
    from simcore.maharaja.results import records_frame

    check_players(players)
    if games < 1:
        raise InputError(f"--games must be at least 1, got {games}")
    if chunk < 1:
        raise InputError(f"--chunk must be at least 1, got {chunk}")
    rules = _rules(rules_file, sets, variants)
    board = _board(board_file)
    seats, sids, params = _seats(strategy, players)
    import strategies

    spec = BatchSpec(players, seed, rules, board, sids, params, "strategies:driver_for")
    play_chunk(spec, 0, 1)  # compile (or load from the cache) once, before workers fork
    workers = workers or default_workers()
    parts = chunks(games, chunk)
    t0 = time.perf_counter()
    blocks = list(run_chunks(play_chunk, spec, parts, min(workers, len(parts))))
    elapsed = time.perf_counter() - t0
    names = list(strategies.strategies(GAME))
    df = pl.concat(
        [records_frame(b, first, names) for b, (first, _) in zip(blocks, parts, strict=True)]
    )
    errors = int(df["errors"].max())
    _print_summary(df, games, players, seed, seats, elapsed, workers, errors)


def _print_summary(df, games, players, seed, seats, elapsed, workers, errors) -> None:
    from analyses.quick_summary import end_reasons, rounds_stats, win_rates, winner_palaces
    from simcore.maharaja.results import character_label, end_reason_label

    click.echo(
        f"{games} games, {players} players, seed {seed}, strategies "
        f"{','.join(s.name for s in seats)}: {elapsed:.1f} s on {workers} worker(s), "
        f"{games / elapsed:,.0f} games/s"
    )
    if errors:
        click.echo(f"warning: strategies made {errors} illegal requests (see `play`)")
    mean, lo, hi = rounds_stats(df)
    click.echo(f"rounds per game: mean {mean:.2f} (min {lo}, max {hi})")
    ends = end_reasons(df)
    click.echo(
        "game end: " + ", ".join(f"{end_reason_label(r)} {n / games:.1%}" for r, n in ends.items())
    )
    wp = winner_palaces(df)
    click.echo("winner's palaces: " + ", ".join(f"{k}: {v / games:.1%}" for k, v in wp.items()))
    click.echo(f"\nwin rate by starting character (n seats, 95% Wilson CI; fair {1 / players:.1%})")
    for r in win_rates(df, "start_character", character_label):
        lo, hi = r.ci
        click.echo(f"  {r.label:<9} {r.rate:6.1%}  [{lo:.1%}, {hi:.1%}]  n={r.n}")
    click.echo("win rate by seat")
    for r in win_rates(df, "seat", lambda s: f"seat {s}"):
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
