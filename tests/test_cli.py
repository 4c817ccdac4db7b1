"""The command line: a whole game printed, JSON lines, summaries, one-line errors (exit 2)."""

import json

import pytest

from tests.cli_run import run_cli


def test_play_prints_a_whole_game(capsys):
    code, out, err = run_cli(capsys, "play", "--seed", "7", "--players", "4")
    assert code == 0, err
    lines = out.splitlines()
    assert lines.count("--- round 1 ---") == 1
    assert any("game over" in line for line in lines)
    ranks = [line for line in lines if line[:2] in ("1.", "2.", "3.", "4.")]
    assert len(ranks) == 4
    assert any(" builds " in line and " palace in " in line for line in lines)


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


def test_run_summary_has_intervals(capsys, tmp_path):
    out_dir = tmp_path / "run"
    code, out, err = run_cli(
        capsys, "run", "--games", "300", "--workers", "1", "--chunk", "100", "--out", str(out_dir),
        "--strategy", "random",
    )  # fmt: skip
    assert code == 0, err
    assert "300 games, 4 players" in out
    assert "95% Wilson CI" in out
    assert out.count("n=") >= 6 + 4  # six characters and four seats, each with its n
    assert "300/300 games" in err  # plain progress lines when stderr is not a terminal
    m = json.loads((out_dir / "manifest.json").read_text())
    assert m["status"] == "complete" and m["games"] == 300
    assert len(list((out_dir / "chunks").glob("chunk-*.parquet"))) == 3
    assert m["rules_changed"] == {}  # the rulebook, choosing order included (M-S3: seat 0 first)
    assert m["command"].startswith("palace-lab run --players 4 --games 300 --seed 0 ")


def test_run_records_per_seat_strategy_values(capsys, tmp_path):
    """`NAME:key=value` changes that seat's vector; the manifest and the command keep it."""
    out_dir = tmp_path / "run"
    text = "weighted:palace=20,random,random,weighted"
    code, _, err = run_cli(
        capsys, "run", "--games", "40", "--workers", "1", "--chunk", "40", "--out", str(out_dir),
        "--strategy", text,
    )  # fmt: skip
    assert code == 0, err
    m = json.loads((out_dir / "manifest.json").read_text())
    seats = m["strategies"]
    assert [s["name"] for s in seats] == ["weighted", "random", "random", "weighted"]
    assert seats[0]["params"]["palace"] == 20.0 and seats[3]["params"]["palace"] != 20.0
    assert f"--strategy {text} " in m["command"]


def test_run_summary_same_whatever_the_workers(capsys, tmp_path):
    def body(workers):
        out = str(tmp_path / f"w{workers}")
        _, text, _ = run_cli(
            capsys, "run", "--games", "400", "--workers", workers, "--chunk", "100", "--seed", "5",
            "--out", out,
        )  # fmt: skip
        return text.splitlines()[2:]  # the first two lines hold the timing and the directory

    assert body("1") == body("2")


def test_run_interrupted_says_how_to_resume(capsys, tmp_path, monkeypatch):
    import jobs.runner as runner

    def stop(plan, manifest, executor, progress=None):
        raise runner.RunInterrupted(0, plan.games)

    monkeypatch.setattr(runner, "execute", stop)
    out = tmp_path / "r"
    code, _, err = run_cli(capsys, "run", "--games", "50", "--workers", "1", "--out", str(out))
    assert code == 130
    assert err.count("\n") == 1
    assert f"--out {out} --resume" in err
    assert "Traceback" not in err


def test_run_refuses_a_directory_with_another_run(capsys, tmp_path):
    out = tmp_path / "r"
    args = ("run", "--games", "20", "--workers", "1", "--out", str(out))
    assert run_cli(capsys, *args)[0] == 0
    import strategies

    m = json.loads((out / "manifest.json").read_text())
    assert {s["name"] for s in m["strategies"]} == {strategies.default_strategy("maharaja")}
    before = {p: p.stat().st_mtime_ns for p in out.rglob("*")}
    code, _, err = run_cli(capsys, *args[:-2], "--seed", "3", "--out", str(out))
    assert code == 2 and "already holds a run" in err and err.count("\n") == 1
    code, _, err = run_cli(capsys, *args[:-2], "--seed", "3", "--out", str(out), "--resume")
    assert code == 2 and "seed: 0 -> 3" in err and err.count("\n") == 1
    assert {p: p.stat().st_mtime_ns for p in out.rglob("*")} == before


