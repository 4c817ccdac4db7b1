"""A study run may replace a data file with one its game ships (`StudyRun.data`): the run
plays that file, as `--data NAME=FILE` would, and its manifest records source and SHA-256.
The toy game gets a data file here (points added to seat 2), so the file's effect is
plain: with 50 points seat 2 wins every game, with 0 it does not."""

import hashlib
import json
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import pytest

from simcore.core.contract import games
from simcore.core.contract.datafile import DataFile, check_table
from simcore.core.contract.plugin import Study, StudyRun
from tests.cli_run import run_cli


@dataclass(frozen=True)
class Bonus:
    bonus: int

    def pack(self) -> np.ndarray:
        return np.array([self.bonus], dtype=np.int64)

    def digest(self) -> str:
        return hashlib.sha256(f"bonus={self.bonus}".encode()).hexdigest()


def _build(data, source):
    fail = check_table(data, f"bonus file {source}", {"bonus"}, set())
    if not isinstance(data["bonus"], int):
        fail("'bonus' must be an integer")
    return Bonus(data["bonus"])


BONUS = DataFile("bonus", "bonus file", _build, "tests.toy", "bonus.toml")


def _toy_with_data(monkeypatch, *runs: StudyRun):
    toy = games.get_game("toy")

    def play_batch(driver, sids, params, n, players=2, seed=0, first=0, rules=None, data=None):
        rec = toy.play_batch(driver, sids, params, n, players, seed, first, rules, data)
        rec[:, 1, 1] += data.bonus
        scores = rec[..., 1]
        rec[..., 2] = (scores[..., None, :] > scores[..., :, None]).sum(-1)
        return rec

    study = Study("bonus", "a replaced data file", runs, target_ci=None)
    plugin = replace(toy, data_files=(BONUS,), play_batch=play_batch,
                     studies=lambda players: {"bonus": study})  # fmt: skip
    monkeypatch.setitem(games._GAMES, "toy", plugin)
    return plugin


@pytest.mark.slow
def test_a_study_run_plays_its_replaced_data_file_and_records_its_sha256(
    capsys, tmp_path, monkeypatch
):
    _toy_with_data(monkeypatch, StudyRun("2p", 2), StudyRun("2p-big", 2,
                   data=(("bonus", "bonus_big.toml"),)))  # fmt: skip
    out = tmp_path / "study"
    code, _, err = run_cli(capsys, "study", "--game", "toy", "bonus", "--games", "40",
                           "--workers", "1", "--out", out)  # fmt: skip
    assert code == 0, err
    base = json.loads((out / "2p" / "manifest.json").read_text())
    big = json.loads((out / "2p-big" / "manifest.json").read_text())
    assert base["data"] == {"bonus": {"source": "default", "sha256": Bonus(0).digest()}}
    source = big["data"]["bonus"]["source"]
    assert Path(source).name == "bonus_big.toml" and Path(source).parent.name == "toy"
    assert big["data"]["bonus"]["sha256"] == Bonus(50).digest()
    assert "--data bonus=" in big["command"] and source in big["command"]
    import polars as pl

    from simcore.core.store.results_io import scan_run

    wins = {f: scan_run(out / f).filter(pl.col("seat") == 1).collect()["winner"].sum()
            for f in ("2p", "2p-big")}  # fmt: skip
    assert wins["2p-big"] == 40 and wins["2p"] < 40  # the file is played: 50 points win
    from analyses.rundata import find_runs

    labels = {r.path.name: r.label for r in find_runs([out])}
    assert labels == {"2p": "basic game", "2p-big": "data bonus=bonus_big.toml"}
    page = (out / "report.html").read_text()
    assert "data bonus=bonus_big.toml" in page and Bonus(50).digest()[:12] in page


@pytest.mark.parametrize(
    ("item", "problem"),
    [
        (("bonus", "no_such.toml"), "tests.toy ships no such file"),
        (("bonus", "../toy/bonus_big.toml"), "give the name of a file shipped in tests.toy"),
        (("board", "bonus_big.toml"), "toy has no data file of that name; its data files: bonus"),
    ],
)
def test_a_bad_shipped_data_file_is_one_line_before_anything_is_written(
    capsys, tmp_path, monkeypatch, item, problem
):
    _toy_with_data(monkeypatch, StudyRun("2p", 2), StudyRun("2p-bad", 2, data=(item,)))
    out = tmp_path / "study"
    code, _, err = run_cli(capsys, "study", "--game", "toy", "bonus", "--games", "20",
                           "--workers", "1", "--out", out)  # fmt: skip
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1, err
    assert f"study run 2p-bad: data {item[0]}={item[1]}: " in lines[0] and problem in lines[0]
    assert not out.exists()
