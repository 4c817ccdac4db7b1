"""Set-up (V-S1..V-S6) and chance (V-I2): what the engine lays out before the first turn."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.core.nb.rng_nb import stream_seed_nb
from simcore.vermaechtnis import layout as S
from simcore.vermaechtnis.enums import DK_ACTION, W_DECK, W_OFFER
from simcore.vermaechtnis.nb.game_nb import RNG_STREAMS, start_game_nb
from simcore.vermaechtnis.rules import RuleSet

from .state_builder import ask, started, where_all


@pytest.mark.nojit
def test_V_S1_four_antiques_face_up_the_rest_in_the_pile():
    g = started(4, seed=3)
    s = g.state
    offer = [int(s[S.OFFER + i]) for i in range(S.MAX_OFFER)]
    assert all(a >= 0 for a in offer[:4]) and offer[4:] == [-1, -1]
    places = where_all(g)
    assert sorted(places[W_OFFER]) == sorted(offer[:4]) and len(places[W_DECK]) == 32
    assert offer[:4] == [int(a) for a in s[S.DECK : S.DECK + 4]]  # the top four cards
    assert s[S.DECK_POS] == 4 and s[S.DAY] == 1


@pytest.mark.nojit
def test_V_C1_V_I2_the_pile_is_a_permutation_of_the_36_antiques():
    g = started(3, seed=5, game=2)
    assert sorted(g.state[S.DECK : S.DECK + 36].tolist()) == list(range(36))


def test_V_I2_the_shuffle_is_uniform():
    """Where antique 0 starts: every pile position about equally often (chi-square)."""
    counts = np.zeros(36)
    for game in range(3600):
        s = started(2, seed=9, game=game).state
        counts[int(np.flatnonzero(s[S.DECK : S.DECK + 36] == 0)[0])] += 1
    chi2 = ((counts - 100) ** 2 / 100).sum()
    assert chi2 < 70  # 35 degrees of freedom: p < 0.001 at 66.6


@pytest.mark.nojit
@pytest.mark.parametrize(("players", "prices"), [(2, [4, 3, 2, 2]), (3, [4, 3, 2, 2]),
                                                  (4, [4, 3, 3, 2, 2])])  # fmt: skip
def test_V_S2_V_C5_trade_cards_for_the_player_count_in_descending_value(players, prices):
    s = started(players).state
    assert s[S.N_TRADE] == len(prices)
    assert s[S.PRICE : S.PRICE + len(prices)].tolist() == prices


@pytest.mark.nojit
def test_V_S2_a_designers_row_is_laid_out_as_listed():
    s = started(4, rules=RuleSet(prices_4=(4, 4, 3, 2, 2))).state
    assert s[S.PRICE : S.PRICE + 5].tolist() == [4, 4, 3, 2, 2]


@pytest.mark.nojit
def test_V_S3_all_fifteen_collection_cards_in_the_supply():
    assert started(4).state[S.SUPPLY] == (1 << 15) - 1


@pytest.mark.nojit
@pytest.mark.parametrize("players", [2, 3, 4])
def test_V_S4_a_gold_coin_on_every_trade_card(players):
    s = started(players).state
    n = int(s[S.N_TRADE])
    assert s[S.COIN : S.COIN + n].tolist() == [1] * n


@pytest.mark.nojit
@pytest.mark.parametrize("players", [2, 3, 4])
def test_V_S5_start_player_4_rupees_others_5(players):
    s = started(players).state
    assert s[S.MONEY : S.MONEY + players].tolist() == [4] + [5] * (players - 1)
    assert s[S.START_MONEY : S.START_MONEY + players].tolist() == [4] + [5] * (players - 1)
    r = RuleSet(start_money_first=3, start_money_others=6)
    assert started(players, rules=r).state[S.MONEY : S.MONEY + 2].tolist() == [3, 6]


@pytest.mark.nojit
def test_V_S6_the_start_player_seat_0_takes_the_first_turn():
    g = started(4, seed=1)
    assert ask(g) == (DK_ACTION, 0)


@pytest.mark.nojit
def test_V_I2_only_stream_0_is_used_by_the_engine():
    """The shuffle draws from the game's stream 0; the strategies' streams are untouched
    (they start where (seed, game, 1 + seat) puts them)."""
    state = np.zeros(S.STATE_SIZE, dtype=np.int64)
    rng = np.zeros(RNG_STREAMS, dtype=np.uint64)
    g = started(4)
    start_game_nb(state, g.c, g.r, np.zeros((0, 7), dtype=np.int64), 4, 77, 3, rng)
    for i in range(1, RNG_STREAMS):
        assert rng[i] == stream_seed_nb(77, 3, i)
    assert rng[0] != stream_seed_nb(77, 3, 0)
