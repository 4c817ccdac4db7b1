"""Run folders that must not end in a wrong state: a tiny tuning budget, a run directory a
kill left right after it was made, a run missing from a folder of runs, signals to a
running `palace-lab run`, and a Dask worker or scheduler lost mid-run (issue 34).

Every case that starts processes does so under a timeout and kills only what it started.
"""

import json
import math
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.cli_run import run_cli

ROOT = Path(__file__).resolve().parents[1]


def _finite_everywhere(obj) -> bool:
    if isinstance(obj, float):
        return math.isfinite(obj)
    if isinstance(obj, dict):
        return all(map(_finite_everywhere, obj.values()))
    if isinstance(obj, list):
        return all(map(_finite_everywhere, obj))
    return True


# --- a tuning budget too small for a usable first rung ----------------------------------


@pytest.mark.slow
def test_a_small_tuning_budget_never_writes_a_nan(capsys, tmp_path):
    """--budget 3000 gave a first rung of 10 games: no cell is seen MIN_CELL (20) times, so
    the rung's imbalance was NaN, written into search.json and then refused as bad input."""
    from analyses.imbalance import MIN_CELL
    from jobs.tune.settings import TuneSettings

    st = TuneSettings(game="maharaja", players=(4,), vary=("palace_cost=10..12",),
                      budget=3000).check()  # fmt: skip
    assert st.first_rung >= MIN_CELL  # every seat cell is usable after the first rung
    out = tmp_path / "T"
    args = ["tune-rules", "--vary", "palace_cost=10..12", "--budget", "3000", "--workers", "1",
            "--out", out]  # fmt: skip
    code, _, err = run_cli(capsys, *args)
    assert code == 0, err
    search = json.loads((out / "search.json").read_text())
    assert _finite_everywhere(search)
    assert all(r["imbalance"] is not None for t in search["trials"] for r in t["rungs"])
    code, _, err = run_cli(capsys, *args, "--resume")
    assert code == 0, err


def test_a_rung_without_a_usable_cell_is_recorded_as_null(tmp_path):
    """Below MIN_CELL games (--first-games is refused there now; an older journal may hold
    one) the rung has no imbalance: null in search.json, never NaN."""
    from jobs.tune.search import finite
    from jobs.tune.settings import MIN_RUNG, TuneSettings
    from simcore.core.errors import InputError

    assert finite(float("nan")) is None and finite(float("inf")) is None
    assert finite(1.5) == 1.5
    with pytest.raises(InputError, match="--first-games"):
        TuneSettings(game="maharaja", players=(4,), vary=("palace_cost=10..12",),
                     first_games=MIN_RUNG - 1).check()  # fmt: skip


# --- a run directory a kill left right after it was made --------------------------------

RUN = ("run", "--games", "40", "--chunk-size", "20", "--strategy", "random", "--workers", "1")


def _skeleton(out: Path) -> None:
    """What a SIGKILL right after open_run made the folder leaves: .lock, empty chunks/."""
    (out / "chunks").mkdir(parents=True)
    (out / ".lock").write_text("12345\n")


def _rows(run_dir: Path):
    import polars as pl

    return pl.read_parquet(str(run_dir / "chunks" / "*.parquet")).sort("game_id", "seat")


@pytest.mark.parametrize("resume", [False, True], ids=["fresh", "resume"])
def test_a_run_killed_right_after_its_folder_was_made_can_go_on(capsys, tmp_path, resume):
    out, clean = tmp_path / "mk", tmp_path / "clean"
    _skeleton(out)
    code, _, err = run_cli(capsys, *RUN, "--out", out, *(["--resume"] if resume else []))
    assert code == 0, err
    assert json.loads((out / "manifest.json").read_text())["status"] == "complete"
    assert ("starting it afresh" in err) == resume
    assert run_cli(capsys, *RUN, "--out", clean)[0] == 0
    assert _rows(out).equals(_rows(clean))


def test_a_folder_with_anything_else_is_still_refused(capsys, tmp_path):
    for extra in ("chunks/notes.txt", "notes.txt"):
        out = tmp_path / extra.replace("/", "_")
        _skeleton(out)
        (out / extra).write_text("mine\n")
        for resume in ([], ["--resume"]):
            code, _, err = run_cli(capsys, *RUN, "--out", out, *resume)
            assert code == 2 and err.count("\n") == 1, err
            assert (out / extra).read_text() == "mine\n"
            assert not (out / "manifest.json").exists()


def test_a_sweep_point_killed_right_after_its_folder_was_made_resumes(capsys, tmp_path):
    out = tmp_path / "S"
    args = ["sweep", "--set", "palace_cost=11,12", "--games", "40", "--chunk-size", "20",
            "--workers", "1", "--out", out]  # fmt: skip
    assert run_cli(capsys, *args)[0] == 0
    point = out / "palace_cost=12"
    want = _rows(point)
    shutil.rmtree(point)  # as if the sweep had been killed as it made this folder
    _skeleton(point)
    code, _, err = run_cli(capsys, *args, "--resume")
    assert code == 0, err
    assert _rows(point).equals(want)


# --- a run missing from a folder of runs ---------------------------------------------------


