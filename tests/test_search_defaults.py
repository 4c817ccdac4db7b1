"""The search for any game (issue 32): a game states its legal answers, and what a seat may
know if it keeps secrets; every other hook has a default (simcore/core/nb/
search_defaults_nb.py, chosen by simcore/core/nb/search_hooks.py). The defaults on small
cases checked by hand, the refusal of a game with hidden information that leaves its
view to the default, the built-in games' drivers untouched, and the dice example's
`lookahead` (game.py's legal answers and view, nothing else): legal and reproducible.
"""

from __future__ import annotations

import sys
import types

import numpy as np
import pytest

import strategies
from simcore.core.contract import layout as L
from simcore.core.contract.games import games
from simcore.core.nb import search_defaults_nb as D
from simcore.core.nb.search_hooks import defaulted, driver_import, hooks_module, lacking
from simcore.core.nb.search_nb import GENERIC, HOOKS, P_HORIZON, P_ROLLOUTS
from strategies.search import register_search

GAMES = games()
DICE = pytest.mark.skipif("dice" not in GAMES, reason="the dice example is not importable")


def ranked(ranks: list[int], at: int = 30) -> np.ndarray:
    state = np.zeros(at + 4, np.int64)
    state[L.N_PLAYERS] = len(ranks)
    state[at : at + len(ranks)] = ranks
    return state


def test_the_default_value_is_the_seats_share_of_the_win():
    # one winner: 1 for it, 0 for the others
    state = ranked([1, 0, 2])
    assert [D.win_share_nb(state, 30, s) for s in range(3)] == [0.0, 1.0, 0.0]
    # a first place shared by two of three: 1/2 each (the results' win_share), 0 behind
    state = ranked([0, 2, 0])
    assert [D.win_share_nb(state, 30, s) for s in range(3)] == [0.5, 0.0, 0.5]
    # all four share it: 1/4 each, summing to one game
    state = ranked([0, 0, 0, 0])
    assert [D.win_share_nb(state, 30, s) for s in range(4)] == [0.25] * 4
    # the hook with the engine's offset frozen in: the same figures
    value = D.win_share_value(30)
    params = np.zeros(len(GENERIC))
    assert [value(ranked([0, 2, 0]), state, state, s, params) for s in range(3)] == [0.5, 0, 0.5]


def test_public_information_defaults_see_and_keep_the_state():
    rng = np.random.default_rng(3)
    state = rng.integers(-50, 50, 40).astype(np.int64)
    view = np.zeros_like(state)
    D.determinise_nb(state, state, state, 1, view)
    assert view.tolist() == state.tolist()  # identity: the seat may know everything
    sim = state.copy()
    D.redraw_nb(sim, state, state, 1, np.zeros(len(GENERIC)), np.ones(5, np.uint64))
    assert sim.tolist() == state.tolist()  # nothing is drawn anew
    assert not any(D.secret_kind_nb(k) for k in range(6))
    assert D.hidden_kind_nb(state, 0, 1, 2) == -1


def test_the_other_defaults_do_the_simplest_correct_thing():
    params = np.zeros(len(GENERIC))
    params[P_ROLLOUTS] = 37.0
    params[P_HORIZON] = 3.0
    assert [D.budget_nb(k, params) for k in range(4)] == [37] * 4  # every kind searched
    assert D.horizon_nb(0, params) == 0  # to the end, whatever is asked
    assert not D.explore_kind_nb(0)
    state = np.zeros(20, np.int64)
    state[L.ROUND] = 7
    assert D.progress_nb(state) == 7
    cand = np.array([2, 5, 0], np.int64)
    assert D.same_nb(0, cand, 2, np.array([5, 0], np.int64))
    assert not D.same_nb(0, cand, 2, np.array([5, 1], np.int64))  # out differs
    assert not D.same_nb(0, cand, 1, np.array([5, 0], np.int64))  # ret differs


def _legal_only(monkeypatch, name: str) -> str:
    """A hooks module with the legal answers alone (as a designer's first draft)."""
    mod = types.ModuleType(name)
    mod.MAX_CANDIDATES = 2
    mod.candidates_nb = D.budget_nb  # (never called: the module is only resolved)
    monkeypatch.setitem(sys.modules, name, mod)
    return name


