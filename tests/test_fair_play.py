"""Fair play, for every registered game with hidden information (its plug-in's
`redraw_hidden`; OpenSpiel-style, the same test over every game): no registered strategy
may read what its seat cannot see. Every strategy in every seat, at every player count
and with each variant, answers, leaves its scratch and draws its random numbers the same
whether or not the hidden part of the state is drawn anew before each decision
(tests/fair_play.py). Each game's own fair-play tests (tests/<game>/test_fair_play.py)
add a strategy that peeks at that game's particular secret.
"""

from __future__ import annotations

import numpy as np
import pytest

import strategies
from simcore.core.contract.games import games
from simcore.core.nb.rng_nb import randint_nb
from strategies.search import search_rungs
from tests.fair_play import cases, first_leak, seat_params

CASES = [
    pytest.param(game, name, n, vs, id=f"{game}-{name}-{n}p{''.join('-' + v for v in vs)}")
    for game, name, n, vs in cases()
]
HIDDEN = sorted({game for game, *_ in cases(variants=False)})


def test_the_real_games_declare_their_hidden_information():
    """Every built-in board game keeps secrets (hands, characters, cards), so none is left
    out of the test by a missing hook; nor is the toy game (its dice are rolled at the
    start, seen one by one)."""
    assert {"maharaja", "vermaechtnis", "tajmahal", "palast", "toy"} <= set(HIDDEN)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "name", "players", "variants"), CASES)
def test_hidden_data_never_changes_a_decision(game, name, players, variants):
    strategy = strategies.strategies(game)[name]
    rules = games()[game].default_rules().with_variants(variants)
    params = seat_params(game, name, players)
    assert first_leak(game, strategy.decide, params, players, rules) is None


def peeking(game: str):
    """The game's `random`, except that it draws one more number when a sum over the
    whole state (hidden parts included) is odd: a strategy that reads everything."""
    honest = strategies.strategies(game)["random"].decide

    def decide(kind, seat, state, board, rules, params, rng, scratch, out):
        if int((state * np.arange(1, state.size + 1)).sum()) % 2:
            randint_nb(rng, 0, 2)
        return honest(kind, seat, state, board, rules, params, rng, scratch, out)

    return decide


@pytest.mark.parametrize("game", HIDDEN)
def test_the_check_catches_a_strategy_that_reads_the_whole_state(game):
    """The check can fail in every game: what redraw_hidden changes is seen."""
    spec = games()[game]
    players = spec.default_players
    params = seat_params(game, "random", players)
    leak = first_leak(game, peeking(game), params, players)
    assert leak is not None and leak.split(":")[0] in ("answer differs", "random stream differs")


RUNG_CASES = [
    pytest.param(game, text, players, id=f"{game}-{text}-{players}p")
    for game in HIDDEN
    for players, rs in sorted(search_rungs(game).items())
    for text in sorted({r.strategy for r in rs})
]


@pytest.mark.parametrize(("game", "text", "players"), RUNG_CASES)
def test_a_recommended_search_rung_never_reads_hidden_data(game, text, players):
    """Each search rung of the ladders (issue 30) with its own parameters: fair by
    construction (it reads only determinise_nb's view), checked as every strategy is."""
    strategy = strategies.strategies(game)[text.split(":")[0]]
    params = seat_params(game, text, players)
    assert first_leak(game, strategy.decide, params, players) is None


WIDTH_CASES = [
    pytest.param(game, text, id=f"{game}-{text}")
    for game in HIDDEN
    if any(s.search for s in strategies.strategies(game).values())
    for text in (
        "lookahead:rollouts=6:width=3",
        "lookahead:rollouts=6:width=3:gate=0.2",
        "lookahead:rollouts=6:tree=1",
        "lookahead:rollouts=6:tree=1:reuse=4",
    )
]


@pytest.mark.parametrize(("game", "text"), WIDTH_CASES)
def test_a_widened_gated_or_tree_search_never_reads_hidden_data(game, text):
    """`width` ranks the candidates by the game's prior_nb and `gate` skips the search by
    its margin; prior_nb reads the view only; `tree` chooses within rollouts of worlds
    drawn from the view, and `reuse` carries those statistics in the seat's memory (which
    the check compares too): such a search is fair by construction too, checked as every
    strategy is."""
    players = games()[game].default_players
    params = seat_params(game, text, players)
    assert (
        first_leak(game, strategies.strategies(game)["lookahead"].decide, params, players) is None
    )
