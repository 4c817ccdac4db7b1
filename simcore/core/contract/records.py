"""Each record column of a game stated once: its name, its results type, where it comes from.

An engine writes one record row per seat when a game ends; the results table types its
columns. A game lists its columns in record order (`Records`) and each says where its value
comes from: a field of the state per seat (`seat_field`, at offset + seat * stride) or for
the whole game (`game_field`), a per-seat block of entries (`block`: act_*, dk_*), or
the game's own computation (`computed`); `table_only` columns exist in the table alone
(the game derives them from the records). From the list derive:

- the record layout: column 0 is the seat's strategy id, then the columns in order
  (`offsets()`: `REC.RANK`, `REC.N_REC`, `REC.RECORD_COLUMNS`, as a record layout
  module's globals or as a module of its own, `module()`);
- the plan (`plan`, rows of record offset, state offset, per-seat stride, width) that the
  generic `copy_records_nb` (simcore/core/nb/skeleton_nb.py) follows for every column
  in the state, so that a game's write_records_nb writes its computed columns only;
- the results table (`table`): the seat columns (game_id, seat, players, strategy), then
  the columns in record order, `winner` (and `win_share`) after `rank`, a column with
  `after` moved behind the column it names (the table's order is the contract's: columns
  may be added, never moved); codes with `labels` become their names, and with
  `null_below_zero` a negative code becomes null.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType

import numpy as np
import pyarrow as pa

from simcore.core.contract.layout import Layout
from simcore.core.contract.results_table import RecordBlock, RuleColumns, labels, results_table
from simcore.core.contract.results_table import win_columns as _win_columns

COMPUTED = -1  # the source of a column the game writes itself
SEAT_COLUMNS = {"game_id": pa.int64(), "seat": pa.int8(), "players": pa.int8(),
                "strategy": pa.string()}  # fmt: skip


@dataclass(frozen=True)
class Column:
    """One record column (or a block of them): `names` its entries, `key` its offset's name
    (REC.<key>), `typ` each entry's results type, `src` the state offset of seat 0's first
    entry (COMPUTED: the game writes it), `stride` the step per seat (0: one value for all
    seats), `labels` the names of its codes (typ string), `after` the table column it
    follows when not its record place, `record` False for a table-only column."""

    names: tuple[str, ...]
    key: str
    typ: pa.DataType
    src: int = COMPUTED
    stride: int = 0
    labels: tuple[str, ...] = ()
    null_below_zero: bool = False
    after: str = ""
    record: bool = True


def _col(name: str, typ: pa.DataType, key: str, **kw) -> Column:
    return Column((name,), key or name.upper(), typ, **kw)


def seat_field(
    name: str, typ: pa.DataType, at: int, stride: int = 1, key: str = "", **kw
) -> Column:
    """The seat's entry of a state field: state[at + seat * stride]."""
    return _col(name, typ, key, src=at, stride=stride, **kw)


def game_field(name: str, typ: pa.DataType, at: int, key: str = "", **kw) -> Column:
    """A value of the whole game, state[at], on every seat's row."""
    return _col(name, typ, key, src=at, stride=0, **kw)


def block(key: str, names: Sequence[str], typ: pa.DataType, at: int, **kw) -> Column:
    """A per-seat block: state[at + seat * len(names) + k] for each name k (act_*, dk_*)."""
    return Column(tuple(names), key, typ, src=at, stride=len(names), **kw)


def computed(name: str, typ: pa.DataType, key: str = "", **kw) -> Column:
    """A column the game's write_records_nb computes (a count, a mask, a position)."""
    return _col(name, typ, key, **kw)


def table_only(name: str, typ: pa.DataType, after: str) -> Column:
    """A results column the game's records_table derives from the records."""
    return _col(name, typ, "", after=after, record=False)


class Records:
    """A game's record columns, in record order, and what derives from them."""

    def __init__(self, game: str, columns: Sequence[Column], win_share: bool = True) -> None:
        self.columns = tuple(columns)
        self.win_share = win_share
        lay = Layout(f"{game} records")
        lay.take("strategy")  # the seat's strategy id, written by copy_records_nb
        self._offsets: dict[str, int] = {"STRATEGY": 0}
        plan = []
        for c in self.columns:
            if not c.record:
                continue
            n = len(c.names)
            at = lay.take(c.key, n, c.names)
            self._offsets[c.key] = at
            if c.src != COMPUTED:
                plan.append((at, c.src, c.stride, n))
        self.n_rec = lay.done()
        self.record_columns = tuple(lay.columns)
        self.plan = np.array(plan, dtype=np.int64).reshape(-1, 4)

    def offsets(self) -> dict[str, int | tuple[str, ...]]:
        """The record offsets by key (`RANK`), with N_REC (the row's width) and
        RECORD_COLUMNS (its column names): a record layout module's globals."""
        return {**self._offsets, "N_REC": self.n_rec, "RECORD_COLUMNS": self.record_columns}

    def module(self, name: str) -> ModuleType:
        """`offsets()` as a module of ints (`REC.RANK`), which numba reads as constants."""
        module = ModuleType(name, "Offsets of a game's record row, in declaration order.")
        module.__dict__.update(self.offsets())
        return module

    def types(self) -> dict[str, pa.DataType]:
        """The results table's columns before the variant and rule ones: name -> type."""
        order, typ = list(SEAT_COLUMNS), dict(SEAT_COLUMNS)
        for c in self.columns:
            typ |= dict.fromkeys(c.names, c.typ)
            if not c.after:
                order.extend(c.names)
        if "rank" in order:
            wins = {"winner": pa.bool_(), "win_share": pa.float64()}
            if not self.win_share:
                del wins["win_share"]
            typ |= wins
            i = order.index("rank") + 1
            order[i:i] = wins
        moved = [c for c in self.columns if c.after]
        while moved:  # a column may follow one that is moved itself
            c = next((c for c in moved if c.after in order), None)
            if c is None:
                raise ValueError(f"records: no column {moved[0].after!r} to follow")
            i = order.index(c.after) + 1
            order[i:i] = c.names
            moved.remove(c)
        return {name: typ[name] for name in order}

    def derived(self, block: RecordBlock) -> dict[str, pa.Array]:
        """The table columns that are not plain integers: winner (and win share), names of
        codes, codes with null for none."""
        out: dict[str, pa.Array] = {}
        if "rank" in self.record_columns:
            wins = _win_columns(block["rank"].reshape(block.n_games, block.n_players))
            out |= wins if self.win_share else {"winner": wins["winner"]}
        for c in self.columns:
            name = c.names[0]
            if c.labels:
                out[name] = labels(block[name], pa.array(c.labels, pa.string()))
            elif c.null_below_zero:
                v = block[name]
                out[name] = pa.array(v.astype(c.typ.to_pandas_dtype()), mask=v < 0)
        return out

    def table(
        self,
        rec: np.ndarray,
        first_game: int,
        seat_names: Sequence[str],
        derived: Mapping[str, pa.Array] | None = None,
        switches: Mapping[str, bool] | None = None,
        rule_columns: RuleColumns | None = None,
    ) -> pa.Table:
        """rec (games, players, N_REC) -> the results table; `derived`: the game's table-only
        columns (and any column it labels itself), `switches` its variant columns."""
        block = RecordBlock(rec, self.record_columns)
        return results_table(
            block, first_game, seat_names, self.derived(block) | dict(derived or {}),
            self.types(), dict(switches or {}), dict(rule_columns or {}),
        )  # fmt: skip
