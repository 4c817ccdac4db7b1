"""Predefined Palast studies: the digest's balance questions as sets of runs.

Every study holds the rulebook setting as one of its runs, so each change is read
against it. Run folders name the player count and the value changed (`4p-fee52-2`);
`sets` are `--set` texts (rules.py). All runs play the default strategy in every seat.
The `harbour` study (side "d" against the others) plays harbour files shipped next to
the reconstruction (data/harbour_*.toml) through `StudyRun.data`; as played, the
`harbour_main` key (the side a seat took most) says whether seats that favour d win more.
"""

from __future__ import annotations

from simcore.core.contract.plugin import Ladder, Study, StudyRun, per_arrangement
from simcore.core.contract.rungs import search_ladder

from .search_rungs import LADDER_FIGURES, SEARCH_RUNGS

PLAYERS = (2, 3, 4)
# the card also answers, as played, whether seats that favour a harbour side win more
QUESTION_KEYS = ("harbour_main",)


SCRIPTED = (("harbour", "harbour"), ("vizier", "vizier"), ("weighted", "weighted"))
# The search rungs, as data (label, --strategy text), weakest first; swapping in other
# budgets (the search speed work's recommended rungs) is one line each.
# The default study's search rungs are the fastest and the strongest measured per player
# count (search_rungs.py, bench.search). No climb rung above them: none was measured
# stronger than `search-strong` at any count (bench.ladder, seed 0): `search-h12-200`
# (`lookahead:horizon=12:rollouts=200`) won 52.6% [49.0, 56.3] of the wins at 2 players,
# 52.8% [49.1, 56.4] at 3 (n = 720 each) and 52.3% [49.7, 54.9] at 4 (n = 1,440), so the
# verdict is `search-strong`'s; a climb rung goes here per count once one is measured
# stronger (LADDER_FIGURES keeps the figures).
CLIMB_QUICK: dict[int, tuple[tuple[str, str], ...]] = {}
SEARCH_FULL = (("lookahead-16", "lookahead:rollouts=16"), ("lookahead-64", "lookahead:rollouts=64"))
CLIMB_FULL = (("lookahead-200", "lookahead:rollouts=200"),)
# Measured figures per rung label (4 players; ladder() says how): games per CPU second of a
# table of that rung, and the share of the wins against the rung below. None / "not
# measured yet": a placeholder, no measurement.
# The quick ladder's listing (`strategies --ladder`) prints LADDER_FIGURES instead
# (search_rungs.py, bench.ladder: every rung at every count); these stay the declared
# figures of the full ladders, and SPEED the quick ladder's time caps.
SPEED = {"lookahead-64": 13.0}
STRENGTH = {
    "vizier": "52.4% [52.0, 52.8] over harbour (4p)",
    "weighted": "57.1% [56.8, 57.5] over vizier (4p)",
    "lookahead-16": "60.2% [57.9, 62.4] over weighted (4p, 300 deals)",
    "lookahead-64": "64.5% [62.9, 66.1] over weighted (4p, 500 deals; not over lookahead-16)",
}


def climb_quick(players: int) -> tuple[tuple[str, str], ...]:
    """The default study's climb rungs at `players`: only one measured stronger there."""
    return CLIMB_QUICK.get(players, ())


def ladder(players: int, full: bool) -> Ladder:
    """Weakest first, as measured head to head at 4 players (each bot in two seats, all 6
    seatings on the same deals; `python -m bench.head_to_head --game palast --ladder
    random,harbour,vizier,weighted --games 10000`, 95% intervals over the deals):
    harbour beats random 99.9% [99.8, 99.9] of the wins, vizier beats harbour 52.4%
    [52.0, 52.8], weighted beats vizier 57.1% [56.8, 57.5] (and harbour 59.1%
    [58.7, 59.5]); lookahead (64 rollouts) beats weighted 64.5% [62.9, 66.1]
    (`python -m bench.head_to_head --game palast lookahead weighted --games 500`), and
    with 16 rollouts 60.2% [57.9, 62.4] (300 deals).
    `random` is no rung: a baseline, not a player. The scripted rungs are casual play;
    above them two search rungs and (the full ladder; the quick one where one is measured
    stronger, `CLIMB_QUICK`) a climb rung, played only while the two strongest rungs below
    it disagree (jobs.ladder). Step games per arrangement are scaled to the
    player count."""
    if not full:
        games, steps = (4_000, 4_000, 4_000, 600, 300, 100), (3_000, 3_000, 300, 150, 60)
        known = {lb: (SPEED.get(lb), STRENGTH.get(lb, "")) for lb in SPEED.keys() | STRENGTH}
        return search_ladder(players, SCRIPTED, SEARCH_RUNGS, climb_quick(players), games,
                             steps, known, figures=LADDER_FIGURES)  # fmt: skip
    search, climb = SEARCH_FULL, CLIMB_FULL
    games, steps = (20_000, 20_000, 20_000, 1_000, 600, 300), (12_000, 12_000, 600, 300, 150)
    rungs = SCRIPTED + search
    labels = [lb for lb, _ in rungs + climb]
    return Ladder(rungs, (), games, per_arrangement(players, steps), "", climb,
                  tuple(SPEED.get(lb) for lb in labels),
                  tuple(STRENGTH.get(lb, "" if i == 0 else "not measured yet")
                        for i, lb in enumerate(labels)))  # fmt: skip


