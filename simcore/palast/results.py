"""The results contract of Palast: typed rows per (game, seat), as a pyarrow table.

Columns may be added, never renamed. `rank` is 0 for every winner; `win_share` is 1/k
for each of k winners of a shared first place (P-E2 [choice]), so shares sum to 1.
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
from .enums import END_REASON_NAMES, RES_NAMES, TIE_NAMES
from .rules import RuleSet

# Every rule value is bounded (rules.py): figures <= 12, turns <= 2000, so int16 holds all.
BASE_COLUMNS: dict[str, pa.DataType] = {
    "game_id": pa.int64(),
    "seat": pa.int8(),
    "players": pa.int8(),
    "strategy": pa.string(),
    "rank": pa.int8(),
    "winner": pa.bool_(),
    "win_share": pa.float64(),
    "figures": pa.int8(),
    "balconies": pa.int8(),
    "treasury_figures": pa.int8(),
    "seraglio_figure": pa.int8(),
    "seraglio_markers": pa.int8(),
    "seraglio_nearest": pa.int8(),
    "quarter_figures": pa.int8(),
    "resources": pa.int16(),
    "cards": pa.int16(),
    "start_type": pa.string(),
    "start_resources": pa.int8(),
    "treasury_1_leader": pa.int8(),
    "treasury_2_leader": pa.int8(),
    "played_end_card": pa.int8(),
    "own_turns": pa.int16(),
    "turns": pa.int16(),
    "cards_gone": pa.int8(),
    "end_reason": pa.string(),
    "tie": pa.string(),
    "harbour_main": pa.string(),
    "errors": pa.int32(),
    **dict.fromkeys(REC.ACTION_COLUMNS, pa.int16()),
    **dict.fromkeys(REC.DECISION_COLUMNS, pa.int16()),
}
VARIANT_COLUMNS: dict[str, str] = {
    "variant_seraglio_figure": "seraglio_figure",
    "variant_sealed": "sealed_gardens",
}
_ENDS = pa.array(END_REASON_NAMES, pa.string())
_TIES = pa.array(TIE_NAMES, pa.string())
_TYPES = pa.array(("none", *RES_NAMES), pa.string())
HARBOUR_SIDES = ("a", "b", "c", "d")
_SIDES = pa.array((*HARBOUR_SIDES, "none"), pa.string())
assert REC.ACTION_COLUMNS[:4] == tuple(f"act_harbour_{s}" for s in HARBOUR_SIDES)


def rule_columns(rules: RuleSet) -> RuleColumns:
    return changed_rule_columns(rules.diff_from_default(), set(VARIANT_COLUMNS.values()))


def harbour_main(acts: np.ndarray) -> np.ndarray:
    """The harbour side (0..3 = a..d) each seat took most, from its act_harbour_a..d counts
    (acts: (..., 4)); 4 when it took none. Ties go to the later side (d, then c, b, a):
    with the rulebook cards a/d and c/b a card's sides alternate, so a seat takes its
    front (a, c) as often as its back (d, b) or once more, and a tie means it went on to
    the back as often as it took the front."""
    main = 3 - np.argmax(acts[..., ::-1], axis=-1)
    return np.where(acts.sum(axis=-1) > 0, main, 4)


def records_table(
    rec: np.ndarray, first_game: int, seat_names: tuple[str, ...], rules: RuleSet
) -> pa.Table:
    """rec: (games, players, N_REC) from play_batch -> the contract's table."""
    block = RecordBlock(rec, REC.RECORD_COLUMNS)
    derived = {
        **win_columns(rec[:, :, REC.RANK]),
        "end_reason": labels(block["end_reason"], _ENDS),
        "tie": labels(block["tie"], _TIES),
        "start_type": labels(block["start_type"] + 1, _TYPES),
        "harbour_main": labels(
            harbour_main(rec[:, :, REC.ACTS : REC.ACTS + 4]).reshape(block.n), _SIDES
        ),  # fmt: skip
    }
    switches = {name: getattr(rules, fld) for name, fld in VARIANT_COLUMNS.items()}
    return results_table(
        block, first_game, seat_names, derived, BASE_COLUMNS, switches, rule_columns(rules)
    )
