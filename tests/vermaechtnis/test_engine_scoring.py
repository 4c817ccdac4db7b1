"""Scoring (V-P1..V-P4) and the winner (V-E2), on hand-built end positions.

Antique values (V-C2 reconstruction, value = 1 + ((type + colour) mod 6) div 2) are
written out in the comments; card ids as in test_engine_actions.py.
"""

from __future__ import annotations

import numpy as np
import pytest

import strategies
from simcore.vermaechtnis import layout as S
from simcore.vermaechtnis.enums import TIE_ANTIQUES, TIE_NONE, TIE_SHARED, W_LONE
from simcore.vermaechtnis.game import play_batch
from simcore.vermaechtnis.game_data import cards_from_dict, default_cards
from simcore.vermaechtnis.nb.game_nb import write_records_nb
from simcore.vermaechtnis.nb.scoring_nb import score_game_nb
from simcore.vermaechtnis.records import REC
from simcore.vermaechtnis.results import records_table
from simcore.vermaechtnis.rules import RuleSet

from .state_builder import A, position

GAME = "vermaechtnis"
LARGE_JUG, LARGE_KNIFE = 6, 7


def scored(g):
    score_game_nb(g.state, g.c, g.r, g.log)
    return g.state


@pytest.mark.nojit
def test_V_P4_claus_rulebook_example_16_points():
    """Claus gave up his only yellow antique; 1+1+2+3 = 7 for antiques, 4+4 = 8 for two
    collection cards, 4 rupees = 1 point: 16."""
    claus = [A("instrument", 4), A("jewellery", 4),  # colour 5 of 6: values 1 and 1
             A("jewellery", 5), A("jug", 5),  # colour 6: values 2 and 3
             A("statue", 0)]  # yellow, alone: value 3, given up (V-P1)  # fmt: skip
    g = position(2, owned={0: claus}, money={0: 4}, held={0: (1 << LARGE_JUG) | (1 << LARGE_KNIFE)})
    s = scored(g)
    assert s[S.WHERE + A("statue", 0)] == W_LONE and s[S.LONE_CARDS] == 1
    assert s[S.ANTIQUE_POINTS] == 1 + 1 + 2 + 3
    assert s[S.COLL_POINTS] == 4 + 4
    assert s[S.MONEY_POINTS] == 4 // 3
    assert s[S.POINTS] == 16


@pytest.mark.nojit
def test_V_P1_every_lone_colour_is_given_up_pairs_are_kept():
    hand = [A("jug", 0), A("knife", 0),  # a pair in yellow: kept (1 + 1)
            A("vase", 2),  # alone in colour 3: value 1
            A("statue", 4)]  # alone in colour 5: value 2  # fmt: skip
    s = scored(position(2, owned={0: hand}, held={0: 1 << 12}))
    assert s[S.LONE_CARDS] == 2 and s[S.LONE_POINTS] == 1 + 2
    assert s[S.WHERE + A("vase", 2)] == W_LONE and s[S.WHERE + A("statue", 4)] == W_LONE
    assert s[S.SCORED] == 2 and s[S.ANTIQUE_POINTS] == 2
    assert s[S.COLL_POINTS] == 3  # C13 kept although its antiques went (V-A3d)
    off = scored(position(2, owned={0: hand}, rules=RuleSet(lone_discard=False)))
    assert off[S.LONE_CARDS] == 0 and off[S.ANTIQUE_POINTS] == 1 + 1 + 1 + 2


@pytest.mark.nojit
def test_V_P2_antiques_plus_collection_cards_grey_side_with_V_V1():
    d = default_cards().to_dict()
    d["collection"][0]["grey_points"] = 9  # C1 small jug: 2 beige, 9 grey
    cards = cards_from_dict(d)
    hand = [A("vase", 0), A("jug", 0)]  # yellow pair: 3 + 1
    for grey, coll in ((False, 2), (True, 9)):
        s = scored(position(2, owned={0: hand}, held={0: 1}, cards=cards,
                            rules=RuleSet(grey_sides=grey)))  # fmt: skip
        assert s[S.ANTIQUE_POINTS] == 3 + 1 and s[S.COLL_POINTS] == coll
        assert s[S.POINTS] == 4 + coll + 5 // 3


