"""The results contract of Palast: typed rows per (game, seat), as a pyarrow table.

Columns may be added, never renamed. `rank` is 0 for every winner; `win_share` is 1/k
for each of k winners of a shared first place (P-E2 [choice]), so shares sum to 1.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from simcore.core.contract.results_table import (
    RuleColumns,
    changed_rule_columns,
    labels,
)

from .enums import RES_NAMES
from .records import REC, RECORDS
from .rules import RuleSet

# Every rule value is bounded (rules.py): figures <= 12, turns <= 2000, so int16 holds all.
BASE_COLUMNS = RECORDS.types()  # the table's columns before the variant and rule ones
VARIANT_COLUMNS: dict[str, str] = {
    "variant_seraglio_figure": "seraglio_figure",
    "variant_sealed": "sealed_gardens",
}
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
    derived = {
        "start_type": labels(rec[:, :, REC.START_TYPE].reshape(-1) + 1, _TYPES),
        "harbour_main": labels(
            harbour_main(rec[:, :, REC.ACTS : REC.ACTS + 4]).reshape(-1), _SIDES
        ),
    }
    switches = {name: getattr(rules, fld) for name, fld in VARIANT_COLUMNS.items()}
    return RECORDS.table(rec, first_game, seat_names, derived, switches, rule_columns(rules))
