"""Explicit player counts through the whole API (issue 34): None plays the game's default
count, 0 and every count outside the game's range are refused with one line naming the
range, from `play_game`/`play_batch` as from the command line."""

from __future__ import annotations

import pytest

import strategies
from simcore.core.contract.games import games
from simcore.core.contract.play import Play, checked_players
from simcore.core.errors import InputError
from tests.cli_run import run_cli

# every game whose playing goes through the contract's Play (the tests' toy game plays
# its own way; the four built-in games and the dice example do not)
PLAYED = sorted(g for g, p in games().items() if isinstance(getattr(p.play_batch, "__self__",
                                                                    None), Play))  # fmt: skip


def test_every_game_but_the_toy_plays_through_play():
    assert set(games()) - set(PLAYED) <= {"toy"}
    assert {"maharaja", "vermaechtnis", "tajmahal", "palast"} <= set(PLAYED)


def test_checked_players_by_hand():
    assert checked_players(None, 2, 4, 3) == 3
    assert checked_players(4, 2, 4, 3) == 4
    for bad in (0, 1, 5, -1, True, 2.0, "3"):
        with pytest.raises(InputError, match="between 2 and 4") as e:
            checked_players(bad, 2, 4, 3)
        assert "\n" not in str(e.value)
    with pytest.raises(InputError, match="between 2 and 4 for dice, got 5"):
        checked_players(5, 2, 4, 3, "dice")


@pytest.mark.parametrize("game", sorted(games()))
def test_the_plugin_checks_its_count_with_the_one_function(game):
    plugin = games()[game]
    assert plugin.player_count(None) == plugin.default_players
    assert plugin.player_count(plugin.max_players) == plugin.max_players
    with pytest.raises(InputError, match=f"for {game}, got {plugin.max_players + 1}$"):
        plugin.player_count(plugin.max_players + 1)


@pytest.mark.parametrize("game", PLAYED)
def test_none_is_the_default_zero_and_out_of_range_are_refused(game):
    plugin = games()[game]
    seats = strategies.resolve(["random"], plugin.max_players, game)
    sids, params = strategies.seat_arrays(seats, game)
    driver = strategies.driver_for(game, sids, params)
    rec = plugin.play_batch(driver, sids, params, 1, None, 5)
    assert rec.shape[1] == plugin.default_players
    lo, hi = plugin.min_players, plugin.max_players
    for n in (0, lo - 1, hi + 1):
        for call in (plugin.play_batch, plugin.play_game):
            args = (driver, sids, params, 1, n) if call is plugin.play_batch else (
                driver, sids, params, n)  # fmt: skip
            with pytest.raises(InputError, match=f"between {lo} and {hi}, got {n}"):
                call(*args)


def test_cli_players_zero_is_one_line_exit_2(capsys):
    code, out, err = run_cli(capsys, "play", "--game", "palast", "--players", "0")
    assert code == 2 and out == ""
    assert "--players must be between 2 and 4" in err and err.count("\n") == 1
