"""The command line: a whole game printed, JSON lines, summaries, one-line errors (exit 2)."""

import json

import pytest

import cli


def run_cli(capsys, *args):
    code = 0
    try:
        cli.main(list(args))
    except SystemExit as e:
        code = e.code
    out = capsys.readouterr()
    return code, out.out, out.err


def test_play_prints_a_whole_game(capsys):
    code, out, err = run_cli(capsys, "play", "--seed", "7", "--players", "4")
    assert code == 0, err
    lines = out.splitlines()
    assert lines.count("--- round 1 ---") == 1
    assert any("game over" in line for line in lines)
    ranks = [line for line in lines if line[:2] in ("1.", "2.", "3.", "4.")]
    assert len(ranks) == 4
    assert any("builds the" in line and "palace" in line for line in lines)


def test_play_json_lines_are_json(capsys):
    code, out, _ = run_cli(capsys, "play", "--seed", "3", "--players", "3", "--json")
    assert code == 0
    events = [json.loads(line) for line in out.splitlines()]
    assert events[-1]["event"] == "rank"
    assert {e["event"] for e in events} >= {"round", "turn", "score", "end"}
    assert all({"round", "seat", "event", "text"} <= e.keys() for e in events)


def test_same_seed_same_printed_game(capsys):
    _, a, _ = run_cli(capsys, "play", "--seed", "11")
    _, b, _ = run_cli(capsys, "play", "--seed", "11")
    _, c, _ = run_cli(capsys, "play", "--seed", "12")
    assert a == b
    assert a != c


def test_run_summary_has_intervals(capsys):
    code, out, err = run_cli(capsys, "run", "--games", "300", "--workers", "1", "--chunk", "100")
    assert code == 0, err
    assert "300 games, 4 players" in out
    assert "95% Wilson CI" in out
    assert out.count("n=") >= 6 + 4  # six characters and four seats, each with its n


def test_run_summary_same_whatever_the_workers(capsys):
    def body(workers):
        _, out, _ = run_cli(
            capsys, "run", "--games", "400", "--workers", workers, "--chunk", "100", "--seed", "5"
        )
        return out.splitlines()[1:]  # the first line holds the timing

    assert body("1") == body("2")


def test_strategies_lists_random(capsys):
    code, out, _ = run_cli(capsys, "strategies")
    assert code == 0
    assert out.startswith("random")


def test_rules_lists_every_choice(capsys):
    code, out, _ = run_cli(capsys, "rules")
    assert code == 0
    for key in ("forfeit_per_part", "round_cap", "governor_clamp", "first_chooser"):
        line = next(x for x in out.splitlines() if x.startswith(key))
        assert "[choice]" in line


@pytest.mark.parametrize(
    "args, needle",
    [
        (["run", "--players", "6"], "--players"),
        (["run", "--games", "0"], "--games"),
        (["run", "--strategy", "nosuch"], "unknown strategy 'nosuch'"),
        (["run", "--strategy", "random,random"], "--strategy"),
        (["run", "--set", "palace_cost=-3"], "palace_cost"),
        (["run", "--set", "palace_cots=3"], "palace_cots"),
        (["play", "--variant", "nope"], "unknown variant 'nope'"),
        (["play", "--variant", "auction"], "not implemented yet"),
        (["play", "--board", "/no/such/board.toml"], "board file"),
        (["play", "--rules", "/no/such/rules.toml"], "rules file"),
        (["run", "--bogus"], "--bogus"),
        (["play", "--players", "x"], "--players"),
    ],
)
def test_bad_input_one_line_exit_2(capsys, args, needle):
    code, out, err = run_cli(capsys, *args)
    assert code == 2
    assert err.count("\n") == 1, err
    assert needle in err
    assert "Traceback" not in err + out
