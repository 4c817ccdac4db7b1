"""Predefined studies: named sets of runs that `palace-lab study [NAME]` plays and reports.

A study is data only (which runs, how precise, how many games at most); the CLI plays
each run with the default strategy in every seat and renders one report over them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from simcore.core.errors import InputError
from simcore.maharaja.game import NOT_YET
from simcore.maharaja.rules import VARIANTS, RuleSet

PLAYER_COUNTS = (2, 3, 4, 5)


@dataclass(frozen=True)
class StudyRun:
    folder: str  # subfolder of the study directory
    players: int
    variants: tuple[str, ...] = ()
    sets: tuple[str, ...] = ()


@dataclass(frozen=True)
class Study:
    name: str
    description: str
    runs: tuple[StudyRun, ...]
    target_ci: float = 0.01  # 95% half-width per starting character
    cap: int = 200_000  # games per run at most (2 players need ~145k for ±1 point)
    chunk: int = 2_000  # games per chunk (rounds of 4 chunks between checks)
    notes: tuple[str, ...] = field(default=())


def _by_players(players=PLAYER_COUNTS) -> tuple[StudyRun, ...]:
    return tuple(StudyRun(f"{n}p", n) for n in players)


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


def studies() -> dict[str, Study]:
    """Every named study; the first one is the default of `palace-lab study`."""
    all_ = [
        Study(
            "balance",
            "basic game, 2 to 5 players, ±1 point per starting character (the default)",
            _by_players(),
        ),
        Study(
            "characters",
            "basic game, 2 to 5 players, ±0.5 point per starting character",
            _by_players(),
            target_ci=0.005,
            cap=600_000,
            chunk=5_000,
        ),
        _variants(),
        _sweep("palace_cost", range(10, 15)),
        _sweep("artist_palace_cost", range(7, 12)),
    ]
    return {s.name: s for s in all_}


def get_study(name: str | None) -> Study:
    known = studies()
    if name is None:
        return next(iter(known.values()))
    if name not in known:
        raise InputError(f"unknown study '{name}'; known: {', '.join(known)}")
    return known[name]
