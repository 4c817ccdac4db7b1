"""The results contract of Taj Mahal: typed rows per (game, seat), as a pyarrow table.

Columns may be added, never renamed. `rank` is 0 for every winner; `winner` is true for
every first place and `win_share` is 1/k for each of k winners of a shared first place
(T-E2 [choice]: tied players share the win), so win shares sum to 1 per game. `position`
is the seat's place after the start player of visit 1 (T-S6: chosen at random; the start
passes to the left each visit, T-R5), the key of the seat-order question.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from simcore.core.contract.results_table import (
    RecordBlock,
    RuleColumns,
    changed_rule_columns,
    labels,
    results_table,
    win_columns,
)

from . import record_layout as REC
from .enums import END_REASON_NAMES, TIE_NAMES
from .rules import RuleSet

# Every rule value is bounded (rules.py) so that these types hold any game: points stay
# below 1 000 (12 visits, at most 20 per bonus tile), plays below 12 * play_cap <= 12 000.
BASE_COLUMNS: dict[str, pa.DataType] = {
    "game_id": pa.int64(),
    "seat": pa.int8(),
    "players": pa.int8(),
    "strategy": pa.string(),
    "position": pa.int8(),
    "rank": pa.int8(),
    "winner": pa.bool_(),
    "win_share": pa.float64(),
    "points": pa.int16(),
    "bonus_points": pa.int16(),
    "palace_points": pa.int16(),
    "province_points": pa.int16(),
    "special_points": pa.int16(),
    "hand_points": pa.int16(),
    "palaces": pa.int16(),
    "tiles": pa.int8(),
    "commodities": pa.int16(),
    "specials_held": pa.int8(),
    "specials_end": pa.int8(),
    "exchanges": pa.int8(),
    "immediate": pa.int8(),
    "plays": pa.int16(),
    "white_played": pa.int16(),
    "specials_played": pa.int16(),
    "hand_cards": pa.int8(),
    "visits": pa.int8(),
    "end_reason": pa.string(),
    "tie": pa.string(),
    "errors": pa.int16(),
    **dict.fromkeys(REC.PRIZE_COLUMNS, pa.int8()),
    **dict.fromkeys(REC.ACTION_COLUMNS, pa.int16()),
    **dict.fromkeys(REC.DECISION_COLUMNS, pa.int16()),
}
_ENDS = pa.array(END_REASON_NAMES, pa.string())
_TIES = pa.array(TIE_NAMES, pa.string())


def rule_columns(rules: RuleSet) -> RuleColumns:
    """`rule_<key>` -> (type, value) for every rule value that differs from the rulebook."""
    return changed_rule_columns(rules.diff_from_default(), set())


def records_table(
    rec: np.ndarray, first_game: int, seat_names: tuple[str, ...], rules: RuleSet
) -> pa.Table:
    """rec: (games, players, N_REC) from play_batch -> the contract's table, game ids from
    first_game; seat_names: the registered strategy name of each seat."""
    block = RecordBlock(rec, REC.RECORD_COLUMNS)
    derived = {
        **win_columns(rec[:, :, REC.RANK]),
        "end_reason": labels(block["end_reason"], _ENDS),
        "tie": labels(block["tie"], _TIES),
    }
    return results_table(block, first_game, seat_names, derived, BASE_COLUMNS, {},
                         rule_columns(rules))  # fmt: skip
