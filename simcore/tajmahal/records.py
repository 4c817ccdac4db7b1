"""Taj Mahal's record columns, each stated once: its name, its results type and where the
engine takes it from (simcore/core/contract/records.py derives the rest)."""

import pyarrow as pa

from simcore.core.contract import records as common  # the columns every game shares
from simcore.core.contract.records import Records, block, computed, game_field, seat_field

from . import layout as S
from .enums import (
    ACTION_NAMES,
    DECISION_KIND_NAMES,
    END_REASON_NAMES,
    SYMBOL_NAMES,
    TIE_NAMES,
)

PRIZE_COLUMNS = tuple(f"prizes_{name}" for name in SYMBOL_NAMES)
I8, I16 = pa.int8(), pa.int16()

# Every rule value is bounded (rules.py) so that these types hold any game: points stay
# below 1 000 (12 visits, at most 20 per bonus tile), plays below 12 * play_cap <= 12 000.
RECORDS = Records("tajmahal", (
    common.rank(S.RANK),  # seats with more points, 0 = a winner (T-E2)
    seat_field("points", I16, S.POINTS),
    seat_field("bonus_points", I16, S.PTS_BONUS, key="PTS_BONUS"),  # T-P1
    seat_field("palace_points", I16, S.PTS_PALACE, key="PTS_PALACE"),  # T-P2
    seat_field("province_points", I16, S.PTS_PROVINCE, key="PTS_PROVINCE"),  # T-P3
    seat_field("special_points", I16, S.PTS_SPECIAL, key="PTS_SPECIAL"),  # T-A1c
    seat_field("hand_points", I16, S.PTS_HAND, key="PTS_HAND"),  # T-P4
    seat_field("palaces", I16, S.N_PALACES),  # palaces placed
    computed("tiles", I8),  # province tiles won (T-A5)
    computed("commodities", I16),  # commodities held at the end
    computed("specials_held", I8),  # bit t: special card of influence type t (T-R4)
    computed("specials_end", I8),  # special cards held at the end (0..4)
    seat_field("exchanges", I8, S.EXCHANGES),  # special cards gained
    seat_field("immediate", I8, S.IMMEDIATE),  # withdrawals without a play (T-A7)
    seat_field("plays", I16, S.N_PLAYS),
    seat_field("white_played", I16, S.WHITE_PLAYED),
    computed("specials_played", I16),  # special cards played
    # seats after the start player of visit 1 (T-S6, T-R5), the seat-order question's key
    computed("position", I8, after="strategy"),
    game_field("visits", I8, S.VISIT),  # visits begun
    common.end_reason(S.END_REASON, END_REASON_NAMES),
    common.tie(S.TIE, TIE_NAMES),
    common.errors(S.N_ERRORS),  # illegal answers in the game (should be 0)
    # cards in hand at the end (the T-E2 what-if tie-break)
    seat_field("hand_cards", I8, S.HAND_N, after="specials_played"),
    block("PRIZES", PRIZE_COLUMNS, I8, S.PRIZES),  # prizes won per symbol
    common.actions(S.ACTS, ACTION_NAMES),  # actions per type (enums.ACT_*)
    common.decisions(S.DKS, DECISION_KIND_NAMES),  # decisions answered per kind
))  # fmt: skip
REC = RECORDS.module(__name__ + ".REC")  # REC.RANK, REC.N_REC, REC.RECORD_COLUMNS
