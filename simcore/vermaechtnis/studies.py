"""Predefined Vermächtnis studies: the digest's balance questions 1-3 as sets of runs.

Every study holds the rulebook setting as one of its runs, so each change is read
against it. Run folders name the player count and the value changed (`4p-first3`);
`sets` are `--set` texts (rules.py). All runs play the default strategy in every seat.
"""

from __future__ import annotations

from simcore.core.contract.plugin import Ladder, Study, StudyRun, per_arrangement
from simcore.core.contract.rungs import search_ladder

from .rules import DEFAULT_PRICES_4, DEFAULT_PRICES_23, RuleSet
from .search_rungs import LADDER_FIGURES, SEARCH_RUNGS

PLAYERS = (2, 3, 4)


SCRIPTED = (("collector", "collector"), ("pairs", "pairs"), ("hoarder", "hoarder"),
            ("chaser", "chaser"), ("weighted", "weighted"))  # fmt: skip
# At 2 players `chaser` wins 38.4% [37.6, 39.3] of the wins against `hoarder` and 52.8%
# [51.9, 53.7] against `pairs`, `weighted` 92.1% [91.6, 92.5] against `hoarder` (n = 12,000
# each, bench.ladder / LADDER_FIGURES): there the scripted rungs go in that measured order.
SCRIPTED_AT = {2: (("collector", "collector"), ("pairs", "pairs"), ("chaser", "chaser"),
                   ("hoarder", "hoarder"), ("weighted", "weighted"))}  # fmt: skip


def scripted(players: int) -> tuple[tuple[str, str], ...]:
    """The scripted rungs at `players`, weakest first as measured there."""
    return SCRIPTED_AT.get(players, SCRIPTED)


# The default study's search rungs are the fastest and the strongest measured per player
# count (search_rungs.py, bench.search); above them it climbs to 300 rollouts while the
# two strongest disagree: measured stronger than `search-strong` at every count (2 players
# 52.8% [50.2, 55.3], n = 1,440; LADDER_FIGURES).
CLIMB_QUICK = (("lookahead-300", "lookahead:rollouts=300"),)
SEARCH_FULL = (
    ("lookahead-30", "lookahead:rollouts=30"),
    ("lookahead-100", "lookahead:rollouts=100"),
)
CLIMB_FULL = (("lookahead-300", "lookahead:rollouts=300"),)
# Measured figures per rung label (docs/games/vermaechtnis.md): games per CPU second of a
# table of that rung; share of the wins against the rung below (4 players). None / "not
# measured yet": a placeholder, no measurement.
# The quick ladder's listing (`strategies --ladder`) prints LADDER_FIGURES instead
# (search_rungs.py, bench.ladder: every rung at every count); these stay the declared
# figures of the full ladders, and SPEED the quick ladder's time caps.
SPEED: dict[str, float] = {}
STRENGTH = {
    "pairs": "63% of the wins over collector (4p)",
    "hoarder": "56% over pairs (4p)",
    "chaser": "63% over hoarder (4p)",
    "weighted": "89% over chaser (4p)",
    "lookahead-30": "73.2% over weighted (4p, n = 300; rollouts=30 against weighted)",
    "lookahead-100": "82.0% [81.3, 82.7] over weighted (4p, n = 12,000)",
    "lookahead-300": "83.6% [80.4, 86.4] over weighted (4p, n = 600)",
}


def ladder(players: int, full: bool) -> Ladder:
    """Weakest first, as measured head to head (each bot in half the seats, every
    arrangement, 4 players; docs/games/vermaechtnis.md): the scripted rungs (casual play),
    then two search rungs and a climb rung, played only while the two strongest rungs below
    it disagree (jobs.ladder). Step games per arrangement are scaled to the player count."""
    if not full:
        games, steps = (5_000,) * 5 + (800, 400, 150), (3_000,) * 4 + (600, 300, 150)
        known = {lb: (SPEED.get(lb), STRENGTH.get(lb, "")) for lb in SPEED.keys() | STRENGTH}
        return search_ladder(players, scripted(players), SEARCH_RUNGS, CLIMB_QUICK, games,
                             steps, known, figures=LADDER_FIGURES)  # fmt: skip
    search, climb = SEARCH_FULL, CLIMB_FULL
    rungs = scripted(players) + search
    labels = [lb for lb, _ in rungs + climb]
    games, steps = (20_000,) * 5 + (2_000, 1_000, 400), (12_000,) * 4 + (600, 300, 150)
    return Ladder(rungs, (), games, per_arrangement(players, steps), "", climb,
                  tuple(SPEED.get(lb) for lb in labels),
                  tuple(STRENGTH.get(lb, "" if i == 0 else "not measured yet")
                        for i, lb in enumerate(labels)))  # fmt: skip