@pytest.fixture(scope="module")
def a_sweep(tmp_path_factory):
    out = tmp_path_factory.mktemp("sweep") / "S"
    code = run_cli(_NoCapture(), "sweep", "--set", "palace_cost=11,12", "--games", "40",
                   "--chunk-size", "20", "--workers", "1", "--out", out)[0]  # fmt: skip
    assert code == 0
    return out


class _NoCapture:
    @staticmethod
    def readouterr():
        class _R:
            out = err = ""

        return _R()


@pytest.mark.parametrize("how", ["deleted", "fifo", "folder gone"])
def test_a_run_missing_from_a_sweep_is_damage(capsys, tmp_path, a_sweep, how):
    out = tmp_path / "S"
    shutil.copytree(a_sweep, out)
    gone = out / "palace_cost=11"
    if how == "folder gone":
        shutil.rmtree(gone)
    else:
        (gone / "manifest.json").unlink()
        if how == "fifo":
            os.mkfifo(gone / "manifest.json")
    code, stdout, err = run_cli(capsys, "verify", out)
    assert code == 1, stdout + err
    assert "palace_cost=11" in stdout and "whole" in stdout  # the other run is still whole
    code, stdout, err = run_cli(capsys, "report", out, "--out", tmp_path / "r.html")
    assert code == 2 and err.count("\n") == 1 and "palace_cost=11" in err, err
    assert not (tmp_path / "r.html").exists()


def test_a_whole_sweep_verifies_and_reports(capsys, tmp_path, a_sweep):
    code, stdout, _ = run_cli(capsys, "verify", a_sweep)
    assert code == 0 and stdout.count("whole") == 2
    code, stdout, err = run_cli(capsys, "report", a_sweep, "--out", tmp_path / "r.html")
    assert code == 0 and "2 run(s)" in stdout, err


# --- SIGTERM and SIGINT stop a run like Ctrl-C ----------------------------------------------


def _done_chunks(out: Path) -> int:
    try:
        m = json.loads((out / "manifest.json").read_text())
    except (OSError, ValueError):
        return 0
    return sum(c["status"] == "done" for c in m["chunks"])


def _signalled_run(tmp_path: Path, game: str, sig: int, group: bool):
    """A 2-worker run, signalled once a chunk is done: (exit code, stderr, out)."""
    out = tmp_path / f"{game}-{sig}"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    cmd = [sys.executable, str(ROOT / "cli.py"), "run", "--game", game, "--games", "400000",
           "--chunk-size", "500", "--strategy", "random", "--workers", "2",
           "--out", str(out)]  # fmt: skip
    p = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         start_new_session=True)  # fmt: skip
    try:
        deadline = time.monotonic() + 400
        while time.monotonic() < deadline and p.poll() is None and _done_chunks(out) < 1:
            time.sleep(0.2)
        assert p.poll() is None, p.stderr.read().decode()[-800:]
        if group:
            os.killpg(p.pid, sig)
        else:
            p.send_signal(sig)
        _, err = p.communicate(timeout=300)  # (a hang detector; shared cores)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)  # the group this test started
            p.wait()
        p.stderr.close()
    return p.returncode, err.decode(), out


@pytest.mark.parametrize(
    "game, sig, group",
    [
        ("vermaechtnis", signal.SIGTERM, False),
        ("palast", signal.SIGTERM, False),
        ("palast", signal.SIGINT, True),
    ],  # fmt: skip
    ids=["vermaechtnis-term", "palast-term", "palast-int-group"],
)
@pytest.mark.slow
def test_a_signal_stops_a_run_with_its_resume_command(tmp_path, game, sig, group):
    import shlex

    code, err, out = _signalled_run(tmp_path, game, sig, group)
    last = err.splitlines()[-1] if err else ""
    assert code == 128 + sig, err[-800:]
    assert "Traceback" not in err and "Exception ignored" not in err, err[-800:]
    assert last.startswith("palace-lab: interrupted after") and "to resume: " in last, err
    resume = shlex.split(last.split("to resume: ", 1)[1])
    assert resume[:2] == ["palace-lab", "run"] and resume[-1] == "--resume"
    assert resume[resume.index("--out") + 1] == str(out)
    m = json.loads((out / "manifest.json").read_text())
    assert m["status"] == "interrupted" and _done_chunks(out) >= 1


def test_a_stop_swallowed_while_compiling_still_stops_the_run(capsys, tmp_path, monkeypatch):
    """numba compiles inside ctypes callbacks, where an exception a signal handler raises is
    lost ("Exception ignored ..."): the run must stop at the next safe point all the same."""
    import jobs.batch as batch
    from jobs import runner

    def warm(spec):
        try:
            runner.on_stop_signal(signal.SIGTERM, None)
        except KeyboardInterrupt:
            pass  # what the callback does with it
        return real(spec)

    real = batch.warm
    monkeypatch.setattr(batch, "warm", warm)
    out = tmp_path / "r"
    code, _, err = run_cli(capsys, *RUN, "--out", out)
    assert code == 143, err
    assert err.splitlines()[-1].startswith("palace-lab: interrupted after 0 of 40 games")
    assert json.loads((out / "manifest.json").read_text())["status"] == "interrupted"


