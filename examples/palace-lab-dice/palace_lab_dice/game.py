"""Dice race: a whole game for palace-lab in one file, built on the shared skeleton.

2-4 players, `rounds` rounds; on a turn the active seat's die shows and it may reroll
once (the one decision, kind ROLL_AGAIN: 1 = reroll, 0 = keep). A seat scores the sum of
its kept dice, seat 1 adds `first_bonus`; the highest score wins, ties share first place.
With the same strategy in every seat the game is fair by construction at first_bonus = 0.

What the game writes itself (docs/GAMES.md): its rules (RuleBase fields), its state's
fields (a `state_layout`, after the common header), its phases and events (advance_nb,
answer_nb), its records and results table, and the plug-in. The skeleton gives the rest:
seeding, asking (`ask_nb`), the event log (`log_nb`), playing (`Play`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pyarrow as pa
from numba import njit

from simcore.core.contract import layout as H
from simcore.core.contract import records as common  # the columns every game shares
from simcore.core.contract.datafile import NoData
from simcore.core.contract.engine_api import ENGINE_API
from simcore.core.contract.games import register_game
from simcore.core.contract.layout import state_layout
from simcore.core.contract.levers import Lever
from simcore.core.contract.play import Play, play_fields
from simcore.core.contract.plugin import (
    GamePlugin,
    Key,
    Ladder,
    Shape,
    Study,
    StudyRun,
    rules_fields,
)
from simcore.core.contract.records import Records, game_field, seat_field
from simcore.core.contract.results_table import changed_rule_columns
from simcore.core.contract.rule_fields import RuleBase, offsets_module, rule
from simcore.core.contract.rungs import Measured, RungFigures, SearchRung, search_ladder
from simcore.core.nb.rng_nb import randint_nb
from simcore.core.nb.skeleton_nb import (
    ask_nb,
    copy_records_nb,
    game_over_nb,
    log_nb,
    seed_streams_nb,
    start_header_nb,
)
from simcore.core.nb.skeleton_nb import asked_seat_nb as asked_seat_nb  # an engine export

MAX_SEATS, MAX_ROUNDS = 4, 10

# the state: the common header (round, players, phase, asked kind and seat, ...), then ours
_S = state_layout("dice")
SEAT = _S.take("SEAT")  # the active seat
ROLL = _S.take("ROLL")  # the die showing
SCORE = _S.take("SCORE", MAX_SEATS)
RANK = _S.take("RANK", MAX_SEATS)  # seats with a higher score (0 = a winner)
REROLLS = _S.take("REROLLS", MAX_SEATS)
KEEPS = _S.take("KEEPS", MAX_SEATS)
DICE = _S.take("DICE", MAX_ROUNDS * MAX_SEATS * 2)  # every die, rolled when the game starts
STATE_SIZE = _S.done()

# the records: one row per seat, each column once, with its results type and its source
RECORDS = Records("dice", (
    seat_field("score", pa.int16(), SCORE),
    common.rank(RANK),
    game_field("rounds", pa.int8(), H.ROUND),
    common.end_reason(None, ("done",)),  # the one way a game ends
    common.errors(H.N_ERRORS),
    common.actions(REROLLS, ("reroll", "keep"), stride=1, step=MAX_SEATS),  # REROLLS[4], KEEPS[4]
))  # fmt: skip
N_REC, RECORD_PLAN = RECORDS.n_rec, RECORDS.plan

ROLL_AGAIN = 0  # the decision kind
PH_PLAY, PH_DONE = 0, 1
EV_KEEP, EV_REROLL, EV_END = 0, 1, 2
END_DONE = 1
OUT_SIZE, SCRATCH_SIZE, WORK_SIZE, RNG_STREAMS = 1, 1, 1, 1 + MAX_SEATS


@njit(cache=True, _nrt=False)
def start_game_nb(state, board, rules, log, n_players, seed, game, rng):
    """Every die of the game is rolled here: advance_nb and answer_nb get no random stream."""
    seed_streams_nb(rng, seed, game)
    start_header_nb(state, n_players)
    state[H.ROUND] = 1
    for i in range(MAX_ROUNDS * MAX_SEATS * 2):
        state[DICE + i] = 1 + randint_nb(rng, 0, rules[R.SIDES])


@njit(cache=True, _nrt=False)
def finish_nb(state, rules, log):
    """The end: seat 1's bonus and the ranks go into the state (write_records_nb gets no
    rules, so the records only copy)."""
    n = state[H.N_PLAYERS]
    state[SCORE] += rules[R.FIRST_BONUS]
    for p in range(n):
        for q in range(n):
            if state[SCORE + q] > state[SCORE + p]:
                state[RANK + p] += 1
    state[H.END_REASON] = END_DONE
    state[H.ROUND] -= 1  # the rounds played
    log_nb(state, log, -1, EV_END, state[SCORE], 0, 0, 0)
    game_over_nb(state, PH_DONE)


@njit(cache=True, _nrt=False, inline="always")
def advance_nb(state, board, rules, log, work):
    """The next decision (the active seat's die is showing), or -1 once the game is over."""
    if state[H.PHASE] == PH_DONE:
        return -1
    if state[H.ROUND] > rules[R.ROUNDS]:
        finish_nb(state, rules, log)
        return -1
    p = state[SEAT]
    state[ROLL] = state[DICE + ((state[H.ROUND] - 1) * MAX_SEATS + p) * 2]
    return ask_nb(state, ROLL_AGAIN, p)


@njit(cache=True, _nrt=False, inline="always")
def answer_nb(state, board, rules, log, out, ret):
    p = state[H.ASK_SEAT]
    state[H.ASK_KIND] = -1
    if ret == 1:
        state[ROLL] = state[DICE + ((state[H.ROUND] - 1) * MAX_SEATS + p) * 2 + 1]
        state[REROLLS + p] += 1
    else:
        if ret != 0:  # an illegal answer counts as an error and keeps the die
            state[H.N_ERRORS] += 1
        state[KEEPS + p] += 1
    state[SCORE + p] += state[ROLL]
    log_nb(state, log, p, EV_REROLL if ret == 1 else EV_KEEP, state[ROLL], state[SCORE + p],
           0, 0)  # fmt: skip
    state[SEAT] = p + 1
    if state[SEAT] == state[H.N_PLAYERS]:
        state[SEAT] = 0
        state[H.ROUND] += 1


@njit(cache=True, _nrt=False)
def write_records_nb(state, sids, rec):
    """Every column is in the state: the records only copy (RECORDS' plan)."""
    copy_records_nb(state, sids, rec, RECORD_PLAN)


@njit(cache=True, _nrt=False)
def legal_count_nb(state, board, rules, kind, seat):
    """The invariant check's hooks (simcore/core/contract/engine_api.py): keep or reroll."""
    return 2 if kind == ROLL_AGAIN else 0


@njit(cache=True, _nrt=False)
def invariants_nb(state, board, rules):
    """Each seat has kept or rerolled once per turn it had; every die shows a face."""
    done = state[H.ROUND] - (0 if state[H.PHASE] == PH_DONE else 1)  # rounds all finished
    for p in range(state[H.N_PLAYERS]):
        turns = done + (1 if p < state[SEAT] else 0)
        if state[REROLLS + p] + state[KEEPS + p] != turns:
            return 1
    for i in range(MAX_ROUNDS * MAX_SEATS * 2):
        if not 1 <= state[DICE + i] <= rules[R.SIDES]:
            return 2
    return 0


# The search (`lookahead`, strategies.py): what it cannot guess, the defaults the rest
# (simcore/core/nb/search_hooks.py): the legal answers, and what a seat may know, for the
# dice not yet shown are in the state.
MAX_CANDIDATES = 2


@njit(cache=True, _nrt=False)
def candidates_nb(kind, seat, state, board, rules, cands):
    """Keep (0) or reroll (1), one row each: [ret, out[0]]."""
    for ret in range(2):
        cands[ret, 0] = ret
        cands[ret, 1] = 0
    return 2


@njit(cache=True, _nrt=False)
def unseen_nb(state):
    """The first die no seat has seen: the reroll of the turn being asked."""
    return ((state[H.ROUND] - 1) * MAX_SEATS + state[SEAT]) * 2 + 1


@njit(cache=True, _nrt=False)
def determinise_nb(state, board, rules, seat, view):
    """The state with every die not yet shown set to the middle face (redraw_hidden's
    part, stated for the search)."""
    for i in range(STATE_SIZE):
        view[i] = state[i]
    for i in range(unseen_nb(state), MAX_ROUNDS * MAX_SEATS * 2):
        view[DICE + i] = (1 + rules[R.SIDES]) // 2


@njit(cache=True, _nrt=False)
def redraw_nb(sim, board, rules, seat, params, rng):
    """Every rollout seed rolls the dice not yet shown anew (stream 0)."""
    for i in range(unseen_nb(sim), MAX_ROUNDS * MAX_SEATS * 2):
        sim[DICE + i] = 1 + randint_nb(rng, 0, rules[R.SIDES])


__all__ = ENGINE_API  # the names the driver imports (simcore/core/contract/engine_api.py)


@dataclass(frozen=True)
class DiceRules(RuleBase):
    OVERRIDE_EXAMPLE = "first_bonus=2"

    rounds: int = rule(3, "D-1", "rounds; each seat rolls once per round", 1, MAX_ROUNDS)
    sides: int = rule(6, "D-2", "faces of the die", 2, 20)
    first_bonus: int = rule(0, "D-3 [choice]", "points added to seat 1's score", -20, 20)


R = offsets_module(DiceRules, __name__ + ".R")  # the packed offsets, rules[R.SIDES]


def redraw_hidden(state: np.ndarray, rules: np.ndarray, seat: int, rng: np.random.Generator):
    """A copy with every die not yet shown drawn anew: a seat sees a die only once rolled."""
    copy = state.copy()
    shown = ((state[H.ROUND] - 1) * MAX_SEATS + state[SEAT]) * 2 + 1
    unseen = copy[DICE + shown : DICE + MAX_ROUNDS * MAX_SEATS * 2]
    unseen[:] = rng.integers(1, rules[R.SIDES] + 1, unseen.size)
    return copy


def records_table(rec: np.ndarray, first_game: int, seat_names, rules) -> pa.Table:
    """The record block as the results table (docs/RESULTS.md), with a column per rule
    changed from the rulebook (simcore/core/contract/records.py)."""
    changed = changed_rule_columns(rules.diff_from_default(), ())
    return RECORDS.table(rec, first_game, seat_names, {}, {}, changed)


def describe_event(row: np.ndarray, data: NoData) -> str:
    what = {EV_KEEP: "keeps", EV_REROLL: "rerolls to"}.get(int(row[2]))
    if what is None:
        return f"round {row[0]}: the game ends"
    return f"round {row[0]}: seat {row[1] + 1} {what} {row[3]} (score {row[4]})"


def _check(rules: DiceRules, players: int) -> None:
    """Nothing depends on the player count."""


# The ladder, weakest first, measured head to head on the same deals (bench/search.py:
# the upper bot in half the seats, every seating, its share of the wins, Wilson 95%):
#   python -m bench.search --game dice --players P --configs
#       "random;keeper;lookahead:rollouts=40;lookahead" --ref threshold --base threshold
#       --no-base --deals D --speed-games 4000 --repeats 3   (D = 20000 at 2p, else 8000)
#   python -m bench.search --game dice --players P --configs "lookahead:rollouts=40;lookahead"
#       --ref lookahead:rollouts=1000 --no-base --deals 1000 --speed-games 400 --repeats 1
# `threshold` is the best scripted bot (keeper and random win 25-29% against it); the
# search (200 rollouts) wins 50.7-50.9% against it, above 50% at every player count, and
# as much as 1000 rollouts do: the threshold is near the best play of a race of sums.
SCRIPTED = (("random", "random"), ("threshold", "threshold"))
TOP = "lookahead:rollouts=1000"
THRESHOLD = {  # games per CPU second of a table of it, and its duel against random
    2: (2_026_719.3, Measured("random", 0.713, 0.709, 0.717, 40_000)),
    3: (2_103_180.5, Measured("random", 0.707, 0.703, 0.711, 48_000)),
    4: (1_988_289.0, Measured("random", 0.742, 0.738, 0.746, 48_000)),
}
RANDOM_SPEED = {2: 2_576_743.5, 3: 2_006_632.6, 4: 1_947_359.9}  # one random among threshold


def _rung(label, text, players, speed, top_speed, vs_top, vs_threshold) -> SearchRung:
    """A search rung: games per CPU second with one such seat among threshold (the top's
    measured beside it), its share, Wilson 95% and n against the top and threshold."""
    return SearchRung(label, text, players, speed, top_speed, Measured(TOP, *vs_top),
                      Measured("threshold", *vs_threshold))  # fmt: skip


FAST = "lookahead:rollouts=40"
SEARCH_RUNGS = {
    2: (
        _rung("search-fast", FAST, 2, 25_930.1, 1_070.6, (0.496, 0.47412, 0.51790, 2_000),
              (0.504, 0.49910, 0.50890, 40_000)),
        _rung("search", "lookahead", 2, 6_660.2, 1_070.6, (0.499, 0.47711, 0.52089, 2_000),
              (0.507, 0.50210, 0.51190, 40_000)),
    ),
    3: (
        _rung("search-fast", FAST, 3, 25_135.0, 1_097.4, (0.498, 0.48535, 0.51065, 6_000),
              (0.505, 0.50053, 0.50947, 48_000)),
        _rung("search", "lookahead", 3, 5_712.1, 1_097.4, (0.500, 0.48735, 0.51265, 6_000),
              (0.507, 0.50253, 0.51147, 48_000)),
    ),
    4: (
        _rung("search-fast", FAST, 4, 23_775.2, 858.2, (0.498, 0.48535, 0.51065, 6_000),
              (0.507, 0.50253, 0.51147, 48_000)),
        _rung("search", "lookahead", 4, 5_167.8, 858.2, (0.498, 0.48535, 0.51065, 6_000),
              (0.509, 0.50453, 0.51347, 48_000)),
    ),
}  # fmt: skip


# The ladder as `palace-lab strategies --ladder` prints it: every rung's games per CPU second
# (one seat of it among threshold) and its duel against the rung directly below
# (python -m bench.ladder --game dice --players P --literals).
LADDER_FIGURES: dict[int, tuple[RungFigures, ...]] = {
    2: (
        RungFigures(
            "random", "random", 2, 3566581.8,
            None,
        ),
        RungFigures(
            "threshold", "threshold", 2, 3709733.5,
            Measured("random", 0.707, 0.699, 0.715, 12000),
        ),
        RungFigures(
            "search-fast", "lookahead:rollouts=40", 2, 16080.3,
            Measured("threshold", 0.504, 0.491, 0.516, 6000),
        ),
        RungFigures(
            "search", "lookahead", 2, 4739.3,
            Measured("search-fast", 0.504, 0.491, 0.516, 6000),
        ),
    ),
    3: (
        RungFigures(
            "random", "random", 3, 3236246.6,
            None,
        ),
        RungFigures(
            "threshold", "threshold", 3, 3339101.8,
            Measured("random", 0.705, 0.696, 0.713, 12000),
        ),
        RungFigures(
            "search-fast", "lookahead:rollouts=40", 3, 18651.3,
            Measured("threshold", 0.507, 0.494, 0.519, 6000),
        ),
        RungFigures(
            "search", "lookahead", 3, 5220.6,
            Measured("search-fast", 0.502, 0.489, 0.514, 6000),
        ),
    ),
    4: (
        RungFigures(
            "random", "random", 4, 2605054.6,
            None,
        ),
        RungFigures(
            "threshold", "threshold", 4, 2593092.9,
            Measured("random", 0.738, 0.73, 0.746, 12000),
        ),
        RungFigures(
            "search-fast", "lookahead:rollouts=40", 4, 13933.9,
            Measured("threshold", 0.511, 0.499, 0.524, 6000),
        ),
        RungFigures(
            "search", "lookahead", 4, 3556.7,
            Measured("search-fast", 0.5, 0.487, 0.512, 6000),
        ),
    ),
}  # fmt: skip


def ladder(players: int, full: bool) -> Ladder:
    """random, threshold, then the fastest and the strongest measured search rung."""
    speed, vs_random = THRESHOLD[players]
    known = {"random": (RANDOM_SPEED[players], ""), "threshold": (speed, vs_random.text())}
    return search_ladder(players, SCRIPTED, SEARCH_RUNGS, (), (2_000,) * 4, (2_000,) * 3, known,
                         figures=LADDER_FIGURES)  # fmt: skip


def studies(players: int) -> dict[str, Study]:
    """Seat balance at every table size (fair at first_bonus = 0), under the ladder's bots
    at every one (`players` first), and with seat 1's bonus."""
    counts = range(2, MAX_SEATS + 1)
    runs = tuple(StudyRun(f"{n}p", n) for n in counts)
    others = tuple((n, ladder(n, False)) for n in counts if n != players)
    return {
        "basic": Study("basic", "seat balance at 2-4 players, under random, threshold and "
                       "the search", runs, target_ci=None, cap=2_000,
                       ladder=ladder(players, False), ladder_players=players, ladders=others),
        "bonus": Study("bonus", "seat 1 with 2 points", tuple(
            StudyRun(f"{n}p-bonus", n, sets=("first_bonus=2",)) for n in (2, 4)),
            target_ci=None, cap=2_000),
    }  # fmt: skip


# What acts on each seat (the report's next step reads it): seat 1's bonus is a rule value
# (finish_nb adds it to seat 1 alone); the other seats have no rule of their own.
LEVERS = (
    Lever(0, ("first_bonus=-3..3",), "the points added to its score (D-3)"),
    *(Lever(s, mechanism="nothing of its own: the same die as every seat") for s in (1, 2, 3)),
)

PLAY = Play(__name__, DiceRules, NoData, _check, 2, MAX_SEATS, 2)

PLUGIN = register_game(
    GamePlugin(
        name="dice",
        title="Dice race (palace-lab's example game package)",
        **play_fields(PLAY),
        **rules_fields(DiceRules),
        describe_event=describe_event,
        event_record=lambda row, data: {
            "round": int(row[0]),
            "seat": int(row[1]),
            "text": describe_event(row, data),
        },  # fmt: skip
        records_table=records_table,
        keys=(Key("seat", "seat", "seats", text=lambda s: f"seat {int(s) + 1}"),),
        shape=Shape(
            "rounds",
            "rounds",
            "end_reason",
            {"done": "every round was played"},
            (("score", "score"),),
        ),  # fmt: skip
        studies=studies,
        ladder=ladder,
        search_rungs=SEARCH_RUNGS,
        redraw_hidden=redraw_hidden,
        levers=LEVERS,
    )
)
