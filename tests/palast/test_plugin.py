"""The plug-in contract for Palast: the results table (required columns, act_* for every
action, win shares), keys, event text, and what redraw_hidden changes (P-I1)."""

from __future__ import annotations

import numpy as np

import strategies
from simcore.core.contract.games import get_game
from simcore.palast import layout as S
from simcore.palast.enums import ACTION_NAMES, N_RES
from simcore.palast.hidden import redraw_hidden

from .helpers import Game, random_chooser

GAME = "palast"
SPEC = get_game(GAME)


def table(names, players=4, games=200, rules=None, seed=3):
    seats = strategies.resolve(names, players, GAME)
    sids, params = strategies.seat_arrays(seats, GAME)
    rules = rules or SPEC.default_rules()
    rec = SPEC.play_batch(strategies.driver_for(GAME), sids, params, games, players, seed, 0,
                          rules, SPEC.default_data())  # fmt: skip
    return SPEC.records_table(rec, 0, tuple(s.name for s in seats), rules)


def test_results_table_contract():
    t = table(["random"] * 4).to_pandas()
    for col in ("game_id", "seat", "players", "strategy", "winner", "rank", "errors",
                "win_share", "start_resources"):  # fmt: skip
        assert col in t.columns
    for name in ACTION_NAMES:
        assert f"act_{name}" in t.columns
    shares = t.groupby("game_id").win_share.sum()
    assert np.allclose(shares, 1.0)
    assert (t.errors == 0).all()
    # P-S3: seats 3 and 4 (turn order) start with 2 resources, seats 1 and 2 with 1
    assert t.groupby("seat").start_resources.unique().map(list).tolist() == [[1], [1], [2], [2]]
    # every harbour side is used by a random player (P-A1)
    for side in "abcd":
        assert t[f"act_harbour_{side}"].sum() > 0


def test_keys_and_notes():
    assert SPEC.primary.column == "seat" and SPEC.primary.words(0) == "seat 1 (start player)"
    assert tuple(SPEC.key("start_resources").expected({})) == (1, 2)
    assert any("reconstruction" in n for n in SPEC.notes)


def test_event_text_tells_a_whole_game():
    g = Game(4, 7)
    g.play(random_chooser(7))
    data = SPEC.default_data()
    lines = [SPEC.describe_event(row, data) for row in g.events()]
    harbour = next(i for i, line in enumerate(lines) if line.startswith("harbour field 1"))
    assert harbour == 4 and all(" keeps " in line or " hands " in line for line in lines[:4])
    assert any(line.startswith("=== game over") for line in lines)
    assert not any("event " in line for line in lines)


def test_p_i1_p_i2_redraw_changes_only_what_the_seat_cannot_see():
    g = Game(4, 5)
    choose = random_chooser(5)
    for _ in range(150):
        kind, seat = g.ask()
        g.answer(choose(g, kind, seat))
    s = g.state
    seat = int(s[S.ASK_SEAT])
    r = redraw_hidden(s, g.r, seat, np.random.default_rng(1))
    own = slice(S.HAND + seat * N_RES, S.HAND + (seat + 1) * N_RES)
    assert np.array_equal(r[own], s[own])
    assert np.array_equal(r[S.HAND_N : S.HAND_N + 4], s[S.HAND_N : S.HAND_N + 4])
    for p in range(4):
        assert r[S.HAND + p * 4 : S.HAND + p * 4 + 4].sum() == s[S.HAND_N + p]
    assert r[S.ADECK_N] == s[S.ADECK_N] and r[S.DISCARD_N] == s[S.DISCARD_N]
    total = lambda x: x[S.HAND : S.HAND + 16].sum() + x[S.ADECK_N] + x[S.DISCARD_N]  # noqa: E731
    assert total(r) == total(s) == 20
    public = np.ones(S.STATE_SIZE, bool)
    public[S.HAND : S.HAND + 16] = False
    public[S.ADECK : S.ADECK + 40] = False
    public[S.DISCARD : S.DISCARD + 4] = False
    public[S.BDECK : S.BDECK + 27] = False
    public[S.RNG] = False
    assert np.array_equal(r[public], s[public])
    pos = int(s[S.BDECK_POS])
    assert np.array_equal(r[S.BDECK : S.BDECK + pos], s[S.BDECK : S.BDECK + pos])


def test_dk_columns_count_the_decisions_answered():
    """dk_* (docs/RESULTS.md, usage counts): a decision is counted when it is asked; the
    engine applies a decision with one legal answer itself, so each kind is asked at most
    as often as its action is taken (P-A1: one harbour side per harbour step)."""
    t = table(["random"] * 4, games=300).to_pandas()
    sides = t[[f"act_harbour_{s}" for s in "abcd"]].sum(axis=1)
    assert (t.dk_harbour <= sides).all() and t.dk_harbour.sum() > 0
    assert (t.dk_vizier_action <= t.dk_vizier).all()
    assert (t.dk_drop_resource <= t.act_drop_resource).all()
    assert (t.dk_drop_card <= t.act_drop_card).all()
    assert (t[[c for c in t.columns if c.startswith("dk_")]] >= 0).all().all()
