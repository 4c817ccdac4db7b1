"""Degenerate rule and data values are bad input (issue 34): each rule field's range is
the game's playable range and a data file's collections may not be empty. One line naming
the problem, exit code 2, from the API and from the command line."""

from __future__ import annotations

import json

import pytest

from simcore.core.contract.games import games
from simcore.core.errors import InputError
from tests.cli_run import run_cli

DEGENERATE = [
    # (game, --set item, why it cannot be played)
    ("tajmahal", "hand_size=0", "T-S4: nobody holds a card to play a first turn"),
    ("palast", "quarter_room=0", "P-A5: no quarter takes a figure, quarter actions die"),
]


@pytest.mark.parametrize(("game", "item", "why"), DEGENERATE)
def test_degenerate_rule_value_is_refused(game, item, why):
    key = item.split("=")[0]
    with pytest.raises(InputError, match=f"{key} must be an integer in 1\\.\\.") as e:
        games()[game].default_rules().with_overrides([item])
    assert "\n" not in str(e.value)


@pytest.mark.parametrize(("game", "item", "why"), DEGENERATE)
def test_degenerate_rule_value_on_the_command_line_is_one_line_exit_2(capsys, game, item, why):
    code, out, err = run_cli(capsys, "play", "--game", game, "--set", item)
    assert code == 2 and out == ""
    assert item.split("=")[0] in err and "1.." in err and err.count("\n") == 1


def test_lowest_values_still_play():
    """The new lower bounds are playable: a quarter holding one figure, a hand of one."""
    for game, item in (("tajmahal", "hand_size=1"), ("palast", "quarter_room=1")):
        games()[game].default_rules().with_overrides([item])


def test_card_table_with_no_collection_is_one_line_exit_2(capsys, tmp_path):
    plugin = games()["vermaechtnis"]
    table = plugin.default_data().to_dict()
    table["collection"] = []
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(table))
    code, out, err = run_cli(capsys, "play", "--game", "vermaechtnis", "--data",
                             f"cards={path}")  # fmt: skip
    assert code == 2 and out == ""
    assert "0 collection cards; at least 1" in err and err.count("\n") == 1
