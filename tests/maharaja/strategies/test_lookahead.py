"""`lookahead`: legal play, a search that pays off, fair play at the pick, determinism.

All games use the smallest budget (one rollout per action pair) to stay fast.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import simcore.maharaja.layout as S
import simcore.maharaja.record_layout as REC
import strategies
from simcore.maharaja.board import default_board
from simcore.maharaja.enums import BANK, DK_CHARACTER, DK_PICK, N_ACTIONS
from simcore.maharaja.game import play_batch
from simcore.maharaja.nb.game_nb import (
    MAX_SEATS,
    OUT_SIZE,
    RNG_STREAMS,
    SCRATCH_SIZE,
    WORK_SIZE,
    advance_nb,
    answer_nb,
    asked_seat_nb,
    start_game_nb,
)
from simcore.maharaja.rules import RuleSet
from strategies.maharaja import lookahead
from strategies.maharaja.kit.view_nb import hidden_offsets
from strategies.maharaja.lookahead import lookahead_decide_nb, pair_nb
from strategies.maharaja.random_legal import random_decide_nb

TINY = {"rollouts": 45}  # one rollout per pair: the smallest search


def seat_arrays(names: list[str], overrides: dict[str, float]) -> tuple[np.ndarray, np.ndarray]:
    """Engine seat arrays with the lookahead's parameters overridden."""
    seats = strategies.resolve(names, len(names))
    sids, params = strategies.seat_arrays(seats)
    for i, s in enumerate(seats):
        if s.name == "lookahead":
            params[i, : len(s.defaults)] = s.params(overrides)
    return sids, params


def play(names: list[str], games: int, seed: int) -> np.ndarray:
    sids, params = seat_arrays(names, TINY)
    return play_batch(
        strategies.driver_for(), sids, params, games, len(names), seed, 0, RuleSet(),
        default_board(),
    )  # fmt: skip


def test_pairs_are_the_45_unordered_pairs():
    """The candidates are every unordered pair of the nine actions, the same one twice
    included (M-R3): 9 * 10 / 2 = 45 distinct pairs with a0 <= a1."""
    out = np.zeros(OUT_SIZE, dtype=np.int64)
    seen = set()
    for i in range(45):
        pair_nb(out, i)
        seen.add((int(out[0]), int(out[1])))
    expected = {(a, b) for a in range(N_ACTIONS) for b in range(a, N_ACTIONS)}
    assert seen == expected


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_no_errors_in_any_seat(players):
    for seat in range(players):
        names = ["random"] * players
        names[seat] = "lookahead"
        rec = play(names, 2, seed=300 + 10 * players + seat)
        assert rec[:, :, REC.ERRORS].max() == 0


def test_beats_random_players():
    """Three `random` players win 3/4 of games between them; a search that reads the
    outcome of its picks must take far more than its 1/4 share (seen: ~95%)."""
    wins = 0
    n = 0
    for seat in range(4):
        names = ["random"] * 4
        names[seat] = "lookahead"
        rec = play(names, 5, seed=700 + seat)
        wins += int((rec[:, seat, REC.RANK] == 0).sum())
        n += rec.shape[0]
    assert wins >= 0.6 * n, f"{wins}/{n}"


def test_same_seed_same_records():
    names = ["lookahead", "random", "random"]
    a = play(names, 3, seed=42)
    b = play(names, 3, seed=42)
    assert np.array_equal(a, b)


def state_at(kind: int, seat: int, players: int, seed: int, nth: int):
    """A real game (random players) stopped at the nth decision `kind` of `seat`."""
    board = default_board().pack()
    rules = RuleSet().pack()
    state = np.zeros(S.STATE_SIZE, dtype=np.int64)
    rng = np.zeros(RNG_STREAMS, dtype=np.uint64)
    scratch = np.zeros((MAX_SEATS, SCRATCH_SIZE), dtype=np.int64)
    out = np.zeros(OUT_SIZE, dtype=np.int64)
    work = np.zeros(WORK_SIZE, dtype=np.int64)
    log = np.zeros((0, 7), dtype=np.int64)
    params = np.zeros(1, dtype=np.float64)
    start_game_nb(state, board, rules, log, players, seed, 0, rng)
    wanted = kind
    seen = 0
    while True:
        kind = advance_nb(state, board, rules, log, work)
        assert kind >= 0, "game ended before the wanted decision"
        s = asked_seat_nb(state)
        if kind == wanted and s == seat:
            seen += 1
            if seen == nth:
                return state, board, rules, rng[1 + s : 2 + s].copy(), scratch[s].copy()
        out[:] = 0
        ret = random_decide_nb(kind, s, state, board, rules, params, rng[1 + s : 2 + s],
                               scratch[s], out)  # fmt: skip
        answer_nb(state, board, rules, log, out, ret)


