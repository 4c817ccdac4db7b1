"""palace-lab sweep: one run per grid point, a report with the grid's charts; bad input
is one line, exit 2 and nothing written."""

import json

import pytest

from tests.cli_run import run_cli


def test_grid_gives_one_run_per_point_and_charts(capsys, tmp_path):
    out = tmp_path / "sw"
    code, _, err = run_cli(capsys, "sweep", "--set", "palace_cost=11,12", "--set",
                           "artist_palace_cost=8,9", "--players", "3", "--games", "300",
                           "--chunk-size", "150", "--strategy", "random",
                           "--out", str(out))  # fmt: skip
    assert code == 0, err
    runs = sorted(p.name for p in out.iterdir() if (p / "manifest.json").is_file())
    assert runs == [f"palace_cost={a},artist_palace_cost={b}" for a in (11, 12) for b in (8, 9)]
    for name in runs:
        m = json.loads((out / name / "manifest.json").read_text())
        a, b = (int(x.split("=")[1]) for x in name.split(","))
        assert (m["rules"]["palace_cost"], m["rules"]["artist_palace_cost"]) == (a, b)
    html = (out / "report.html").read_text()
    assert "Sweep over palace_cost, artist_palace_cost" in html
    assert (out / "report_charts" / "grid-start-character-3p.png").stat().st_size > 1000
    assert "one line per artist_palace_cost" in html


@pytest.mark.parametrize(
    "bad",
    ["nonsense=1,2", "palace_cost=", "palace_cost=10,,11", "palace_cost=ten", "palace_cost"],
)
def test_bad_sweep_parameter_exits_2_and_writes_nothing(capsys, tmp_path, bad):
    out = tmp_path / "sw"
    code, out_text, err = run_cli(capsys, "sweep", "--set", bad, "--games", "10", "--out", str(out))
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and err.startswith("palace-lab: error:")
    assert "Traceback" not in err
    assert not out.exists()
