"""Sales days (V-R1..V-R4) and the end of the game (V-E1)."""

from __future__ import annotations

import numpy as np
import pytest

import strategies
from simcore.vermaechtnis import layout as S
from simcore.vermaechtnis.enums import (
    DK_ACTION,
    DK_COLLECT,
    END_DECK,
    EV_BUY,
    EV_DAY,
    EV_GOLD,
    GOLD,
    LOG_EVENT,
    NONE,
    W_GONE,
    W_OFFER,
)
from simcore.vermaechtnis.game import play_game
from simcore.vermaechtnis.nb.game_nb import DONE, PH_DONE
from simcore.vermaechtnis.rules import RuleSet

from .state_builder import A, answer, ask, play_turn, position

GAME = "vermaechtnis"


def _pile(*exclude: int) -> list[int]:
    return [a for a in range(36) if a not in exclude]


@pytest.mark.nojit
def test_V_R1_buying_the_last_antique_ends_the_day_after_the_turn_is_finished():
    deck = _pile(A("jug", 0), A("jug", 1))[::-1]  # a known order
    g = position(2, owned={0: [A("jug", 0)]}, offer=[A("jug", 1)], money={0: 12}, deck=deck)
    assert ask(g) == (DK_ACTION, 0)
    answer(g, 0)  # the last antique of the offer
    assert g.state[S.DAY_OVER] == 1
    assert ask(g) == (DK_COLLECT, 0)  # he still finishes his turn: collection card ...
    answer(g, 0)
    assert ask(g) == (DK_ACTION, 1)
    assert g.money(0) == 8 and g.state[S.TAXES] == 0  # ... and taxes (12 - 4 = 8)
    assert g.state[S.DAY] == 2 and g.state[S.COLL] == 1


@pytest.mark.nojit
@pytest.mark.parametrize("players", [2, 4])
def test_V_R1_taking_the_last_coin_ends_the_day(players):
    n = 4 if players < 4 else 5
    g = position(players, offer=[A("jug", 1), A("vase", 2)], coins_taken=n - 1)
    play_turn(g, GOLD)
    s = g.state
    assert s[S.DAY] == 2 and s[S.PLAYER] == 1
    assert s[S.WHERE + A("jug", 1)] == W_GONE and s[S.WHERE + A("vase", 2)] == W_GONE


@pytest.mark.nojit
def test_V_R2_leftovers_leave_four_new_cards_coins_back_on_every_card():
    deck = [A("statue", 0), A("statue", 1), A("statue", 2), A("statue", 3), A("vase", 5)]
    left = [A("knife", 4), A("jug", 3)]
    g = position(4, offer=left, coins_taken=4, deck=deck,
                 gone=[a for a in range(36) if a not in deck + left])  # fmt: skip
    play_turn(g, GOLD)  # the last coin
    s = g.state
    assert [int(s[S.WHERE + a]) for a in left] == [W_GONE, W_GONE]  # face down, out
    assert s[S.OFFER : S.OFFER + 4].tolist() == deck[:4]  # the top of the pile
    assert all(s[S.WHERE + a] == W_OFFER for a in deck[:4]) and s[S.OFFER_N] == 4
    assert s[S.COIN : S.COIN + 5].tolist() == [1] * 5
    assert s[S.DECK_POS] == 4 and s[S.DAY] == 2


@pytest.mark.nojit
def test_V_R3_the_new_day_starts_with_the_next_seat():
    g = position(3, offer=[A("jug", 1)], coins_taken=3, player=2)
    play_turn(g, GOLD)  # seat 2 takes the last coin
    assert ask(g) == (DK_ACTION, 0) and g.state[S.DAY] == 2


@pytest.mark.nojit
def test_V_E1_an_empty_pile_ends_the_game_and_scores_at_once():
    g = position(2, offer=[A("jug", 1)], money={0: 8}, deck=[],
                 gone=_pile(A("jug", 1)))  # fmt: skip
    play_turn(g, 0)
    assert ask(g) == (DONE, -1)
    s = g.state
    assert s[S.PHASE] == PH_DONE and s[S.END_REASON] == END_DECK
    assert s[S.RANK] >= 0 and s[S.RANK + 1] >= 0  # scored (V-P)


@pytest.mark.nojit
def test_V_E1_choice_fewer_cards_than_an_offer_end_or_are_laid_out():
    deck = [A("vase", 0), A("vase", 1)]
    gone = _pile(A("jug", 1), *deck)
    g = position(2, offer=[A("jug", 1)], money={0: 8}, deck=deck, gone=gone)
    play_turn(g, 0)
    assert ask(g) == (DONE, -1)  # default: 2 cards cannot make an offer of 4
    lay = RuleSet(short_offer_ends=False)
    g = position(2, offer=[A("jug", 1)], money={0: 8, 1: 8}, deck=deck, gone=gone, rules=lay)
    play_turn(g, 0)
    assert ask(g) == (DK_ACTION, 1) and g.state[S.OFFER_N] == 2  # a last offer of 2
    play_turn(g, 1)
    play_turn(g, GOLD)
    play_turn(g, 0)  # seat 1 buys the last card: the pile is empty now
    assert g.state[S.N_ERRORS] == 0
    assert ask(g) == (DONE, -1)


def _turns_per_day(log: np.ndarray) -> list[int]:
    days, n = [], -1
    for ev in log[:, LOG_EVENT]:
        if ev == EV_DAY:
            if n >= 0:
                days.append(n)
            n = 0
        elif ev in (EV_GOLD, EV_BUY):
            n += 1
    return [*days, n]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_V_R4_nine_days_of_4_to_3_plus_k_turns_over_many_random_games(players):
    k = 5 if players == 4 else 4
    seats = strategies.resolve(["random"], players, GAME)
    sids, params = strategies.seat_arrays(seats, GAME)
    driver = strategies.driver_for(GAME)
    for game in range(2000):
        g = play_game(driver, sids, params, players, seed=4, game=game)
        per_day = _turns_per_day(g.log)
        assert len(per_day) == 9 and all(4 <= t <= 4 + k - 1 for t in per_day), per_day
        assert g.state[S.DAY] == 9 and g.state[S.TURNS] == sum(per_day)
        assert 36 <= g.state[S.TURNS] <= (63 if players < 4 else 72)


@pytest.mark.nojit
def test_V_R4_turn_bounds_of_a_day():
    """Four purchases end a day after 4 turns; k - 1 coins and then 3 purchases plus the
    last one (or the last coin) make the longest day: 4 + k - 1 turns."""
    g = position(4, offer=[A("jug", 0), A("jug", 1), A("jug", 2), A("jug", 3)],
                 money={p: 8 for p in range(4)})  # fmt: skip
    for slot in range(4):
        play_turn(g, slot, NONE)
    assert g.state[S.DAY] == 2 and g.state[S.TURNS] == 1 + 4
    g = position(4, offer=[A("jug", 0), A("jug", 1), A("jug", 2), A("jug", 3)],
                 money={p: 8 for p in range(4)})  # fmt: skip
    for _ in range(4):
        play_turn(g, GOLD)
    for slot in range(3):
        play_turn(g, slot, NONE)
    assert g.state[S.DAY] == 1
    play_turn(g, GOLD)
    assert g.state[S.DAY] == 2 and g.state[S.TURNS] == 1 + 4 + 5 - 1
