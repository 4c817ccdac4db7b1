"""Predefined Taj Mahal studies: the digest's balance questions as sets of runs.

Every study holds the rulebook setting as one of its runs (its folder has no suffix, e.g.
`4p`), so each change is read against it. Run folders name the player count and the value
changed (`4p-display5`); `sets` are `--set` texts (rules.py). All runs play the study
strategy in every seat. What each study answers and which columns to read:
docs/games/tajmahal.md, "Studies".
"""

from __future__ import annotations

from simcore.core.contract.plugin import Ladder, Study, StudyRun, per_arrangement
from simcore.core.contract.rungs import search_ladder

from .enums import EFFECT_NAMES, SYMBOL_NAMES
from .rules import RuleSet
from .search_rungs import LADDER_FIGURES, SEARCH_RUNGS

PLAYERS = (3, 4, 5)
SPECIAL_FIELDS = tuple(f"special_{s}" for s in SYMBOL_NAMES[:4])
QUESTION_KEYS = ("specials_held",)  # the card answers "which special card is strongest" too


# The robustness ladder's rungs, weakest first, as measured head to head (ladder() says
# the figures; strategies/tajmahal, bench/tajmahal.py).
RUNGS: tuple[tuple[str, str], ...] = (
    ("networks", "networks"),
    ("commodities", "commodities"),
    ("weighted", "weighted"),
    ("lookahead", "lookahead"),
)
# The default study's search rungs (label, --strategy text), weakest first, per player
# count: `search-lite` (5 rollouts, cut at the next visit) below `search-fast` (15), the
# verdict rung. Each is measured stronger than the rung below at 3, 4 and 5 players
# (search_rungs.LADDER_FIGURES), and search-fast is as strong as any budget measured
# above it: 30 rollouts level at 3 players (50.3% [47.4, 53.1], n = 1,200), a horizon of 2
# or 3 weaker or level there; the stronger ones at 4 and 5 (`search-strong`, `search`,
# about 53%) cost 2 to 8 times more per game than search-fast, which the default study's
# 10 minutes cannot give the ~11,000 games a cell needs (docs/games/tajmahal.md).
LITE = ("search-lite", "lookahead:horizon=1:rollouts=5")
# games per CPU second with one seat among weighted (bench.search, seed 21, 8 games, load
# about 10): search-lite's declared speed, which caps its rounds' time
LITE_SPEED = {3: 718.8, 4: 765.2, 5: 431.9}
LITE_STRENGTH = {n: f.vs_below.text() for n, rows in LADDER_FIGURES.items() for f in rows
                 if f.label == LITE[0] and f.vs_below}  # fmt: skip
# No climb: no budget measured so far is stronger than the top one by what the default
# study can afford (a horizon of 3 won 41.9% [38.4, 45.6] of 720 games against `search`
# at 3 players, 48.2% [44.6, 51.8] against `search-strong` at 4; docs/games/tajmahal.md).
CLIMB_QUICK: tuple[tuple[str, str], ...] = ()
CLIMB_FULL = (("lookahead-200", "lookahead:rollouts=200"),)
# Measured figures per rung label: games per CPU second of a table of that rung (4p) and
# the share of the wins against the rung below (4p; ladder() below). None / "not measured
# yet": a placeholder, no measurement.
# The quick ladder's listing (`strategies --ladder`) prints LADDER_FIGURES instead
# (search_rungs.py, bench.ladder: every rung at every count); these stay the declared
# figures of the full ladders, and SPEED the quick ladder's time caps.
SPEED: dict[str, float] = {}
STRENGTH = {
    "commodities": "92.9% [91.9, 93.7] over networks (4p, n = 3,000)",
    "weighted": "75.7% [74.2, 77.2] over commodities (4p, n = 3,000)",
    "lookahead": "90.4% [87.8, 92.5] over weighted (4p, n = 600; 60 rollouts)",
    "lookahead-60": "90.4% [87.8, 92.5] over weighted (4p, n = 600), not over lookahead-24",
}


