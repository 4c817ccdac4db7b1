"""Fault injection on run directories: tampered manifests, damaged chunks, a second writer,
a full disk. A run directory never makes the program write or read outside it, a changed
chunk is never read as data, and every refusal is one line with the right exit code.

Reference rows come from an uninterrupted run of the same command; checksums are computed
here with hashlib from the file bytes; game ids are checked against the plan (chunk i holds
games 50*i .. 50*i + 49, one row per seat).
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import shutil

import polars as pl
import pytest

import cli
from simcore.core.errors import InputError
from simcore.core.store import chunk_store, manifest
from simcore.core.store.results_io import chunk_files, scan_run
from tests.cli_run import run_cli

PLAYERS, GAMES, CHUNK = 4, 200, 50
ARGS = ["--players", PLAYERS, "--games", GAMES, "--seed", 0, "--strategy", "random",
        "--chunk-size", CHUNK, "--workers", 1]  # fmt: skip


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


def chunk(out, i):
    return out / "chunks" / f"chunk-{i:06d}.parquet"


def read_m(out):
    return json.loads((out / "manifest.json").read_text())


def seal(m):
    """The manifest with its self-check recomputed as docs/RESULTS.md defines it: SHA-256 of
    the rest, keys sorted, compact ASCII JSON (what a forger who knows the format does)."""
    body = {k: v for k, v in m.items() if k != "manifest_sha256"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return m | {"manifest_sha256": hashlib.sha256(text.encode()).hexdigest()}


def write_m(out, m, reseal=True):
    (out / "manifest.json").write_text(json.dumps(seal(m) if reseal else m, indent=1))


def rows(out) -> pl.DataFrame:
    return scan_run(out).collect().sort("game_id", "seat")


def resume(capsys, out):
    return run_cli(capsys, "run", *ARGS, "--out", out, "--resume")


def report(capsys, out):
    return run_cli(capsys, "report", out, "--out", out.parent / "report.html")


def verify(capsys, *outs):
    return run_cli(capsys, "verify", *outs)


def one_line(err: str) -> bool:
    return err.count("\n") == 1 and "Traceback" not in err


def snapshot(folder):
    return {p.relative_to(folder): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def assert_whole_rows(out, whole):
    df = rows(out)
    assert df.equals(rows(whole))
    counts = df.group_by("game_id").len().sort("game_id")
    assert counts["game_id"].to_list() == list(range(GAMES))
    assert set(counts["len"].to_list()) == {PLAYERS}


# --- what a whole run records ---------------------------------------------------------------


def test_manifest_records_each_chunks_sha256_and_rows(whole, capsys):
    m = read_m(whole)
    assert [c["file"] for c in m["chunks"]] == [f"chunks/chunk-{i:06d}.parquet" for i in range(4)]
    for i, c in enumerate(m["chunks"]):
        assert c["sha256"] == hashlib.sha256(chunk(whole, i).read_bytes()).hexdigest()
        assert c["rows"] == CHUNK * PLAYERS
    assert "NaN" not in (whole / "manifest.json").read_text()
    code, out, err = verify(capsys, whole)
    assert code == 0, out + err
    assert out.count("\n") == 1 and "whole: 4 chunk(s), 200 games" in out


def test_lock_is_released_after_a_run(whole):
    fd = os.open(whole / ".lock", os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # raises if the run still held it
    finally:
        os.close(fd)


# --- paths: never outside the run directory -------------------------------------------------


def _traversal(case, out, tmp_path, command):
    """Tamper with chunk 2 of the run; return the folder outside the run that must not change."""
    outside = tmp_path / "outside"
    outside.mkdir()
    victim = outside / "victim.txt"
    victim.write_bytes(b"precious, not a chunk\n")
    m = read_m(out)
    c = m["chunks"][2]
    if command == "resume":
        c["status"] = "pending"  # resume writes the chunks it replays
    if case == "dotdot":
        c["file"] = "../outside/victim.txt"
    elif case == "absolute":
        c["file"] = str(victim)
    elif case == "symlinked chunk":  # a link to a valid copy: a reader that follows it succeeds
        shutil.copy(chunk(out, 2), outside / "copy.parquet")
        chunk(out, 2).unlink()
        chunk(out, 2).symlink_to(outside / "copy.parquet")
    elif case == "symlinked chunks dir":
        shutil.move(out / "chunks", outside / "chunks")
        (out / "chunks").symlink_to(outside / "chunks")
    write_m(out, m)
    return outside


@pytest.mark.parametrize("command", ["resume", "report", "verify"])
@pytest.mark.parametrize("case", ["dotdot", "absolute", "symlinked chunk", "symlinked chunks dir"])
def test_chunk_paths_outside_the_run_are_refused(run_dir, tmp_path, capsys, case, command):
    outside = _traversal(case, run_dir, tmp_path, command)
    before = snapshot(outside)
    manifest_before = (run_dir / "manifest.json").read_bytes()
    code, _, err = {"resume": resume, "report": report, "verify": verify}[command](capsys, run_dir)
    assert code == 2, err
    assert one_line(err), err
    assert "chunk" in err and ("chunks[2]" in err or "symlink" in err)
    assert snapshot(outside) == before  # nothing outside the run written (or replaced)
    assert (run_dir / "manifest.json").read_bytes() == manifest_before
    assert not (tmp_path / "report.html").exists()


def test_readers_refuse_traversal_too(run_dir, tmp_path):
    from analyses.rundata import find_runs

    _traversal("dotdot", run_dir, tmp_path, "report")
    for read in (lambda: scan_run(run_dir), lambda: find_runs([run_dir])):
        with pytest.raises(InputError, match=r"chunks\[2\]\.file"):
            read()


# --- chunk contents: checksums ----------------------------------------------------------------


def test_a_chunk_copied_over_another(run_dir, whole, capsys):
    shutil.copy(chunk(run_dir, 1), chunk(run_dir, 2))  # same row count: a row check passes
    code, out, _ = verify(capsys, run_dir)
    assert code == 1
    assert "chunk-000002: checksum mismatch" in out and "chunk-000001" not in out
    assert "--resume" in out
    code, _, err = report(capsys, run_dir)
    assert code == 2 and one_line(err) and "chunk-000002.parquet: checksum mismatch" in err
    with pytest.raises(InputError, match="chunk-000002"):
        chunk_files(run_dir)
    code, _, err = resume(capsys, run_dir)
    assert code == 0, err
    assert "chunk-000002: checksum mismatch, replaying" in err
    assert "chunk-000001" not in err and "chunk-000003" not in err
    assert_whole_rows(run_dir, whole)
    assert verify(capsys, run_dir)[0] == 0


def test_a_copied_chunk_with_its_checksum_updated_is_still_caught_by_verify(run_dir, capsys):
    shutil.copy(chunk(run_dir, 1), chunk(run_dir, 2))
    m = read_m(run_dir)
    m["chunks"][2]["sha256"] = hashlib.sha256(chunk(run_dir, 2).read_bytes()).hexdigest()
    write_m(run_dir, m)
    code, out, _ = verify(capsys, run_dir)
    assert code == 1
    assert "chunk-000002: game ids 50..99, the manifest says 100..149" in out


def test_every_bit_flip_in_a_chunk_is_detected(run_dir, capsys):
    f = chunk(run_dir, 1)
    good = f.read_bytes()
    n = len(good)
    positions = sorted({0, 3, 4, 100, n // 4, n // 2, 3 * n // 4, n - 9, n - 5, n - 1})
    for k, pos in enumerate(positions):
        bad = bytearray(good)
        bad[pos] ^= 1 << (k % 8)
        f.write_bytes(bytes(bad))
        code, out, _ = verify(capsys, run_dir)
        assert code == 1 and "chunk-000001: checksum mismatch" in out, pos
        with pytest.raises(InputError, match="chunk-000001"):
            chunk_files(run_dir)
    f.write_bytes(good)
    assert verify(capsys, run_dir)[0] == 0


def test_missing_and_truncated_chunks(run_dir, whole, capsys):
    chunk(run_dir, 0).unlink()
    f = chunk(run_dir, 3)
    f.write_bytes(f.read_bytes()[:300])
    code, out, _ = verify(capsys, run_dir)
    assert code == 1
    assert "chunk-000000: missing" in out and "chunk-000003: checksum mismatch" in out
    assert "2 of 4 chunk(s)" in out
    code, _, err = resume(capsys, run_dir)
    assert code == 0
    assert "chunk-000000: missing, replaying" in err
    assert "chunk-000003: checksum mismatch, replaying" in err
    assert_whole_rows(run_dir, whole)


# --- the chunk list against the plan ---------------------------------------------------------


@pytest.mark.parametrize(
    "edit, words",
    [
        (lambda m: m["chunks"].__delitem__(slice(1, None)), "cut or padded"),
        (lambda m: m["chunks"].append(dict(m["chunks"][-1])), "cut or padded"),
        (lambda m: m["chunks"].reverse(), "chunks[0].index"),
        (lambda m: m["chunks"][2].update(first_game=50), "chunks[2].first_game"),
        (lambda m: m["chunks"][3].update(n_games=60), "chunks[3].n_games"),
        (lambda m: m["chunks"][1].update(file="chunks/chunk-000002.parquet"), "chunks[1].file"),
        (lambda m: m.update(games=400), "cut or padded"),
    ],
)
def test_a_chunk_list_that_is_not_the_plan_is_refused(run_dir, capsys, edit, words):
    m = read_m(run_dir)
    edit(m)
    write_m(run_dir, m)
    for command in (verify, report):
        code, _, err = command(capsys, run_dir)
        assert code == 2 and one_line(err) and words in err, err
    code, _, err = resume(capsys, run_dir)
    assert code == 2 and one_line(err) and words in err, err


def test_cut_list_is_not_a_complete_run(run_dir, capsys):
    """The issue's case: a cut list once gave a 'complete' run of a fraction of the games."""
    m = read_m(run_dir)
    m["chunks"] = m["chunks"][:1]
    write_m(run_dir, m)
    code, _, err = report(capsys, run_dir)
    assert code == 2 and "1 entries; a run of 200 games in chunks of 50 has 4" in err


