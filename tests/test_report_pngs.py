"""Chart PNG files written aside, in forked copies of the report's process (reports/charts.py)."""

from __future__ import annotations

import os
import time

import matplotlib.pyplot as plt
import pytest

from reports import charts


def _chart(png_dir, name):
    fig, ax = plt.subplots(figsize=(3, 2))
    ax.plot([0, 1, 2], [2, 0, 1], marker="o")
    ax.set_title(name)
    return charts.save(fig, name, name, png_dir)


@pytest.fixture
def two_cores(monkeypatch):
    monkeypatch.setattr(charts, "_cores", lambda: 2)


def test_pngs_aside_are_the_files_drawn_in_process(tmp_path, two_cores):
    inline, aside = tmp_path / "inline", tmp_path / "aside"
    inline.mkdir()
    aside.mkdir()
    first = [_chart(inline, f"c{i}") for i in range(3)]
    with charts.pngs_aside():
        second = [_chart(aside, f"c{i}") for i in range(3)]
        assert charts._PNG_WRITERS is not None  # (written aside, not here)
    assert charts._PNG_WRITERS is None
    for a, b in zip(first, second, strict=True):
        assert a.svg_data_uri == b.svg_data_uri
        assert a.png_path.read_bytes() == b.png_path.read_bytes()
        assert b.png_path.parent == aside


def test_a_png_that_cannot_be_written_fails_the_block(tmp_path, two_cores):
    with pytest.raises(OSError, match="1 of 2 chart PNG files"), charts.pngs_aside():
        _chart(tmp_path, "fine")
        _chart(tmp_path / "missing", "lost")
    assert (tmp_path / "fine.png").is_file()


def test_one_core_draws_in_process(tmp_path, monkeypatch):
    monkeypatch.setattr(charts, "_cores", lambda: 1)
    with charts.pngs_aside():
        assert charts._PNG_WRITERS is None
        _chart(tmp_path, "one")
    assert (tmp_path / "one.png").is_file()


def test_a_writer_that_hangs_is_killed_at_the_deadline(tmp_path, two_cores, monkeypatch):
    monkeypatch.setattr(charts, "PNG_TIMEOUT", 0.5)
    t0 = time.monotonic()
    with pytest.raises(OSError, match="1 of 2 chart PNG files"), charts.pngs_aside():
        _chart(tmp_path, "fine")
        pid = os.fork()
        if pid == 0:  # a writer that never ends
            time.sleep(60)
            os._exit(0)
        charts._PNG_WRITERS[-1].append(pid)
    assert time.monotonic() - t0 < 30  # killed at the deadline, not after the minute
    assert (tmp_path / "fine.png").is_file()
