"""The layout builder (simcore/core/contract/layout.py): offsets checked at import, and the common
header at the same offsets in every game's state."""

from __future__ import annotations

import importlib

import pytest

from simcore.core.contract import layout as H
from simcore.core.contract.games import games
from simcore.core.contract.layout import Layout, Params, state_layout


def test_layout_declarations_check_themselves():
    layout = Layout("t", size=4)
    assert layout.take("a", 3) == 0
    assert layout.take("b") == 3
    assert layout.done() == 4
    layout.take("c")
    with pytest.raises(ValueError, match="at most 4"):
        layout.done()
    with pytest.raises(ValueError, match="twice"):
        layout.take("a")
    params = Params("t", {"x": 1.0, "y": 2.0, "z": 3.0})
    assert params.index("y", span=2) == 1
    with pytest.raises(ValueError, match="no offset for x"):
        params.done()
    with pytest.raises(ValueError, match="not registered"):
        params.index("w")
    with pytest.raises(ValueError, match="runs past"):
        params.index("z", span=2)


def test_header_slots_are_filled_first_and_must_all_be_used():
    s = state_layout("t")
    taken = [s.take(f"F{i}") for i in range(H.HEADER_SIZE - len(H.HEADER))]
    assert sorted(taken + list(H.HEADER.values())) == list(range(H.HEADER_SIZE))
    assert s.take("BLOCK", 3) == H.HEADER_SIZE
    assert s.done() == H.HEADER_SIZE + 3
    small = state_layout("t")  # a small game leaves header slots unused
    assert small.take("ONLY") == min(set(range(H.HEADER_SIZE)) - set(H.HEADER.values()))
    assert small.done() == H.HEADER_SIZE


def test_record_columns_follow_the_declarations():
    r = Layout("t")
    r.take("a")
    r.take("b", 2, ("b0", "b1"))
    assert r.columns == ["a", "b0", "b1"]
    with pytest.raises(ValueError, match="2 entries, 1 names"):
        r.take("c", 2, ("c0",))


@pytest.mark.parametrize("game", ["maharaja", "vermaechtnis"])
def test_every_game_state_starts_with_the_common_header(game):
    """The generic skeleton (simcore/core/nb/skeleton_nb.py) reads these offsets in every game
    built on it (the tests' one-file toy game keeps its own few slots)."""
    engine = importlib.import_module(games()[game].engine)
    for name, offset in H.HEADER.items():
        assert getattr(engine.S, name) == offset, (game, name)


def test_rules_offsets_follow_the_field_order():
    """A rule set's packed offsets: its fields in declaration order (a table field takes its
    `slots`, a `slot` renames it), then PACKED; pack() writes each value at its offset."""
    from dataclasses import dataclass, field

    from simcore.core.contract.rule_fields import RuleBase, offsets_module, rule

    @dataclass(frozen=True)
    class Rules(RuleBase):
        PACKED = {"ROW_N": 1}
        a: int = rule(3, "X-1", "a", 0, 9)
        row: tuple[int, ...] = field(default=(7, 8), metadata={"doc": "r", "rule": "X-2",
                                                               "slots": 3})  # fmt: skip
        on: bool = rule(True, "X-3", "switch", slot="V_ON")

        def _check_field(self, f):
            if f.name != "row":
                super()._check_field(f)

        def _pack_more(self, out, at):
            out[at["ROW"] : at["ROW"] + len(self.row)] = self.row
            out[at["ROW_N"]] = len(self.row)

    at = Rules.offsets()
    assert at == {"A": 0, "ROW": 1, "V_ON": 4, "ROW_N": 5, "RULES_SIZE": 6}
    assert list(Rules().pack()) == [3, 7, 8, 0, 1, 2]
    R = offsets_module(Rules, "t.R")
    assert (R.A, R.ROW, R.V_ON, R.ROW_N, R.RULES_SIZE) == (0, 1, 4, 5, 6)

    @dataclass(frozen=True)
    class Twice(RuleBase):
        a: int = rule(1, "X-1", "a", 0, 9, slot="B")
        b: int = rule(1, "X-2", "b", 0, 9)

    with pytest.raises(ValueError, match="'B' declared twice"):
        Twice.offsets()

    @dataclass(frozen=True)
    class Unpacked(Rules):  # a table field, but no _pack_more of its own: refused, not zeros
        _pack_more = RuleBase._pack_more

    with pytest.raises(TypeError, match="no _pack_more for"):
        Unpacked().pack()


