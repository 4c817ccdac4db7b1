"""The results contract of Vermächtnis: typed rows per (game, seat), as a pyarrow table.

Columns may be added, never renamed. `rank` is 0 for every winner; `winner` is true for
every first place and `win_share` is 1/k for each of k winners of a shared first place
(V-E2), so win shares sum to 1 per game.
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

# Every rule value is bounded (rules.py) so that these types hold any game: money and
# points stay below 1 300, turns below 600, rupee totals below 100 000.
BASE_COLUMNS: dict[str, pa.DataType] = {
    "game_id": pa.int64(),
    "seat": pa.int8(),
    "players": pa.int8(),
    "strategy": pa.string(),
    "start_money": pa.int16(),
    "rank": pa.int8(),
    "winner": pa.bool_(),
    "win_share": pa.float64(),
    "points": pa.int16(),
    "antique_points": pa.int16(),
    "collection_points": pa.int16(),
    "money_points": pa.int16(),
    "money": pa.int16(),
    "antiques": pa.int8(),
    "bought": pa.int8(),
    "collections": pa.int8(),
    "collections_taken": pa.int32(),
    "lone_discards": pa.int8(),
    "lone_points": pa.int16(),
    "gave_up": pa.int8(),
    "taxes": pa.int32(),
    "spent": pa.int32(),
    "own_turns": pa.int16(),
    "extra_turns": pa.int16(),
    "turns": pa.int16(),
    "days": pa.int8(),
    "end_reason": pa.string(),
    "tie": pa.string(),
    "errors": pa.int16(),
    **dict.fromkeys(REC.ACTION_COLUMNS, pa.int16()),
    **dict.fromkeys(REC.DECISION_COLUMNS, pa.int16()),
}
VARIANT_COLUMNS: dict[str, str] = {"variant_grey": "grey_sides"}  # column -> RuleSet field
_ENDS = pa.array(END_REASON_NAMES, pa.string())
_TIES = pa.array(TIE_NAMES, pa.string())


def rule_columns(rules: RuleSet) -> RuleColumns:
    """`rule_<key>` -> (type, value) for every rule value that differs from the rulebook;
    switches with a variant_* column are left out, price rows become text ("4,4,3,2,2")."""
    return changed_rule_columns(rules.diff_from_default(), set(VARIANT_COLUMNS.values()))


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
    switches = {name: getattr(rules, fld) for name, fld in VARIANT_COLUMNS.items()}
    return results_table(
        block, first_game, seat_names, derived, BASE_COLUMNS, switches, rule_columns(rules)
    )
