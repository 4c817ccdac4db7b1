"""The page's conventions, checked on a generated report: every flag is what its printed
interval says (family-wise, like the verdicts), colours never say more than the flag, the
conventions are stated once, and a difference has one sign wherever it is printed."""

import re

import polars as pl
import pytest

from analyses.balance import analyse
from analyses.multiple import FAMILY_NOTE
from analyses.robustness import setting_effect
from analyses.rundata import find_runs
from reports.render import render_report
from simcore.core.contract.games import get_game
from tests.report_fixtures import synthetic_frame, write_frame_run

UP = {"above", "higher", "stronger"}  # a flag's first word
DOWN = {"below", "lower", "weaker"}
ROUNDING = 0.05  # printed with one decimal: "-0.0" may be an interval end just below 0


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    root = tmp_path_factory.mktemp("conventions")
    # As chosen the Mogul wins twice its weight; dealt at random it does not: the dealt run
    # differs from the basic game by several points for the Mogul (a known sign: lower).
    chosen = synthetic_frame(3000, seed=41, char_weight={"Mogul": 2.0})
    dealt = synthetic_frame(3000, seed=42)
    write_frame_run(root / "runs" / "basic", chosen, 4)
    write_frame_run(root / "runs" / "dealt", dealt, 4, rules={"deal": "random"},
                    rules_changed={"deal": "random"})  # fmt: skip
    b = analyse(find_runs([root / "runs"]))
    out = root / "report.html"
    render_report(b, out, ["palace-lab", "report"])
    return b, out.read_text()


def _tables(html: str):
    """(headers, rows of (text, class)) per table of the page."""
    out = []
    for t in re.findall(r'<table class="data">(.*?)</table>', html, flags=re.S):
        heads = re.findall(r"<th>(.*?)</th>", t)
        rows = []
        for tr in re.findall(r"<tr>(.*?)</tr>", t.split("<tbody>")[-1], flags=re.S):
            cells = re.findall(r'<td(?: class="([^"]*)")?>(.*?)</td>', tr, flags=re.S)
            rows.append([(text, cls) for cls, text in cells])
        out.append((heads, rows))
    return out


def _numbers(text: str) -> list[float]:
    return [float(x.replace("−", "-")) for x in re.findall(r"[-+−]?\d+(?:\.\d+)?", text)]


def test_every_flag_is_what_its_interval_says(page):
    assert flags_match_intervals(page[1]) > 20


def test_colours_never_say_more_than_the_flag(page):
    colours_within_flags(page[1])


def flags_match_intervals(html: str) -> int:
    """Every flag of every table with an interval column against that interval; returns how
    many rows it checked (tests/test_study.py runs it on a study's page too)."""
    checked = 0
    for heads, rows in _tables(html):
        ci = next((i for i, h in enumerate(heads) if "interval" in h), None)
        if ci is None:
            continue
        fair = heads.index("fair") if "fair" in heads else None
        for row in rows:
            flag = row[-1][0].split(" (")[0].split(" ")[0]
            if len(row) <= ci or flag not in UP | DOWN | {"n.s."}:
                continue
            lo, hi = _numbers(row[ci][0].replace("–", " "))[:2]
            ref = _numbers(row[fair][0])[0] if fair is not None else 0.0
            if "stronger" in flag or heads[0] == "bot":
                ref = 50.0
            if flag in UP:
                assert lo > ref - ROUNDING, (heads, row)
            elif flag in DOWN:
                assert hi < ref + ROUNDING, (heads, row)
            else:
                assert lo - ROUNDING <= ref <= hi + ROUNDING, (heads, row)
            checked += 1
    return checked


def colours_within_flags(html: str) -> None:
    """A red (up) or blue (down) cell only where its row's flag, or its own words, say so;
    thin cells never coloured."""
    for heads, rows in _tables(html):
        for row in rows:
            flag = row[-1][0].split(" (")[0].split(" ")[0]
            for text, cls in row:
                n = re.search(r"n=([\d,]+)", text)
                if n and int(n[1].replace(",", "")) < 200:
                    assert not {"up", "down"} & set((cls or "").split())  # thin: greyed
                    continue
                classes = set((cls or "").split())
                own = re.search(r"\((\d+\.\d)–(\d+\.\d)%\) n=", text)  # a heat-map cell
                if own:  # its colour is its own flag: the interval against the fair share
                    lo, hi = float(own[1]), float(own[2])
                    fair = 100 / (len(heads) - 1)  # a column per turn position: 1/players
                    assert ("up" in classes) <= (lo > fair - ROUNDING), (heads, row)
                    assert ("down" in classes) <= (hi < fair + ROUNDING), (heads, row)
                    assert ("up" in classes) >= (lo > fair + ROUNDING), (heads, row)
                    assert ("down" in classes) >= (hi < fair - ROUNDING), (heads, row)
                    continue
                said = {flag, text.split(" ")[0], text.rsplit(": ", 1)[-1]}  # own verdict
                if "up" in classes:
                    assert said & UP, (heads, row)
                if "down" in classes:
                    assert said & DOWN, (heads, row)


def test_conventions_are_stated_once(page):
    _, html = page
    assert html.count(FAMILY_NOTE.split(":")[0]) == 1
    # no interval left unadjusted (the chi-square tests, which print none, stay Holm)
    assert "plain 95%" not in html and "Holm-adjusted over the 2 tests" in html


def test_one_sign_for_one_difference(page):
    b, _ = page
    key = get_game("maharaja").primary
    runs = b.runs
    ce = {(r["players"], r["value"]): r for r in
          setting_effect(runs, ["deal=random"], key).iter_rows(named=True)}  # fmt: skip
    diffs = b.diffs[key.column].filter(pl.col("run") != pl.col("baseline"))
    assert diffs.height == len(ce) == 6
    for r in diffs.iter_rows(named=True):
        # the variants table: the dealt run minus the basic game; the setting section: with
        # the setting minus as played: the same difference, printed with the same sign
        other = ce[(r["players"], r[key.column])]
        assert other["diff"] == pytest.approx(r["diff"])
        assert (other["lo"], other["hi"]) == pytest.approx((r["lo"], r["hi"]))
    mogul = diffs.filter(pl.col(key.column) == "Mogul").row(0, named=True)
    assert mogul["diff"] < 0 and mogul["significant"]  # planted: twice the weight as chosen
