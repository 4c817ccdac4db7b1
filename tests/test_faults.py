"""Fault injection at the CLI boundary: bad input, destructive --out targets, lost workers,
a killed parent and interrupted studies.

Every bad input must end with exit code 2 (1 where an unexpected failure is simulated),
exactly one line on stderr, no traceback and nothing new, changed or removed on disk.
"""

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest

import cli
from jobs.batch import play_chunk_parquet as _real_play
from tests.cli_run import run_cli

ROOT = Path(__file__).resolve().parents[1]
TINY = ("--games", "100", "--chunk-size", "25", "--strategy", "random")


def _dies_at_game_50(spec, first, count):
    """A chunk task whose worker process dies (like an OOM kill) on the chunk of game 50."""
    if first == 50:
        os._exit(3)
    return _real_play(spec, first, count)


def _dies_in_4p(spec, first, count):
    """The same, in 4-player runs only (a study's third run)."""
    if first == 50 and spec.n_players == 4:
        os._exit(3)
    return _real_play(spec, first, count)


def _tree(root: Path) -> dict:
    """Every path under root with its type, and for files their size and modification time
    (a folder's own time changes when a probe file is made and removed in it: not counted)."""
    out = {}
    for p in sorted(root.rglob("*")):
        st = p.lstat()
        out[str(p.relative_to(root))] = (
            (st.st_mode, 0, 0)
            if p.is_dir() and not p.is_symlink()
            else (st.st_mode, st.st_size, st.st_mtime_ns)
        )
    return out