def ladder(players: int, full: bool) -> Ladder:
    """Weakest first, as measured head to head: each bot in half the seats in every
    arrangement (at 3 and 5 players one and two, two and three), the same deals, the upper
    bot's share of the wins, Wilson 95% (`python -m bench.tajmahal ladder --players P
    --games 500`; lookahead against weighted `--games 100`, 3p 60, 5p 20).
    4 players: networks over random 61.8% [60.1, 63.5] (n = 3,000), commodities over
    networks 92.9% [91.9, 93.7], weighted over commodities 75.7% [74.2, 77.2], lookahead
    over weighted 90.4% [87.8, 92.5] (n = 600).
    3 players: 57.9% [56.1, 59.7], 96.5% [95.8, 97.1], 67.5% [65.8, 69.2] (n = 3,000
    each), 96.1% [93.6, 97.7] (n = 360).
    5 players: 66.6% [65.6, 67.5], 85.0% [84.3, 85.7], 78.2% [77.4, 79.0] (n = 10,000
    each), 90.7% [87.5, 93.2] (n = 400).
    `random` is no player and no rung; `lookahead` (60 rollouts, to the end) plays fewer
    games. The quick ladder (`full` False: the default study's) has `search-lite` and
    `search-fast` above the scripted rungs and no climb (none measured stronger within
    the time); both search rungs may decide (jobs.studies.verdict_rungs), so each starts
    at 960 games and grows to 12 rounds (11,520: half-width about ±1 point at the family
    z), and the top step plays 600 games, enough to tell 60% from one half.
    `study robustness` plays the full ladder and climbs to 200 rollouts."""
    if full:
        rungs, climb = RUNGS, CLIMB_FULL
        games, steps = (20_000, 20_000, 20_000, 1_200, 400), (12_000, 12_000, 600, 200)
    else:
        games, steps = (5_000, 5_000, 5_000, 960, 960), (3_000, 3_000, 240, 600)
        known = {lb: (SPEED.get(lb), STRENGTH.get(lb, "")) for lb in SPEED.keys() | STRENGTH}
        n = min(LITE_SPEED, key=lambda k: (abs(k - players), k))
        known[LITE[0]] = (LITE_SPEED[n], LITE_STRENGTH.get(n, ""))
        fast = {k: rungs[:1] for k, rungs in SEARCH_RUNGS.items()}  # search-fast alone
        return search_ladder(players, RUNGS[:3] + (LITE,), fast, CLIMB_QUICK, games, steps,
                             known, figures=LADDER_FIGURES)  # fmt: skip
    labels = [lb for lb, _ in rungs + climb]
    return Ladder(rungs, (), games, per_arrangement(players, steps), "", climb,
                  tuple(SPEED.get(lb) for lb in labels),
                  tuple(STRENGTH.get(lb, "" if i == 0 else "not measured yet")
                        for i, lb in enumerate(labels)))  # fmt: skip


def balance(players: int = 4) -> Study:
    """Question 1, seat order: the rulebook game at 3, 4 and 5 players, win rate per
    position after the start player of visit 1 (12 visits is a multiple of 3 and 4, not
    of 5: at 5 players the first two positions start one visit more) - the default; at
    `players` also under the quick ladder's bots, so that its verdicts rest on several."""
    runs = tuple(StudyRun(f"{n}p", n) for n in PLAYERS)
    return Study(
        "balance",
        "rulebook game, 3-5 players: win rate per turn position in visit 1; "
        "at every player count a ladder of 3 scripted bots and 2 search rungs "
        "(5 and 15 rollouts)",
        runs,
        question_keys=QUESTION_KEYS,
        ladder=ladder(players, full=False),
        ladder_players=players,
        ladders=tuple((n, ladder(n, False)) for n in PLAYERS if n != players),
    )


def robustness(players: int) -> Study:
    """Seat order under every rung of the full ladder, `lookahead` included (slow: about
    13 games/s per core for a table of lookahead)."""
    return Study(
        "robustness",
        f"{players} players: win rate per position under networks, commodities, weighted "
        "and lookahead, with each bot's measured strength",
        (),
        chunk=100,
        question_keys=QUESTION_KEYS,
        ladder=ladder(players, full=True),
        ladder_players=players,
    )


def special_cards(players: int) -> Study:
    """Question 2, the four special cards: the rulebook mapping (read the win rate of each
    card's holder, mask key specials_held, and the act_special_* columns), then the
    effects rotated over the influence types three times, so that each effect sits on
    each type once: an effect's strength is then told apart from how often its type's
    tile is won twice (T-R4)."""
    d = RuleSet()
    fx = [getattr(d, f) for f in SPECIAL_FIELDS]
    runs = []
    for shift in range(4):
        sets = tuple(f"{f}={fx[(i + shift) % 4]}" for i, f in enumerate(SPECIAL_FIELDS))
        name = f"{players}p" if shift == 0 else f"{players}p-rotate{shift}"
        runs.append(StudyRun(name, players, sets=() if shift == 0 else sets))
    words = ", ".join(f"{s} {EFFECT_NAMES[e]}" for s, e in zip(SYMBOL_NAMES, fx))
    return Study(
        "special-cards",
        f"the four special cards at {players} players: rulebook mapping ({words}) and "
        "the effects rotated over the influence types",
        tuple(runs),
        question_keys=QUESTION_KEYS,
        notes=("The rulebook run is the one without a suffix; in rotateK the card of "
               "influence type t has the rulebook effect of type t + K.",),
    )  # fmt: skip


