"""Predefined Taj Mahal studies: the digest's balance questions as sets of runs.

Every study holds the rulebook setting as one of its runs, so each change is read
against it. Run folders name the player count and the value changed (`4p-display5`);
`sets` are `--set` texts (rules.py). All runs play the study strategy in every seat.
"""

from __future__ import annotations

from simcore.core.contract.plugin import Study, StudyRun

PLAYERS = (3, 4, 5)


def balance() -> Study:
    """Seat order: the rulebook game at 3, 4 and 5 players, win rate per position after the
    start player of visit 1 (12 visits is a multiple of 3 and 4, not of 5: at 5 players the
    first two positions start one visit more) - the default study."""
    runs = tuple(StudyRun(f"{n}p", n) for n in PLAYERS)
    return Study(
        "balance",
        "rulebook game, 3-5 players: win rate per position after the first start player",
        runs,
    )


def studies(players: int = 4) -> dict[str, Study]:
    """Every predefined study; the first is the default. `players`: the player count of
    the single-count studies (the CLI's --players)."""
    out = [balance()]
    return {st.name: st for st in out}
