"""The first screen as a reader sees it (issue 33): for every game (the four built-in
ones, the dice example, the toy), a page opened in headless Chromium at 1366×768 shows the
one sentence, the verdict grid and the next step without scrolling; the sentence is the
verdict file's `summary`; every figure on the card is the file's; every run the header
counts is listed in Reproducibility."""

import json
import re
import shutil
import subprocess

import pytest

from simcore.core.contract.games import games, get_game
from tests.cli_run import run_cli

pytestmark = pytest.mark.slow  # plays and renders every game (about a minute each, cold)
CHROMIUM = shutil.which("chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--window-size=1366,768"]  # fmt: skip


def _page(tmp_path, capsys, name: str):
    """A small run of the game at its usual count, with its ladder's settings, and its page."""
    game = get_game(name)
    lad = game.ladder(game.default_players, False)
    sets = [x for s in (lad.sets if lad else ()) for x in ("--set", s)]
    run = tmp_path / name
    args = ["run", "--game", name, "--games", "800", "--chunk-size", "400", *sets]
    code, _, err = run_cli(capsys, *args, "--out", run)
    assert code == 0, err
    page = tmp_path / f"{name}.html"
    code, out, err = run_cli(capsys, "report", run, "--out", page)
    assert code == 0, err
    return page, out


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")


@pytest.mark.parametrize("name", sorted(games()))
def test_first_screen_answers_and_agrees_with_the_file(tmp_path, capsys, name):
    page, said = _page(tmp_path, capsys, name)
    html = page.read_text()
    doc = json.loads(page.with_suffix(".verdict.json").read_text())
    sentence = re.search(r'id="summary-sentence">(.*?)</p>', html, flags=re.S).group(1)
    assert _text(sentence) == doc["summary"] and doc["summary"].endswith(".")
    assert doc["next_step"]["text"] and doc["numbering"].startswith("seats and positions")
    card = _text(html.split('id="verdict"', 1)[1].split("</details>", 1)[0])
    for f in doc["findings"]:  # each figure on the card is the file's, to one decimal
        shown = round(f["effect"], 1) or 0.0  # one decimal, and never "-0.0"
        assert f"{shown:+.1f}" in card, (f["label"], f["effect"])
    # the header's count is the runs Reproducibility lists, and the CLI's line says the same
    runs = int(re.search(r"· (\d+) run\(s\) ·", html).group(1))
    repro = html.split('id="repro"', 1)[1]
    assert repro.count('class="cmd"') == runs and f"({runs} run(s)," in said
    if CHROMIUM is None:
        pytest.skip("needs Debian's `chromium` (.ci/run installs it)")
    cmd = [CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom",
           page.as_uri()]  # fmt: skip
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr[-2000:]
    seen = re.search(r'data-first-screen="([^"]*)"', p.stdout)
    view = re.search(r'data-viewport="(\d+)x(\d+)"', p.stdout)
    assert seen and view, "the page's load handler did not run"
    assert int(view.group(1)) == 1366 and int(view.group(2)) <= 768
    assert seen.group(1).split() == ["summary-sentence", "verdict-grid", "next-step"]