def commodities_networks(players: int) -> Study:
    """Question 3, how points are made: the rulebook (read the winner's and the others'
    province_points against palace_points), a doubled commodity scored one after the
    other (T-P3a), and a crowned palace that alone earns no palace points (T-P2)."""
    runs = (
        StudyRun(f"{players}p", players),
        StudyRun(f"{players}p-double-each-off", players, sets=("double_each=false",)),
        StudyRun(f"{players}p-crown-scores-off", players, sets=("crown_scores=false",)),
    )
    return Study(
        "commodities-networks",
        f"{players} players: province-tile (commodity) against palace (network) points, "
        "rulebook, T-P3a and T-P2 choices",
        runs,
        notes=("Head to head, a commodities style against a networks style is a "
               "tournament of the two strategies (palace-lab tournament --game tajmahal).",),
    )  # fmt: skip


def immediate_card(players: int) -> Study:
    """Question 4, the immediate-withdraw bonus card (T-A7): with it (rulebook) and
    without; read act_withdraw_immediate per game and the win rate by position."""
    runs = (
        StudyRun(f"{players}p", players),
        StudyRun(f"{players}p-no-immediate-card", players, sets=("immediate_card=false",)),
    )
    return Study(
        "immediate-card",
        f"{players} players: the bonus card for withdrawing without a play, on and off",
        runs,
    )


def display_size(players: int) -> Study:
    """Question 5a: display size swept around 2n - 1 (the rulebook, run without suffix)."""
    book = 2 * players - 1
    sizes = [s for s in range(max(1, book - 2), book + 3) if s != book]
    runs = (StudyRun(f"{players}p", players),) + tuple(
        StudyRun(f"{players}p-display{s}", players, sets=(f"display_size={s}",)) for s in sizes
    )
    return Study(
        "display-size",
        f"{players} players: display of {', '.join(map(str, sizes))} cards against the "
        f"rulebook's {book} (2n - 1)",
        runs,
    )


def deal_size(players: int) -> Study:
    """Question 5b: the deal swept around the rulebook's 6 cards."""
    book = RuleSet().hand_size
    runs = (StudyRun(f"{players}p", players),) + tuple(
        StudyRun(f"{players}p-deal{h}", players, sets=(f"hand_size={h}",)) for h in (4, 5, 7, 8)
    )
    return Study(
        "deal-size",
        f"{players} players: a deal of 4, 5, 7, 8 cards against the rulebook's {book}",
        runs,
    )


def crown(players: int) -> Study:
    """Question 8, the value of the crown (the grand mogul's prize gives no tile and no
    special card): the rulebook, a crowned palace that alone scores nothing (T-P2), and
    no crown at all (moguls win nothing); read prizes_mogul and the win rates."""
    runs = (
        StudyRun(f"{players}p", players),
        StudyRun(f"{players}p-crown-scores-off", players, sets=("crown_scores=false",)),
        StudyRun(f"{players}p-no-crown", players, sets=("crown=false",)),
    )
    return Study(
        "crown",
        f"{players} players: the crown as in the rulebook, scoring nothing alone, and gone",
        runs,
    )


def hand_scoring(players: int) -> Study:
    """Question 6, end-game hand scoring (T-P4): on (rulebook) and off; read hand_points
    and whether the winners change."""
    runs = (
        StudyRun(f"{players}p", players),
        StudyRun(f"{players}p-no-hand-scoring", players, sets=("hand_scoring=false",)),
    )
    return Study("hand-scoring", f"{players} players: hand scoring at the end on and off", runs)


def taj_value(players: int) -> Study:
    """Question 7, the Taj Mahal tile's +4 (T-P1) swept: 0, 2, 4 (rulebook), 6, 8."""
    book = RuleSet().taj_points
    runs = (StudyRun(f"{players}p", players),) + tuple(
        StudyRun(f"{players}p-taj{v}", players, sets=(f"taj_points={v}",)) for v in (0, 2, 6, 8)
    )
    return Study(
        "taj-value", f"{players} players: the Taj Mahal tile worth 0..8 (rulebook {book})", runs
    )


def studies(players: int = 4) -> dict[str, Study]:
    """Every predefined study; the first is the default. `players`: the player count of
    the single-count studies (the CLI's --players)."""
    out = [
        balance(players),
        special_cards(players),
        commodities_networks(players),
        immediate_card(players),
        display_size(players),
        deal_size(players),
        crown(players),
        hand_scoring(players),
        taj_value(players),
        robustness(players),
    ]
    return {st.name: st for st in out}
