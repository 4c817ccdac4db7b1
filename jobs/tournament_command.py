"""`palace-lab tournament`: a seat-rotated round-robin between strategies on common seeds,
and its rating page."""

from __future__ import annotations

import math

from jobs.command_line import user_command
from jobs.plans import MAX_RUNS, play_jobs, save_json
from jobs.run_job import RunJob
from simcore.core.errors import InputError
from simcore.core.store.outpaths import SCHEDULE, check_run_out


def run_tournament(plugin, names: str, players: int, games: int, chunk: int, boots: int,
                   out: str, workers: int, executor: str, scheduler, scheduler_timeout: float,
                   seed: int, resume: bool, argv: list[str]) -> str:  # fmt: skip
    """Play every seating and write the page; the line saying so."""
    import strategies
    from analyses.tournament import load_games
    from jobs.tournament_plan import parse_strategies, schedule
    from reports.output import check_report_target
    from reports.tournament import render_tournament

    game = plugin.name
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
                        command=user_command(argv, root), extra={"strategies": labels})  # fmt: skip
    meta = {"game": game, "strategies": labels, "players": players, "games": games,
            "seed": seed, "reference": strategies.default_strategy(game),
            "tables": [{"folder": f, "seats": s} for (f, _), s in zip(jobs, seatings)]}  # fmt: skip
    save_json(root / SCHEDULE, meta)
    command = ["palace-lab", "tournament", "--game", game, "--strategies", names, "--players",
               str(players), "--games", str(games), "--seed", str(seed), "--out",
               str(out)]  # fmt: skip
    pngs = render_tournament(load_games(root), report_path, command, boots)
    return (f"wrote {report_path} ({len(jobs)} seatings, {seconds:.0f} s of play) and "
            f"{len(pngs)} PNG charts")  # fmt: skip
