"""Fair play: no registered strategy may read what its seat cannot see (M-C3, M-R3).

Games are played decision by decision in Python. Before every decision the asked
seat's answer is computed twice: on the real state, and on a copy where every
field hidden from that seat (other players' gold, and the picks of those who have
not begun their turn; strategies.maharaja.kit.view_nb.hidden_offsets) is overwritten with
random values. Both calls get identical copies of the seat's random stream and
scratch memory; the answers, the scratch left behind and the stream must agree.
"""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

import simcore.maharaja.layout as S
import strategies
from simcore.maharaja.board import default_board
from simcore.maharaja.enums import A_GOLD, DK_PICK, N_ACTIONS
from simcore.maharaja.nb.game_nb import (
    OUT_SIZE,
    RNG_STREAMS,
    SCRATCH_SIZE,
    WORK_SIZE,
    advance_nb,
    answer_nb,
    start_game_nb,
)
from simcore.maharaja.rules import RuleSet
from strategies.maharaja.kit.sig import DECIDE_SIG
from strategies.maharaja.kit.view_nb import determinise_nb, hidden_offsets
from strategies.maharaja.weighted import DEFAULTS, weighted_decide_nb

NAMES = sorted(strategies.strategies("maharaja"))


def perturbed(state: np.ndarray, seat: int, rng: np.random.Generator) -> np.ndarray:
    """A copy with every field hidden from `seat` replaced by a random legal-looking value."""
    copy = state.copy()
    for off in hidden_offsets(state, seat):
        is_gold = S.GOLD <= off < S.GOLD + 5
        copy[off] = rng.integers(0, 80) if is_gold else rng.integers(0, N_ACTIONS)
    return copy


def ask(decide, kind, seat, state, board, rules, params, rng, scratch):
    out = np.zeros(OUT_SIZE, dtype=np.int64)
    ret = decide(kind, seat, state, board, rules, params, rng, scratch, out)
    return ret, out


def first_leak(
    decide, params: np.ndarray, players: int, games: int = 2, variants: tuple[str, ...] = ()
) -> str | None:
    """Where a decision first depends on hidden data, or None; asserts enough coverage."""
    board = default_board().pack()
    rules = RuleSet(first_chooser=-1).with_variants(variants).pack()
    noise = np.random.default_rng(players)
    checked = 0
    perturbations = 0
    for game in range(games):
        state = np.zeros(S.STATE_SIZE, dtype=np.int64)
        log = np.zeros((0, 7), dtype=np.int64)
        streams = np.zeros(RNG_STREAMS, dtype=np.uint64)
        scratch = np.zeros((5, SCRATCH_SIZE), dtype=np.int64)
        work = np.zeros(WORK_SIZE, dtype=np.int64)
        start_game_nb(state, board, rules, log, players, 11, game, streams)
        while (kind := advance_nb(state, board, rules, log, work)) >= 0:
            seat = int(state[S.ASK_SEAT])
            rng = streams[1 + seat : 2 + seat]
            hidden = perturbed(state, seat, noise)
            perturbations += int(np.any(hidden != state))
            rng_b, scr_b = rng.copy(), scratch[seat].copy()
            ret_b, out_b = ask(decide, kind, seat, hidden, board, rules, params, rng_b, scr_b)
            ret, out = ask(decide, kind, seat, state, board, rules, params, rng, scratch[seat])
            where = f"game {game}, decision kind {kind}, seat {seat}"
            if ret != ret_b or not np.array_equal(out, out_b):
                return f"answer differs: {where}"
            if not np.array_equal(scratch[seat], scr_b):
                return f"scratch differs: {where}"
            if not np.array_equal(rng, rng_b):
                return f"random stream differs: {where}"
            answer_nb(state, board, rules, log, out, ret)
            checked += 1
    assert checked > 100 and perturbations > checked // 2, (checked, perturbations)
    return None


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(("players", "variants"), [(3, ()), (4, ()), (4, ("advanced2",))])
def test_hidden_opponent_data_never_changes_a_decision(name, players, variants):
    """Also in the advanced game: bids (M-V3), gives (M-V4) and chips (M-A5y)."""
    strategy = strategies.strategies("maharaja")[name]
    # the table block too (a strategy may know who plays each seat; lookahead models them)
    mates = ["chaser", "house-network", "palace-rush", "weighted"][: players - 1]
    params = strategies.seat_arrays(strategies.resolve([name, *mates], players))[1][0]
    assert first_leak(strategy.decide, params, players, variants=variants) is None, name


@njit(DECIDE_SIG, cache=False)
def _peeking_decide_nb(kind, seat, state, board, rules, params, rng, scratch, out):
    """`weighted`, except that it saves up while the next player looks rich."""
    if kind == DK_PICK and state[S.GOLD + (seat + 1) % state[S.N_PLAYERS]] > 40:
        out[0] = A_GOLD
        out[1] = A_GOLD
        return 0
    return weighted_decide_nb(kind, seat, state, board, rules, params, rng, scratch, out)


def test_the_check_catches_a_strategy_that_peeks():
    """The check can fail: a strategy that reads an opponent's gold is caught."""
    leak = first_leak(_peeking_decide_nb, DEFAULTS.copy(), 4)
    assert leak is not None and "answer differs" in leak


def test_determinised_view_hides_exactly_the_secrets():
    """determinise_nb keeps every public field and rewrites every hidden one."""
    board = default_board().pack()
    rules = RuleSet().pack()
    state = np.zeros(S.STATE_SIZE, dtype=np.int64)
    log = np.zeros((0, 7), dtype=np.int64)
    streams = np.zeros(RNG_STREAMS, dtype=np.uint64)
    start_game_nb(state, board, rules, log, 4, 3, 0, streams)
    noise = np.random.default_rng(0)
    views = []
    for _ in range(3):
        secret = perturbed(state, 0, noise)
        view = np.zeros_like(state)
        determinise_nb(secret, rules, 0, view)
        views.append(view)
    hidden = set(hidden_offsets(state, 0))
    public = [i for i in range(S.STATE_SIZE) if i not in hidden]
    assert len(hidden) == 3 * 3  # 3 opponents: gold and two unrevealed picks each
    for view in views:
        assert np.array_equal(view, views[0])  # secrets never leak into the view
        assert np.array_equal(view[public], state[public])
