"""Predefined studies: named sets of runs that `palace-lab study [NAME]` plays and reports.

A study is data only (which runs, with which strategy and deal, how precise, how many
games at most); the CLI plays each run and renders one report over them. Every run plays
the rulebook's choosing order (first_chooser 0, M-S3) unless its `sets` say otherwise.
A run without its own strategy plays the study strategy (the default strategy, with
char_noise=1) in every seat. A study with a `ladder` also plays the robustness ladder
(analyses.robustness) into its `robustness/` folder, apart from the balance runs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from simcore.core.errors import InputError
from simcore.maharaja.game import NOT_YET
from simcore.maharaja.rules import VARIANTS, RuleSet

from .robustness import Ladder, Rung, arrangements

PLAYER_COUNTS = (2, 3, 4, 5)
FIXED_CHUNK_MIN = 10  # games per chunk at least, for runs of a fixed size
RANDOM_DEAL = "deal=random"


@dataclass(frozen=True)
class StudyRun:
    folder: str  # subfolder of the study directory
    players: int
    variants: tuple[str, ...] = ()
    sets: tuple[str, ...] = ()  # --set values, e.g. ("deal=random",)
    strategy: str | None = None  # --strategy text; None = the study strategy
    games: int | None = None  # a fixed number of games (no --target-ci); None = the study's


@dataclass(frozen=True)
class Study:
    name: str
    description: str
    runs: tuple[StudyRun, ...]
    target_ci: float = 0.01  # 95% half-width per starting character
    cap: int = 200_000  # games per run at most (2 players need ~145k for ±1 point)
    chunk: int = 2_000  # games per chunk (rounds of 4 chunks between checks)
    notes: tuple[str, ...] = field(default=())
    ladder: Ladder | None = None  # robustness ladder played as well (its runs are in `runs`)


def _by_players(players=PLAYER_COUNTS, deal: bool = False) -> tuple[StudyRun, ...]:
    """Per player count: the rulebook game with the strategies choosing, and (with `deal`)
    the same with characters dealt at random, so that the choice effect can be measured."""
    out = []
    for n in players:
        out.append(StudyRun(f"{n}p", n))
        if deal:
            out.append(StudyRun(f"{n}p-dealt", n, sets=(RANDOM_DEAL,)))
    return tuple(out)


# weakest first, as measured head to head under deal=random (docs/STUDIES.md): house-network
# beats chaser (~93% of the wins), weighted beats house-network (~80%)
SCRIPTED = (Rung("chaser", "chaser"), Rung("house-network", "house-network"),
            Rung("weighted", "weighted"))  # fmt: skip


def ladder(players: int, budgets: tuple[int, int], games: tuple[int, ...],
           step_games: tuple[int, ...]) -> Ladder:  # fmt: skip
    """The scripted rungs (weakest first, docs/STRATEGIES.md) and lookahead at two budgets."""
    rungs = SCRIPTED + tuple(Rung(f"lookahead-{b}", f"lookahead:rollouts={b}") for b in budgets)
    return Ladder(players, rungs, games, step_games)


def full_ladder(players: int = 4) -> Ladder:
    """`study robustness`: lookahead at 100 and 400 rollouts (see docs/STUDIES.md for time)."""
    return ladder(players, (100, 400), (20_000, 20_000, 20_000, 1_000, 300),
                  (2_000, 2_000, 60, 32))  # fmt: skip


def small_ladder(players: int = 4) -> Ladder:
    """The default study's section: lookahead at 20 and 60 rollouts, fewer games."""
    return ladder(players, (20, 60), (6_000, 6_000, 6_000, 300, 150), (600, 600, 40, 24))


def ladder_runs(lad: Ladder) -> tuple[StudyRun, ...]:
    """Key-table runs (every seat one rung, characters dealt at random) and the
    head-to-head runs of each step (every arrangement, same seed)."""
    runs = [
        StudyRun(lad.table_folder(i), lad.players, sets=(RANDOM_DEAL,), strategy=r.strategy,
                 games=lad.games[i])
        for i, r in enumerate(lad.rungs)
    ]  # fmt: skip
    for i in range(len(lad.rungs) - 1):
        for a, arr in enumerate(arrangements(lad.players)):
            seats = lad.step_seats(i, arr)
            runs.append(StudyRun(lad.step_folder(i, a), lad.players, sets=(RANDOM_DEAL,),
                                 strategy=seats, games=lad.step_games[i]))  # fmt: skip
    return tuple(runs)


