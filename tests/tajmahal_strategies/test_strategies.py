"""The Taj Mahal strategies (strategies/tajmahal/): every one answers legally over many
games at every player count and uses every action the rules offer (the act_* columns
analyses/competence.py reads), a seed fixes every game, and the styles play the plan
their names promise. Fair play and the search's hooks are the generic tests'
(tests/test_fair_play.py, tests/test_search.py)."""

from __future__ import annotations

import numpy as np
import pytest

import strategies
from simcore.core.contract.games import get_game
from simcore.core.contract.results_table import win_shares
from simcore.tajmahal.records import REC

GAME = "tajmahal"
SPEC = get_game(GAME)
OWN = ("commodities", "networks", "weighted")


def records(names, players=4, games=200, seed=3):
    seats = strategies.resolve(names, players, GAME)
    sids, params = strategies.seat_arrays(seats, GAME)
    driver = strategies.driver_for(GAME, sids, params)
    return SPEC.play_batch(driver, sids, params, games, players, seed)


def acts(rec, seats=None):
    """act_* per seat and game (over `seats`, default all)."""
    a = rec[:, :, REC.ACTS : REC.ACTS + len(REC.ACTION_COLUMNS)]
    if seats is not None:
        a = a[:, seats]
    return dict(zip(REC.ACTION_COLUMNS, a.mean(axis=(0, 1)).tolist(), strict=True))


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("name", OWN)
def test_answers_legally_and_uses_every_action(name, players):
    """No illegal answer (the engine would count it), every game ends after the last
    visit (T-E1, not the play cap), and every action type - each colour, white cards,
    each special card, immediate withdrawals, crowned and normal palaces, province tiles,
    every bonus-tile kind, display picks - is taken."""
    rec = records([name], players, games=150)
    assert rec[:, :, REC.ERRORS].sum() == 0
    assert (rec[:, 0, REC.END_REASON] == 1).all()
    unused = [k for k, v in acts(rec).items() if v <= 0]
    assert not unused, f"{name} at {players} players never takes {unused}"


@pytest.mark.slow  # compiles the game's search
def test_lookahead_answers_legally():
    rec = records(["lookahead:rollouts=6", "weighted", "commodities", "networks"], games=4)
    assert rec[:, :, REC.ERRORS].sum() == 0
    assert (rec[:, 0, REC.END_REASON] == 1).all()


@pytest.mark.parametrize("name", [*OWN, "weighted:noise=0.5"])
def test_a_seed_fixes_every_game(name):
    a = records([name], games=40, seed=9)
    b = records([name], games=40, seed=9)
    c = records([name], games=40, seed=10)
    assert np.array_equal(a, b)
    assert not np.array_equal(a[:, :, REC.POINTS], c[:, :, REC.POINTS])


def test_noise_changes_the_play_of_weighted():
    """noise > 0 draws from the seat's stream: the same deals are played otherwise."""
    a = records(["weighted"], games=40, seed=9)
    b = records(["weighted:noise=0.5"], games=40, seed=9)
    assert not np.array_equal(a[:, :, REC.POINTS], b[:, :, REC.POINTS])


def test_the_styles_play_their_plans():
    """At one table (seats alternating), `commodities` wins more province tiles (T-A5) and
    scores more for them (T-P3) than `networks`, which wins more crowns (T-A4) and scores
    more palace points (T-P2): each follows the prizes its name says."""
    rec = np.concatenate([
        records(["commodities", "networks"] * 2, games=150, seed=5),
        records(["networks", "commodities"] * 2, games=150, seed=5),
    ])  # fmt: skip
    half = rec.shape[0] // 2
    com = np.concatenate([rec[:half, [0, 2]], rec[half:, [1, 3]]], axis=1)
    net = np.concatenate([rec[:half, [1, 3]], rec[half:, [0, 2]]], axis=1)
    tile = REC.ACTS + REC.ACTION_COLUMNS.index("act_province_tile")
    crown = REC.ACTS + REC.ACTION_COLUMNS.index("act_crown")
    assert com[:, :, tile].mean() > 1.5 * net[:, :, tile].mean()
    assert com[:, :, REC.PTS_PROVINCE].mean() > 1.5 * net[:, :, REC.PTS_PROVINCE].mean()
    assert net[:, :, crown].mean() > 1.5 * com[:, :, crown].mean()
    assert net[:, :, REC.PTS_PALACE].mean() > com[:, :, REC.PTS_PALACE].mean()


@pytest.mark.parametrize(("lower", "upper"), [("random", "networks"), ("commodities", "weighted")])
def test_the_upper_rung_wins_head_to_head(lower, upper):
    """Two seats each, both arrangements of alternating seats, the same deals: the upper
    bot takes clearly more than half of the wins (measured: 62% and 76%, bench.tajmahal
    ladder; the bound leaves room for the smaller sample)."""
    a = records([upper, lower] * 2, games=300, seed=21)
    b = records([lower, upper] * 2, games=300, seed=21)
    share = (
        win_shares(a[:, :, REC.RANK])[:, [0, 2]].sum()
        + win_shares(b[:, :, REC.RANK])[:, [1, 3]].sum()
    ) / 600
    assert share > 0.55
