"""The `harbour` study (balance question 2) and the `harbour_main` column it is read by.

Independent reasons: P-A1 flips the used harbour card, so a card's two sides alternate
and a seat takes its front side as often as its back or once more (front = the side up
at the start, the first of each card in the harbour file); the tie rule is the one
results.harbour_main documents (the later side), worked by hand."""

import json

import numpy as np
import polars as pl
import pytest

from jobs.study_data import shipped_data
from simcore.core.contract.games import get_game
from simcore.core.store.results_io import scan_run
from simcore.palast.game_data import HARBOUR_FILE
from simcore.palast.results import HARBOUR_SIDES, harbour_main
from simcore.palast.studies import HARBOURS, harbour
from tests.cli_run import run_cli

PALAST = get_game("palast")
SIDES = [f"act_harbour_{s}" for s in HARBOUR_SIDES]


@pytest.mark.parametrize(
    ("counts", "main"),
    [
        ([1, 0, 0, 0], 0),  # a alone
        ([3, 0, 2, 3], 3),  # a = d = 3: the later side, d
        ([2, 1, 2, 1], 2),  # a = c = 2: c
        ([0, 2, 2, 0], 2),  # b = c: c
        ([1, 2, 2, 2], 3),  # b = c = d: d
        ([0, 5, 4, 0], 1),  # b most
        ([0, 0, 0, 0], 4),  # no harbour turn: "none"
    ],
)
def test_harbour_main_is_the_side_taken_most_ties_to_the_later_side(counts, main):
    assert harbour_main(np.array([counts])).tolist() == [main]


def test_the_study_reads_every_harbour_file_against_the_rulebook_run():
    st = harbour(4)
    folders = [r.folder for r in st.runs]
    assert folders[0] == "4p" and st.runs[0].data == ()
    assert {"2p", "3p", "2p-harbour-d3", "3p-harbour-d3"} <= set(folders)
    assert len(folders) == len(set(folders))
    default = HARBOUR_FILE.default()
    assert default.capacity == (2, 2, 3, 4) and default.cards == ((0, 3), (2, 1))
    files = {}
    for r in st.runs[1:]:
        if r.data:
            (item,) = shipped_data(PALAST, r)
            name, _, path = item.partition("=")
            assert name == "harbour"
            files[r.folder] = HARBOUR_FILE.load(path)  # the loader `--data` uses
            assert files[r.folder].digest() != default.digest()
    assert {f"4p-harbour-{tag}" for tag, _ in HARBOURS} <= set(files)
    # the digest's sweep: d's capacity 3 and 5, c raised to d's, all equal; pairing changed
    cap = {k: v.capacity for k, v in files.items()}
    assert cap["4p-harbour-d3"] == (2, 2, 3, 3) and cap["4p-harbour-d5"] == (2, 2, 3, 5)
    assert cap["4p-harbour-c4"] == (2, 2, 4, 4) and cap["4p-harbour-flat3"] == (3, 3, 3, 3)
    assert files["4p-harbour-pair-ab-cd"].cards == ((0, 1), (2, 3))
    assert files["4p-harbour-pair-ca-bd"].cards == ((2, 0), (1, 3))
    assert {files[f].capacity for f in ("4p-harbour-pair-ab-cd", "4p-harbour-pair-ca-bd")} == {
        (2, 2, 3, 4)
    }


def _played(capsys, tmp_path, data: str | None) -> tuple[pl.DataFrame, dict]:
    out = tmp_path / "run"
    extra = ["--data", f"harbour={data}"] if data else []
    args = ["--players", "4", "--games", "60", "--strategy", "random", "--workers", "1"]
    code, _, err = run_cli(capsys, "run", "--game", "palast", *args, *extra, "--out", out)
    assert code == 0, err
    return scan_run(out).collect(), json.loads((out / "manifest.json").read_text())


@pytest.mark.parametrize("tag", [None, "pair-ab-cd", "pair-ca-bd"])
def test_p_a1_each_card_alternates_and_harbour_main_follows_the_counts(capsys, tmp_path, tag):
    run = next((r for r in harbour(4).runs if r.folder == f"4p-harbour-{tag}"), None)
    path = shipped_data(PALAST, run)[0].partition("=")[2] if run else None
    rows, manifest = _played(capsys, tmp_path, path)
    cards = (HARBOUR_FILE.load(path) if path else HARBOUR_FILE.default()).cards
    assert (
        manifest["data"]["harbour"]["sha256"]
        == (HARBOUR_FILE.load(path) if path else HARBOUR_FILE.default()).digest()
    )
    for front, back in cards:  # P-A1: flip after use, so front - back is 0 or 1
        gap = rows[SIDES[front]] - rows[SIDES[back]]
        assert gap.is_in([0, 1]).all(), (front, back)
    # harbour_main recomputed from the counts: the largest, ties to the later side
    counts = rows.select(SIDES).to_numpy()
    top = counts.max(axis=1)
    later = [max(i for i in range(4) if c[i] == t) for c, t in zip(counts, top, strict=True)]
    assert rows["harbour_main"].to_list() == [HARBOUR_SIDES[i] for i in later]
    # the back of a card is the main side only when it ties its front, and then it wins
    # the tie; the back of the card whose front is the later side never is (b, rulebook)
    for front, back in cards:
        main_back = rows.filter(pl.col("harbour_main") == HARBOUR_SIDES[back])
        assert (main_back[SIDES[front]] == main_back[SIDES[back]]).all()
        if front > back:
            assert main_back.height == 0