def _files(tmp: Path) -> None:
    """Bad rules and board files and folders the cases below point at."""
    (tmp / "big.toml").write_text("# padding\n" * 120_000)  # > 1 MiB
    (tmp / "big.json").write_text(" " * (1 << 20) + "{}")
    (tmp / "dir.toml").mkdir()
    os.mkfifo(tmp / "fifo.toml")
    os.mkfifo(tmp / "fifo.json")
    (tmp / "zero.toml").symlink_to("/dev/zero")
    (tmp / "latin1.toml").write_bytes(b"palace_cost = 11 # \xe9\n")
    (tmp / "bad.json").write_text('{"palace_cost": 11,,}')
    (tmp / "dup.json").write_text('{"palace_cost": 11, "palace_cost": 12}')
    (tmp / "rules.txt").write_text("palace_cost = 11\n")
    (tmp / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    (tmp / "nan.json").write_text('{"palace_cost": NaN}')
    (tmp / "bad.toml").write_text("[cities\nname = 1\n")
    (tmp / "empty.toml").write_text("")
    (tmp / "strings.toml").write_text('palace_cost = "eleven"\n')
    (tmp / "a_file.txt").write_text("not a folder\n")
    (tmp / "full").mkdir()
    (tmp / "full" / "keep.txt").write_text("mine\n")
    (tmp / "page.html").mkdir()
    (tmp / "mine.html").write_text("<html><body>my notes</body></html>\n")
    (tmp / "notes_charts").mkdir()
    (tmp / "notes_charts" / "sketch.png").write_bytes(b"\x89PNG mine")
    fake = tmp / "fake_run"
    (fake / "chunks").mkdir(parents=True)
    (fake / "manifest.json").write_text('{"format": "palace-lab-run/1"}\n')


MANY = ",".join(f"weighted:palace={v}" for v in range(1, 13))  # 12 labels: 3,960 tables at 5p

CASES = [
    # play
    (["play", "--players", "1"], "--players"),
    (["play", "--players", "6"], "--players"),
    (["play", "--seed", "-1"], "0 <= seed < 2^63"),
    (["play", "--seed", str(2**63)], "0 <= seed < 2^63"),
    (["play", "--index", "-1"], "--index"),
    (["play", "--game", "chess"], "unknown game 'chess'"),
    (["play", "--strategy", "nosuch"], "unknown strategy"),
    (["play", "--strategy", "weighted:palace=nan"], "finite"),
    (["play", "--rules", "fifo.toml"], "not a regular file"),
    (["play", "--board", "big.toml"], "1 MiB"),
    (["play", "--players", "3", "--set", "first_chooser=3"], "first_chooser"),
    (["play", "--set", "palace_cost=abc"], "palace_cost"),
    (["play", "--variant", "nope"], "unknown variant"),
    # run: numbers
    (["run", "--games", "0"], "--games"),
    (["run", "--games", str(10**11)], "10,000,000,000"),
    (["run", "--games", "-5"], "--games"),
    (["run", "--games", "abc"], "not a whole number"),
    (["run", "--games", "1e6"], "not a whole number"),
    (["run", "--games", "1" * 5000], "--games"),
    (["run", "--seed", str(2**64)], "0 <= seed < 2^63"),
    (["run", "--seed", "-1"], "0 <= seed < 2^63"),
    (["run", "--chunk-size", "0"], "--chunk-size"),
    (["run", "--chunk-size", str(10**6)], "--chunk-size"),
    (["run", "--games", str(10**10)], "raise --chunk-size to at least 100,000"),
    (["run", "--workers", "-1"], "--workers"),
    (["run", "--workers", "5000"], "0 (all cores) to 1024"),
    (["run", "--target-ci", "0"], "--target-ci"),
    (["run", "--target-ci", "0.5"], "--target-ci"),
    (["run", "--target-ci", "nan"], "--target-ci"),
    (["run", "--target-ci", "-0.1"], "--target-ci"),
    # run: paths and executors
    (["run", "--out", ""], "empty path"),
    (["run", "--out", "a_file.txt"], "not a folder"),
    (["run", "--out", "fake_run/sub"], "inside the run directory"),
    (["run", "--out", "full"], "not an empty directory"),
    (["run", "--out", "/proc/run"], "cannot write in /proc"),
    (["run", "--out", "a_file.txt/run"], "is not a folder"),
    (["tournament", "--strategies", "random,weighted", "--out", "/proc/t"], "cannot write"),
    (["run", "--resume"], "--resume needs --out"),
    (["run", "--resume", "--out", "nowhere"], "no run to resume"),
    (["run", "--executor", "dask", "--scheduler", "http://localhost:8786"], "tcp://HOST:PORT"),
    (["run", "--executor", "dask", "--scheduler", "tcp://localhost:0"], "port 1-65535"),
    (["run", "--executor", "dask", "--scheduler", ""], "--scheduler"),
    (["run", "--scheduler", "tcp://localhost:8786"], "--executor dask"),
    (["run", "--executor", "cloud"], "--executor"),
    # run: strategy strings
    (["run", "--strategy", "weighted:palace=inf"], "finite"),
    (["run", "--strategy", "weighted:palace=-inf"], "finite"),
    (["run", "--strategy", "weighted:palace=1e999"], "finite"),
    (["run", "--strategy", "weighted:palace"], "key=value"),
    (["run", "--strategy", "weighted:nosuch=1"], "unknown parameter"),
    (["run", "--strategy", "random,random"], "--strategy"),
    # run: --set values
    (["run", "--players", "3", "--set", "first_chooser=4"], "first_chooser"),
    (["run", "--set", "nosuch=1"], "nosuch"),
    (["run", "--set", "palace_cost="], "palace_cost"),
    (["run", "--set", "round_cap=150"], "round_cap"),
    # rules files
    (["run", "--rules", "dir.toml"], "a directory"),
    (["run", "--rules", "big.toml"], "1 MiB"),
    (["run", "--rules", "fifo.toml"], "not a regular file"),
    (["run", "--rules", "zero.toml"], "not a regular file"),
    (["run", "--rules", "/dev/zero"], "suffix"),
    (["run", "--rules", "latin1.toml"], "UTF-8"),
    (["run", "--rules", "bad.json"], "invalid JSON"),
    (["run", "--rules", "dup.json"], "duplicate key"),
    (["run", "--rules", "rules.txt"], "suffix"),
    (["run", "--rules", "deep.json"], "rules file"),
    (["run", "--rules", "missing.toml"], "file not found"),
    (["run", "--rules", "nan.json"], "palace_cost"),
    (["run", "--rules", "strings.toml"], "palace_cost"),
    (["run", "--rules", ""], "empty path"),
    # board files
    (["run", "--board", "fifo.json"], "not a regular file"),
    (["run", "--board", "bad.toml"], "invalid TOML"),
    (["run", "--board", "big.json"], "1 MiB"),
    (["run", "--board", "empty.toml"], "board file"),
    (["play", "--board", "dir.toml"], "a directory"),
    # study
    (["study", "--games", "0"], "--games"),
    (["study", "--chunk-size", "0"], "--chunk-size"),
    (["study", "--report", "/proc/r.html"], "cannot write in /proc"),
    (["study", "--report", "notes.txt"], ".html"),
    (["study", "--report", ""], "empty path"),
    (["study", "--report", "mine.html"], "not a palace-lab report"),
    (["study", "--resume"], "--resume needs --out"),
    (["study", "--out", "nowhere", "--resume", *TINY], "holds no study balance to resume"),
    (["study", "--out", "full", *TINY], "not an empty folder"),
    (["study", "nosuch"], "unknown study"),
    (["study", "--target-ci", "2"], "--target-ci"),
    (["study", "--seed", "-7"], "0 <= seed < 2^63"),
    (["study", "--out", "s", "--report", "s/2p/r.html", *TINY], "inside the study's run"),
    # sweep
    (["sweep", "--set", "palace_cost=10,11", "--out", ""], "empty path"),
    (["sweep", "--set", "nonsense=1,2", "--out", "s"], "nonsense"),
    (["sweep", "--set", "palace_cost=10,11", "--games", "0", "--out", "s"], "--games"),
    (
        [
            "sweep",
            "--set",
            "palace_cost=" + ",".join(map(str, range(1, 41))),
            "--set",
            "architect_points=" + ",".join(map(str, range(1, 31))),
            "--out",
            "s",
        ],
        "at most 1,000",
    ),
    (["sweep", "--set", "palace_cost=10,11", "--out", "fake_run/sw"], "inside the run"),
    (["sweep", "--set", "palace_cost=10,11", "--workers", "2000", "--out", "s"], "--workers"),
    # tournament
    (["tournament", "--strategies", "random,weighted", "--boots", "0", "--out", "t"], "--boots"),
    (
        ["tournament", "--strategies", "random,weighted", "--boots", str(10**9), "--out", "t"],
        "--boots",
    ),
    (["tournament", "--strategies", "random", "--out", "t"], "at least two"),
    (
        ["tournament", "--strategies", "random,weighted", "--players", "9", "--out", "t"],
        "--players",
    ),
    (["tournament", "--strategies", MANY, "--players", "5", "--out", "t"], "at most 1,000"),
    (["tournament", "--strategies", "random,weighted", "--games", "0", "--out", "t"], "--games"),
    (["tournament", "--strategies", "random,weighted", "--out", ""], "empty path"),
    (["tournament", "--strategies", "random,weighted:palace=nan", "--out", "t"], "finite"),
    # report
    (["report", "fake_run", "--out", "notes.txt"], ".html"),
    (["report", "fake_run", "--out", ""], "empty path"),
    (["report", "fake_run", "--out", "page.html"], "is a folder"),
    (["report", "fake_run", "--out", "mine.html"], "not a palace-lab report"),
    (["report", "fake_run", "--out", "fake_run/r.html"], "inside the run directory"),
    (["report", "fake_run", "--out", "fake_run/chunks/r.html"], "inside the run directory"),
    (["report", "fake_run", "--out", "fake_run/manifest.json"], ".html"),
    (["report", "fake_run", "--out", "notes.html"], "no .palace-lab-report stamp"),
    (["report", "fake_run", "--out", "/proc/r.html"], "cannot write in /proc"),
    # click
    (["run", "--bogus"], "--bogus"),
    (["run", "--players", "x"], "--players"),
    (["--debug", "run", "--games", "0"], "--games"),  # --debug keeps expected errors short
]


@pytest.mark.parametrize("args, needle", CASES, ids=[" ".join(a)[:60] for a, _ in CASES])
def test_bad_input_one_line_exit_2_nothing_written(capsys, tmp_path, monkeypatch, args, needle):
    monkeypatch.chdir(tmp_path)  # `run` and `study` would write ./out/...
    _files(tmp_path)
    before = _tree(tmp_path)
    code, out, err = run_cli(capsys, *args)
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("palace-lab: error: "), err
    assert needle in err, err
    assert "Traceback" not in err + out
    assert _tree(tmp_path) == before


def test_at_least_sixty_cases_over_every_command():
    assert len(CASES) >= 60
    commands = {next(a for a in args if not a.startswith("-")) for args, _ in CASES}
    assert {"play", "run", "study", "sweep", "tournament", "report"} <= commands


@pytest.fixture(scope="module")
def a_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("faults") / "run"
    try:
        cli.main(["run", *TINY, "--workers", "1", "--out", str(out)])
    except SystemExit as e:
        assert e.code == 0
    return out


def _same_bytes(paths):
    return {p: (p.read_bytes() if p.is_file() else sorted(x.name for x in p.iterdir()))
            for p in paths}  # fmt: skip


def test_destructive_report_targets_are_refused(capsys, tmp_path, a_run):
    notes, charts = tmp_path / "notes.html", tmp_path / "notes_charts"
    charts.mkdir()
    (charts / "mine.txt").write_text("keep me")
    res_run = tmp_path / "res_charts"  # a run directory that happens to end in _charts
    res_run.mkdir()
    for p in a_run.rglob("*"):
        dest = res_run / p.relative_to(a_run)
        dest.mkdir() if p.is_dir() else dest.write_bytes(p.read_bytes())
    mine = tmp_path / "mine.html"
    mine.write_text("<html>my page</html>")
    watched = [charts, charts / "mine.txt", mine, a_run / "manifest.json", *res_run.rglob("*")]
    before = _same_bytes(watched)
    for target in (notes, tmp_path / "res.html", a_run / "manifest.json", mine, a_run,
                   a_run / "report.html", tmp_path):  # fmt: skip
        code, _, err = run_cli(capsys, "report", a_run, "--out", target)
        assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, (target, err)
    assert _same_bytes(watched) == before
    assert not notes.exists() and not (tmp_path / "res.html").exists()


def test_report_replaces_only_its_own_files(capsys, tmp_path, a_run):
    page = tmp_path / "r.html"
    code, _, err = run_cli(capsys, "report", a_run, "--out", page)
    assert code == 0, err
    charts = tmp_path / "r_charts"
    stamp = json.loads((charts / ".palace-lab-report").read_text())
    pngs = sorted(p.name for p in charts.glob("*.png"))
    assert sorted(stamp["files"]) == pngs and len(pngs) >= 3
    for name in pngs:  # each PNG recorded by its SHA-256, and the page too
        assert stamp["files"][name] == hashlib.sha256((charts / name).read_bytes()).hexdigest()
    assert stamp["page_sha256"] == hashlib.sha256(page.read_bytes()).hexdigest()
    assert '<meta name="generator" content="palace-lab">' in page.read_text()
    code, _, err = run_cli(capsys, "report", a_run, "--out", page)  # a previous report: replaced
    assert code == 0, err
    assert sorted(p.name for p in charts.iterdir()) == sorted([*pngs, ".palace-lab-report"])
    (charts / "extra.png").write_bytes(b"mine")  # a file the report did not write: refused
    html = page.read_bytes()
    code, _, err = run_cli(capsys, "report", a_run, "--out", page)
    assert code == 2 and "extra.png" in err and err.count("\n") == 1
    assert (charts / "extra.png").read_bytes() == b"mine" and page.read_bytes() == html
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporaries


def test_unexpected_failure_is_one_line_exit_1_and_debug_shows_it(capsys, tmp_path, a_run,
                                                                  monkeypatch):  # fmt: skip
    import analyses.balance

    def broken(runs):
        raise MemoryError

    monkeypatch.setattr(analyses.balance, "analyse", broken)
    page = tmp_path / "r.html"
    code, out, err = run_cli(capsys, "report", a_run, "--out", page)
    assert code == 1 and err.count("\n") == 1, err
    assert "out of memory" in err and "--debug" in err and "Traceback" not in err + out
    with pytest.raises(MemoryError):
        cli.main(["--debug", "report", str(a_run), "--out", str(page)])
    assert list(tmp_path.iterdir()) == []


def test_disk_full_while_writing_a_report(capsys, tmp_path, a_run, monkeypatch):
    import reports.output

    def no_space(*a, **k):
        raise OSError(28, "No space left on device", "r.html")

    monkeypatch.setattr(reports.output.os, "replace", no_space)
    code, _, err = run_cli(capsys, "report", a_run, "--out", tmp_path / "sub" / "r.html")
    assert code == 1 and err.count("\n") == 1 and "No space left on device" in err, err
    assert list(tmp_path.iterdir()) == []  # temporaries and the folder it made are gone


def _rows(run_dir: Path) -> pl.DataFrame:
    return pl.read_parquet(str(run_dir / "chunks" / "*.parquet")).sort("game_id", "seat")


@pytest.mark.slow
def test_killed_worker_is_one_line_with_resume_and_resume_completes(capsys, tmp_path,
                                                                    monkeypatch):  # fmt: skip
    import jobs.batch as batch

    out, clean = tmp_path / "r", tmp_path / "clean"
    args = ["run", *TINY, "--seed", "4", "--workers", "2"]
    monkeypatch.setattr(batch, "play_chunk_parquet", _dies_at_game_50)
    code, _, err = run_cli(capsys, *args, "--out", out)
    assert code == 1, err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "worker process died" in err and f"--out {out} --resume" in err
    assert json.loads((out / "manifest.json").read_text())["status"] == "interrupted"
    monkeypatch.undo()
    resume = err.split("to resume: ", 1)[1].split()
    assert resume[:2] == ["palace-lab", "run"]
    code, _, err = run_cli(capsys, *resume[1:])
    assert code == 0, err
    assert run_cli(capsys, *args, "--workers", "1", "--out", clean)[0] == 0
    assert _rows(out).equals(_rows(clean))


def _children(pid: int) -> list[int]:
    import psutil

    try:
        return [c.pid for c in psutil.Process(pid).children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


def _alive(pid: int) -> bool:
    import psutil

    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


@pytest.mark.slow
def test_workers_die_with_a_killed_parent(tmp_path):
    """Chunks of 200,000 games keep a worker busy for many seconds: without the death
    signal it would still be playing when the parent is gone (a lost pipe stops it only
    between chunks)."""
    pytest.importorskip("psutil")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    cmd = [sys.executable, ROOT / "cli.py", "run", "--games", "400000", "--chunk-size", "200000",
           "--strategy", "random", "--workers", "2", "--out", tmp_path / "r"]  # fmt: skip
    parent = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    kids: list[int] = []
    try:
        deadline = time.monotonic() + 600  # (a fresh cache compiles first, on shared cores)
        while time.monotonic() < deadline and parent.poll() is None and len(kids) < 2:
            kids = _children(parent.pid)
            time.sleep(0.2)
        time.sleep(1.0)  # the workers are playing their first chunk
        assert parent.poll() is None and len(kids) >= 2, parent.stderr.read().decode()[-500:]
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        # 3 s, not more under load: the kernel kills them at once (PR_SET_PDEATHSIG, SIGKILL),
        # and a worker without it would notice only after its chunk (several seconds)
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline and any(map(_alive, kids)):
            time.sleep(0.05)
        left = [k for k in kids if _alive(k)]
        assert not left, f"workers still running after the parent was killed: {left}"
    finally:
        if parent.poll() is None:
            parent.kill()
        for k in kids:  # only the processes this test started
            if _alive(k):
                os.kill(k, signal.SIGKILL)
        parent.stderr.close()


@pytest.mark.slow
def test_interrupted_study_resumes_to_the_same_rows(capsys, tmp_path, monkeypatch):
    import jobs.batch as batch

    out, clean = tmp_path / "s", tmp_path / "clean"
    args = ["study", *TINY, "--target-ci", "0.4", "--seed", "9", "--workers", "2"]
    monkeypatch.setattr(batch, "play_chunk_parquet", _dies_in_4p)
    code, _, err = run_cli(capsys, *args, "--out", out)
    last = err.splitlines()[-1]  # above it: the study's progress lines
    assert code == 1 and last.startswith("palace-lab: error: ") and "Traceback" not in err, err
    assert err.count("palace-lab: error") == 1
    status = {n: json.loads((out / f"{n}p" / "manifest.json").read_text())["status"]
              for n in (2, 3, 4)}  # fmt: skip
    assert status == {2: "complete", 3: "complete", 4: "interrupted"}
    assert not (out / "5p").exists()
    resume = last.split("to resume: ", 1)[1].split()
    assert resume[:2] == ["palace-lab", "study"] and resume[-1] == "--resume"
    monkeypatch.undo()
    # the leftovers are refused without --resume, and with other settings
    code, _, err = run_cli(capsys, *args, "--out", out)
    assert code == 2 and "add --resume" in err and err.count("\n") == 1
    before = _tree(out)
    code, _, err = run_cli(capsys, *args, "--games", "200", "--out", out, "--resume")
    assert code == 2 and "other settings" in err and "games: 100 -> 200" in err, err
    assert _tree(out) == before
    code, _, err = run_cli(capsys, *resume[1:])
    assert code == 0, err
    assert (out / "report.html").is_file()
    for n in (2, 3, 4, 5):
        m = json.loads((out / f"{n}p" / "manifest.json").read_text())
        assert m["status"] == "complete"
    for n in (2, 4):  # a run kept and the run resumed, against the same runs played whole
        code, _, err = run_cli(capsys, "run", "--players", n, *args[1:], "--out", clean / str(n))
        assert code == 0, err
        assert _rows(out / f"{n}p").equals(_rows(clean / str(n)))
    # a finished study resumed: nothing replayed, the report replaced
    code, _, err = run_cli(capsys, *args, "--out", out, "--resume")
    assert code == 0, err


@pytest.mark.slow
def test_tournament_resume_after_a_lost_worker(capsys, tmp_path, monkeypatch):
    import jobs.batch as batch

    out = tmp_path / "t"
    args = ["tournament", "--strategies", "random,weighted", "--players", "2", "--games", "100",
            "--chunk-size", "25", "--boots", "5", "--workers", "2", "--out", out]  # fmt: skip
    monkeypatch.setattr(batch, "play_chunk_parquet", _dies_at_game_50)
    code, _, err = run_cli(capsys, *args)
    assert code == 1 and f"--out {out} --resume" in err.splitlines()[-1], err
    monkeypatch.undo()
    code, _, err = run_cli(capsys, *args, "--resume")
    assert code == 0, err
    for t in ("table-000", "table-001"):
        m = json.loads((out / t / "manifest.json").read_text())
        assert m["status"] == "complete" and len(_rows(out / t)) == 2 * 100


@pytest.mark.slow
def test_a_real_process_prints_one_line(tmp_path):
    """Outside pytest too: no warning or traceback around the one line (imports included)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    _files(tmp_path)
    for args in (["run", "--rules", "fifo.toml"], ["study", "--report", "/proc/r.html"]):
        p = subprocess.run([sys.executable, ROOT / "cli.py", *args], cwd=tmp_path, env=env,
                           capture_output=True, text=True, timeout=600)  # fmt: skip
        assert p.returncode == 2 and p.stdout == "", p.stderr
        assert len(p.stderr.splitlines()) == 1 and p.stderr.startswith("palace-lab: error:")
