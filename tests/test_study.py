"""palace-lab study with tiny settings: one run per player count and a report whose figures
agree with a direct polars computation over the same Parquet files."""

import html as htmllib
import json
import math
import re

import polars as pl
import pytest

from analyses.multiple import family_z
from jobs.good_play import GOOD_PLAY
from jobs.run_job import RunJob
from jobs.studies import get_study, layout, layouts, study_jobs
from simcore.core.contract.games import games, get_game
from simcore.maharaja.rules import NOT_YET, VARIANTS
from tests.cli_run import run_cli

pytestmark = pytest.mark.slow  # plays default studies

MAHARAJA = get_game("maharaja")


def _table(html: str, title: str) -> list[list[str]]:
    part = html.split(f"<h3>{title}</h3>", 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr>(.*?)</tr>", part, re.S)
    cells = [[htmllib.unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)]
             for r in rows]  # fmt: skip
    return [c for c in cells if c]


def test_study_report_agrees_with_polars(capsys, tmp_path):
    # tiny settings: --games caps every run, the robustness ladder at 2 players
    out = tmp_path / "study"
    args = ["--games", "60", "--chunk-size", "30", "--target-ci", "0.3", "--players", "2"]
    code, _, err = run_cli(capsys, "study", "--out", str(out), *args)
    assert code == 0, err
    balance = [f"{n}p{s}" for n in (2, 3, 4, 5) for s in ("", "-dealt")]
    assert sorted(p.name for p in out.iterdir() if p.is_dir() and p.name[0] != ".") == sorted(
        [*balance, "report_charts", "report_tables", "robustness"])  # fmt: skip
    for n in (2, 3, 4, 5):
        m = json.loads((out / f"{n}p" / "manifest.json").read_text())
        assert m["players"] == n and m["stopping"]["target_ci"] == 0.3
        assert {s["params"].get("char_noise") for s in m["strategies"]} == {1.0}
        assert m["rules"]["first_chooser"] == 0  # the rulebook's choosing order
        dealt = json.loads((out / f"{n}p-dealt" / "manifest.json").read_text())
        assert dealt["rules"]["deal"] == "random" and dealt["rules"]["first_chooser"] == 0
    html = (out / "report.html").read_text()
    assert "char_noise" in html  # the report says how characters were chosen
    assert "Robustness across bots" in html and 'id="verdict"' in html
    verdict = json.loads((out / "report.verdict.json").read_text())
    assert verdict["game"] == "maharaja" and set(verdict["balanced"]) <= {"2", "3", "4", "5"}
    assert "Effect of deal=random" in html
    got = {}
    for row in _table(html, "Win rate by starting character"):
        run, players, char, rate, n = row[0], int(row[1]), row[2], row[3], row[5]
        got[run, players, char] = (rate, int(n.replace(",", "")))
    for folder in balance:
        m = json.loads((out / folder / "manifest.json").read_text())
        label = "deal=random" if folder.endswith("dealt") else "basic game"
        direct = (
            pl.scan_parquet(str(out / folder / "chunks" / "*.parquet"))
            .group_by("start_character")
            .agg(pl.col("winner").sum().alias("wins"), pl.len().alias("n"))
            .collect()
        )
        expect = {(label, m["players"], c): (f"{100 * w / n:.1f}%", n)
                  for c, w, n in direct.iter_rows()}  # fmt: skip
        assert {k: got[k] for k in expect} == expect
        # n summed over characters = players x games played
        games = pl.scan_parquet(str(out / folder / "chunks" / "*.parquet")).select(
            pl.col("game_id").n_unique()).collect().item()  # fmt: skip
        assert sum(n for _, n in expect.values()) == m["players"] * games
    # the page's conventions hold on a study's page too (robustness and choice sections)
    from tests.test_report_conventions import colours_within_flags, flags_match_intervals

    assert flags_match_intervals(html) > 20
    colours_within_flags(html)
    # the header counts every run the page uses, the ladder's included, and Reproducibility
    # lists each with the command that replays it (rebuilt from its manifest)
    every = sorted(p.parent for p in out.rglob("manifest.json"))
    text = htmllib.unescape(html)
    played = sum(sum(c["n_games"] for c in json.loads((d / "manifest.json").read_text())["chunks"]
                     if c["status"] == "done") for d in every)  # fmt: skip
    assert f"{len(every)} run(s) · {played:,} games" in text
    repro = text.split('id="repro"', 1)[1]
    for d in every:  # its directory, or its command's --out (the ladder's one-row runs)
        assert f"<code>{d}</code>" in repro or f" --out {d}</code>" in repro
    commands = re.findall(r"class=\"cmd\"><code>(.*?)</code>", repro)
    assert len(commands) == len(every) and all(c.startswith("palace-lab run ") for c in commands)
    # a command replays its run: the same rows (here the 2-player dealt run, adaptive)
    import shlex

    cmd = next(c for c in commands if c.endswith(shlex.quote(str(out / "2p-dealt"))))
    args = shlex.split(cmd)[2:-2] + ["--out", str(tmp_path / "replay"), "--workers", "1"]
    code, _, err = run_cli(capsys, "run", *args)
    assert code == 0, err

    def rows(d):
        return pl.read_parquet(str(d / "chunks" / "*.parquet")).sort("game_id", "seat")

    assert rows(tmp_path / "replay").equals(rows(out / "2p-dealt"))
    assert list((out / "report_tables").glob("*.csv"))  # the page's tables as CSV
    # an adaptive run (rounds until decided) records and names its study's command: `run
    # --resume` cannot play its rule and is refused in one line naming `study --resume`
    # every player count has its ladder (two search rungs above the scripted ones)
    assert set(verdict["bots"]["competent"]) == {"2", "3", "4", "5"}
    assert set(verdict["converged"]) == {"2", "3", "4", "5"}
    for n in ("2", "3", "4", "5"):
        bots = [r["bot"] for r in verdict["ladder"][n]]
        # weakest first as measured: at 2 players weighted loses to house-network (42.8%
        # [42.0, 43.7] of the wins, n = 12,000) and beats chaser, so it sits between them
        middle = ["weighted", "house-network"] if n == "2" else ["house-network", "weighted"]
        assert bots[:4] == ["chaser", *middle, "search-fast"]
        assert bots[4].startswith("search")  # the strongest measured rung at that count
    f = verdict["findings"][0]
    assert f["reference"] in f["effects"] and list(f["effects"])[-1] in f["bots"]
    adaptive = json.loads((out / "robustness" / "3p-weighted" / "manifest.json").read_text())
    assert "z" in adaptive["stopping"] and adaptive["command"].startswith("palace-lab study")
    code, _, err = run_cli(
        capsys, "run", "--resume", "--out", str(out / "robustness" / "3p-weighted")
    )
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "adaptive run of a study" in err and "palace-lab study" in err and "--resume" in err


