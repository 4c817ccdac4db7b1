"""Maharaja's predefined studies (`palace-lab study [NAME]`) and its robustness ladder:
data only (which runs, with which rules and strategies, how precise); jobs/ plays them.

Every run plays the rulebook's choosing order (first_chooser 0, M-S3) unless its `sets`
say otherwise. A run without its own strategy plays the study strategy (the default
strategy, with char_noise=1) in every seat.
"""

from __future__ import annotations

from simcore.core.contract.plugin import Ladder, Study, StudyRun

from .rules import NOT_YET, VARIANTS, RuleSet

PLAYER_COUNTS = (2, 3, 4, 5)
RANDOM_DEAL = "deal=random"


def ladder(players: int, full: bool) -> Ladder:
    """Weakest first, as measured head to head under deal=random (docs/games/maharaja.md,
    "Studies"): house-network beats chaser (~93% of the wins), weighted beats
    house-network (~80%); then lookahead at a small and a larger budget (the default
    study's section uses the small ones; `study robustness` 100 and 400 rollouts)."""
    budgets, games, steps = (
        ((100, 400), (20_000, 20_000, 20_000, 4_000, 1_200), (2_000, 2_000, 240, 128))
        if full
        else ((20, 60), (6_000, 6_000, 6_000, 300, 150), (600, 600, 40, 24))
    )
    rungs = (("chaser", "chaser"), ("house-network", "house-network"),
             ("weighted", "weighted"),
             *((f"lookahead-{b}", f"lookahead:rollouts={b}") for b in budgets))  # fmt: skip
    why = "characters dealt at random, so that no bot's choice enters the table"
    return Ladder(rungs, (RANDOM_DEAL,), games, steps, why)


def _by_players(players=PLAYER_COUNTS, deal: bool = False) -> tuple[StudyRun, ...]:
    """Per player count: the rulebook game with the strategies choosing, and (with `deal`)
    the same with characters dealt at random, so that the choice effect can be measured."""
    out = []
    for n in players:
        out.append(StudyRun(f"{n}p", n))
        if deal:
            out.append(StudyRun(f"{n}p-dealt", n, sets=(RANDOM_DEAL,)))
    return tuple(out)


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
    all_ = [
        Study(
            "balance",
            "basic game in the rulebook's choosing order, 2 to 5 players, ±1 point per "
            "starting character, with the strategies choosing and with characters dealt at "
            f"random; robustness across 5 bots at {players} players (the default)",
            _by_players(deal=True),
            ladder=ladder(players, full=False),
            ladder_players=players,
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
            (),
            chunk=1_000,
            ladder=ladder(players, full=True),
            ladder_players=players,
        ),
        _variants(),
        _sweep("palace_cost", range(10, 15)),
        _sweep("artist_palace_cost", range(7, 12)),
    ]
    return {s.name: s for s in all_}
