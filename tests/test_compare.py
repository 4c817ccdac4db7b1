"""`palace-lab compare A B`: paired differences on hand-made runs whose answer is known,
the --fail-if-worse gate, the page's CSV tables, and replay commands from manifests."""

import json
import shlex

import polars as pl
import pytest

from analyses.compare_runs import compare_runs
from analyses.rundata import find_runs
from tests.cli_run import run_cli
from tests.report_fixtures import synthetic_frame, write_frame_run


def _moved_to_mogul(df: pl.DataFrame, games: set[int]) -> pl.DataFrame:
    """The same games, but in `games` the Mogul's seat wins instead of the winner."""
    has = df.filter(pl.col("start_character") == "Mogul")["game_id"]
    flip = pl.col("game_id").is_in(sorted(games & set(has)))
    mogul = pl.col("start_character") == "Mogul"
    return df.with_columns(
        pl.when(flip).then(mogul).otherwise(pl.col("winner")).alias("winner"),
        pl.when(flip).then(pl.when(mogul).then(0).otherwise(1)).otherwise(pl.col("rank"))
        .alias("rank"),
    )  # fmt: skip


@pytest.fixture
def pair(tmp_path):
    df = synthetic_frame(3000, seed=4)
    a = write_frame_run(tmp_path / "a", df, 4)
    b = write_frame_run(tmp_path / "b", _moved_to_mogul(df, set(range(0, 3000, 2))), 4)
    return df, a, b


def test_paired_difference_is_the_flipped_share_and_is_worse(pair):
    df, a, b = pair
    c = compare_runs(find_runs([a]), find_runs([b]), "start_character")
    row = c.cells.filter(pl.col("value") == "Mogul").row(0, named=True)
    mogul_games = df.filter(pl.col("start_character") == "Mogul")
    # by hand: in the even games the Mogul's seat now wins; the difference is the share
    # of Mogul games that are even and that the Mogul did not already win
    lost_even = mogul_games.filter((pl.col("game_id") % 2 == 0) & ~pl.col("winner")).height
    assert row["paired"] and row["pairs"] == mogul_games.height
    assert row["diff"] == pytest.approx(lost_even / mogul_games.height)
    assert row["a_rate"] > 0.25 and row["change"] == "worse"  # above fair, moved further
    assert row["lo"] > 0


def test_same_runs_show_no_change_and_the_gate_passes(tmp_path, capsys):
    df = synthetic_frame(1000, seed=2)
    a = write_frame_run(tmp_path / "a", df, 4)
    b = write_frame_run(tmp_path / "b", df, 4)
    c = compare_runs(find_runs([a]), find_runs([b]), "start_character")
    assert c.cells.height == 6 and (c.cells["diff"] == 0).all()
    assert set(c.cells["change"]) == {"no clear change"}
    code, out, err = run_cli(capsys, "compare", a, b, "--out", tmp_path / "c.html",
                             "--fail-if-worse")  # fmt: skip
    assert code == 0, err
    assert out.startswith("No clear change")


def test_fail_if_worse_exits_1_and_writes_page_json_and_csv(pair, tmp_path, capsys):
    _, a, b = pair
    page = tmp_path / "c.html"
    code, out, err = run_cli(capsys, "compare", a, b, "--out", page, "--fail-if-worse")
    assert code == 1, err
    assert out.startswith("B is worse than A") and "worse: 4 players, Mogul" in out
    data = json.loads((tmp_path / "c.compare.json").read_text())
    assert data["generator"] == "palace-lab" and data["worse"] >= 1
    mogul = next(x for x in data["cells"] if x["value"] == "Mogul")
    assert mogul["change"] == "worse" and mogul["paired"]
    csvs = list((tmp_path / "c_tables").glob("*.csv"))
    assert len(csvs) == 1
    rows = csvs[0].read_text().splitlines()
    assert rows[0].startswith("players,runs (A → B),starting character,A,B")
    assert len(rows) == 1 + 6
    # without the flag the same comparison exits 0, and the page is replaced (it is ours)
    code, _, err = run_cli(capsys, "compare", a, b, "--out", page)
    assert code == 0, err
    assert f"replaced the earlier report {page}" in err  # never silently