def test_study_list_and_unknown_name(capsys):
    code, out, _ = run_cli(capsys, "study", "--list")
    assert code == 0
    head, *rows = out.splitlines()
    assert head.startswith(f"Studies of {MAHARAJA.title} (--game {MAHARAJA.name}")
    assert [line.split()[0] for line in rows] == list(MAHARAJA.studies(4))
    code, _, err = run_cli(capsys, "study", "nonsense")
    assert code == 2 and "unknown study 'nonsense'" in err


def test_variants_study_covers_every_single_switch():
    # every one-switch variant is either played against the basic game or named as skipped
    # because the engine refuses it (NOT_YET); bundles (advanced1, ...) are not single
    st = get_study(MAHARAJA, "variants")
    singles = [n for n, fields in VARIANTS.items() if len(fields) == 1]
    assert st.runs[0].variants == () and all(r.players == 4 for r in st.runs)
    scripted = [r for r in st.runs if not r.folder.startswith(GOOD_PLAY)]
    played = [r.variants[0] for r in scripted[1:]]
    skipped = [n for n in singles if n not in played]
    assert sorted(played + skipped) == sorted(singles)
    assert all(VARIANTS[n][0] not in NOT_YET for n in played)
    assert all(VARIANTS[n][0] in NOT_YET and n in " ".join(st.notes) for n in skipped)


def test_variants_study_replays_its_settings_under_the_strongest_rung():
    """Every setting gets a good-play twin under the strongest measured rung at 4 players
    (search-strong, 309.0 games per CPU s with one searching seat: all four search, so 300
    CPU s make ceil(300 x 309.0 / 4) = 23,175 games), played only when it changes something."""
    st = get_study(MAHARAJA, "variants")
    scripted = [r for r in st.runs if not r.folder.startswith(GOOD_PLAY)]
    good = {r.folder: r for r in st.runs if r.folder.startswith(GOOD_PLAY)}
    assert set(good) == {f"{GOOD_PLAY}/{r.folder}" for r in scripted}
    assert {(r.strategy, r.games) for r in good.values()} == {
        ("lookahead:rollouts=90:char_rollouts=0", 23_175)
    }
    assert "search-strong" in st.notes[-1] and "23,175 games" in st.notes[-1]
    jobs = dict(study_jobs(st, 0, "weighted", game="maharaja"))
    gated = {f for f, j in jobs.items() if getattr(j, "gate", None) is not None}
    assert gated == {f for f in jobs if f.startswith(GOOD_PLAY)} and len(gated) == len(good)
    assert not any(r.folder.startswith(GOOD_PLAY) for r in get_study(MAHARAJA, None).runs)


