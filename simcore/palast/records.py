"""Palast's record columns, each stated once: its name, its results type and where the
engine takes it from (simcore/core/contract/records.py derives the rest)."""

import pyarrow as pa

from simcore.core.contract import records as common  # the columns every game shares
from simcore.core.contract.records import Records, computed, game_field, seat_field, table_only

from . import layout as S
from .enums import ACTION_NAMES, DECISION_KIND_NAMES, END_REASON_NAMES, TIE_NAMES

I8, I16, TEXT = pa.int8(), pa.int16(), pa.string()

RECORDS = Records("palast", (
    common.rank(S.RANK),  # 0 for every winner (P-E2: a shared first place)
    seat_field("figures", I8, S.SCORE),  # P-E2: figures on balconies + treasury (+ P-V2)
    computed("balconies", I8),
    seat_field("treasury_figures", I8, S.TREASURY, key="TREASURY"),
    computed("seraglio_figure", I8, key="SER_FIGURE"),  # P-V2
    computed("seraglio_markers", I8, key="MARKERS_IN"),  # markers in the seraglio at the end
    computed("seraglio_nearest", I8, key="SER_NEAREST"),  # field of the nearest (1..6), 0 none
    computed("quarter_figures", I8, key="QUARTER_FIGS"),
    computed("resources", I16),  # held at the end
    seat_field("cards", I16, S.HAND_N),  # action cards held at the end
    # P-S3: resource type received (0..3), -1 none; named by records_table
    seat_field("start_type", TEXT, S.START_TYPE),
    seat_field("start_resources", I8, S.START_N, key="START_RES"),  # P-S3: 1, or 2
    computed("treasury_1_leader", I8, key="TREASURY_1"),  # 1 if it led scoring 1 (P-A3)
    computed("treasury_2_leader", I8, key="TREASURY_2"),
    computed("played_end_card", I8, key="ENDED"),  # P-A4
    seat_field("own_turns", I16, S.OWN_TURNS),
    game_field("turns", I16, S.TURN),
    game_field("cards_gone", I8, S.GONE, key="GONE"),  # palace cards built or removed (P-E1)
    common.end_reason(S.END_REASON, END_REASON_NAMES),
    common.tie(S.TIE, TIE_NAMES),
    table_only("harbour_main", TEXT, after="tie"),  # results.harbour_main
    common.errors(S.N_ERRORS, pa.int32()),
    common.actions(S.ACTS, ACTION_NAMES),
    common.decisions(S.DKS, DECISION_KIND_NAMES),  # decisions answered per kind
))  # fmt: skip
REC = RECORDS.module(__name__ + ".REC")  # REC.RANK, REC.N_REC, REC.RECORD_COLUMNS
