"""`lookahead` for Maharaja: its hooks, legal play, a search that pays off, fair play at
the pick, determinism and how it models each seat. That sharing the others' decisions
at a pick is exact is one of the generic tests (tests/test_search.py).

Games use a small budget (one rollout per pair and a few more) to stay fast.
"""

from __future__ import annotations

import numpy as np
import pytest

import simcore.maharaja.layout as S
import strategies
from simcore.core.nb import search_nb as G
from simcore.maharaja.enums import BANK, DK_CHARACTER, DK_PICK, N_ACTIONS
from simcore.maharaja.game import play_batch
from simcore.maharaja.game_data import default_board
from simcore.maharaja.hidden import hidden_offsets
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
from simcore.maharaja.records import REC
from simcore.maharaja.rules import R, RuleSet
from strategies import registry
from strategies.maharaja import lookahead as L
from strategies.maharaja.random_legal import random_decide_nb
from tests.search_toy import TOY, registered_toy

# the search on each game's full driver: a minute or more of a cold compile per game
pytestmark = pytest.mark.slow

TINY = {"rollouts": 60}  # every pair once, then a few more: the smallest real search


def play(names: list[str], games: int, seed: int) -> np.ndarray:
    seats = strategies.resolve(names, len(names))
    sids, params = strategies.seat_arrays(seats)
    for i, s in enumerate(seats):  # the lookahead's own part of its vector (not the table)
        if s.name == "lookahead":
            params[i, : len(s.defaults)] = s.params(TINY)
    return play_batch(
        strategies.driver_for(), sids, params, games, len(names), seed, 0, RuleSet(),
        default_board(),
    )  # fmt: skip


def test_pick_candidates_are_the_45_unordered_pairs():
    """Every unordered pair of the nine actions, the same one twice included (M-R3):
    9 * 10 / 2 = 45 distinct pairs with a0 <= a1, as out[0], out[1]; ret 0."""
    state, board, rules, _, _ = state_at(DK_PICK, 0, 4, seed=1, nth=1)
    cands = np.zeros((L.MAX_CANDIDATES, L.ROW), np.int64)
    n = L.candidates_nb(DK_PICK, 0, state, board, rules, cands)
    seen = {(int(c[1]), int(c[2])) for c in cands[:n]}
    assert n == 45 and seen == {(a, b) for a in range(N_ACTIONS) for b in range(a, N_ACTIONS)}
    assert not cands[:n, 0].any() and not cands[:n, 3:].any()


def test_character_candidates_are_the_bank_characters():
    state, board, rules, _, _ = state_at(DK_CHARACTER, 2, 4, seed=3, nth=1)
    cands = np.zeros((L.MAX_CANDIDATES, L.ROW), np.int64)
    n = L.candidates_nb(DK_CHARACTER, 2, state, board, rules, cands)
    bank = [k for k in range(rules[R.N_CHARACTERS]) if state[S.CHAR_OWNER + k] == BANK]
    assert sorted(cands[:n, 0].tolist()) == bank and len(bank) >= 2


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
@pytest.mark.parametrize("horizon", [0, 1])
def test_search_ignores_hidden_data(kind, horizon):
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
    over = TINY | {"char_rollouts": 12, "horizon": horizon}
    params = strategies.strategies()["lookahead"].params(over)
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
        ret = L.lookahead_decide(kind, seat, s, board, rules, params, r, sc, out)
        answers.append((ret, tuple(out), tuple(sc), tuple(r)))
    assert answers[1] == answers[0] and answers[2] == answers[0]
    ret, out = answers[0][0], answers[0][1]
    if kind == DK_CHARACTER:  # a character still in the bank
        assert state[S.CHAR_OWNER + ret] == BANK
    else:
        assert 0 <= out[0] <= out[1] < N_ACTIONS


