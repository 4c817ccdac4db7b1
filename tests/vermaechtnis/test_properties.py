"""Invariants after every decision of many games (random and scripted play, with and
without the grey sides): money (V-A4, V-C6), card conservation (V-C1), coins (V-A1,
V-T2), sequential play (V-I3) and the size of the action choice (V-D1)."""

from __future__ import annotations

import os

import numpy as np
import pytest

import strategies
from simcore.vermaechtnis import layout as S
from simcore.vermaechtnis.enums import (
    DK_ACTION,
    DK_COLLECT,
    N_ANTIQUES,
    N_COLOURS,
    N_TYPES,
    W_DECK,
    W_GONE,
    W_LONE,
    W_OFFER,
)
from simcore.vermaechtnis.nb.game_nb import DONE, SCRATCH_SIZE
from simcore.vermaechtnis.rules import RuleSet
from strategies.vermaechtnis.kit.options_nb import buyable_slots_nb, popcount_nb

from .state_builder import answer, ask, started

GAME = "vermaechtnis"
PLAIN = os.environ.get("NUMBA_DISABLE_JIT") == "1"


def check_cards(s: np.ndarray, players: int) -> None:
    """Every antique in exactly one place, and the places agree with WHERE."""
    where = s[S.WHERE : S.WHERE + N_ANTIQUES]
    assert set(where.tolist()) <= {W_DECK, W_OFFER, W_GONE, W_LONE, *range(players)}
    pile = s[S.DECK + s[S.DECK_POS] : S.DECK + s[S.DECK_N]]
    assert sorted(pile.tolist()) == np.flatnonzero(where == W_DECK).tolist()
    offer = [int(a) for a in s[S.OFFER : S.OFFER + S.MAX_OFFER] if a >= 0]
    assert sorted(offer) == np.flatnonzero(where == W_OFFER).tolist()
    assert len(offer) == s[S.OFFER_N]
    assert sorted(s[S.DECK : S.DECK + s[S.DECK_N]].tolist()) == list(range(N_ANTIQUES))
    for p in range(players):
        mine = np.flatnonzero(where == p)
        types = np.bincount(mine // N_COLOURS, minlength=N_TYPES)
        colours = np.bincount(mine % N_COLOURS, minlength=N_COLOURS)
        assert types.tolist() == s[S.OWN_TYPE + p * 6 : S.OWN_TYPE + p * 6 + 6].tolist()
        assert colours.tolist() == s[S.OWN_COLOUR + p * 6 : S.OWN_COLOUR + p * 6 + 6].tolist()
        assert len(mine) == s[S.N_OWNED + p]
    held = 0
    for p in range(players):
        assert held & s[S.COLL + p] == 0  # a collection card has one owner
        held |= int(s[S.COLL + p])
    assert held & int(s[S.SUPPLY]) == 0 and held | int(s[S.SUPPLY]) == (1 << 15) - 1


def check_money(s: np.ndarray, players: int, rules: RuleSet, turn_start: bool) -> None:
    money = s[S.MONEY : S.MONEY + players]
    assert (money >= 0).all()
    if turn_start:  # every seat has paid its taxes since it last gained money (V-A4)
        top = max(rules.tax_cap, rules.start_money_first, rules.start_money_others)
        assert (money <= top).all(), money
    coins = int(s[S.COIN : S.COIN + s[S.N_TRADE]].sum())
    assert money.sum() + rules.gold_value * coins <= 54  # V-C6: the coins never bind


def check_coins(s: np.ndarray) -> None:
    """Coins leave from the left only (V-A1): taken ones form a prefix."""
    flags = s[S.COIN : S.COIN + s[S.N_TRADE]].tolist()
    assert flags == sorted(flags)


def play_checked(players: int, names: list[str], rules: RuleSet, game: int) -> int:
    """One game decision by decision with every check; returns the decisions made."""
    known = strategies.strategies(GAME)
    seats = strategies.resolve(names, players, GAME)
    _, params = strategies.seat_arrays(seats, GAME)
    g = started(players, seed=21, game=game, rules=rules)
    rng = np.zeros((S.MAX_SEATS, 1), dtype=np.uint64)
    rng[:, 0] = np.arange(1, S.MAX_SEATS + 1, dtype=np.uint64) * np.uint64(game + 7)
    scratch = np.zeros((S.MAX_SEATS, SCRATCH_SIZE), dtype=np.int64)
    out = np.zeros(1, dtype=np.int64)
    n = 0
    while True:
        kind, seat = ask(g)
        if kind == DONE:
            break
        s = g.state
        check_cards(s, players)
        check_money(s, players, rules, turn_start=kind == DK_ACTION)
        check_coins(s)
        assert seat == s[S.PLAYER]  # V-I3: one seat at a time, the one whose turn it is
        if kind == DK_ACTION:
            assert s[S.COIN : S.COIN + s[S.N_TRADE]].any()  # V-T2: gold is always legal
            assert 1 + popcount_nb(buyable_slots_nb(s, seat)) <= 5  # V-D1: at most 5
        if kind == DK_COLLECT:
            assert s[S.ELIGIBLE] != 0
        decide = known[seats[seat].name].decide
        ret = decide(kind, seat, s, g.c, g.r, params[seat], rng[seat], scratch[seat], out)
        answer(g, ret)
        n += 1
    check_cards(g.state, players)
    assert g.state[S.N_ERRORS] == 0
    return n


CASES = [(p, names, grey) for p in (2, 3, 4) for names in (["random"], ["weighted", "random",
         "chaser", "pairs"][:p]) for grey in (False, True)]  # fmt: skip


@pytest.mark.nojit
@pytest.mark.parametrize(("players", "names", "grey"), CASES)
def test_V_A4_V_C1_V_C6_V_T2_V_I3_V_D1_invariants_after_every_decision(players, names, grey):
    rules = RuleSet(grey_sides=grey)
    games = 1 if PLAIN else 40
    decisions = sum(play_checked(players, names, rules, game) for game in range(games))
    assert decisions >= games * 36  # at least one decision per turn
