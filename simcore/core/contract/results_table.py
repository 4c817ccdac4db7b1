"""Building the results contract's table (one typed row per game and seat) from the record
block an engine writes, whatever the game.

Every game's table starts with the same seat columns (game_id, seat, players, strategy)
and ends with one column per variant switch and one per rule value changed from the
rulebook; in between, each record column is narrowed to its contract type, and a value
that does not fit is refused rather than wrapped. The game supplies what is its own:
its column types, and the columns it derives (names of codes, the winner).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

import numpy as np
import pyarrow as pa

RuleColumns = dict[str, tuple[pa.DataType, Any]]  # rule_<key> -> (type, value)


def labels(codes: np.ndarray, names: pa.Array) -> pa.Array:
    """Codes -> names; codes outside the table (none, e.g. -1) become null."""
    ok = (codes >= 0) & (codes < len(names))
    idx = pa.array(np.where(ok, codes, 0).astype(np.int32), mask=~ok)
    return pa.DictionaryArray.from_arrays(idx, names).cast(pa.string())


def win_shares(rank: np.ndarray) -> np.ndarray:
    """(games, players) share of each game's win from the seats' ranks: 1/k for each of k
    winners of a shared first place (rank 0), 0 for the others; a game's shares sum to 1."""
    won = rank == 0
    return won / np.maximum(won.sum(axis=1, keepdims=True), 1)


def win_columns(rank: np.ndarray) -> dict[str, pa.Array]:
    """The `winner` and `win_share` columns of (games, players) ranks, one row per seat."""
    return {
        "winner": pa.array((rank == 0).reshape(-1)),
        "win_share": pa.array(win_shares(rank).reshape(-1).astype(np.float64)),
    }


class RecordBlock:
    """A (games, players, width) record block as named columns of (game, seat) rows."""

    def __init__(self, rec: np.ndarray, names: Sequence[str]) -> None:
        self.n_games, self.n_players, width = rec.shape
        self.n = self.n_games * self.n_players
        # the width named, not -1: a batch of 0 games still has every column (empty)
        self._cols = np.ascontiguousarray(rec.reshape(self.n, width).T)  # one row per column
        self._index = {name: i for i, name in enumerate(names)}
        self.seat = np.tile(np.arange(self.n_players, dtype=np.int8), self.n_games)

    def __getitem__(self, name: str) -> np.ndarray:
        return self._cols[self._index[name]]

    def typed(self, name: str, typ: pa.DataType) -> pa.Array:
        """The record column `name` as the integer type typ; OverflowError if it does not fit."""
        values, dtype = self[name], typ.to_pandas_dtype()
        info = np.iinfo(dtype)
        if values.size and (values.min() < info.min or values.max() > info.max):
            raise OverflowError(f"results column {name} out of range for {typ}")
        return pa.array(values.astype(dtype))


def changed_rule_columns(changed: Mapping[str, Any], skip: Collection[str]) -> RuleColumns:
    """`rule_<key>` -> (type, value) for rule values changed from the rulebook (to_dict
    form), except the `skip` keys (switches with a variant column of their own): rows of
    numbers become text ("4,3,3,2,2"), other text String, flags Boolean, integers Int32."""
    out: RuleColumns = {}
    for key, value in changed.items():
        if key in skip:
            continue
        if isinstance(value, list | tuple):
            out[f"rule_{key}"] = (pa.string(), ",".join(str(x) for x in value))
        elif isinstance(value, str):
            out[f"rule_{key}"] = (pa.string(), value)
        elif isinstance(value, bool):
            out[f"rule_{key}"] = (pa.bool_(), value)
        else:
            out[f"rule_{key}"] = (pa.int32(), int(value))
    return out


def results_table(
    block: RecordBlock,
    first_game: int,
    seat_names: Sequence[str],
    derived: Mapping[str, pa.Array],
    columns: Mapping[str, pa.DataType],
    switches: Mapping[str, bool],
    rule_columns: RuleColumns,
) -> pa.Table:
    """The contract's table: `columns` in order (the seat columns, the game's `derived`
    ones, every other one typed from the record column of its name), then the switches'
    variant columns (name -> on) and the rule columns, sorted; game ids from first_game,
    seat_names the strategy of each seat."""
    n, n_players = block.n, block.n_players
    games = np.arange(first_game, first_game + block.n_games)
    arrays: dict[str, pa.Array] = {
        "game_id": pa.array(np.repeat(games, n_players)),
        "seat": pa.array(block.seat),
        "players": pa.array(np.full(n, n_players, dtype=np.int8)),
        "strategy": labels(block.seat, pa.array(seat_names, pa.string())),
        **derived,
    }
    for name, typ in columns.items():
        if name not in arrays:
            arrays[name] = block.typed(name, typ)
    for name, on in switches.items():
        arrays[name] = pa.array(np.full(n, on))
    for name, (typ, value) in rule_columns.items():
        arrays[name] = pa.repeat(pa.scalar(value, typ), n)
    order = [*columns, *switches, *sorted(rule_columns)]
    return pa.table({k: arrays[k] for k in order})