def test_an_interrupt_after_the_last_chunk_says_the_run_is_complete(capsys, tmp_path,
                                                                    monkeypatch):  # fmt: skip
    from jobs import run_command

    def summary(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(run_command, "summary_lines", summary)
    out = tmp_path / "r"
    code, _, err = run_cli(capsys, *RUN, "--out", out)
    last = err.splitlines()[-1]  # above it: the progress line
    assert code == 130 and err.count("palace-lab: interrupted") == 1, err
    assert f"the run in {out} is complete" in last and "nothing to resume" in last


def test_an_interrupt_between_a_sweeps_runs_names_its_resume(capsys, tmp_path, monkeypatch):
    from jobs import runner

    calls = []
    real = runner.open_run

    def open_run(plan):
        calls.append(plan.out)
        if len(calls) == 2:  # the second run, before it is made
            raise KeyboardInterrupt
        return real(plan)

    monkeypatch.setattr(runner, "open_run", open_run)
    out = tmp_path / "S"
    code, _, err = run_cli(capsys, "sweep", "--set", "palace_cost=11,12", "--games", "40",
                           "--chunk-size", "20", "--workers", "1", "--out", out)  # fmt: skip
    last = err.splitlines()[-1]
    assert code == 130 and "Traceback" not in err, err
    assert "is complete" in last and last.endswith(f"--out {out} --resume"), last


# --- Dask: a worker or the scheduler lost mid-run, a TLS address that is no scheduler ------


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(cmd: list[str], env: dict) -> subprocess.Popen:
    return subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)  # fmt: skip


def _stop(p: subprocess.Popen) -> None:
    if p.poll() is None:
        os.killpg(p.pid, signal.SIGKILL)  # a process group this test started
    p.wait(timeout=30)


def _listening(port: int, timeout: float) -> bool:
    import socket

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return True
        except OSError:
            time.sleep(0.2)
    return False


@pytest.mark.slow
@pytest.mark.parametrize("lost", ["worker", "scheduler"])
def test_a_lost_dask_worker_or_scheduler_is_one_line_with_resume(tmp_path, lost):
    import shlex

    pytest.importorskip("distributed")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    scheduler = _start([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host",
                        "127.0.0.1", "--port", str(port), "--no-dashboard"], env)  # fmt: skip
    worker = run = None
    try:
        assert _listening(port, 120), "the scheduler did not start"
        worker = _start([sys.executable, "-m", "distributed.cli.dask_worker", address,
                         "--nworkers", "1", "--nthreads", "1", "--no-dashboard"], env)  # fmt: skip
        out = tmp_path / "r"
        run = subprocess.Popen(
            [sys.executable, str(ROOT / "cli.py"), "run", "--games", "400000", "--chunk-size",
             "500", "--strategy", "random", "--executor", "dask", "--scheduler", address,
             "--out", str(out)],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
        )  # fmt: skip
        deadline = time.monotonic() + 400
        while time.monotonic() < deadline and run.poll() is None and _done_chunks(out) < 1:
            time.sleep(0.2)
        assert run.poll() is None, run.stderr.read().decode()[-800:]
        os.killpg((worker if lost == "worker" else scheduler).pid, signal.SIGKILL)
        t0 = time.monotonic()
        _, err = run.communicate(timeout=120)  # the watchdog gives up after 20 s
        took = time.monotonic() - t0
        err = err.decode()
    finally:
        for p in (run, worker, scheduler):
            if p is not None:
                _stop(p)
        if run is not None:
            run.stderr.close()
    lines = [x for x in err.splitlines() if not x.startswith("palace-lab: ") or "error" in x]
    assert run.returncode == 1 and "Traceback" not in err, err[-1500:]
    assert lines == [err.splitlines()[-1]], err[-1500:]  # only progress lines above it
    last = lines[0]
    assert last.startswith("palace-lab: error: ") and ("scheduler" in last) == (lost == "scheduler")
    resume = shlex.split(last.split("to resume: ", 1)[1])
    assert resume[:2] == ["palace-lab", "run"] and resume[-1] == "--resume", last
    assert json.loads((out / "manifest.json").read_text())["status"] == "interrupted"
    assert took < 90


@pytest.mark.slow
def test_a_tls_address_without_dask_certificates_is_one_line(tmp_path):
    import socket

    env = {k: v for k, v in os.environ.items() if not k.startswith("DASK_")}
    env["PYTHONPATH"] = str(ROOT)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(4)
    try:
        p = subprocess.run(
            [sys.executable, str(ROOT / "cli.py"), *RUN, "--executor", "dask", "--scheduler",
             f"tls://127.0.0.1:{sock.getsockname()[1]}", "--scheduler-timeout", "3",
             "--out", str(tmp_path / "N")],
            env=env, capture_output=True, text=True, timeout=600,
        )  # fmt: skip
    finally:
        sock.close()
    assert p.returncode == 2 and len(p.stderr.splitlines()) == 1, p.stderr
    assert "no TLS certificates" in p.stderr and not (tmp_path / "N").exists()