def test_different_seeds_are_compared_unpaired(tmp_path):
    df = synthetic_frame(800, seed=3)
    a = write_frame_run(tmp_path / "a", df, 4)
    b = write_frame_run(tmp_path / "b", df, 4, seed=9)
    c = compare_runs(find_runs([a]), find_runs([b]), "start_character")
    assert not c.cells["paired"].any()
    assert any("different seeds" in n for n in c.notes)


def test_a_tables_folder_with_a_foreign_file_is_refused(pair, tmp_path, capsys):
    _, a, b = pair
    page = tmp_path / "c.html"
    assert run_cli(capsys, "compare", a, b, "--out", page)[0] == 0
    (tmp_path / "c_tables" / "mine.csv").write_text("x\n")
    code, _, err = run_cli(capsys, "compare", a, b, "--out", page)
    assert code == 2 and "mine.csv" in err
    assert (tmp_path / "c_tables" / "mine.csv").read_text() == "x\n"


def test_replay_command_is_rebuilt_from_the_manifest_fields(tmp_path):
    from simcore.core.store.commands import replay_command

    m = {"game": "maharaja", "players": 4, "seed": 7, "chunk_size": 500,
         "strategies": [{"name": "weighted", "params": {"char_noise": 1.0}}] * 4,
         "variants": ["yogi"], "rules_changed": {"deal": "random", "yogi": True},
         "chunks": [{"n_games": 500, "status": "done"}, {"n_games": 500, "status": "done"},
                    {"n_games": 500, "status": "skipped"}],
         "command": "palace-lab run; rm -rf ~"}  # fmt: skip
    cmd = replay_command(m, tmp_path / "my run")
    args = shlex.split(cmd)
    assert args[:4] == ["palace-lab", "run", "--game", "maharaja"]
    assert args[args.index("--games") + 1] == "1000"  # the games it played
    assert args[args.index("--strategy") + 1] == "weighted:char_noise=1"
    assert "rm" not in args and args[-1] == str(tmp_path / "my run")
    assert ["--set", "deal=random"] == args[args.index("--set") : args.index("--set") + 2]
    assert "yogi=true" not in args  # the variant names it
    bad = replay_command(m | {"game": "maharaja; rm -rf ~"}, tmp_path)
    assert bad == "not reproducible from its manifest (game 'maharaja; rm -rf ~')"


def test_values_are_in_the_games_words_seats_counted_from_1(tmp_path):
    from simcore.core.contract.games import get_game

    df = synthetic_frame(400, seed=6)
    a = write_frame_run(tmp_path / "a", df, 4)
    b = write_frame_run(tmp_path / "b", df, 4)
    seat = get_game("maharaja").key("seat")
    c = compare_runs(find_runs([a]), find_runs([b]), "seat", words=seat.words)
    assert list(c.cells["value"]) == ["seat 1", "seat 2", "seat 3", "seat 4"]
    assert list(c.cells["raw"]) == ["0", "1", "2", "3"]


def test_study_directories_are_matched_by_folder_name(tmp_path):
    df = synthetic_frame(600, seed=8)
    for side in ("a", "b"):
        for folder in ("4p", "4p-dealt"):
            write_frame_run(tmp_path / side / folder, df, 4)
    write_frame_run(tmp_path / "a" / "4p-extra", df, 4)  # no match in B: named
    c = compare_runs(find_runs([tmp_path / "a"]), find_runs([tmp_path / "b"]),
                     "start_character")  # fmt: skip
    assert sorted((x.path.name, y.path.name) for x, y in c.pairs) == [
        ("4p", "4p"), ("4p-dealt", "4p-dealt")]  # fmt: skip
    assert c.notes == ("4 players: A's run 4p-extra has no match in B",)
    assert c.cells.height == 12 and set(c.cells["family"]) == {12}