def test_record_columns_stated_once_give_offsets_plan_copy_and_table():
    """A column's declaration places it in the record row, copies it from the state and
    types it in the table; the values below are worked by hand from the declarations."""
    import numpy as np
    import pyarrow as pa

    from simcore.core.contract.records import (
        Records,
        block,
        computed,
        end_reason,
        errors,
        game_field,
        seat_field,
        table_only,
    )
    from simcore.core.nb.skeleton_nb import copy_records_nb

    at = H.HEADER_SIZE  # the game's fields after the header: A[2], G, B[2 seats x 2], E
    records = Records("t", (
        seat_field("a", pa.int8(), at),
        seat_field("rank", pa.int8(), at + 10),
        game_field("g", pa.int16(), at + 2, labels=("zero", "one", "two")),
        table_only("t", pa.string(), after="g"),
        block("B", ("b0", "b1"), pa.int16(), at + 3),
        computed("c", pa.int8(), after="strategy"),
        errors(at + 7),
        end_reason(None, ("done",)),  # no record entry: every row says "done"
    ))  # fmt: skip
    off = records.offsets()
    # strategy 0, then a, rank, g, b0 b1, c, errors in declaration order (t, end_reason are
    # not in the row)
    assert (off["STRATEGY"], off["A"], off["RANK"], off["G"], off["B"], off["C"]) == (
        0,
        1,
        2,
        3,
        4,
        6,
    )
    assert off["N_REC"] == 8 and off["RECORD_COLUMNS"][4:] == ("b0", "b1", "c", "errors")
    assert records.plan.tolist() == [[1, at, 1, 1], [2, at + 10, 1, 1], [3, at + 2, 0, 1],
                                     [4, at + 3, 2, 2], [7, at + 7, 0, 1]]  # fmt: skip
    state = np.zeros(at + 12, np.int64)
    state[H.N_PLAYERS] = 2
    state[at : at + 7] = (5, 6, 2, 10, 11, 20, 21)  # a[0], a[1], g, B[seat 0], B[seat 1]
    state[at + 10 : at + 12] = (1, 0)  # seat 1 wins
    rec = np.full((1, 2, 8), -9, np.int64)  # one game's rows (the engine writes rec[game])
    copy_records_nb(state, np.array([3, 4]), rec[0], records.plan)
    # c (-9) is the game's to write
    assert rec[0].tolist() == [[3, 5, 1, 2, 10, 11, -9, 0],
                               [4, 6, 0, 2, 20, 21, -9, 0]]  # fmt: skip
    assert list(records.types()) == ["game_id", "seat", "players", "strategy", "c", "a", "rank",
                                     "winner", "win_share", "g", "t", "b0", "b1", "errors",
                                     "end_reason"]  # fmt: skip
    rec[0, :, 6] = 7
    t = records.table(rec, 40, ("x", "y"), {"t": pa.array(["u", "v"])})
    assert t.column("g").to_pylist() == ["two", "two"]
    assert t.column("winner").to_pylist() == [False, True]
    assert t.column("win_share").to_pylist() == [0.0, 1.0]
    assert t.column("strategy").to_pylist() == ["x", "y"] and t.column("game_id").to_pylist() == [
        40,
        40,
    ]
    assert t.schema.field("b1").type == pa.int16() and t.column("c").to_pylist() == [7, 7]
    assert t.column("end_reason").to_pylist() == ["done", "done"]
