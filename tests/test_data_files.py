"""A game's named data files (simcore/core/contract/datafile.py DataFile, GamePlugin.data_files):
`--data NAME=FILE` replaces one, `--board FILE` the first; several pack into one array in
declaration order; the manifest records each file's source and SHA-256."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import tomllib
from importlib import resources

import numpy as np
import pytest

from jobs.run_job import data_files
from simcore.core.contract.datafile import DataFile, DataSet, NoData
from simcore.core.contract.games import get_game
from simcore.core.errors import InputError
from tests.cli_run import run_cli


@dataclasses.dataclass(frozen=True)
class Row:
    """A data file that is one row of numbers."""

    values: tuple[int, ...]

    def pack(self) -> np.ndarray:
        return np.array(self.values, dtype=np.int64)

    def digest(self) -> str:
        return hashlib.sha256(repr(self.values).encode()).hexdigest()


def _row(data, source):
    return Row(tuple(int(x) for x in data["values"]))


def two_files(tmp_path):
    """A copy of the toy game's plug-in with two data files: a map of at most 4 entries,
    then tiles; the defaults are files the test writes."""
    (tmp_path / "map.toml").write_text("values = [1, 2]\n")
    (tmp_path / "tiles.toml").write_text("values = [7, 8, 9]\n")
    pkg = "tests.toy"  # (unused: the defaults are set from the files above)
    files = (
        DataFile("map", "map file", _row, pkg, size=4),
        DataFile("tiles", "tiles file", _row, pkg),
    )
    for f, name in zip(files, ("map.toml", "tiles.toml"), strict=True):
        f._cache["default"] = _row(tomllib.loads((tmp_path / name).read_text()), name)
    return dataclasses.replace(get_game("toy"), data_files=files)


def test_several_files_pack_in_order_each_into_its_size(tmp_path):
    plugin = two_files(tmp_path)
    data = plugin.data()
    assert isinstance(data, DataSet)
    assert data["tiles"] == Row((7, 8, 9))
    # the map padded to its 4 entries, then the tiles: the engine's offsets are constants
    assert data.pack().tolist() == [1, 2, 0, 0, 7, 8, 9]
    (tmp_path / "big.toml").write_text("values = [1, 2, 3, 4, 5]\n")
    with pytest.raises(InputError, match="map file: packs into 5 entries, at most 4"):
        plugin.data({"map": str(tmp_path / "big.toml")}).pack()


def test_one_file_replaced_by_name_the_other_kept(tmp_path):
    plugin = two_files(tmp_path)
    (tmp_path / "other.toml").write_text("values = [5]\n")
    data = plugin.data({"tiles": str(tmp_path / "other.toml")})
    assert data.pack().tolist() == [1, 2, 0, 0, 5]
    record = plugin.data_record({"tiles": str(tmp_path / "other.toml")})
    assert record["map"] == {"source": "default", "sha256": Row((1, 2)).digest()}
    assert record["tiles"]["sha256"] == Row((5,)).digest() != record["map"]["sha256"]
    with pytest.raises(InputError, match="--data board: toy has no data file of that name; "
                       "its data files: map, tiles"):  # fmt: skip
        plugin.data({"board": "x.toml"})


def test_board_is_the_first_data_file_and_names_are_checked():
    plugin = get_game("vermaechtnis")
    assert data_files(plugin, "a.toml") == {"cards": "a.toml"}
    assert data_files(plugin, None, ["cards=b.toml"]) == {"cards": "b.toml"}
    with pytest.raises(InputError, match="the same data file twice"):
        data_files(plugin, "a.toml", ["cards=b.toml"])
    with pytest.raises(InputError, match="expected NAME=FILE"):
        data_files(plugin, None, ["cards"])
    with pytest.raises(InputError, match="--board: toy has no data file"):
        data_files(get_game("toy"), "a.toml")
    assert isinstance(get_game("toy").data(), NoData)


def test_the_manifest_records_each_data_file_with_its_sha256(capsys, tmp_path):
    """`--data cards=FILE` with a copy of the shipped card table: the digest the manifest
    records is the table's, under `data` and (the first file) `board`."""
    plugin = get_game("vermaechtnis")
    table = tmp_path / "cards.toml"
    shipped = resources.files(plugin.data_files[0].package).joinpath("default.toml")
    table.write_text(shipped.read_text(encoding="utf-8"))
    code, _, err = run_cli(capsys, "run", "--game", "vermaechtnis", "--players", "2",
                           "--games", "20", "--strategy", "random", "--workers", "1",
                           "--data", f"cards={table}", "--out", str(tmp_path / "run"))  # fmt: skip
    assert code == 0, err
    m = json.loads((tmp_path / "run" / "manifest.json").read_text())
    digest = plugin.default_data().digest()
    assert m["data"] == {"cards": {"source": str(table), "sha256": digest}}
    assert m["board"] == {"source": str(table), "sha256": digest}
    code, _, err = run_cli(capsys, "run", "--game", "vermaechtnis", "--data", "map=x.toml")
    assert code == 2 and "--data map: vermaechtnis has no data file of that name" in err


@pytest.mark.parametrize("command", [["run"], ["play"], ["tune-rules", "--vary", "tax_cap=6..10"]])
def test_a_missing_data_file_is_one_line_before_anything_is_written(capsys, tmp_path, command):
    out = tmp_path / "out"
    args = [*command, "--game", "vermaechtnis", "--data", "cards=/no/such.toml"]
    args += ["--out", str(out)] if command[0] != "play" else []
    code, _, err = run_cli(capsys, *args)
    assert code == 2 and "card table /no/such.toml: file not found" in err, err
    assert len(err.strip().splitlines()) == 1 and not out.exists()