def _row(row: tuple[int, ...]) -> str:
    return ",".join(str(x) for x in row)


def balance(players: int = 4) -> Study:
    """The rulebook game at every player count: win rate per seat (seat 1 starts, with
    4 rupees against 5, V-S5) - the default study; at `players` also under every rung of
    the ladder, so that its verdicts rest on several bots."""
    runs = tuple(StudyRun(f"{n}p", n) for n in PLAYERS)
    return Study(
        "balance",
        "rulebook game, 2-4 players: win rate per seat (start player 4 rupees, others 5); "
        "at every player count a ladder of 5 scripted bots and 2 search rungs, climbing one "
        "more while the two strongest disagree",
        runs,
        ladder=ladder(players, full=False),
        ladder_players=players,
        ladders=tuple((n, ladder(n, False)) for n in PLAYERS if n != players),
    )


def start_money() -> Study:
    """Question 1: does the start player's 4 against 5 rupees offset moving first? The
    start player's money 3, 4 (rulebook), 5, and the others' 4 and 6, per player count."""
    d = RuleSet()
    runs = []
    for n in PLAYERS:
        for first in (3, d.start_money_first, 5):
            runs.append(StudyRun(f"{n}p-first{first}", n, sets=(f"start_money_first={first}",)))
        for others in (4, 6):
            runs.append(StudyRun(f"{n}p-others{others}", n,
                                 sets=(f"start_money_others={others}",)))  # fmt: skip
    return Study(
        "start-money",
        "start money of the start player (3, 4, 5) and of the others (4, 5, 6): win rate "
        "per seat, 2-4 players",
        tuple(runs),
        notes=("The rulebook runs are first4 (= others5).",),
    )


def tax_cap(players: int) -> Study:
    """Question 2: the tax cap 6..11 (rulebook 8): share of gold-take turns (act_take_gold
    per own turn), winner's margin, money points."""
    runs = tuple(
        StudyRun(f"{players}p-tax{cap}", players, sets=(f"tax_cap={cap}",)) for cap in range(6, 12)
    )
    return Study(
        "tax-cap",
        f"tax cap 6..11 at {players} players (rulebook 8): gold-take share, winner's margin",
        runs,
    )


def prices(players: int) -> Study:
    """Question 3: the trade-card price curve - the set in use, the other player count's
    set and alternatives; game length, antiques bought per day, money points."""
    if players == 4:
        key, rows = "prices_4", (DEFAULT_PRICES_4, DEFAULT_PRICES_23, (4, 4, 3, 2, 2),
                                 (3, 3, 2, 2, 2), (4, 3, 2, 2, 1))  # fmt: skip
    else:
        key, rows = "prices_23", (DEFAULT_PRICES_23, DEFAULT_PRICES_4, (4, 4, 3, 2),
                                  (3, 3, 2, 2), (4, 3, 2))  # fmt: skip
    runs = tuple(
        StudyRun(f"{players}p-prices-{''.join(map(str, row))}", players,
                 sets=(f"{key}={_row(row)}",))
        for row in rows
    )  # fmt: skip
    return Study(
        "prices",
        f"trade-card rows at {players} players (rulebook {_row(rows[0])} first): length, "
        "antiques per day, money points",
        runs,
    )


def switches(players: int) -> Study:
    """Questions 4, 5, 7 in one look: the rulebook, without the lone-colour discard
    (V-P1), without large-blocks-small (V-A3c), and with the grey sides (V-V1)."""
    runs = (
        StudyRun(f"{players}p", players),
        StudyRun(f"{players}p-no-lone-discard", players, sets=("lone_discard=false",)),
        StudyRun(f"{players}p-no-large-blocks", players, sets=("large_blocks_small=false",)),
        StudyRun(f"{players}p-grey", players, variants=("grey",)),
    )
    return Study(
        "switches",
        f"{players} players: rulebook, V-P1 off, V-A3c off, grey sides on",
        runs,
    )


def studies(players: int = 4) -> dict[str, Study]:
    """Every predefined study; the first is the default. `players`: the player count of
    the single-count studies (the CLI's --players)."""
    out = [balance(players), start_money(), tax_cap(players), prices(players), switches(players)]
    return {st.name: st for st in out}
