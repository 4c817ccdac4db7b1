"""The registered strategies: legal play, each plan visible in its games, and the
parametric default beating every scripted one head to head."""

from __future__ import annotations

import os

import numpy as np
import pytest

import strategies
from analyses.intervals import wilson
from simcore.core.contract.results_table import win_shares
from simcore.vermaechtnis.enums import (
    DK_COLLECT,
    EV_BUY,
    LOG_C,
    LOG_D,
    LOG_EVENT,
    LOG_SEAT,
    NONE,
)
from simcore.vermaechtnis.game import play_batch, play_game
from simcore.vermaechtnis.nb.game_nb import DONE, SCRATCH_SIZE
from simcore.vermaechtnis.records import REC
from simcore.vermaechtnis.rules import RuleSet

from .state_builder import A, answer, ask, position, started

GAME = "vermaechtnis"
PLAIN = os.environ.get("NUMBA_DISABLE_JIT") == "1"
NAMES = sorted(strategies.strategies(GAME))
SCRIPTED = ("hoarder", "collector", "pairs", "chaser")
# the search's budget, cut so that a plain-Python game takes seconds, not hours
SMALL = {"lookahead": ":rollouts=2:card_rollouts=2"}


def batch(names, games, players=4, seed=1, rules=None):
    seats = strategies.resolve(names, players, GAME)
    sids, params = strategies.seat_arrays(seats, GAME)
    return play_batch(strategies.driver_for(GAME), sids, params, games, players, seed, 0, rules)


def buys(names, games, players=4, seed=2):
    """(seat, price, money before) of every purchase in logged games."""
    seats = strategies.resolve(names, players, GAME)
    sids, params = strategies.seat_arrays(seats, GAME)
    out = []
    for game in range(games):
        g = play_game(strategies.driver_for(GAME), sids, params, players, seed, game)
        for row in g.log[g.log[:, LOG_EVENT] == EV_BUY]:
            out.append((int(row[LOG_SEAT]), int(row[LOG_C]), int(row[LOG_C] + row[LOG_D])))
    return out


@pytest.mark.nojit
@pytest.mark.parametrize("name", NAMES)
def test_every_strategy_plays_legal_games(name):
    n = 1 if PLAIN else 30
    text = name + SMALL.get(name, "") if PLAIN else name
    for grey in (False, True):
        rec = batch([text, "random", text], n, players=3, rules=RuleSet(grey_sides=grey))
        assert rec[:, :, REC.ERRORS].max() == 0
        assert (rec[:, :, REC.DAYS] == 9).all()


def test_V_D2_random_sometimes_declines_and_sometimes_takes_a_card():
    decide = strategies.strategies(GAME)["random"].decide
    took = declined = 0
    for game in range(40):
        g = started(2, seed=6, game=game)
        rng = np.array([[5 + game], [9 + game]], dtype=np.uint64)
        scratch = np.zeros((2, SCRATCH_SIZE), dtype=np.int64)
        out = np.zeros(1, dtype=np.int64)
        while (k := ask(g))[0] != DONE:
            kind, seat = k
            ret = decide(kind, seat, g.state, g.c, g.r, np.zeros(1), rng[seat], scratch[seat], out)
            if kind == DK_COLLECT:
                took += ret != NONE
                declined += ret == NONE
            answer(g, ret)
    assert took > 20 and declined > 20


def test_hoarder_buys_only_at_the_lowest_price_or_when_a_coin_would_be_taxed():
    seen = buys(["hoarder", "random", "random", "random"], 60)
    mine = [(price, before) for seat, price, before in seen if seat == 0]
    assert len(mine) > 100
    assert all(price == 2 or before + 3 > 8 for price, before in mine)


def test_collector_buys_cheap_or_when_rich():
    seen = buys(["collector", "random", "random", "random"], 60)
    mine = [(price, before) for seat, price, before in seen if seat == 0]
    assert len(mine) > 100
    assert all(price <= 3 or before >= price + 3 for price, before in mine)


def test_pairs_loses_fewest_antiques_to_lone_colours():
    lone = {name: batch([name] * 4, 2000)[:, :, REC.LONE_CARDS].mean() for name in SCRIPTED}
    assert lone["pairs"] < 0.5 * min(v for k, v in lone.items() if k != "pairs"), lone


def test_chaser_and_weighted_take_small_before_large():
    """V-A3c: with three jugs both jug cards are eligible; small first earns both."""
    for name in ("chaser", "weighted"):
        g = position(2, owned={0: [A("jug", 0), A("jug", 1), A("jug", 2)]}, offer=[A("vase", 0)])
        answer(g, 100) if ask(g)[0] == 0 else None
        assert ask(g) == (DK_COLLECT, 0)
        s = strategies.strategies(GAME)[name]
        scratch = np.zeros(SCRATCH_SIZE, dtype=np.int64)
        rng = np.zeros(1, dtype=np.uint64)
        ret = s.decide(DK_COLLECT, 0, g.state, g.c, g.r, s.params(), rng, scratch,
                       np.zeros(1, dtype=np.int64))  # fmt: skip
        assert ret == 0, name  # C1 small jug, not C7


def test_chaser_earns_the_most_collection_points_per_antique_of_the_scripted():
    per = {}
    for n in SCRIPTED:
        rec = batch([n] * 4, 2000)
        per[n] = rec[:, :, REC.COLL_POINTS].sum() / rec[:, :, REC.BOUGHT].sum()
    assert max(per, key=per.get) == "chaser", per


@pytest.mark.parametrize("other", SCRIPTED)
def test_weighted_beats_every_scripted_strategy_head_to_head(other):
    """One `weighted` against three copies, in each seat: its share of the wins is above
    the fair 25% (Wilson 95% lower bound)."""
    total, n = 0.0, 0
    for seat in range(4):
        names = [other] * 4
        names[seat] = "weighted"
        rec = batch(names, 500, seed=40 + seat)
        total += float(win_shares(rec[:, :, REC.RANK])[:, seat].sum())
        n += 500
    lo, _ = wilson(total, n)
    assert lo > 0.25, (other, total / n)


def test_weighted_params_change_its_play():
    base = batch(["weighted"] * 4, 300)
    greedy = batch(["weighted:gold=0"] * 4, 300)  # coins worth nothing: buys whenever it can
    assert greedy[:, :, REC.ACTS + 1].mean() > base[:, :, REC.ACTS + 1].mean()
    assert strategies.strategies(GAME)["weighted"].param_names[:3] == ("value", "lone", "pair")
