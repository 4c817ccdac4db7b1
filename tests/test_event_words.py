"""Event sentences read as English: no doubled article ("builds the an outer palace") in
any game's sentences over whole games at every player count."""

import re

import pytest

import strategies
from jobs.run_job import seats_from
from simcore.core.contract.games import get_game

DOUBLED = re.compile(r"\b(the|a|an) (the|a|an)\b", re.IGNORECASE)


def _sentences(game: str, games: int = 3) -> list[str]:
    plugin = get_game(game)
    rules, data = plugin.default_rules(), plugin.default_data()
    out = []
    for players in plugin.player_counts:
        _, sids, params = seats_from(plugin, "random", players)
        driver = strategies.driver_for(game, sids, params)
        for g in range(games):
            played = plugin.play_game(driver, sids, params, players, 1, g, rules, data)
            out += [plugin.describe_event(row, data) for row in played.log]
    return out


@pytest.mark.parametrize("game", ["maharaja", "vermaechtnis", "tajmahal", "palast"])
def test_no_doubled_article_in_event_sentences(game):
    sentences = _sentences(game)
    assert sentences
    assert [s for s in sentences if DOUBLED.search(s)] == []


def test_maharaja_palaces_read_the_inner_or_an_outer():
    built = [s for s in _sentences("maharaja") if " palace in " in s and "builds" in s]
    assert built
    assert all("builds the inner palace" in s or "builds an outer palace" in s for s in built)
