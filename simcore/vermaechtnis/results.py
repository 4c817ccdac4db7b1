"""The results contract of Vermächtnis: typed rows per (game, seat), as a pyarrow table.

Columns may be added, never renamed. `rank` is 0 for every winner; `winner` is true for
every first place and `win_share` is 1/k for each of k winners of a shared first place
(V-E2), so win shares sum to 1 per game.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from simcore.core.contract.results_table import (
    RuleColumns,
    changed_rule_columns,
)

from .records import RECORDS
from .rules import RuleSet

# Every rule value is bounded (rules.py) so that these types hold any game: money and
# points stay below 1 300, turns below 600, rupee totals below 100 000.
BASE_COLUMNS = RECORDS.types()  # the table's columns before the variant and rule ones
VARIANT_COLUMNS: dict[str, str] = {"variant_grey": "grey_sides"}  # column -> RuleSet field


def rule_columns(rules: RuleSet) -> RuleColumns:
    """`rule_<key>` -> (type, value) for every rule value that differs from the rulebook;
    switches with a variant_* column are left out, price rows become text ("4,4,3,2,2")."""
    return changed_rule_columns(rules.diff_from_default(), set(VARIANT_COLUMNS.values()))


def records_table(
    rec: np.ndarray, first_game: int, seat_names: tuple[str, ...], rules: RuleSet
) -> pa.Table:
    """rec: (games, players, N_REC) from play_batch -> the contract's table, game ids from
    first_game; seat_names: the registered strategy name of each seat."""
    switches = {name: getattr(rules, fld) for name, fld in VARIANT_COLUMNS.items()}
    return RECORDS.table(rec, first_game, seat_names, {}, switches, rule_columns(rules))