def test_default_study_plays_the_rulebook_order_and_random_deals():
    st = get_study(MAHARAJA, None)
    assert st.name == "balance"
    jobs = dict(study_jobs(st, 0, "weighted:char_noise=1", game="maharaja"))
    for n in (2, 3, 4, 5):
        choose, dealt = jobs[f"{n}p"], jobs[f"{n}p-dealt"]
        assert choose.players == dealt.players == n
        assert choose.sets == () and dealt.sets == ("deal=random",)
        assert choose.strategy == dealt.strategy == "weighted:char_noise=1"
        assert choose.target_ci == st.target_ci
    # no run sets first_chooser: every run plays the rulebook's (seat 0 first, M-S3)
    assert not any("first_chooser" in s for r in st.runs for s in r.sets)
    assert RunJob(4, 10, 0, "random").check().spec.rules.first_chooser == 0
    # the robustness ladder: five bots and a climb rung at 4 players with characters dealt
    # at random, each step head to head in the 6 arrangements of two seats each
    lad = layout(st)
    assert lad.labels == ["chaser", "house-network", "weighted", "search-fast", "search-strong",
                          "search-200"]  # fmt: skip
    for i, (_, strategy) in enumerate(lad.all_rungs):
        job = jobs[lad.table_folder(i)]
        assert job.strategy == strategy and job.sets == ("deal=random",)
        assert job.players == 4 and job.target_ci is None
        assert (getattr(job, "gate", None) is not None) == (i == 5)  # the climb rung only
    steps = [f for f in jobs if "/h2h-4p-" in f]
    assert len(steps) == 5 * 6
    assert all(getattr(jobs[f], "gate", None) is not None for f in steps if "search-200" in f)
    assert jobs[lad.step_folder(0, 0)].strategy == "house-network,house-network,chaser,chaser"
    # a ladder at every player count: 2 arrangements at 2 players, 20 at 5 (both splits)
    for n, arrs in ((2, 2), (3, 6), (5, 20)):
        assert len([f for f in jobs if f"/h2h-{n}p-" in f]) == 5 * arrs
        searched = [f for f in jobs if f.startswith(f"robustness/{n}p-search")]
        assert len(searched) >= 3 and all(jobs[f].players == n for f in searched)  # 2 + climb


def test_games_caps_fixed_runs_and_random_chooser_is_explicit():
    st = get_study(MAHARAJA, "robustness", players=3)
    assert layout(st).players == 3 and layout(st).labels[-2:] == ["lookahead-400", "lookahead-1000"]
    jobs = study_jobs(st, 0, "weighted", games=50, game="maharaja")
    assert all(j.games <= 50 and j.players == 3 for _, j in jobs)
    # a random first chooser only when asked for
    job = RunJob(4, 10, 0, "random", sets=("first_chooser=-1",)).check()
    assert job.spec.rules.first_chooser == -1


def test_small_fixed_runs_are_split_for_the_workers():
    st = get_study(MAHARAJA, None)
    jobs = dict(study_jobs(st, 0, "weighted", game="maharaja"))
    lad = layout(st)
    # search-fast (600 games a round): the skill trend only, up to 4 rounds; search-strong
    # (300), the rung below the climb (it decides when the climb's own step does not
    # measure the climb stronger), and the climb rung (the top) up to 12 rounds each
    la = jobs[lad.table_folder(3)]
    assert lad.labels[3:] == ["search-fast", "search-strong", "search-200"]
    assert la.games == 600 * 4 and la.chunk == 150 and la.round_chunks == 4
    assert jobs[lad.table_folder(4)].games == 300 * 12 and jobs[lad.table_folder(4)].chunk == 75
    assert jobs[lad.table_folder(5)].games == 150 * 12 and jobs[lad.table_folder(5)].chunk == 38
    assert all(jobs[lad.table_folder(i)].decide is not None for i in (3, 4, 5))
    # the scripted rungs are trend rungs too: up to ADAPT_TREND_LARGE = 8 rounds, not 80
    assert jobs[lad.table_folder(2)].games == 6_000 * 8
    # every rung plays to the deciding family's z: the 7 characters of one bot, not x 6 bots
    assert math.isclose(la.decide[0], family_z(7))
    assert la.decide is not None and la.decide[1] == 0.02
    assert jobs[lad.table_folder(0)].chunk == 1500  # 6,000 games a round in 4 chunks
    assert jobs[lad.step_folder(3, 0)].chunk == 10  # 24 games: at least 10 per chunk
    # every player count has a ladder, and its rungs decide: the dealt runs are not adaptive
    assert jobs["robustness/3p-weighted"].decide is not None and jobs["3p"].decide is None
    assert jobs["3p-dealt"].decide is None and jobs["4p-dealt"].decide is None


