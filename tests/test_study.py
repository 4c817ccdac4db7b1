"""palace-lab study with tiny settings: one run per player count and a report whose figures
agree with a direct polars computation over the same Parquet files."""

import html as htmllib
import json
import re

import polars as pl

from analyses.studies import get_study, studies
from simcore.maharaja.game import NOT_YET
from simcore.maharaja.rules import VARIANTS
from tests.cli_run import run_cli


def _table(html: str, title: str) -> list[list[str]]:
    part = html.split(f"<h3>{title}</h3>", 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr>(.*?)</tr>", part, re.S)
    cells = [[htmllib.unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)]
             for r in rows]  # fmt: skip
    return [c for c in cells if c]


def test_study_report_agrees_with_polars(capsys, tmp_path):
    out = tmp_path / "study"
    code, _, err = run_cli(capsys, "study", "--out", str(out), "--games", "400",
                           "--chunk-size", "100", "--target-ci", "0.3")  # fmt: skip
    assert code == 0, err
    assert sorted(p.name for p in out.iterdir() if p.is_dir() and p.name[0] != ".") == [
        "2p", "3p", "4p", "5p", "report_charts"]  # fmt: skip
    for n in (2, 3, 4, 5):
        m = json.loads((out / f"{n}p" / "manifest.json").read_text())
        assert m["players"] == n and m["stopping"]["target_ci"] == 0.3
        assert {s["params"].get("char_noise") for s in m["strategies"]} == {1.0}
    html = (out / "report.html").read_text()
    assert "char_noise" in html  # the report says how characters were chosen
    direct = (
        pl.scan_parquet(str(out / "*p" / "chunks" / "*.parquet"))
        .group_by("players", "start_character")
        .agg(pl.col("winner").sum().alias("wins"), pl.len().alias("n"))
        .collect()
    )
    expect = {(p, c): (w, n) for p, c, w, n in direct.iter_rows()}
    got = {}
    for row in _table(html, "Win rate by starting character"):
        players, char, rate, n = int(row[1]), row[2], row[3], int(row[5].replace(",", ""))
        got[players, char] = (rate, n)
    assert got.keys() == expect.keys()
    for key, (w, n) in expect.items():
        assert got[key] == (f"{100 * w / n:.1f}%", n), key
    # every player count's games: n summed over characters = players x games played
    for p in (2, 3, 4, 5):
        games = pl.scan_parquet(str(out / f"{p}p" / "chunks" / "*.parquet")).select(
            pl.col("game_id").n_unique()).collect().item()  # fmt: skip
        assert sum(n for (q, _), (_, n) in expect.items() if q == p) == p * games


def test_study_list_and_unknown_name(capsys):
    code, out, _ = run_cli(capsys, "study", "--list")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == list(studies())
    code, _, err = run_cli(capsys, "study", "nonsense")
    assert code == 2 and "unknown study 'nonsense'" in err


def test_variants_study_covers_every_single_switch():
    # every one-switch variant is either played against the basic game or named as skipped
    # because the engine refuses it (NOT_YET); bundles (advanced1, ...) are not single
    st = get_study("variants")
    singles = [n for n, fields in VARIANTS.items() if len(fields) == 1]
    assert st.runs[0].variants == () and all(r.players == 4 for r in st.runs)
    played = [r.variants[0] for r in st.runs[1:]]
    skipped = [n for n in singles if n not in played]
    assert sorted(played + skipped) == sorted(singles)
    assert all(VARIANTS[n][0] not in NOT_YET for n in played)
    assert all(VARIANTS[n][0] in NOT_YET and n in " ".join(st.notes) for n in skipped)
