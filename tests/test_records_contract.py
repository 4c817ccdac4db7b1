"""The columns every game's results share, stated once (simcore/core/contract/records.py):
a game without one is refused by name, and every registered game's results table carries
them with the types docs/RESULTS.md states."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest

from simcore.core.contract import layout as H
from simcore.core.contract import records as C
from simcore.core.contract.games import games

GAMES = sorted(games())
AT = 100  # any state offset: the declarations below are never copied from a state


def _columns(leave_out: str = "") -> list[C.Column]:
    """A game's least declaration: rank, errors, end_reason, usage counts."""
    cols = {
        "rank": C.rank(AT),
        "errors": C.errors(AT + 4),
        "end_reason": C.end_reason(AT + 5, ("cards", "time")),
        "acts": C.actions(AT + 6, ("buy", "sell")),
        "dks": C.decisions(AT + 14, ("bid",)),
    }
    return [c for name, c in cols.items() if name != leave_out]


@pytest.mark.parametrize("name", C.REQUIRED)
def test_a_game_without_a_common_column_is_refused_by_name(name):
    with pytest.raises(ValueError, match=rf"^mygame records: no {name} column"):
        C.Records("mygame", _columns(leave_out=name))


def test_two_missing_columns_are_named_in_one_message():
    cols = [c for c in _columns() if c.names[0] not in ("errors", "end_reason")]
    with pytest.raises(ValueError, match="mygame records: no errors, end_reason column"):
        C.Records("mygame", cols)


def test_usage_counts_are_optional():
    """A game without act_*/dk_* columns has no usage table (docs/RESULTS.md), not an error."""
    r = C.Records("mygame", _columns("acts")[:3])
    assert r.offsets()["ACTION_COLUMNS"] == () and r.offsets()["DECISION_COLUMNS"] == ()


@pytest.mark.parametrize(
    "column, message",
    [
        (C.seat_field("rank", pa.int16(), AT), "column rank is int16, not int8"),
        (C.seat_field("act_buy", pa.int8(), AT), "column act_buy is int8, not int16"),
        (C.game_field("errors", pa.string(), AT), "column errors is string, not an integer"),
        (C.game_field("tie", pa.int8(), AT), "column tie is int8, not string"),
    ],
)
def test_a_common_column_spelled_by_hand_with_another_type_is_refused(column, message):
    cols = [c for c in _columns() if c.names[0] != column.names[0]] + [column]
    if column.names[0] == "act_buy":
        cols = [c for c in cols if c.key != "ACTS"]
    with pytest.raises(ValueError, match=f"mygame records: {message}"):
        C.Records("mygame", cols)


def test_the_common_constructors_name_key_type_and_offsets():
    """Offsets by hand: strategy 0, rank 1, errors 2, end_reason 3, act_buy/act_sell 4-5,
    dk_bid 6; the plan copies rank per seat, errors and end_reason per game, the blocks
    side by side per seat (stride = the block's width)."""
    r = C.Records("mygame", _columns())
    rec = r.module("mygame.REC")
    assert (rec.STRATEGY, rec.RANK, rec.ERRORS, rec.END_REASON, rec.ACTS, rec.DKS) == (
        0, 1, 2, 3, 4, 6,
    )  # fmt: skip
    assert rec.N_REC == 7
    assert rec.ACTION_COLUMNS == ("act_buy", "act_sell") and rec.DECISION_COLUMNS == ("dk_bid",)
    assert r.plan.tolist() == [[1, AT, 1, 1], [2, AT + 4, 0, 1], [3, AT + 5, 0, 1],
                               [4, AT + 6, 2, 2], [6, AT + 14, 1, 1]]  # fmt: skip
    assert r.types() == {
        "game_id": pa.int64(), "seat": pa.int8(), "players": pa.int8(),
        "strategy": pa.string(), "rank": pa.int8(), "winner": pa.bool_(),
        "win_share": pa.float64(), "errors": pa.int16(), "end_reason": pa.string(),
        "act_buy": pa.int16(), "act_sell": pa.int16(), "dk_bid": pa.int16(),
    }  # fmt: skip


def test_usage_counts_kept_per_action_across_the_seats():
    """REROLLS[4] then KEEPS[4] in the state (step 4 between the actions, 1 between seats):
    one plan row per action, and seat 2's row reads state[AT + 2] and state[AT + 6]."""
    from simcore.core.nb.skeleton_nb import copy_records_nb

    acts = C.actions(AT, ("reroll", "keep"), stride=1, step=4)
    r = C.Records("mygame", [C.rank(), C.errors(AT + 8), C.end_reason(None, ("done",)), acts])
    assert r.plan.tolist() == [[2, AT + 8, 0, 1], [3, AT, 1, 1], [4, AT + 4, 1, 1]]
    state = np.zeros(AT + 9, np.int64)
    state[H.N_PLAYERS] = 3
    state[AT : AT + 8] = (1, 2, 3, 0, 5, 6, 7, 0)  # REROLLS, KEEPS
    rec = np.zeros((3, r.n_rec), np.int64)
    copy_records_nb(state, np.array([9, 9, 9]), rec, r.plan)
    assert rec[:, 3:].tolist() == [[1, 5], [2, 6], [3, 7]]


def test_one_end_reason_needs_no_state_field():
    with pytest.raises(ValueError, match="end_reason without a state field needs one name"):
        C.end_reason(None, ("cards", "time"))


def _empty_table(name: str) -> pa.Table:
    """A batch of no games: the full schema (docs/RESULTS.md), nothing played."""
    import importlib

    g = games()[name]
    engine = importlib.import_module(g.engine)
    rec = np.zeros((0, g.min_players, engine.N_REC), np.int64)
    return g.records_table(rec, 0, ("random",) * g.min_players, g.default_rules())


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_the_common_columns_with_their_types(name):
    """docs/RESULTS.md: the seat columns first, winner right after rank (and win_share after
    it where there is one), errors an integer, end_reason (and tie) text, usage counts
    int16."""
    schema = _empty_table(name).schema
    cols = schema.names
    assert cols[:4] == ["game_id", "seat", "players", "strategy"]
    want = {"game_id": pa.int64(), "seat": pa.int8(), "players": pa.int8(),
            "strategy": pa.string(), "rank": pa.int8(), "winner": pa.bool_(),
            "end_reason": pa.string()}  # fmt: skip
    for col, typ in want.items():
        assert schema.field(col).type == typ, col
    assert cols[cols.index("rank") + 1] == "winner"
    if "win_share" in cols:
        assert cols[cols.index("winner") + 1] == "win_share"
        assert schema.field("win_share").type == pa.float64()
    assert schema.field("errors").type in (pa.int16(), pa.int32())
    if "tie" in cols:
        assert schema.field("tie").type == pa.string()
    usage = [c for c in cols if c.startswith(("act_", "dk_"))]
    assert all(schema.field(c).type == pa.int16() for c in usage), usage
