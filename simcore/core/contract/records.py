"""Each record column of a game stated once: its name, its results type, where it comes from.

An engine writes one record row per seat when a game ends; the results table types its
columns. A game lists its columns in record order (`Records`) and each says where its value
comes from: a field of the state per seat (`seat_field`, at offset + seat * stride) or for
the whole game (`game_field`), a per-seat block of entries (`block`), or the game's own
computation (`computed`); `table_only` columns exist in the table alone (the game derives
them from the records). The columns every game's results share are stated here once, each
with its name, key and type (`rank`, `errors`, `end_reason`, `tie`, `actions`: act_*,
`decisions`: dk_*); `Records` refuses a game without the ones the generic analyses read
(`REQUIRED`). From the list derive:

- the record layout: column 0 is the seat's strategy id, then the columns in order
  (`offsets()`, and as a module of ints, `module()`: `REC.RANK`, `REC.N_REC`,
  `REC.RECORD_COLUMNS`, `REC.ACTION_COLUMNS`, `REC.DECISION_COLUMNS`);
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
I8, I16, TEXT = pa.int8(), pa.int16(), pa.string()
ACT, DK = "act_", "dk_"  # the usage columns' prefixes (analyses/actions.py reads them)
# the columns every game's results carry: the generic layers read them by name (winner and
# win_share come from rank; run_summary sums errors; balance shares out end_reason)
REQUIRED = ("rank", "errors", "end_reason")
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
    step: int = 1


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


def block(
    key: str, names: Sequence[str], typ: pa.DataType, at: int, stride: int = 0, step: int = 1
) -> Column:
    """A per-seat block: state[at + seat * stride + k * step] for each name k; by default
    the seat's entries side by side (stride len(names), step 1)."""
    return Column(tuple(names), key, typ, src=at, stride=stride or len(names), step=step)


def computed(name: str, typ: pa.DataType, key: str = "", **kw) -> Column:
    """A column the game's write_records_nb computes (a count, a mask, a position)."""
    return _col(name, typ, key, **kw)


def table_only(name: str, typ: pa.DataType, after: str) -> Column:
    """A results column the game's records_table derives from the records."""
    return _col(name, typ, "", after=after, record=False)


def rank(at: int = COMPUTED) -> Column:
    """Seats placed ahead (0 = a winner; a shared first place is 0 for each), state[at +
    seat] or the game's own; the table adds winner (and win_share) after it."""
    return Column(("rank",), "RANK", I8, src=at, stride=1)


def errors(at: int, typ: pa.DataType = I16) -> Column:
    """Illegal answers in the game, state[at] (0 in every sound game)."""
    return game_field("errors", typ, at)


def end_reason(at: int | None, names: Sequence[str]) -> Column:
    """How the game ended: code state[at] named by `names`; a game that ends one way passes
    at None and its one name, which every row says (no record entry)."""
    if at is not None:
        return game_field("end_reason", TEXT, at, labels=tuple(names))
    if len(names) != 1:
        raise ValueError(f"end_reason without a state field needs one name, not {names!r}")
    return Column(("end_reason",), "", TEXT, labels=tuple(names), record=False)


def tie(at: int, names: Sequence[str]) -> Column:
    """How first place was settled, code state[at] named by `names`."""
    return game_field("tie", TEXT, at, labels=tuple(names))


def actions(at: int, names: Sequence[str], stride: int = 0, step: int = 1) -> Column:
    """act_<name>: times the seat took each action type, a block (`block`) at REC.ACTS."""
    return block("ACTS", [ACT + n for n in names], I16, at, stride, step)


def decisions(at: int, names: Sequence[str]) -> Column:
    """dk_<kind>: decisions the seat answered per kind, a block at REC.DKS."""
    return block("DKS", [DK + n for n in names], I16, at)


def _check_common(game: str, columns: Sequence[Column]) -> None:
    """Every required column present, and the common ones with their stated types."""
    typ = {name: c.typ for c in columns for name in c.names}
    missing = [name for name in REQUIRED if name not in typ]
    if missing:
        raise ValueError(f"{game} records: no {', '.join(missing)} column (every game's "
                         "results have it: simcore/core/contract/records.py)")  # fmt: skip
    stated = {"rank": I8, "end_reason": TEXT, "tie": TEXT}
    for name, t in typ.items():
        want = I16 if name.startswith((ACT, DK)) else stated.get(name, t)
        if name == "errors" and not pa.types.is_integer(t):
            want = "an integer"
        if t != want:
            raise ValueError(f"{game} records: column {name} is {t}, not {want}")


class Records:
    """A game's record columns, in record order, and what derives from them."""

    def __init__(self, game: str, columns: Sequence[Column], win_share: bool = True) -> None:
        _check_common(game, columns)
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
            if c.src != COMPUTED and c.step == 1:
                plan.append((at, c.src, c.stride, n))
            elif c.src != COMPUTED:  # entries apart in the state: one row each
                plan.extend((at + k, c.src + k * c.step, c.stride, 1) for k in range(n))
        self.n_rec = lay.done()
        self.record_columns = tuple(lay.columns)
        self.plan = np.array(plan, dtype=np.int64).reshape(-1, 4)

    def names(self, key: str) -> tuple[str, ...]:
        """The column names of the column or block with key `key`; () if the game has none."""
        return next((c.names for c in self.columns if c.key == key and c.record), ())

    def offsets(self) -> dict[str, int | tuple[str, ...]]:
        """The record offsets by key (`RANK`), with N_REC (the row's width), RECORD_COLUMNS
        (its column names) and the common blocks' names (ACTION_, DECISION_COLUMNS)."""
        return {**self._offsets, "N_REC": self.n_rec, "RECORD_COLUMNS": self.record_columns,
                "ACTION_COLUMNS": self.names("ACTS"),
                "DECISION_COLUMNS": self.names("DKS")}  # fmt: skip

    def module(self, name: str) -> ModuleType:
        """`offsets()` as a module (`REC = RECORDS.module(__name__ + ".REC")`, read as
        `REC.RANK`): one named import instead of globals nobody sees, constants in jitted code."""
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
            if c.labels and not c.record:  # one name for every row (end_reason)
                out[name] = pa.array([c.labels[0]] * block.n, pa.string())
            elif c.labels:
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