# --- hand-edited manifests: one line each ----------------------------------------------------


def _set(path, value):
    def edit(m):
        *head, last = path.split(".")
        d = m
        for k in head:
            d = d[int(k)] if isinstance(d, list) else d[k]
        if value is KeyError:
            del d[last]
        elif isinstance(d, list):
            d[int(last)] = value
        else:
            d[last] = value

    return edit


BAD_MANIFESTS = [
    ("players", "4"),
    ("players", 10**30),
    ("players", True),
    ("games", KeyError),
    ("games", 10**30),
    ("seed", -1),
    ("seed", 2**64),
    ("chunk_size", 0),
    ("chunk_size", "50"),
    ("status", 7),
    ("status", "done"),
    ("chunks", {}),
    ("chunks.1", "chunks/chunk-000001.parquet"),
    ("chunks.1.n_games", "50"),
    ("chunks.1.index", KeyError),
    ("chunks.1.status", "finished"),
    ("chunks.1.seconds", "fast"),
    ("chunks.1.sha256", "zz"),
    ("chunks.1.rows", -1),
    ("chunks.1.rows", KeyError),
    ("strategies", "random"),
    ("strategies.0", 3),
    ("strategies.0.params", {"palace": "high"}),
    ("variants", [1]),
    ("board", "default"),
    ("command", 5),
    ("stop_outcome", {"reason": 1, "games": 3}),
    ("stopping", {"target_ci": 7, "round_chunks": 4}),
    ("format", "palace-lab-run/0"),
    ("game", KeyError),
]


