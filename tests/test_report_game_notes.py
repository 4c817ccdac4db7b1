"""A game's own notes (its data files are reconstructions) stand in the page's header,
above any figure, and once: not again below the fold."""

import re

from simcore.core.contract.games import get_game
from tests.cli_run import run_cli


def test_reconstruction_notice_is_in_the_header(capsys, tmp_path):
    run = tmp_path / "run"
    code, _, err = run_cli(capsys, "run", "--game", "palast", "--players", "4", "--games", "300",
                           "--strategy", "random", "--workers", "1", "--out", str(run))  # fmt: skip
    assert code == 0, err
    page = tmp_path / "report.html"
    code, _, err = run_cli(capsys, "report", str(run), "--out", str(page))
    assert code == 0, err
    html = page.read_text()
    notes = get_game("palast").notes
    assert notes and any("reconstruction" in n for n in notes)
    header = html.index('id="game-notes"')
    # after the title and its meta line, before the first section of figures
    assert (
        html.index("<h1>")
        < header
        < min(html.index(f'id="{x}"') for x in ("headline", "summary") if f'id="{x}"' in html)
    )
    body = re.sub(r"\s+", " ", html)
    for n in notes:
        assert body.count(re.sub(r"\s+", " ", n)[:60]) == 1  # shown once, at the top
