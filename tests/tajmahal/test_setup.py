"""Set-up (T-S1..T-S6) and what a new visit lays out (T-R5), on games as the engine
starts them."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.tajmahal import data_layout as D
from simcore.tajmahal import layout as S
from simcore.tajmahal.enums import B_TAJ, DK_TURN
from simcore.tajmahal.game_data import default_data
from simcore.tajmahal.rules import RuleSet

from .table import Table, total_cards


@pytest.mark.nojit
@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup(players):
    """T-S4 six cards each, a display of 2n - 1, the rest the pile; T-S3 court full, the
    special cards beside the board; T-S5 every score 0; T-S6 the start player opens
    visit 1; T-R1 and is asked first."""
    t = Table(players, seed=11)
    s = t.state
    assert [t[S.HAND_N + p] for p in range(players)] == [6] * players
    assert t[S.DISPLAY_N] == 2 * players - 1 == t[S.DISPLAY_SIZE]
    assert t[S.PILE_N] == 96 - 6 * players - (2 * players - 1)
    assert total_cards(s, t.d) == 100
    assert t[S.COURT] == 0b111111 and t[S.VISIT] == 1
    assert not s[S.POINTS : S.POINTS + S.MAX_SEATS].any()
    assert (s[S.SPECIAL_HOLDER : S.SPECIAL_HOLDER + 4] == -1).all()
    assert t[S.START_SEAT] == t[S.FIRST_START] == t[S.PLAYER]
    assert 0 <= t[S.FIRST_START] < players
    assert t.ask() == (DK_TURN, t[S.FIRST_START])  # T-R1


def test_tiles_and_bonus_tiles():
    """T-S1: tile 12 on Agra, a permutation of 1..11 elsewhere, visited in tile order
    (province 1 first); T-S2: the Taj Mahal tile on its city, every other fortified city
    one square tile, the mix as the tiles file says; T-I3 the province order is random."""
    g = default_data()
    orders = set()
    for seed in range(20):
        t = Table(4, seed=seed)
        tiles = t.state[S.PROV_TILE : S.PROV_TILE + 12].tolist()
        assert tiles[6] == 12 and sorted(tiles) == list(range(1, 13))
        assert t[S.CUR_PROV] == tiles.index(1)
        orders.add(tuple(tiles))
        bonus = t.state[S.BONUS_AT : S.BONUS_AT + 49]
        assert bonus[g.map.taj_city] == B_TAJ
        fort = [c for c in range(49) if g.map.fortified[c] and c != g.map.taj_city]
        assert (bonus[[c for c in range(49) if not g.map.fortified[c]]] == -1).all()
        assert np.bincount(bonus[fort], minlength=7)[:6].tolist() == list(g.tiles.bonus[:6])
    assert len(orders) == 20  # T-I3: the province order is random


def test_start_player_is_random():
    """T-S6: every seat starts some games."""
    starts = {Table(4, seed=1, game=g)[S.FIRST_START] for g in range(40)}
    assert starts == {0, 1, 2, 3}


def test_same_seed_same_deal():
    a, b, c = Table(4, seed=5, game=2), Table(4, seed=5, game=2), Table(4, seed=5, game=3)
    assert np.array_equal(a.state, b.state) and not np.array_equal(a.state, c.state)


def test_display_and_deal_sizes_are_rules():
    """T-V2 what-ifs: display size and deal size."""
    t = Table(3, rules=RuleSet(display_size=4, hand_size=8))
    assert t[S.DISPLAY_N] == 4 and t[S.HAND_N] == 8
    assert total_cards(t.state, t.d) == 100 and t.d[D.N_KINDS] == 50
