"""Predefined Palast studies: the digest's balance questions as sets of runs.

Every study holds the rulebook setting as one of its runs, so each change is read
against it. Run folders name the player count and the value changed (`4p-fee52-2`);
`sets` are `--set` texts (rules.py). All runs play the default strategy in every seat.
The harbour question (side "d" against the others) changes a data file, which a study
cannot: it is read from the `act_harbour_*` columns of any run, and a designer compares
harbour files with `--data harbour=FILE` runs.
"""

from __future__ import annotations

from simcore.core.contract.plugin import Study, StudyRun

PLAYERS = (2, 3, 4)


def balance() -> Study:
    """Question 1: the rulebook game at every player count - win rate per seat (seat 1
    starts; seats 3 and 4 start with one more resource, P-S3)."""
    return Study(
        "balance",
        "rulebook game, 2-4 players: win rate per seat (seats 3 and 4 +1 resource)",
        tuple(StudyRun(f"{n}p", n) for n in PLAYERS),
    )


def start_bonus(players: int) -> Study:
    """Question 1: seat order with and without the +1 starting resource, and with the
    bonus counted clockwise (the P-S3 direction conflict)."""
    runs = (
        StudyRun(f"{players}p", players),
        StudyRun(f"{players}p-no-bonus", players, sets=("start_bonus=false",)),
        StudyRun(f"{players}p-bonus-clockwise", players, sets=("bonus_turn_order=false",)),
    )
    return Study(
        "start-bonus",
        f"{players} players: +1 starting resource for seats 3 and 4 (rulebook), none, "
        "or counted clockwise: win rate per seat",
        runs,
    )


def fees(players: int) -> Study:
    """Question 3: the building-field fees - 5.2 at 0, 1 (the [choice]) and 2 gold, 5.3 at
    1 and 3; game length and builds from 5.2 / 5.3 (act_build_at_52/53)."""
    runs = [StudyRun(f"{players}p-fee52-{f}", players, sets=(f"fee_52={f}",)) for f in (1, 0, 2)]
    runs += [StudyRun(f"{players}p-fee53-{f}", players, sets=(f"fee_53={f}",)) for f in (1, 3)]
    return Study(
        "fees",
        f"{players} players: fee at 5.2 (0, 1 [choice], 2) and 5.3 (1, 2, 3): length, "
        "where cards are built",
        tuple(runs),
    )


def quarters(players: int) -> Study:
    """Question 4: quarter prices (1/2 gold), the Vizier's action and its quarter."""
    runs = (
        StudyRun(f"{players}p", players),
        StudyRun(f"{players}p-quarters-free", players,
                 sets=("quarter_cost_1=0", "quarter_cost_2=0")),
        StudyRun(f"{players}p-quarters-2-3", players,
                 sets=("quarter_cost_1=2", "quarter_cost_2=3")),
        StudyRun(f"{players}p-no-vizier-action", players, sets=("vizier_action=false",)),
        StudyRun(f"{players}p-no-vizier-quarter", players, sets=("quarter_in_vizier=false",)),
    )  # fmt: skip
    return Study(
        "quarters",
        f"{players} players: quarter prices, the Vizier's action, placing under the Vizier",
        runs,
    )


def limits(players: int) -> Study:
    """Question 8: the limits (3 cards, 7 resources) and the number of figures (8)."""
    runs = [StudyRun(f"{players}p", players)]
    runs += [StudyRun(f"{players}p-hand{h}", players, sets=(f"hand_limit={h}",)) for h in (2, 4)]
    runs += [StudyRun(f"{players}p-res{r}", players, sets=(f"resource_limit={r}",))
             for r in (6, 8)]  # fmt: skip
    runs += [StudyRun(f"{players}p-figures{f}", players, sets=(f"figures={f}",)) for f in (6, 10)]
    return Study(
        "limits",
        f"{players} players: hand limit 2/3/4, resource limit 6/7/8, figures 6/8/10",
        tuple(runs),
    )


def seraglio(players: int) -> Study:
    """Question 6 and the advanced rules: seraglio size, P-V2, P-V3."""
    key = f"seraglio_{players}"
    runs = (
        StudyRun(f"{players}p", players),
        StudyRun(f"{players}p-seraglio3", players, sets=(f"{key}=3",)),
        StudyRun(f"{players}p-seraglio-figure", players, variants=("seraglio_figure",)),
        StudyRun(f"{players}p-sealed", players, variants=("sealed",)),
    )
    return Study(
        "seraglio",
        f"{players} players: seraglio size, the seraglio figure (P-V2), sealed gardens (P-V3)",
        runs,
    )


def studies(players: int = 4) -> dict[str, Study]:
    """Every predefined study; the first is the default."""
    out = [balance(), start_bonus(players), fees(players), quarters(players), limits(players),
           seraglio(players)]  # fmt: skip
    return {st.name: st for st in out}