def test_strategies_lists_every_registered_one(capsys):
    import strategies

    code, out, _ = run_cli(capsys, "strategies")
    assert code == 0
    known = strategies.strategies()
    lines = out.strip().splitlines()
    assert len(lines) == len(known) and "random" in known
    for line, (name, s) in zip(lines, known.items(), strict=True):
        assert line.split()[0] == name and s.description in line
        assert line.endswith("(default)") == (name == strategies.default_strategy("maharaja"))


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
        (["run", "--set", "payouts.4=12,9,6"], "payouts for 4 players"),
        (["run", "--variant", "nope"], "unknown variant 'nope'"),
        (["run", "--rules", "/no/such/rules.toml"], "rules file"),
        (["run", "--board", "/no/such/board.toml"], "board file"),
        (["run", "--executor", "cloud"], "--executor"),
        (["run", "--resume"], "--resume"),
        (["run", "--resume", "--out", "/no/such/run"], "no run to resume"),
        (["run", "--chunk-size", "0"], "--chunk-size"),
        (["run", "--set", "round_cap=150"], "round_cap"),
        (["play", "--variant", "nope"], "unknown variant 'nope'"),
        (["play", "--board", "/no/such/board.toml"], "board file"),
        (["play", "--rules", "/no/such/rules.toml"], "rules file"),
        (["run", "--bogus"], "--bogus"),
        (["play", "--players", "x"], "--players"),
    ],
)
def test_bad_input_one_line_exit_2(capsys, args, needle, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # `run` would write ./out/run-<timestamp>
    code, out, err = run_cli(capsys, *args)
    assert code == 2
    assert err.count("\n") == 1, err
    assert needle in err
    assert "Traceback" not in err + out
    assert not any(tmp_path.iterdir())  # nothing written


def test_play_names_what_it_plays_and_ranks_in_rank_order(capsys):
    from jobs.run_job import study_strategy
    from simcore.core.contract.games import get_game

    bot = study_strategy(get_game("maharaja"))
    code, out, err = run_cli(capsys, "play", "--seed", "7", "--players", "4")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("=== Maharaja")
    assert lines[1] == (f"players: 4 · bots: {bot} in every seat · seed 7, game 0 · rules: "
                        "the rulebook's")  # fmt: skip
    at = lines.index("Final ranking:")
    places = [int(line.split(".")[0]) for line in lines[at + 1 : at + 5]]
    assert places == [1, 2, 3, 4]  # rank order, whatever the seats
    assert sorted(int(line.split("seat ")[1].split()[0]) for line in lines[at + 1 : at + 5]) == [
        1, 2, 3, 4]  # fmt: skip
    assert lines[at + 5].startswith("The game ended: ")


def test_top_level_help_texts_are_whole(capsys):
    code, out, _ = run_cli(capsys, "--help")
    assert code == 0
    commands = out.split("Commands:")[1]
    assert "..." not in commands and "…" not in commands
    assert "write DIR/best.toml and DIR/report.html." in " ".join(out.split())


def test_progress_says_elapsed_and_remaining():
    import io

    from jobs.progress import LogProgress

    buf = io.StringIO()
    with LogProgress(100, stream=buf, interval=0.0) as p:
        p.advance(50)
    line = buf.getvalue().splitlines()[0]
    assert "elapsed" in line and "remaining" in line and " left" not in line


def test_run_warns_when_a_value_always_goes_to_one_seat(capsys, tmp_path):
    # the plain default bot (no choice noise) takes the same characters every game: the
    # table by starting character is a table by seat, and run says so in one line
    args = ["--games", "200", "--strategy", "weighted", "--out", str(tmp_path / "r")]
    code, out, err = run_cli(capsys, "run", "--players", "4", *args, "--workers", "1")
    assert code == 0, err
    warn = [line for line in out.splitlines() if line.startswith("warning: starting character")]
    assert len(warn) == 1
    assert "never occurred" in warn[0] and "always to seat" in warn[0]
    assert warn[0].endswith("--set deal=random takes the choice out")
    assert "bots: weighted in every seat" in out


def test_play_json_numbers_seats_from_one_as_the_text_does(capsys):
    from jobs.play_text import json_event

    code, out, _ = run_cli(capsys, "play", "--seed", "3", "--players", "3", "--json")
    assert code == 0
    seats = {json.loads(line)["seat"] for line in out.splitlines()}
    assert seats == {1, 2, 3, None}  # every seat acts; round and end events have none
    assert json_event({"seat": 0, "a": 0}) == {"seat": 1, "a": 0}
    assert json_event({"seat": -1, "from_seat": 2}) == {"seat": None, "from_seat": 3}
