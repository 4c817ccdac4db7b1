"""A rendered report in headless Chromium: charts decode, tables render, nothing fails to load."""

import re
import shutil
import subprocess

import pytest

from analyses.balance import analyse
from analyses.rundata import find_runs
from reports.render import render_report
from tests.report_fixtures import write_run

CHROMIUM = shutil.which("chromium")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="needs Debian's `chromium` (.ci/run installs it)"
)
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--enable-logging=stderr",
    "--v=0",
]


@pytest.mark.slow
def test_report_opens_in_headless_chromium(tmp_path):
    write_run(tmp_path / "runs" / "a", players=4, games=300, seed=5)
    write_run(tmp_path / "runs" / "b", players=4, games=300, seed=6, sets=("palace_cost=11",))
    out = tmp_path / "report.html"
    render_report(analyse(find_runs([tmp_path / "runs"])), out, ["palace-lab", "report"])
    n_img = out.read_text().count("<img ")
    cmd = [CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", out.as_uri()]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr[-2000:]
    dom = p.stdout
    # The page's load handler counts images that decoded (naturalWidth > 0).
    m = re.search(r'data-images="(\d+)/(\d+)"', dom)
    assert m, "load handler did not run"
    assert int(m.group(1)) == int(m.group(2)) == n_img > 0
    assert dom.count("<table") >= 8 and "Win rate by starting character" in dom
    assert not re.search(r"Failed to load|ERR_FILE_NOT_FOUND|net::ERR", p.stderr)
