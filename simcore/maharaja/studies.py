"""Maharaja's predefined studies (`palace-lab study [NAME]`) and its robustness ladder:
data only (which runs, with which rules and strategies, how precise); jobs/ plays them.

Every run plays the rulebook's choosing order (first_chooser 0, M-S3) unless its `sets`
say otherwise. A run without its own strategy plays the study strategy (the default
strategy, with char_noise=1) in every seat.
"""

from __future__ import annotations

from simcore.core.contract.plugin import Ladder, Study, StudyRun, per_arrangement
from simcore.core.contract.rungs import search_ladder

from .rules import NOT_YET, VARIANTS, RuleSet
from .search_rungs import LADDER_FIGURES, SEARCH_RUNGS

PLAYER_COUNTS = (2, 3, 4, 5)
RANDOM_DEAL = "deal=random"


# The default study's search rungs are the fastest and the strongest measured per player
# count (search_rungs.py, bench.search); above them it climbs, while the two strongest
# disagree, to a rung measured stronger than the strongest at that count (LADDER_FIGURES,
# bench.ladder: seat-rotated duels, Wilson 95% lower bound above 50%). 200 rollouts are
# that at 4 players only (55.6% [51.9, 59.1], n = 720; 3 players 51.7% [50.0, 53.3],
# n = 3,600; 5 players 48.7%; 2 players 48.1% against `search`); without the policy's bonus
# (`prior=0`, as the 2-player `search`) fewer rollouts are: 120 at 3 and 5 players, 150 at 2.
_CLIMB_120 = (("search-120", "lookahead:rollouts=120:char_rollouts=0:prior=0"),)
CLIMB_QUICK = {
    2: (("search-150", "lookahead:rollouts=150:char_rollouts=0:prior=0"),),
    3: _CLIMB_120,
    4: (("search-200", "lookahead:rollouts=200:char_rollouts=0"),),
    5: _CLIMB_120,
}
SEARCH_FULL = (
    ("lookahead-100", "lookahead:rollouts=100"),
    ("lookahead-400", "lookahead:rollouts=400"),
)
CLIMB_FULL = (("lookahead-1000", "lookahead:rollouts=1000"),)
SCRIPTED = (("chaser", "chaser"), ("house-network", "house-network"), ("weighted", "weighted"))
# At 2 players (characters dealt at random) `weighted` wins 42.8% [42.0, 43.7] of the wins
# against `house-network` and 52.1% [51.3, 53.0] against `chaser` (n = 12,000 each,
# bench.ladder / LADDER_FIGURES): there the scripted rungs go in that measured order.
SCRIPTED_AT = {2: (("chaser", "chaser"), ("weighted", "weighted"),
                   ("house-network", "house-network"))}  # fmt: skip


def scripted(players: int) -> tuple[tuple[str, str], ...]:
    """The scripted rungs at `players`, weakest first as measured there."""
    return SCRIPTED_AT.get(players, SCRIPTED)


def climb_quick(players: int) -> tuple[tuple[str, str], ...]:
    """The default study's climb rungs at `players`: only one measured stronger there."""
    return CLIMB_QUICK.get(players, ())


# Measured figures per rung label (docs/games/maharaja.md, "Studies"): games per CPU second of
# a 4-player table of that rung, and its share of the wins head to head against the rung
# below (4 players, deal=random). None / "not measured yet": a placeholder, no measurement.
# The quick ladder's listing (`strategies --ladder`) prints LADDER_FIGURES instead
# (search_rungs.py, bench.ladder: every rung at every count); these stay the declared
# figures of the full ladders, and SPEED the quick ladder's time caps.
SPEED = {"weighted": 7_600.0}  # bench.engine --compare, median of 7
STRENGTH = {
    "house-network": "~93% of the wins over chaser (4p, deal=random)",
    "weighted": "~80% over house-network (4p, deal=random)",
    "lookahead-60": "62.5% [50.9, 74.1] over lookahead-20 (4p, deal=random, issue 31)",
    "lookahead-400": "55.2% [48.1, 62.3] over lookahead-100 (n = 300)",
}


def ladder(players: int, full: bool) -> Ladder:
    """Weakest first, as measured head to head under deal=random (docs/games/maharaja.md,
    "Studies"): the scripted rungs (casual play), then two search rungs and a climb rung,
    played only while the two strongest rungs below it disagree (jobs.ladder). Step games
    are per seat arrangement, scaled so each step plays about the same games at every
    player count (`per_arrangement`)."""
    why = "characters dealt at random, so that no bot's choice enters the table"
    if not full:
        games, steps = (6_000, 6_000, 6_000, 600, 300, 150), (3_600, 3_600, 600, 400, 200)
        known = {lb: (SPEED.get(lb), STRENGTH.get(lb, "")) for lb in SPEED.keys() | STRENGTH}
        return search_ladder(players, scripted(players), SEARCH_RUNGS, climb_quick(players),
                             games, steps, known, (RANDOM_DEAL,), why, LADDER_FIGURES)  # fmt: skip
    search, climb = SEARCH_FULL, CLIMB_FULL
    games, steps = (20_000, 20_000, 20_000, 4_000, 1_200, 600), (12_000, 12_000, 1_440, 768, 384)
    rungs = scripted(players) + search
    labels = [lb for lb, _ in rungs + climb]
    return Ladder(rungs, (RANDOM_DEAL,), games, per_arrangement(players, steps), why, climb,
                  tuple(SPEED.get(lb) for lb in labels),
                  tuple(STRENGTH.get(lb, "" if i == 0 else "not measured yet")
                        for i, lb in enumerate(labels)))  # fmt: skip


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
            "random; at every player count a ladder of 3 scripted bots and 2 search rungs, "
            "climbing one more while the two strongest disagree (the default)",
            _by_players(deal=True),
            ladder=ladder(players, full=False),
            ladder_players=players,
            ladders=tuple((n, ladder(n, False)) for n in PLAYER_COUNTS if n != players),
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