def balance(players: int = 4) -> Study:
    """Question 1: the rulebook game at every player count - win rate per seat (seat 1
    starts; seats 3 and 4 start with one more resource, P-S3); at `players` also under the
    quick ladder's bots, so that its verdicts rest on several; and, as played, question 2
    (harbour_main)."""
    return Study(
        "balance",
        "rulebook game, 2-4 players: win rate per seat (seats 3 and 4 +1 resource); "
        "at every player count a ladder of 3 scripted bots and 2 search rungs (no climb: no "
        "stronger rung measured yet)",
        tuple(StudyRun(f"{n}p", n) for n in PLAYERS),
        question_keys=QUESTION_KEYS,
        ladder=ladder(players, full=False),
        ladder_players=players,
        ladders=tuple((n, ladder(n, False)) for n in PLAYERS if n != players),
    )


def robustness(players: int) -> Study:
    """Seat order under every rung of the full ladder, `lookahead` included (slow)."""
    return Study(
        "robustness",
        f"{players} players: win rate per seat under harbour, vizier, weighted and "
        "lookahead, with each bot's measured strength",
        (),
        chunk=100,
        question_keys=QUESTION_KEYS,
        ladder=ladder(players, full=True),
        ladder_players=players,
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


# Question 2's harbour files (data/), each read against the rulebook run: (folder part,
# file). Capacities swept around 2,2,3,4 (d 3 and 5, c as large as d, all 3), and the
# card pairing changed (d behind c, d behind b) with the capacities kept.
HARBOURS = (
    ("d3", "harbour_d3.toml"),
    ("d5", "harbour_d5.toml"),
    ("c4", "harbour_c4.toml"),
    ("flat3", "harbour_flat.toml"),
    ("pair-ab-cd", "harbour_pair_ab.toml"),
    ("pair-ca-bd", "harbour_pair_ca.toml"),
)
HARBOUR_SMALL = ("d3",)  # also played at 2 and 3 players (cheap: the rulebook and d = 3)


def harbour(players: int) -> Study:
    """Question 2: is side "d" (4 resources) dominant? The rulebook harbour against harbour
    files with d's capacity swept, c's raised, all equal, and the card pairing changed, at
    `players` (every file) and at the other counts (the rulebook and d = 3)."""
    runs = [StudyRun(f"{players}p", players)]
    runs += [StudyRun(f"{players}p-harbour-{tag}", players, data=(("harbour", file),))
             for tag, file in HARBOURS]  # fmt: skip
    for n in (p for p in PLAYERS if p != players):
        runs.append(StudyRun(f"{n}p", n))
        runs += [StudyRun(f"{n}p-harbour-{tag}", n, data=(("harbour", file),))
                 for tag, file in HARBOURS if tag in HARBOUR_SMALL]  # fmt: skip
    return Study(
        "harbour",
        f"{players} players: the rulebook harbour against d = 3 / 5, c = 4, all 3, and the "
        "cards paired a/b + c/d or c/a + b/d (2-3 players: d = 3); win rate per seat and "
        "per side taken most",
        tuple(runs),
        question_keys=QUESTION_KEYS,
        notes=(
            "Every harbour file is a reconstruction or a variant of one (P-C1b, P-C2); "
            "`harbour_main`, the side a seat took most, is as played: the strategy "
            "chose it, so a rate per side is an association, not a cause.",
        ),
    )


def studies(players: int = 4) -> dict[str, Study]:
    """Every predefined study; the first is the default."""
    out = [balance(players), start_bonus(players), harbour(players), fees(players),
           quarters(players), limits(players), seraglio(players), robustness(players)]  # fmt: skip
    return {st.name: st for st in out}