@pytest.mark.parametrize("kind", [DK_PICK, DK_CHARACTER])
def test_search_ignores_hidden_data(kind):
    """Fair play at the decisions that search: opponents' gold and the picks of the
    seats that chose earlier this round change nothing (M-R3, M-C3)."""
    seat = 2
    state, board, rules, rng, scratch = state_at(
        kind, seat, 4, seed=5, nth=1 + 2 * (kind == DK_PICK)
    )
    hidden = hidden_offsets(state, seat)
    assert S.GOLD + 1 in hidden
    if kind == DK_PICK:  # the seats before this one have picked in secret
        assert S.PICK0 + 0 in hidden and state[S.PICK0] >= 0 and state[S.ACTED] == 0
    params = strategies.strategies()["lookahead"].params(TINY | {"char_rollouts": 12})
    answers = []
    for trial in range(3):
        s = state.copy()
        if trial > 0:
            gen = np.random.default_rng(trial)
            for off in hidden:
                s[off] = gen.integers(0, 40) if off < S.PICK0 else gen.integers(0, N_ACTIONS)
        out = np.zeros(OUT_SIZE, dtype=np.int64)
        sc = scratch.copy()
        r = rng.copy()
        ret = lookahead_decide_nb(kind, seat, s, board, rules, params, r, sc, out)
        answers.append((ret, tuple(out), tuple(sc), tuple(r)))
    assert answers[1] == answers[0] and answers[2] == answers[0]
    ret, out = answers[0][0], answers[0][1]
    if kind == DK_CHARACTER:  # a character still in the bank
        assert state[S.CHAR_OWNER + ret] == BANK
    else:
        assert 0 <= out[0] <= out[1] < N_ACTIONS


def test_table_block_names_each_seats_model():
    """The rollouts model each seat by the strategy the table lists for it (public),
    with that seat's parameters; a `lookahead` seat by its policy, an unknown one
    (or an empty seat) by this seat's own policy (-1)."""
    names = [
        "lookahead",
        "chaser",
        "weighted:char_noise=1",
        "house-network",
        "lookahead:rollouts=9",
    ]
    seats = strategies.resolve(names, 5)
    row = strategies.seat_arrays(seats)[1][0]
    width = int(row[lookahead.P_TABLE])
    known = strategies.strategies()
    assert width == max(len(known[m].defaults) for m in lookahead.MODELS)

    def block(q):
        at = lookahead.P_TABLE + 1 + q * (1 + width)
        return int(row[at]), row[at + 1 : at + 1 + width]

    for q, name in [(1, "chaser"), (2, "weighted"), (3, "house-network")]:
        model, params = block(q)
        assert lookahead.MODELS[model] == name
        expected = seats[q].params()
        assert np.array_equal(params[: len(expected)], expected)
    assert block(2)[1][known["weighted"].param_names.index("char_noise")] == 1.0
    model, params = block(4)  # lookahead: its rollout policy with its policy params
    assert lookahead.MODELS[model] == "weighted"
    assert np.array_equal(params[: len(lookahead.POLICY_DEFAULTS)], known["weighted"].params())
    mine = dataclasses.replace(known["random"], name="mine")
    table = lookahead.table_params(seats[0].params(), [seats[0], mine])
    for q in (1, 2, 3, 4):  # not a model it knows, or no one there
        assert table[lookahead.P_TABLE + 1 + q * (1 + width)] == -1


@pytest.mark.parametrize("models", [1.0, 0.0])
def test_a_modelled_seat_decides_as_its_strategy(models):
    """In a rollout, seat 1 listed as `chaser` answers exactly as `chaser` would on the
    same state, memory and stream; with models=0 exactly as the policy `weighted`."""
    seats = strategies.resolve(["lookahead", "chaser", "random", "random"], 4)
    row = strategies.seat_arrays(seats)[1][0].copy()
    row[lookahead.P_MODELS] = models
    known = strategies.strategies()
    as_name = "chaser" if models else "weighted"
    for nth in (1, 2, 3):
        state, board, rules, rng, scratch = state_at(DK_PICK, 1, 4, seed=9, nth=nth)
        got, want = np.zeros(OUT_SIZE, np.int64), np.zeros(OUT_SIZE, np.int64)
        sc_got, sc_want, rng_got, rng_want = scratch.copy(), scratch.copy(), rng.copy(), rng.copy()
        lookahead.seat_decide_nb(0, DK_PICK, 1, state, board, rules, row, rng_got, sc_got, got)
        known[as_name].decide(DK_PICK, 1, state, board, rules, known[as_name].params(), rng_want,
                              sc_want, want)  # fmt: skip
        assert np.array_equal(got, want) and np.array_equal(sc_got, sc_want), nth