def _single_switches() -> tuple[list[str], list[str]]:
    """Variant names that switch one rule (bundles left out): (playable, refused by engine)."""
    singles = [name for name, fields in VARIANTS.items() if len(fields) == 1]
    refused = [name for name in singles if VARIANTS[name][0] in NOT_YET]
    return [n for n in singles if n not in refused], refused


def _variants() -> Study:
    playable, refused = _single_switches()
    runs = (StudyRun("4p-basic", 4),) + tuple(StudyRun(f"4p-{v}", 4, (v,)) for v in playable)
    notes = (
        (f"Skipped: {', '.join(refused)} (the engine refuses them for now).",) if refused else ()
    )
    return Study(
        "variants",
        "4 players: the basic game against each single variant switch the engine plays",
        runs,
        notes=notes,
    )


def _sweep(key: str, values: range, players: int = 4) -> Study:
    default = getattr(RuleSet(), key)
    return Study(
        f"sweep-{key.replace('_', '-')}",
        f"{players} players: {key} = {', '.join(map(str, values))} (rulebook {default})",
        tuple(StudyRun(f"{players}p-{key}={v}", players, (), (f"{key}={v}",)) for v in values),
    )


def studies(players: int = 4) -> dict[str, Study]:
    """Every named study; the first one is the default of `palace-lab study`.

    `players`: the player count of the robustness ladder (`--players`).
    """
    small, full = small_ladder(players), full_ladder(players)
    all_ = [
        Study(
            "balance",
            "basic game in the rulebook's choosing order, 2 to 5 players, ±1 point per "
            "starting character, with the strategies choosing and with characters dealt at "
            f"random; robustness across 5 bots at {players} players (the default)",
            _by_players(deal=True) + ladder_runs(small),
            ladder=small,
        ),
        Study(
            "characters",
            "basic game, 2 to 5 players, ±0.5 point per starting character",
            _by_players(),
            target_ci=0.005,
            cap=600_000,
            chunk=5_000,
        ),
        Study(
            "robustness",
            f"{players} players, characters dealt at random: the win rate by starting "
            "character under chaser, house-network, weighted and lookahead at 100 and 400 "
            "rollouts, with each bot's measured strength",
            ladder_runs(full),
            chunk=1_000,
            ladder=full,
        ),
        _variants(),
        _sweep("palace_cost", range(10, 15)),
        _sweep("artist_palace_cost", range(7, 12)),
    ]
    return {s.name: s for s in all_}


def get_study(name: str | None, players: int = 4) -> Study:
    known = studies(players)
    if name is None:
        return next(iter(known.values()))
    if name not in known:
        raise InputError(f"unknown study '{name}'; known: {', '.join(known)}")
    return known[name]


def study_jobs(st: Study, seed: int, strategy: str, games: int | None = None,
               target_ci: float | None = None, chunk: int | None = None) -> list:  # fmt: skip
    """(folder, RunJob) per run. `games` caps every run (a fixed-count run plays the smaller
    of its own count and the cap); `target_ci` and `chunk` override the study's."""
    from .jobs import RunJob

    out = []
    for r in st.runs:
        strat = r.strategy or strategy
        size = chunk or st.chunk
        if r.games is not None:
            n = min(r.games, games) if games else r.games
            # at least 8 chunks when the run is small (a few hundred lookahead games), so
            # that every worker gets some; the size never depends on the workers
            small = max(FIXED_CHUNK_MIN, math.ceil(n / 8))
            job = RunJob(r.players, n, seed, strat, r.variants, r.sets, chunk=min(size, small))
        else:
            tci = st.target_ci if target_ci is None else target_ci
            job = RunJob(r.players, games or st.cap, seed, strat, r.variants, r.sets,
                         chunk=size, target_ci=tci)  # fmt: skip
        out.append((r.folder, job))
    return out
