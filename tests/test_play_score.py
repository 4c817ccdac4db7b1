"""`palace-lab play`'s running score: read between decisions, it ends where the final
ranking stands (an invariant: the same seats' measure read two ways, from the state in
play and from the results table of the finished game), and the stepped game is the game."""

import numpy as np
import pytest

import strategies
from jobs.play_score import play_scored, with_scores
from jobs.run_job import seats_from
from simcore.core.contract.games import games, get_game
from tests.cli_run import run_cli

# every game played through the driver protocol's loop (the toy game has its own)
GAMES = ["maharaja", "vermaechtnis", "tajmahal", "palast"] + (["dice"] if "dice" in games() else [])


@pytest.mark.parametrize("game", GAMES)
def test_running_score_ends_at_the_final_ranking(game):
    plugin = get_game(game)
    players = plugin.default_players
    rules, data = plugin.default_rules(), plugin.default_data()
    _, sids, params = seats_from(plugin, "random", players)
    driver = strategies.driver_for(game, sids, params)
    played = plugin.play_game(driver, sids, params, players, 5, 2, rules, data)
    log, standings = play_scored(plugin, driver, sids, params, players, 5, 2, rules, data,
                                 len(played.log) + 64)  # fmt: skip
    assert np.array_equal(log, played.log)  # the same game, stepped
    assert len(standings) >= 2  # some standing changed during the game
    last = standings[-1]
    table = plugin.records_table(played.records[None, :players], 0, ["random"] * players, rules)
    by_seat = dict(zip(table.column("seat").to_pylist(), table.column(last.column).to_pylist()))
    assert list(last.values) == [by_seat[s] for s in range(players)]


def test_score_lines_follow_the_events_that_changed_them():
    from jobs.play_score import Standing

    lines = with_scores(["a", "b", "c"], [Standing(0, "x", "x", (0, 0)),
                                          Standing(2, "x", "x", (1, 0)),
                                          Standing(2, "x", "x", (2, 0)),
                                          Standing(3, "x", "x", (2, 1))])  # fmt: skip
    assert lines == ["a", "b", "  score (x): seat 1: 2 · seat 2: 0", "c",
                     "  score (x): seat 1: 2 · seat 2: 1"]  # fmt: skip


def test_play_text_keeps_a_running_score(capsys):
    code, out, err = run_cli(capsys, "play", "--seed", "7", "--players", "4")
    assert code == 0, err
    lines = out.splitlines()
    scores = [line for line in lines if line.startswith("  score (palaces): ")]
    assert len(scores) >= 2
    at = lines.index("Final ranking:")
    final = {}
    for line in lines[at + 1 : at + 5]:
        seat = int(line.split("seat ")[1].split()[0])
        final[seat] = int(line.split(": ")[1].split(" palaces")[0])
    shown = [int(p.split(": ")[1]) for p in scores[-1].split("): ")[1].split(" · ")]
    assert shown == [final[s] for s in (1, 2, 3, 4)]
