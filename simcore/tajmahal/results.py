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

from simcore.core.contract.results_table import RuleColumns, changed_rule_columns

from .records import RECORDS
from .rules import RuleSet

BASE_COLUMNS = RECORDS.types()  # the table's columns before the rule ones


def rule_columns(rules: RuleSet) -> RuleColumns:
    """`rule_<key>` -> (type, value) for every rule value that differs from the rulebook."""
    return changed_rule_columns(rules.diff_from_default(), set())


def records_table(
    rec: np.ndarray, first_game: int, seat_names: tuple[str, ...], rules: RuleSet
) -> pa.Table:
    """rec: (games, players, N_REC) from play_batch -> the contract's table, game ids from
    first_game; seat_names: the registered strategy name of each seat."""
    return RECORDS.table(rec, first_game, seat_names, rule_columns=rule_columns(rules))
