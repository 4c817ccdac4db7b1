"""Dice duel: the toy game, engine and plug-in in one file (pgx style).

2-4 players, `rounds` rounds; on a turn the active seat rolls a die with `sides` faces and
may reroll once (the one decision, kind ROLL_AGAIN: 1 = reroll, 0 = keep). The sum of a
seat's dice is its score; seat 0 adds `seat0_points`. Highest score wins, ties share first
place. With every seat playing the same strategy the game is fair by construction at
seat0_points = 0, and seat 0's edge grows with it: the tuner's known answer.

State (int64): ROUND, SEAT (active), N, ERRORS, ROLL (the die showing), ASK (decision
waiting), SCORE[4], REROLLS[4], KEEPS[4], then DICE[round][seat][2], rolled at the start
(the engine protocol draws randomness only when a game starts).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pyarrow as pa
from numba import njit

from simcore.core.contract import records as common  # the columns every game shares
from simcore.core.contract.datafile import NoData
from simcore.core.contract.games import register_game
from simcore.core.contract.plugin import GamePlugin, Key, Shape, rules_fields
from simcore.core.contract.records import Records, game_field, seat_field
from simcore.core.contract.rule_fields import RuleBase, offsets_module, rule
from simcore.core.nb.rng_nb import randint_nb, stream_seed_nb
from simcore.core.nb.skeleton_nb import copy_records_nb

ROUND, SEAT, N, ERRORS, ROLL, ASK = 0, 1, 2, 3, 4, 5  # N where the common header has it
SCORE, REROLLS, KEEPS, DICE = 6, 10, 14, 18
MAX_ROUNDS, MAX_SEATS = 10, 4
STATE_SIZE = DICE + MAX_ROUNDS * MAX_SEATS * 2
OUT_SIZE, SCRATCH_SIZE, WORK_SIZE, RNG_STREAMS = 4, 4, 1, 1 + MAX_SEATS
PLANT_BONUS = 1000  # beats any dice total: seat 0 wins that game outright
ROLL_AGAIN = 0  # the decision kind
RECORDS = Records("toy", (  # one row per seat; the rank is `_ranked`'s, in Python
    seat_field("score", pa.int16(), SCORE),
    common.rank(),  # computed by `_ranked`
    game_field("rounds", pa.int8(), ROUND),
    common.end_reason(None, ("done",)),  # the one way a game ends
    common.errors(ERRORS),
    common.actions(REROLLS, ("reroll", "keep"), stride=1, step=MAX_SEATS),  # REROLLS[4], KEEPS[4]
))  # fmt: skip
REC = RECORDS.module(__name__ + ".REC")
N_REC, RECORD_PLAN = REC.N_REC, RECORDS.plan


@njit(cache=True)
def start_game_nb(state, board, rules, log, n_players, seed, game, rng):
    for i in range(rng.shape[0]):
        rng[i] = stream_seed_nb(seed, game, i)
    state[:] = 0
    state[N] = n_players
    for i in range(MAX_ROUNDS * MAX_SEATS * 2):
        state[DICE + i] = 1 + randint_nb(rng, 0, rules[R.SIDES])
    # T-4, the planted effect (drawn after the dice, so the dice do not change with it)
    if rules[R.PLANTED] > 0 and randint_nb(rng, 0, 1000) < rules[R.PLANTED]:
        state[SCORE] += PLANT_BONUS


@njit(cache=True)
def advance_nb(state, board, rules, log, work):
    """The next decision (the active seat's roll is showing), or -1 when the game is over."""
    if state[ROUND] >= rules[R.ROUNDS]:
        return -1
    state[ROLL] = state[DICE + (state[ROUND] * MAX_SEATS + state[SEAT]) * 2]
    state[ASK] = 1
    return ROLL_AGAIN


@njit(cache=True)
def asked_seat_nb(state):
    return state[SEAT]


@njit(cache=True)
def answer_nb(state, board, rules, log, out, ret):
    p = state[SEAT]
    if ret == 1:
        state[ROLL] = state[DICE + (state[ROUND] * MAX_SEATS + p) * 2 + 1]
        state[REROLLS + p] += 1
    else:
        if ret != 0:  # an illegal answer counts as an error and keeps the roll
            state[ERRORS] += 1
        state[KEEPS + p] += 1
    state[SCORE + p] += state[ROLL]
    state[ASK] = 0
    state[SEAT] = p + 1
    if state[SEAT] == state[N]:
        state[SEAT] = 0
        state[ROUND] += 1


@njit(cache=True)
def write_records_nb(state, sids, rec):
    """Raw scores, every column copied from the state; seat 0's points and the ranks are
    added by `_ranked` (the record writer is not given the rules)."""
    copy_records_nb(state, sids, rec, RECORD_PLAN)


@njit(cache=True)
def legal_count_nb(state, board, rules, kind, seat):
    """The invariant check's hooks (simcore/core/contract/engine_api.py): keep or reroll."""
    return 2 if kind == ROLL_AGAIN else 0


@njit(cache=True)
def invariants_nb(state, board, rules):
    """Each seat has kept or rerolled once per turn it had; every die shows a face."""
    for p in range(state[N]):
        turns = state[ROUND] + (1 if p < state[SEAT] else 0)
        if state[REROLLS + p] + state[KEEPS + p] != turns:
            return 1
    for i in range(MAX_ROUNDS * MAX_SEATS * 2):
        if not 1 <= state[DICE + i] <= rules[R.SIDES]:
            return 2
    return 0


@dataclass(frozen=True)
class ToyRules(RuleBase):
    rounds: int = rule(3, "T-1", "rounds; each seat rolls once per round", 1, MAX_ROUNDS)
    sides: int = rule(6, "T-2", "faces of the die", 2, 20)
    seat0_points: int = rule(2, "T-3", "points added to seat 0's score", -20, 20)
    planted: int = rule(
        0, "T-4", "per mille of games seat 0 wins outright (planted: +q/1000 (1 - 1/N))", 0, 1000
    )


R = offsets_module(ToyRules, __name__ + ".R")  # the packed offsets, rules[R.SIDES]


@dataclass(frozen=True)
class Played:
    log: np.ndarray
    records: np.ndarray


def _ranked(rec: np.ndarray, rules: ToyRules) -> np.ndarray:
    """Scores with seat 0's points, and ranks: seats with a strictly higher score (0 = a
    winner; ties share first place)."""
    rec = rec.copy()
    rec[..., 0, REC.SCORE] += rules.seat0_points
    scores = rec[..., REC.SCORE]
    rec[..., REC.RANK] = (scores[..., None, :] > scores[..., :, None]).sum(-1)
    return rec


def play_batch(driver, sids, params, n_games, n_players=2, seed=0, first_game=0, rules=None,
               data=None):  # fmt: skip
    rules = rules or ToyRules()
    rec = np.zeros((n_games, MAX_SEATS, N_REC), dtype=np.int64)
    driver.play_batch_nb(NoData().pack(), rules.pack(), n_players, seed, first_game, sids,
                         params, rec)  # fmt: skip
    return _ranked(rec[:, :n_players], rules)


def play_game(driver, sids, params, n_players=2, seed=0, game=0, rules=None, data=None):
    rec = play_batch(driver, sids, params, 1, n_players, seed, game, rules, data)
    rows = np.array([[game, p, r[1], r[2], 0, 0, 0] for p, r in enumerate(rec[0])], np.int64)
    return Played(rows, rec[0])


def records_table(rec, first_game, seat_names, rules) -> pa.Table:
    return RECORDS.table(rec, first_game, seat_names)


def _check(rules: ToyRules, players: int) -> None:
    pass


def redraw_hidden(
    state: np.ndarray, rules: np.ndarray, seat: int, rng: np.random.Generator
) -> np.ndarray:
    """A copy with every die not yet rolled drawn anew (the fair-play hook): the dice are
    rolled at the start, but a seat sees one only when it is rolled."""
    copy = state.copy()
    shown = (state[ROUND] * MAX_SEATS + state[SEAT]) * 2 + 1  # the current turn's first die
    unseen = copy[DICE + shown :]
    unseen[:] = rng.integers(1, rules[R.SIDES] + 1, unseen.size)
    return copy


PLUGIN = register_game(
    GamePlugin(
        name="toy",
        title="Dice duel (palace-lab's toy test game)",
        min_players=2,
        max_players=MAX_SEATS,
        default_players=2,
        engine=__name__,
        **rules_fields(ToyRules),
        check_rules=_check,
        play_batch=play_batch,
        play_game=play_game,
        describe_event=lambda row, data: f"seat {row[1] + 1} scored {row[2]} (rank {row[3]})",
        event_record=lambda row, data: {"seat": int(row[1]), "score": int(row[2])},
        records_table=records_table,
        keys=(Key("seat", "seat", "seats", text=lambda s: f"seat {int(s) + 1}"),),
        shape=Shape(
            "rounds",
            "rounds",
            "end_reason",
            {"done": "every round was played"},
            (("score", "score"),),
        ),  # fmt: skip
        redraw_hidden=redraw_hidden,
    )
)
