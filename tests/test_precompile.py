"""The parallel compile of native units on a fresh cache (simcore/core/nb/precompile.py)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from numba.core import config

from simcore.core.nb import precompile

SIG = "int64()"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """numba's cache directory in tmp_path (the stamps live beside it)."""
    monkeypatch.setattr(config, "CACHE_DIR", str(tmp_path / "numba"))
    return tmp_path / "numba"


def _modules(tmp_path, monkeypatch, sizes: dict[str, int]) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    for name, size in sizes.items():
        (tmp_path / f"{name}.py").write_text("#" * size + "\n")


def test_an_unwritable_cache_compiles_in_this_process_only(cache, monkeypatch):
    """No stamps can be kept, so no worker is started and nothing is stamped: each unit
    compiles where it is linked (native.link), as without precompile."""
    cache.mkdir()
    real_access = os.access

    def read_only(path, mode):
        return False if mode == os.W_OK else real_access(path, mode)

    monkeypatch.setattr(precompile.os, "access", read_only)

    def no_worker(*_args, **_kwargs):
        raise AssertionError("a worker was started")

    monkeypatch.setattr(precompile.subprocess, "Popen", no_worker)
    monkeypatch.setattr(precompile, "_cores", lambda: 2)
    units = [("mod_a", "f", SIG), ("mod_b", "g", SIG)]
    assert precompile._stamp_dir() is None
    precompile.precompile(units, ("caller", "/nowhere/caller.py"))
    precompile.mark(units)
    assert list((cache / "native-units").iterdir()) == []


def test_jobs_go_out_caller_first_then_the_largest_module(cache, tmp_path, monkeypatch):
    _modules(tmp_path, monkeypatch, {"small_mod": 10, "large_mod": 3000, "middle_mod": 500})
    started = []

    class FakeWorker:
        def __init__(self, cmd, **_kwargs):
            started.append(cmd)

        def wait(self):
            return 0

    monkeypatch.setattr(precompile.subprocess, "Popen", FakeWorker)
    monkeypatch.setattr(precompile, "_cores", lambda: 2)
    monkeypatch.setattr(precompile, "_work", lambda *_a, **_k: None)
    units = [("small_mod", "f", SIG), ("large_mod", "g", SIG), ("middle_mod", "h", SIG)]
    precompile.precompile(units, ("caller", "/nowhere/caller.py"))
    (cmd,) = started  # one worker besides this process on two cores
    groups = json.loads(cmd[-2])
    assert [g[0][0] for g in groups] == [
        "file:caller:/nowhere/caller.py", "large_mod", "middle_mod", "small_mod"]  # fmt: skip
    assert cmd[-1] == str(os.getpid())  # the worker watches its parent
    stamps = cache / "native-units"
    assert all((stamps / precompile._stamp(u)).exists() for u in units)


def _alive(pid: int) -> bool:
    """Running (a zombie nobody has reaped yet counts as gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc (Linux)")
def test_a_worker_exits_when_its_parent_is_killed(tmp_path):
    """A parent killed with SIGKILL cannot stop its workers: they notice and exit."""
    (tmp_path / "slow_unit_mod.py").write_text("import time\ntime.sleep(120)\n")
    claims = tmp_path / "claims"
    claims.mkdir()
    groups = json.dumps([[["slow_unit_mod", "f", SIG]]])
    parent_code = (
        "import os, subprocess, sys, time\n"
        f"w = subprocess.Popen([sys.executable, '-m', 'simcore.core.nb.precompile', "
        f"{str(claims)!r}, {groups!r}, str(os.getpid())])\n"
        "print(w.pid, flush=True)\n"
        "time.sleep(120)\n"
    )
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), str(tmp_path)])}
    parent = subprocess.Popen([sys.executable, "-c", parent_code], env=env,
                              stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        worker = int(parent.stdout.readline())
        deadline = time.monotonic() + 600  # an upper bound (the worker imports simcore)
        while not (claims / "0").exists():  # the worker has claimed the slow job
            assert time.monotonic() < deadline, "the worker never claimed its job"
            time.sleep(0.1)
        assert _alive(worker)
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        while _alive(worker):
            assert time.monotonic() < deadline, "the worker outlived its parent"
            time.sleep(0.1)
    finally:
        parent.kill()
        parent.wait()
        if "worker" in locals() and _alive(worker):
            os.kill(worker, signal.SIGKILL)
