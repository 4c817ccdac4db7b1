"""Maharaja's record columns, each stated once: its name, its results type and where the
engine takes it from (simcore/core/contract/records.py derives the rest).

One row per seat keeps the per-seat view that balance analysis needs. Maharaja's table has
`winner` but no `win_share` (it keeps its first contract)."""

import pyarrow as pa

from simcore.core.contract import records as common  # the columns every game shares
from simcore.core.contract.records import Records, block, computed, game_field, seat_field

from . import layout as S
from .enums import ACTION_NAMES, CHARACTER_NAMES, DECISION_KIND_NAMES, END_REASON_NAMES

TURN_COLUMNS = tuple(f"turns_{name}" for name in CHARACTER_NAMES)
I8, I16, I32, TEXT = pa.int8(), pa.int16(), pa.int32(), pa.string()

RECORDS = Records("maharaja", (
    # lowest character after setup (M-S3), lowest held at the end
    seat_field("start_character", TEXT, S.START_CHAR, key="START_CHAR", labels=CHARACTER_NAMES),
    computed("end_character", TEXT, key="END_CHAR", labels=CHARACTER_NAMES),
    seat_field("palaces", I8, S.PALACES),
    seat_field("gold", I32, S.GOLD),
    common.rank(S.RANK),  # 0 = winner (M-E2)
    game_field("rounds", I8, S.ROUND),
    common.end_reason(S.END_REASON, END_REASON_NAMES),
    # position in round 1's actual turn order (0 = acted first)
    seat_field("first_order", I8, S.ORDER1, key="ORDER1", after="characters_held"),
    seat_field("fees_paid", I32, S.FEES_PAID),
    seat_field("fees_received", I32, S.FEES_RECEIVED),
    seat_field("forfeits", I16, S.FORFEITS),
    seat_field("score_gold", I32, S.SCORE_GOLD),
    seat_field("houses_built", I16, S.HOUSES_BUILT),
    seat_field("swaps", I16, S.SWAPS),
    seat_field("chips_gained", I16, S.CHIPS_GAINED),
    seat_field("chips_used", I16, S.CHIPS_USED),
    seat_field("bid_paid", I32, S.BID_PAID),
    # bit mask of characters held at the end (M-V4)
    computed("characters_held", I8, key="CHARS_HELD", after="end_character"),
    common.errors(S.N_ERRORS),  # illegal requests in this game (should be 0)
    # position in the setup choice (M-S3, M-V3); -1, null in the table, when dealt
    seat_field("choice_order", I8, S.CHOICE_ORDER, null_below_zero=True),
    # own turns begun holding each character (M-R4): at most one per round, <= rounds
    block("TURNS", TURN_COLUMNS, I8, S.TURNS),
    common.actions(S.ACTS, ACTION_NAMES),  # actions fully done per action type
    common.decisions(S.DKS, DECISION_KIND_NAMES),  # decisions answered per kind
), win_share=False)  # fmt: skip
REC = RECORDS.module(__name__ + ".REC")  # REC.RANK, REC.N_REC, REC.RECORD_COLUMNS