@pytest.mark.parametrize(
    "path, value", BAD_MANIFESTS, ids=[f"{p}={v!r}"[:40] for p, v in BAD_MANIFESTS]
)
def test_hand_edited_manifest_fields_are_one_line(run_dir, capsys, path, value):
    m = read_m(run_dir)
    _set(path, value)(m)
    write_m(run_dir, m)
    before = snapshot(run_dir)
    key = path.split(".")[-1] if value is not KeyError else path.split(".")[-1]
    for command in (verify, report, resume):
        code, _, err = command(capsys, run_dir)
        assert code == 2, (command.__name__, err)
        assert one_line(err), (command.__name__, err)
        assert key in err or "format" in err, err
    assert snapshot(run_dir) == before


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "[]",
        '"manifest"',
        "[" * 100000 + "]" * 100000,
        "x" * 10,
    ],
    ids=["empty", "cut", "list", "string", "deep", "junk"],
)
def test_unparsable_manifests_are_one_line(run_dir, capsys, text):
    (run_dir / "manifest.json").write_text(text)
    for command in (verify, report, resume):
        code, _, err = command(capsys, run_dir)
        assert code == 2 and one_line(err) and "manifest" in err, err


@pytest.mark.parametrize("token", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_nan_and_infinity_in_a_manifest_are_refused(run_dir, capsys, token):
    text = (run_dir / "manifest.json").read_text()
    text = text.replace('"seconds": ', f'"seconds": {token}, "was": ', 1)
    (run_dir / "manifest.json").write_text(text)
    for command in (verify, report, resume):
        code, _, err = command(capsys, run_dir)
        assert code == 2 and one_line(err), err
        assert "unreadable manifest" in err


def test_nan_is_never_written(tmp_path, capsys):
    with pytest.raises(InputError, match=r"strategies\.0\.params\.palace"):
        manifest.save_manifest(tmp_path, {"strategies": [{"params": {"palace": float("nan")}}]})
    assert list(tmp_path.iterdir()) == []
    out = tmp_path / "r"
    code, _, err = run_cli(capsys, "run", "--players", PLAYERS, "--games", GAMES, "--workers", 1,
                           "--strategy", "weighted:palace=nan", "--out", out)  # fmt: skip
    assert code == 2 and one_line(err), err
    assert not out.exists()


def test_symlinked_manifest_is_refused(run_dir, tmp_path, capsys):
    real = tmp_path / "elsewhere.json"
    shutil.move(run_dir / "manifest.json", real)
    (run_dir / "manifest.json").symlink_to(real)
    before = real.read_bytes()
    for command in (verify, report, resume):
        code, _, err = command(capsys, run_dir)
        assert code == 2 and one_line(err) and "symlink" in err, err
    assert real.read_bytes() == before


# --- older manifests without checksums -------------------------------------------------------


def test_manifests_without_checksums_are_read_as_unverified(run_dir, whole, capsys):
    m = read_m(run_dir)
    for c in m["chunks"]:
        del c["sha256"], c["rows"]
    write_m(run_dir, m)
    assert rows(run_dir).equals(rows(whole))  # still readable ...
    assert "4 chunk(s) unverified" in capsys.readouterr().err  # ... and it says so
    code, out, _ = verify(capsys, run_dir)
    assert code == 0 and "unverified" in out
    # a copied chunk keeps its row count: only the game ids betray it
    shutil.copy(chunk(run_dir, 1), chunk(run_dir, 2))
    code, out, _ = verify(capsys, run_dir)
    assert code == 1 and "chunk-000002: game ids 50..99" in out
    code, _, err = resume(capsys, run_dir)
    assert (
        code == 0 and "chunk-000002: game ids 50..99, the manifest says 100..149, replaying" in err
    )
    assert "3 chunk(s) without checksum (older run) checked" in err
    assert_whole_rows(run_dir, whole)
    m = read_m(run_dir)
    for i, c in enumerate(m["chunks"]):  # resume recorded checksums for every chunk
        assert c["sha256"] == hashlib.sha256(chunk(run_dir, i).read_bytes()).hexdigest()


# --- resume deletes only its own leftovers ---------------------------------------------------


def test_resume_deletes_only_its_own_temporary_files(run_dir, capsys):
    mine = [run_dir / "chunks" / "notes.txt", run_dir / "chunks" / ".tmp-mine",
            run_dir / ".manifest.json.backup", run_dir / "README"]  # fmt: skip
    for p in mine:
        p.write_text("the user's")
    ours = [
        run_dir / "chunks" / ".tmp-chunk-000001.parquet.4242",
        run_dir / ".manifest.json.4242.tmp",
    ]
    for p in ours:
        p.write_bytes(b"half")
    code, _, err = resume(capsys, run_dir)
    assert code == 0, err
    assert all(p.read_text() == "the user's" for p in mine)
    assert not any(p.exists() for p in ours)


# --- one writer at a time --------------------------------------------------------------------


def _hold_lock(out):
    fd = os.open(out / ".lock", os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    os.ftruncate(fd, 0)
    os.write(fd, b"4321\n")
    return fd


def test_a_second_writer_is_refused(run_dir, whole, tmp_path, capsys):
    chunk(run_dir, 3).unlink()  # something to resume
    before = snapshot(run_dir)
    fd = _hold_lock(run_dir)
    try:
        code, _, err = resume(capsys, run_dir)
        assert code == 2 and one_line(err), err
        assert "is being written by another palace-lab process (pid 4321)" in err
        code, out, _ = verify(capsys, run_dir)
        assert code == 1 and "being written by another palace-lab process (pid 4321)" in out
        # a new run into an empty directory someone else is starting
        fresh = tmp_path / "fresh"
        fresh.mkdir()
        fd2 = _hold_lock(fresh)
        try:
            code, _, err = run_cli(capsys, "run", *ARGS, "--out", fresh)
            assert code == 2 and one_line(err) and "pid 4321" in err, err
            assert not (fresh / "manifest.json").exists()
        finally:
            os.close(fd2)
    finally:
        os.close(fd)  # closing drops the lock
    assert {k: v for k, v in snapshot(run_dir).items() if k.name != ".lock"} == {
        k: v for k, v in before.items() if k.name != ".lock"
    }
    code, _, err = resume(capsys, run_dir)
    assert code == 0, err
    assert_whole_rows(run_dir, whole)


@pytest.mark.parametrize("kind", ["symlink", "hard link"])
def test_a_linked_lock_file_is_refused(run_dir, tmp_path, capsys, kind):
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"precious\n")
    (run_dir / ".lock").unlink()
    if kind == "symlink":
        (run_dir / ".lock").symlink_to(victim)
    else:
        os.link(victim, run_dir / ".lock")
    chunk(run_dir, 3).unlink()
    code, _, err = resume(capsys, run_dir)
    assert code == 2 and one_line(err) and ".lock" in err, err
    assert victim.read_bytes() == b"precious\n"


def test_a_deleted_chunks_folder_is_replayed(run_dir, whole, capsys):
    shutil.rmtree(run_dir / "chunks")
    code, _, err = resume(capsys, run_dir)
    assert code == 0, err
    assert err.count(": missing, replaying") == 4
    assert_whole_rows(run_dir, whole)


# --- disk full --------------------------------------------------------------------------------


def _enospc_after(calls):
    """A writer that writes `calls` whole files, then half of the next one and fails."""
    state = {"n": 0}
    real = chunk_store._write_all

    def write(fd, data):
        state["n"] += 1
        if state["n"] > calls:
            os.write(fd, data[: len(data) // 2])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd, data)

    return write


def _no_temporaries(out):
    names = [p.name for p in out.rglob("*")]
    return not [n for n in names if n.startswith(".tmp-") or n.endswith(".tmp")]


def test_disk_full_while_writing_a_chunk(tmp_path, whole, capsys, monkeypatch):
    out = tmp_path / "run"
    monkeypatch.setattr(chunk_store, "_write_all", _enospc_after(2))
    code, _, err = run_cli(capsys, "run", *ARGS, "--out", out)
    assert code == 1
    assert one_line(err), err
    assert "chunk-000002.parquet: No space left on device" in err
    assert f"--out {out} --resume" in err
    assert _no_temporaries(out)
    m = read_m(out)  # a whole manifest: the two written chunks, with their checksums
    assert [c["status"] for c in m["chunks"]] == ["done", "done", "pending", "pending"]
    assert sorted(p.name for p in (out / "chunks").iterdir()) == [
        "chunk-000000.parquet",
        "chunk-000001.parquet",
    ]
    code, stdout, _ = verify(capsys, out)
    assert code == 1 and "unfinished" in stdout and "--resume" in stdout
    monkeypatch.undo()
    code, _, err = resume(capsys, out)
    assert code == 0, err
    assert_whole_rows(out, whole)
    for a, b in zip(read_m(out)["chunks"], read_m(whole)["chunks"], strict=True):
        assert a["sha256"] == b["sha256"]  # the same bytes as the uninterrupted run


def _interrupted(out):
    """The run as an interruption leaves it: the last chunk pending, its file not written."""
    m = read_m(out)
    m["status"] = "interrupted"
    c = m["chunks"][3]
    c["status"] = "pending"
    del c["sha256"], c["rows"]
    write_m(out, m)
    chunk(out, 3).unlink()


def test_disk_full_when_a_run_starts_leaves_nothing(tmp_path, capsys, monkeypatch):
    def full(fd, data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(manifest, "_write_all", full)
    out = tmp_path / "new" / "run"
    code, _, err = run_cli(capsys, "run", *ARGS, "--out", out)
    assert code == 1 and one_line(err), err
    assert "manifest.json: No space left on device" in err and "--resume" not in err
    assert list(tmp_path.iterdir()) == []  # the folders it made are gone again


def test_disk_full_while_writing_the_manifest(run_dir, whole, capsys, monkeypatch):
    _interrupted(run_dir)
    before = (run_dir / "manifest.json").read_bytes()
    real = manifest._write_all

    def full(fd, data):
        os.write(fd, data[:10])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(manifest, "_write_all", full)
    code, _, err = resume(capsys, run_dir)
    assert code == 1 and one_line(err), err
    assert "manifest.json: No space left on device" in err and "--resume" in err
    assert (run_dir / "manifest.json").read_bytes() == before  # the previous whole one
    assert _no_temporaries(run_dir)
    # the manifest fails only at the end: the chunk is written, the manifest stays whole
    calls = {"n": 0}

    def late(fd, data):
        calls["n"] += 1
        (real if calls["n"] == 1 else full)(fd, data)

    monkeypatch.setattr(manifest, "_write_all", late)
    code, _, err = resume(capsys, run_dir)
    lines = [x for x in err.splitlines() if "games/s" not in x]  # the progress line is fine
    assert code == 1 and len(lines) == 1 and "Traceback" not in err, err
    assert "manifest.json: No space left on device" in lines[0]
    assert json.loads((run_dir / "manifest.json").read_text())["status"] == "running"
    assert _no_temporaries(run_dir)
    monkeypatch.undo()
    code, _, err = resume(capsys, run_dir)
    assert code == 0, err
    assert_whole_rows(run_dir, whole)
    assert verify(capsys, run_dir)[0] == 0


# --- verify on paths that are not runs; folders of runs ----------------------------------------


def test_verify_exit_codes_over_several_paths(run_dir, whole, tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    code, _, err = verify(capsys, tmp_path / "empty")
    assert code == 2 and one_line(err) and "holds no run" in err
    code, _, err = verify(capsys, tmp_path / "missing")
    assert code == 2 and one_line(err) and "not a directory" in err
    code, out, _ = verify(capsys, tmp_path)  # a folder whose subfolder is a run (a study)
    assert code == 0 and "whole" in out
    shutil.copy(chunk(run_dir, 0), chunk(run_dir, 1))
    code, out, err = verify(capsys, whole, run_dir, tmp_path / "empty")
    assert code == 2 and out.count(": whole:") == 1 and ": damaged:" in out and one_line(err)