def test_table_block_names_each_seats_model():
    """The rollouts model each seat by the strategy the table lists for it (public),
    with that seat's parameters; a `lookahead` seat by its policy `weighted` with its
    policy parameters; an empty seat by nobody (-1)."""
    names = ["lookahead", "chaser", "weighted:char_noise=1", "lookahead:policy_palace=9"]
    seats = strategies.resolve(names, 4)
    row = strategies.seat_arrays(seats)[1][0]
    ids = registry.strategy_ids("maharaja")
    table_at = len(seats[0].defaults)
    width = int(row[table_at])
    known = strategies.strategies()
    assert width == max(len(known[m].defaults) for m in ("chaser", "weighted"))

    def block(q):
        at = table_at + 1 + q * (1 + width)
        return int(row[at]), row[at + 1 : at + 1 + width]

    for q, name in [(0, "weighted"), (1, "chaser"), (2, "weighted"), (3, "weighted")]:
        assert block(q)[0] == ids[name], q
    assert np.array_equal(block(1)[1][: len(known["chaser"].defaults)], known["chaser"].params())
    assert block(2)[1][known["weighted"].param_names.index("char_noise")] == 1.0
    assert block(3)[1][known["weighted"].param_names.index("palace")] == 9.0
    assert block(0)[1][known["weighted"].param_names.index("palace")] == 12.0
    assert block(4)[0] == -1  # no fifth player


@pytest.mark.slow
def test_a_newly_registered_strategy_is_modelled():
    """Against three seats listed as a strategy registered just now (the toy plays as
    `random`), every rollout models them as listed and nearly always ends in a win for
    the policy `weighted`; played as the policy (models=0) they are no pushover."""
    with registered_toy("maharaja"):
        seats = strategies.resolve(["lookahead", TOY, TOY, TOY], 4)
        sids, params = strategies.seat_arrays(seats)
        driver = strategies.driver_for()
        ids = registry.strategy_ids()
        assert sids[1] == ids[TOY]
        state, board, rules, rng, scratch = state_at(DK_PICK, 0, 4, seed=2, nth=3)
        means = {}
        for models in (1.0, 0.0):
            row = params[0].copy()
            row[seats[0].param_names.index("models")] = models
            row[seats[0].param_names.index("rollouts")] = 100
            row[seats[0].param_names.index("horizon")] = 0
            stats = np.zeros(G.N_STATS)
            out = np.zeros(OUT_SIZE, np.int64)
            driver.search_stats_nb(DK_PICK, 0, state, board, rules, row, rng.copy(),
                                   scratch.copy(), out, ids["weighted"],
                                   seats[0].search.policy_at, len(seats[0].defaults),
                                   stats)  # fmt: skip
            assert stats[G.ST_ENDED] == stats[G.ST_ROLLOUTS] == 100
            means[models] = stats[G.ST_MEAN]
    assert means[1.0] >= 0.95, means  # (a win is 1, plus a margin per palace ahead)
    assert means[0.0] < 0.9, means


def test_value_is_the_outcome_of_a_finished_game_and_a_chance_before():
    """Finished: 1 for the winner (M-E2), plus margin per palace of lead; before the end
    the fitted chance to win, which rises with a palace lead and with gold."""
    rec_state = None
    driver = strategies.driver_for()
    sids, params = strategies.seat_arrays(strategies.resolve(["weighted"] * 4, 4))
    board, rules = default_board().pack(), RuleSet().pack()
    vec = strategies.strategies()["lookahead"].params()
    state = np.zeros(S.STATE_SIZE, np.int64)
    rng = np.zeros(RNG_STREAMS, np.uint64)
    sc = np.zeros((MAX_SEATS, SCRATCH_SIZE), np.int64)
    out, work = np.zeros(OUT_SIZE, np.int64), np.zeros(WORK_SIZE, np.int64)
    driver.play_game_nb(state, board, rules, np.zeros((0, 7), np.int64), 4, 1, 0, sids, params,
                        rng, sc, out, work)  # fmt: skip
    rec_state = state
    for p in range(4):
        lead = rec_state[S.PALACES + p] - max(rec_state[S.PALACES + q] for q in range(4) if q != p)
        want = (rec_state[S.RANK + p] == 0) + 0.05 * lead
        assert L.value_nb(rec_state, board, rules, p, vec) == pytest.approx(want)
    mid, _, _, _, _ = state_at(DK_PICK, 0, 4, seed=4, nth=4)
    base = L.value_nb(mid, board, rules, 0, vec)
    assert 0.0 < base - 0.05 * (mid[S.PALACES] - mid[S.PALACES + 1 : S.PALACES + 4].max()) < 1.0
    richer, more = mid.copy(), mid.copy()
    richer[S.GOLD] += 10
    more[S.PALACES] += 1
    assert L.value_nb(richer, board, rules, 0, vec) > base
    assert L.value_nb(more, board, rules, 0, vec) > base + 0.05
