"""The HTML report: figures equal direct polars sums, self-contained, escaped, CLI errors."""

import json
import re

import polars as pl
import pytest

import cli
from tests.cli_run import run_cli
from tests.report_fixtures import write_run

EVIL = '<b>"&bad'


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("report-runs")
    write_run(root / "base", players=4, games=800, seed=11, chunk_size=300)
    write_run(root / "yogi", players=4, games=600, seed=12, variants=("yogi",))
    write_run(root / "three", players=3, games=500, seed=13)
    m = json.loads((root / "base" / "manifest.json").read_text())
    m["strategies"][0]["name"] = EVIL  # a user-chosen name must come out escaped
    (root / "base" / "manifest.json").write_text(json.dumps(m))
    return root


@pytest.fixture(scope="module")
def report(runs, tmp_path_factory):
    out = tmp_path_factory.mktemp("report") / "report.html"
    try:
        cli.main(
            [
                "report",
                str(runs / "base"),
                str(runs / "yogi"),
                str(runs / "three"),
                "--out",
                str(out),
            ]
        )
    except SystemExit as e:
        assert e.code == 0
    return out


def test_report_figures_agree_with_direct_polars(runs, report):
    html = report.read_text()
    for name, n_players in (("base", 4), ("three", 3)):
        df = pl.read_parquet(str(runs / name / "chunks" / "*.parquet"))
        direct = df.group_by("start_character").agg(pl.col("winner").mean(), pl.len())
        for char, rate, n in direct.iter_rows():
            # The table row: character, win rate, interval, n, fair share.
            cells = [char, f"{100 * rate:.1f}%", "[^<]*", f"{n:,}", f"{100 / n_players:.1f}%"]
            want = "".join(
                f"<td>{c}</td>" if k == 0 else f'<td class="num">{c}</td>'
                for k, c in enumerate(cells)
            )
            assert re.search(want, html), (name, char)
    assert "fair share" in html


def test_report_is_self_contained_and_names_are_escaped(report):
    html = report.read_text()
    srcs = re.findall(r'(?:src|href)="([^"]*)"', html)
    assert srcs and all(s.startswith(("data:", "#")) for s in srcs)
    assert "http://" not in html.split("<script>")[0].replace("http://www.w3.org", "")
    assert html.count('<img src="data:image/svg+xml;base64,') >= 6
    assert EVIL not in html
    assert "&lt;b&gt;&#34;&amp;bad" in html
    pngs = sorted(p.name for p in (report.parent / "report_charts").glob("*.png"))
    assert "start-character-4p.png" in pngs and "diff-start-character-4p.png" in pngs
    assert all((report.parent / "report_charts" / p).read_bytes()[:4] == b"\x89PNG" for p in pngs)


def test_report_sentences_come_from_the_numbers(runs, report):
    html = report.read_text()
    df = pl.read_parquet(str(runs / "base" / "chunks" / "*.parquet"))
    best = df.group_by("start_character").agg(pl.col("winner").mean()).sort("winner").row(-1)
    assert f"the best starting character is {best[0]}: it wins {100 * best[1]:.1f}%" in html
    assert "against a fair 25.0%" in html
    assert "variant yogi against basic game" in html


def test_report_bad_input_is_one_line_exit_2(tmp_path, runs, capsys):
    out = tmp_path / "r.html"
    code, _, err = run_cli(capsys, "report", tmp_path, "--out", out)
    assert code == 2 and err.count("\n") == 1 and "no runs found" in err
    other = tmp_path / "other"
    write_run(other, players=2, games=20, seed=1, game="chess")
    code, _, err = run_cli(capsys, "report", runs / "base", other, "--out", out)
    assert code == 2 and "different games" in err and "Traceback" not in err
    assert not out.exists()


def test_differences_read_in_win_rate_points_never_percent(report):
    html = report.read_text()
    units = html.index('id="units"')
    assert units < html.index('id="summary"')  # said once near the top
    assert "win-rate points" in html[units : units + 400]
    heads = re.findall(r"<th[^>]*>([^<]*)</th>", html)
    diffs = [h for h in heads if h.startswith("difference (run − against)")]
    assert diffs and any(h.endswith("win-rate points") for h in diffs)
    text = re.sub(r"<[^>]+>", " ", html)
    assert not re.search(r"±\s*\d+(\.\d+)?\s*%", text)  # a ± is a difference: no %
    assert not re.search(r"(?<![\w.])[+−]\d+(\.\d+)?\s*%", text)  # nor a signed change