@pytest.mark.nojit
@pytest.mark.parametrize(
    ("money", "per", "points"),
    [(8, 3, 2), (2, 3, 0), (3, 3, 1), (8, 4, 2), (11, 4, 2), (11, 1, 11)],
)
def test_V_P3_one_point_per_full_three_rupees(money, per, points):
    s = scored(position(2, money={0: money}, rules=RuleSet(rupees_per_point=per)))
    assert s[S.MONEY_POINTS] == points == s[S.POINTS]


@pytest.mark.nojit
def test_V_E2_most_points_wins():
    s = scored(position(3, owned={1: [A("jug", 4), A("knife", 4)]}, money={0: 0, 2: 0}))
    assert s[S.RANK : S.RANK + 3].tolist() == [1, 0, 1]  # 0, 3+3+1, 0 points
    assert s[S.TIE] == TIE_NONE and s[S.N_WINNERS] == 1


@pytest.mark.nojit
def test_V_E2_equal_points_most_antiques_decides():
    seat0 = [A("jug", 0), A("knife", 0), A("jug", 1), A("knife", 1)]  # 1+1 + 1+2 = 5
    seat1 = [A("jug", 4), A("knife", 4)]  # 3 + 3 = 6
    s = scored(position(2, owned={0: seat0, 1: seat1}, money={0: 6, 1: 3}))
    assert s[S.POINTS : S.POINTS + 2].tolist() == [5 + 2, 6 + 1]
    assert s[S.RANK : S.RANK + 2].tolist() == [0, 1] and s[S.TIE] == TIE_ANTIQUES


@pytest.mark.nojit
def test_V_E2_still_tied_is_a_shared_first_place():
    seat0 = [A("jug", 5), A("knife", 5)]  # 3 + 1 = 4, money 9: 3 points
    seat1 = [A("jug", 4), A("knife", 4)]  # 3 + 3 = 6, money 3: 1 point
    s = scored(position(3, owned={0: seat0, 1: seat1}, money={0: 9, 1: 3, 2: 0}))
    assert s[S.POINTS : S.POINTS + 3].tolist() == [7, 7, 0]
    assert s[S.RANK : S.RANK + 3].tolist() == [0, 0, 2]
    assert s[S.TIE] == TIE_SHARED and s[S.N_WINNERS] == 2
    rec = np.zeros((1, 4, REC.N_REC), dtype=np.int64)
    write_records_nb(s, np.zeros(4, dtype=np.int64), rec[0])
    t = records_table(rec[:, :3], 0, ("a", "b", "c"), RuleSet())
    assert t.column("winner").to_pylist() == [True, True, False]
    assert t.column("win_share").to_pylist() == [0.5, 0.5, 0.0]
    assert t.column("rank").to_pylist() == [0, 0, 2] and t.column("tie")[0].as_py() == "shared"


@pytest.mark.nojit
def test_V_E2_choice_antiques_counted_after_or_before_the_lone_discard():
    seat0 = [A("jug", 5), A("knife", 5), A("vase", 2)]  # 3 + 1, the vase (1) alone
    seat1 = [A("jug", 4), A("knife", 4)]  # 3 + 3
    pos = {"owned": {0: seat0, 1: seat1}, "money": {0: 9, 1: 3}}
    s = scored(position(2, **pos))
    assert s[S.POINTS : S.POINTS + 2].tolist() == [7, 7] and s[S.TIE] == TIE_SHARED
    s = scored(position(2, rules=RuleSet(tie_after_discard=False), **pos))
    assert s[S.RANK : S.RANK + 2].tolist() == [0, 1] and s[S.TIE] == TIE_ANTIQUES


@pytest.mark.parametrize("players", [2, 3, 4])
def test_V_E2_win_shares_sum_to_one_and_winners_have_rank_0(players):
    seats = strategies.resolve(["random"], players, GAME)
    sids, params = strategies.seat_arrays(seats, GAME)
    rec = play_batch(strategies.driver_for(GAME), sids, params, 20_000, players, seed=12)
    t = records_table(rec, 0, tuple(s.name for s in seats), RuleSet()).to_pandas()
    per_game = t.groupby("game_id")
    assert np.allclose(per_game["win_share"].sum(), 1.0)
    assert (t["winner"] == (t["rank"] == 0)).all()
    shared = per_game["winner"].sum()
    assert (shared >= 1).all() and (shared > 1).any()  # shared wins happen
    assert set(t["tie"]) == {"none", "antiques", "shared"}
