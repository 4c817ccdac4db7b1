"""The report's reading aids: headline, family-wise flags, warnings, plain words, appendix,
old runs."""

import re

import polars as pl
import pytest

from analyses.balance import analyse, rate_intervals
from analyses.rundata import find_runs
from reports import tables as tb
from reports.render import render_report
from tests.report_fixtures import synthetic_frame, write_frame_run

WIN = (0.4, 0.25, 0.2, 0.15)


def _text(html: str) -> str:
    html = re.sub(r"<(style|script)>.*?</\1>", "", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    root = tmp_path_factory.mktemp("synthetic")
    df = synthetic_frame(3000, seed=21, win_by_order=WIN, never=("Quarry",))
    write_frame_run(root / "runs" / "new", df, 4, rules={"deal": "random", "first_chooser": 0})
    out = root / "report.html"
    b = analyse(find_runs([root / "runs"]))
    render_report(b, out, ["palace-lab", "report"], headline_extra=["Robust: first sentence."])
    return df, b, out.read_text()


def test_headline_comes_first_and_speaks_of_turn_order_and_choice(report):
    df, b, html = report
    head = re.search(r'<div class="headline">(.*?)</div>', html, flags=re.S).group(1)
    sentences = re.findall(r"<p>(.*?)</p>", head, flags=re.S)
    assert 3 <= len(sentences) <= 5 and sentences[0] == "Robust: first sentence."
    text = " ".join(sentences)
    # Built in: acting first wins 40% against a fair 25%, i.e. +15 points.
    m = re.search(r"Being the player 1st in round 1, beyond .*?: ([+-]\d+\.\d) \(", text)
    assert m and 11.0 <= float(m.group(1)) <= 19.0
    assert "dealt at random (deal=random)" in text
    assert "the 1st to choose wins" in text
    assert html.index('id="headline"') < html.index('id="summary"')


def test_warnings_name_the_degenerate_patterns(report):
    _, _, html = report
    text = _text(html)
    for strategy in ("greedy", "scripted"):
        assert f"the {strategy} strategy never took the action Quarry" in text
    # The Yogi is not dealt in the basic game: no "never started" for it.
    assert "never started" not in text


def test_plain_words_instead_of_codes(report):
    _, _, html = report
    text = _text(html)
    assert "governor reached field 10" in text and "1st in round 1" in text
    assert "<td>field10</td>" not in html and "seat 1" in text
    assert "characters dealt at random (deal=random); seat 1 chooses first" in text


def test_character_vs_turn_order_section(report):
    _, b, html = report
    text = _text(html)
    assert "Starting character and round-1 turn position estimated jointly" in text
    assert "clustered by game" in text
    assert "win rate by starting character and round-1 turn position" in text
    # The Mogul is only ever first: its row has 'never' under every other position.
    row = re.search(r"<tr><td>Mogul</td>(.*?)</tr>", html.split("round-1 turn position")[-1])
    assert row is None or "never" in row.group(1)
    assert 'id="chart-joint-model-effects"' in html and "heat-" in html


def test_action_mix_appendix_matches_direct_polars(report):
    df, b, html = report
    g = df.filter(pl.col("strategy") == "greedy")
    want = (g["act_Gold"].cast(pl.Float64) / g["rounds"].cast(pl.Float64)).mean()
    row = b.actions.filter((pl.col("strategy") == "greedy") & (pl.col("action") == "Gold"))
    assert row["mean"].item() == pytest.approx(want)
    assert f"{want:.3f}" in html and "Actions and decisions per round by strategy" in html


def test_flags_are_the_family_wise_intervals():
    # m = 4 rows of one player count: z = z(1 - 0.05/8) = 2.4977. Wilson by hand for 40/100:
    # centre (0.4 + z²/200) / (1 + z²/100) = 0.4059, half z·sqrt(0.0024 + z²/40000)/1.0624 =
    # 0.1189: 28.7–52.5%, above 25%; 33/100: lower end 22.6% and 34/100: 23.4%, n.s.
    d = pl.DataFrame(
        {
            "run": ["r"] * 4,
            "players": [4] * 4,
            "seat": [0, 1, 2, 3],
            "wins": [40, 33, 34, 41],
            "n": [100] * 4,
            "rate": [0.40, 0.33, 0.34, 0.41],
            "fair": [0.25] * 4,
        }
    )
    from simcore.core.contract.games import get_game

    r = rate_intervals(d)
    assert r["family"].to_list() == [4] * 4
    t = tb.rate_table(r, "seat", "x", get_game("maharaja"))
    assert t.rows[0][4][0] == "28.7–52.5%"
    flags = [row[-1][0] for row in t.rows]
    # fewer than SUPPORT (200) seats: flagged but greyed, and the flag says why
    assert flags == ["above fair (n < 200)", "n.s. (n < 200)", "n.s. (n < 200)",
                     "above fair (n < 200)"]  # fmt: skip
    assert {row[-1][1] for row in t.rows} == {"ns"}
    assert "m = 4 per player count" in t.note
    big = rate_intervals(d.with_columns(pl.col("wins") * 3, pl.col("n") * 3))
    t = tb.rate_table(big, "seat", "x", get_game("maharaja"))
    assert [row[-1] for row in t.rows][0] == ("above fair", "up")


def test_old_runs_and_decided_games(tmp_path):
    old = synthetic_frame(600, seed=3, new_columns=False)
    decided = synthetic_frame(600, seed=4, win_by_order=(0.97, 0.01, 0.01, 0.01))
    write_frame_run(tmp_path / "runs" / "old", old, 4)
    write_frame_run(tmp_path / "runs" / "decided", decided, 4, variants=["yogi"])
    out = tmp_path / "r.html"
    render_report(analyse(find_runs([tmp_path / "runs"])), out, ["palace-lab", "report"])
    text = _text(out.read_text())
    assert "do not record actions" in text
    assert "round-1 turn position decides the game" in text and "1st in round 1 wins 9" in text
    # The yogi run is compared with the basic-game run, not with the first folder.
    assert "compared with 'basic game'" in text


def test_warnings_for_characters_never_started_or_never_held(tmp_path):
    from analyses.checks import warnings_for

    df = synthetic_frame(800, seed=5)
    builder_games = df.filter(pl.col("start_character") == "Builder")["game_id"].unique()
    df = df.filter(~pl.col("game_id").is_in(builder_games.implode()))
    df = df.with_columns(
        pl.when(pl.col("end_character") == "Artist")
        .then(pl.lit("Monk"))
        .otherwise(pl.col("end_character"))
        .alias("end_character")
    )
    write_frame_run(tmp_path / "run", df, 4)
    text = " ".join(warnings_for(analyse(find_runs([tmp_path / "run"]))))
    assert "Builder never occurred as starting character" in text
    assert "Artist started games but never ended one in a player's hand" in text
    assert "Yogi" not in text and "decides the game" not in text


def test_real_runs_with_the_new_columns(tmp_path):
    from tests.report_fixtures import write_run

    write_run(tmp_path / "runs" / "dealt", players=4, games=300, seed=31, sets=("deal=random",))
    write_run(tmp_path / "runs" / "chosen", players=4, games=300, seed=32)
    b = analyse(find_runs([tmp_path / "runs"]))
    # The basic game (deal=choose, the rulebook) is the baseline whatever the folder names.
    assert b.baseline == {4: "basic game"}
    # choice_order is recorded only where the strategies chose.
    choice = b.rates["choice_order"]
    assert set(choice["run"]) == {"basic game"} and choice["n"].sum() == 300 * 4
    assert {f.run for f in b.model} == {"basic game", "deal=random"}
    # The action mix adds up with forfeits to 2 x rounds + chips used (docs/RESULTS.md).
    df = pl.read_parquet(str(tmp_path / "runs" / "dealt" / "chunks" / "*.parquet"))
    acts = sum(df[c].cast(pl.Int64) for c in df.columns if c.startswith("act_"))
    want = 2 * df["rounds"].cast(pl.Int64) + df["chips_used"].cast(pl.Int64)
    assert (acts + df["forfeits"].cast(pl.Int64) == want).all()
    out = tmp_path / "r.html"
    render_report(b, out, ["palace-lab", "report"])
    text = _text(out.read_text())
    assert "Actions and decisions per round by strategy" in text and "Palace+house" in text
    assert "compared with 'basic game'" in text


def test_headline_with_several_basic_runs_names_none(tmp_path):
    from reports.findings import headline

    for name, seed in (("a", 1), ("b", 2)):
        write_frame_run(tmp_path / "runs" / name, synthetic_frame(300, seed=seed), 4)
    b = analyse(find_runs([tmp_path / "runs"]))
    assert b.baseline == {} and "several runs" in b.baseline_notes[4]
    (sentence,) = headline(b)
    assert "2 runs play the same game" in sentence
    assert headline(b, ["Verdict."])[0] == "Verdict."


def test_rate_and_heat_charts_use_a_fixed_scale(monkeypatch):
    from reports import charts as ch

    seen = {}

    def keep(fig, name, title, png_dir):
        seen[name] = fig
        return ch.Chart(name, title, "", None)

    monkeypatch.setattr(ch, "save", keep)
    lf = synthetic_frame(400, seed=2).with_columns(pl.lit("r").alias("run")).lazy()
    from analyses.joint_keys import cell_rates
    from analyses.rates import win_rates
    from simcore.core.contract.games import get_game

    game = get_game("maharaja")
    ch.rate_chart(win_rates(lf, "seat"), "seat", 4, "t", None, game)
    ch.heat_chart(cell_rates(lf, game.joint), "r", 4, None, game)
    (ax,) = seen["seat-4p"].axes
    assert ax.get_xlim() == (0.0, 100.0)
    img = seen["heat-r-4p"].axes[0].images[0]
    assert (img.norm.vmin, img.norm.vcenter, img.norm.vmax) == (0.0, 25.0, 100.0)


def test_repeated_warnings_are_stated_once_with_where_and_count():
    from reports.notes import grouped_warnings

    lines = [
        "4 players, a: X never occurred as starting character.",
        "5 players, b: X never occurred as starting character.",
        "4 players, a: the weighted strategy never took the action pass (10 seats).",
        "Strategies made 3 illegal requests.",
    ]
    out = grouped_warnings(lines)
    assert out == [
        "4 players, a; 5 players, b (2 runs): X never occurred as starting character.",
        "4 players, a: the weighted strategy never took the action pass (10 seats).",
        "Strategies made 3 illegal requests.",
    ]