def test_a_hidden_information_game_must_state_what_a_seat_may_know(monkeypatch):
    """Every game here keeps secrets (its plug-in's redraw_hidden): the default view (the
    whole state) would read them, so registration stops, in one line naming the hook."""
    hooks = _legal_only(monkeypatch, "tests._legal_hooks")
    sys.modules[hooks].value_nb = D.win_share_value(30)  # (this engine has its RANK elsewhere)
    game = "maharaja"
    assert GAMES[game].redraw_hidden is not None
    with pytest.raises(ValueError) as err:
        register_search("peeker", "reads the state", game, hooks, "random")
    text = str(err.value)
    assert "\n" not in text and text.startswith("peeker: search hooks tests._legal_hooks lack")
    assert "determinise_nb" in text and "hidden information" in text
    assert "candidates_nb" not in text and "value_nb" not in text
    assert "peeker" not in strategies.strategies(game)
    # the same hooks for a public game: nothing lacks
    assert lacking(hooks, GAMES[game].engine, hidden=False) == ""


def _engine(monkeypatch, name: str, rank: int | None) -> str:
    engine = types.ModuleType(name)
    if rank is not None:
        engine.RANK = rank
    monkeypatch.setitem(sys.modules, name, engine)
    return name


def test_the_legal_answers_alone_get_every_other_hook_from_the_defaults(monkeypatch):
    hooks = _legal_only(monkeypatch, "tests._legal_hooks2")
    engine = _engine(monkeypatch, "tests._ranked_engine", 30)
    assert set(defaulted(hooks)) == set(HOOKS) - {"MAX_CANDIDATES", "candidates_nb"}
    H = hooks_module(hooks, engine)
    assert H is hooks_module(hooks, engine)  # one module per game: one driver typing
    assert H.candidates_nb is sys.modules[hooks].candidates_nb and H.MAX_CANDIDATES == 2
    assert H.determinise_nb is D.determinise_nb and H.PARAMS == {}
    params = np.zeros(len(GENERIC))
    assert [H.value_nb(ranked([2, 0, 1]), params, params, s, params) for s in range(3)] == [
        0.0, 1.0, 0.0
    ]  # fmt: skip
    assert "hooks_module" in driver_import(hooks, engine)


def test_an_engine_without_ranks_must_write_its_value(monkeypatch):
    hooks = _legal_only(monkeypatch, "tests._legal_hooks3")
    text = lacking(hooks, _engine(monkeypatch, "tests._rankless_engine", None), hidden=False)
    assert text.startswith("lack value_nb") and "RANK" in text


@pytest.mark.parametrize("game", ["maharaja", "vermaechtnis", "tajmahal", "palast"])
def test_the_built_in_games_keep_their_own_hooks_and_drivers(game):
    """They define every hook: their drivers import them as before (byte-identical)."""
    search = strategies.strategies(game)["lookahead"].search
    assert defaulted(search.hooks) == ()
    assert driver_import(search.hooks, GAMES[game].engine) == f"import {search.hooks} as H\n"


@DICE
def test_the_dice_search_is_its_legal_answers_and_view_and_the_defaults():
    search = strategies.strategies("dice")["lookahead"].search
    assert set(HOOKS) - set(defaulted(search.hooks)) == {
        "MAX_CANDIDATES", "candidates_nb", "determinise_nb", "redraw_nb"
    }  # fmt: skip
    # the default value_nb reads the engine's ranks, so a cut rollout is refused at once
    with pytest.raises(Exception, match="horizon=1 is outside its range 0 to 0"):
        strategies.resolve(["lookahead:horizon=1", "threshold"], 2, "dice")


def _dice_records(names: list[str], seed: int, games: int = 60) -> np.ndarray:
    plugin = GAMES["dice"]
    seats = strategies.resolve(names, len(names), "dice")
    sids, params = strategies.seat_arrays(seats, "dice")
    driver = strategies.driver_for("dice", sids, params)
    rules, data = plugin.default_rules(), plugin.default_data()
    return plugin.play_batch(driver, sids, params, games, len(names), seed, 0, rules, data)


@DICE
@pytest.mark.slow  # compiles the dice game's search
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_dice_lookahead_is_legal_and_reproducible(players):
    from palace_lab_dice import game as E

    names = ["lookahead:rollouts=12"] + ["threshold"] * (players - 1)
    rec = _dice_records(names, seed=11)
    at = E.RECORDS.offsets()
    assert (rec[:, :, at["ERRORS"]] == 0).all()  # an illegal answer would count an error
    rounds = GAMES["dice"].default_rules().rounds
    assert (rec[:, :, at["ACTS"]] + rec[:, :, at["ACTS"] + 1] == rounds).all()
    assert np.array_equal(rec, _dice_records(names, seed=11))  # the seed fixes the games
    assert not np.array_equal(rec, _dice_records(names, seed=12))  # ... and only the seed
