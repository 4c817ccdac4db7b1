"""Vermächtnis's record columns, each stated once: its name, its results type and where the
engine takes it from (simcore/core/contract/records.py derives the rest)."""

import pyarrow as pa

from simcore.core.contract import records as common  # the columns every game shares
from simcore.core.contract.records import Records, computed, game_field, seat_field

from . import layout as S
from .enums import (
    ACT_BUY,
    ACTION_NAMES,
    DECISION_KIND_NAMES,
    END_REASON_NAMES,
    N_ACTS,
    TIE_NAMES,
)

I8, I16, I32 = pa.int8(), pa.int16(), pa.int32()

RECORDS = Records("vermaechtnis", (
    common.rank(S.RANK),  # 0 for every winner (V-E2: a shared first place)
    seat_field("points", I16, S.POINTS),
    seat_field("antique_points", I16, S.ANTIQUE_POINTS),
    seat_field("collection_points", I16, S.COLL_POINTS, key="COLL_POINTS"),
    seat_field("money_points", I16, S.MONEY_POINTS),
    seat_field("money", I16, S.MONEY),  # rupees at the end
    seat_field("antiques", I8, S.SCORED),  # antiques scored (after V-P1)
    seat_field("bought", I8, S.ACTS + ACT_BUY, stride=N_ACTS),  # antiques bought
    computed("collections", I8),  # collection cards taken
    seat_field("collections_taken", I32, S.COLL, key="COLL_MASK"),  # bit k: card k taken
    seat_field("lone_discards", I8, S.LONE_CARDS, key="LONE_CARDS"),
    seat_field("lone_points", I16, S.LONE_POINTS),
    seat_field("gave_up", I8, S.GAVE_UP),
    seat_field("taxes", I32, S.TAXES),
    seat_field("spent", I32, S.SPENT),
    seat_field("own_turns", I16, S.OWN_TURNS),
    seat_field("extra_turns", I16, S.EXTRA_TURNS),
    seat_field("start_money", I16, S.START_MONEY, after="strategy"),
    game_field("turns", I16, S.TURNS),  # the game's turns (V-R4)
    game_field("days", I8, S.DAY),
    common.end_reason(S.END_REASON, END_REASON_NAMES),
    common.tie(S.TIE, TIE_NAMES),  # how first place was settled
    common.errors(S.N_ERRORS),  # illegal answers in this game (should be 0)
    common.actions(S.ACTS, ACTION_NAMES),
    common.decisions(S.DKS, DECISION_KIND_NAMES),  # decisions answered per kind
))  # fmt: skip
REC = RECORDS.module(__name__ + ".REC")  # REC.RANK, REC.N_REC, REC.RECORD_COLUMNS