def test_variants_study_has_one_baseline_and_turns_default_switches_off():
    """A switch the rulebook already has on (neutral palaces, M-V2 [choice]) would replay the
    basic game: it is compared by turning it off, so one run plays the rulebook's game."""
    from simcore.maharaja.rules import RuleSet

    st = get_study(MAHARAJA, "variants")
    jobs = dict(study_jobs(st, 0, "weighted", game="maharaja"))
    default = RuleSet()
    rulebook = [f for f, j in jobs.items() if RunJob(4, 10, 0, "random", j.variants, j.sets)
                .check().spec.rules == default]  # fmt: skip
    assert rulebook == ["4p-basic", f"{GOOD_PLAY}/4p-basic"]  # the scripted bot, good play
    off = jobs["4p-neutral-off"]
    assert off.variants == () and off.sets == ("neutral_palaces=false",)
    assert default.neutral_palaces is True


def test_adaptive_caps_default_and_other_studies():
    """The default study's small rounds grow up to 80 times, `study robustness`'s large
    ones up to 5 times (jobs.studies.ADAPT, ADAPT_LARGE)."""
    st = get_study(MAHARAJA, "robustness")
    jobs = dict(study_jobs(st, 0, "weighted", game="maharaja"))
    lad = layout(st)
    top = jobs[lad.table_folder(4)]  # lookahead-400, 1,200 games a round
    assert top.games == 1200 * 5 and top.decide is not None
    assert jobs[lad.table_folder(0)].games == 20_000 * 5


def test_strategies_ladder_prints_the_rungs_weakest_first(capsys):
    """`palace-lab strategies --ladder`: one rung per line, tab-separated (label, the
    --strategy text, games per CPU second, strength against the rung below), every game's
    ladder with at least two search rungs above its scripted ones at every player count."""
    code, out, _ = run_cli(capsys, "strategies", "--ladder", "--players", "3")
    assert code == 0
    rows = [line.split("\t") for line in out.splitlines()]
    assert all(len(r) == 4 for r in rows)
    # at 3 players the climb is the rung measured stronger than search-strong there (120
    # rollouts without the policy's bonus), not the 4-player search-200
    assert [r[0] for r in rows] == ["chaser", "house-network", "weighted", "search-fast",
                                    "search-strong", "search-120"]  # fmt: skip
    assert rows[3][1] == "lookahead:rollouts=24:char_rollouts=0" and "climb" in rows[-1][3]
    laddered = set()
    for g in games().values():
        for n in range(g.min_players, g.max_players + 1):
            lad = g.ladder(n, False)
            if lad is None:
                continue
            laddered.add(g.name)
            search = [t for _, t in lad.rungs if t.startswith("lookahead")]
            assert len(search) >= 2 and lad.rungs[-1][1].startswith("lookahead"), (g.name, n)
        if g.name in laddered:  # the default study plays a ladder at every player count
            st = get_study(g, None)
            assert set(st.all_ladders()) == set(range(g.min_players, g.max_players + 1))
    assert {"maharaja", "vermaechtnis", "tajmahal", "palast"} <= laddered
    code, _, err = run_cli(capsys, "strategies", "--ladder", "--players", "9")
    assert code == 2 and "--players" in err


def test_games_raises_only_the_top_rungs_cap():
    """`--games N` is what the card's next step proposes for cells on the margin: the top
    two rungs of every ladder (either's verdict may be the cell's: the rung below decides
    when the top's own step does not measure it stronger) play up to N games, raised from
    their own caps; the rungs below keep theirs (at most N), and a small N still caps
    every run."""
    st = get_study(MAHARAJA, None)
    lad = layout(st)
    base = dict(study_jobs(st, 0, "weighted", game="maharaja"))
    more = dict(study_jobs(st, 0, "weighted", games=50_000, game="maharaja"))
    for lay in layouts(st):
        for i in (len(lay.labels) - 1, len(lay.labels) - 2):
            top = lay.table_folder(i)
            assert base[top].games < 50_000 and more[top].games == 50_000
        for i in range(len(lay.labels) - 2):  # the skill trend: its own cap, never raised
            below = lay.table_folder(i)
            assert more[below].games == min(base[below].games, 50_000)
    assert more[lad.table_folder(2)].games == 6_000 * 8  # weighted: 48,000, under 50,000
    few = dict(study_jobs(st, 0, "weighted", games=30, game="maharaja"))
    assert all(j.games <= 30 for j in few.values())
