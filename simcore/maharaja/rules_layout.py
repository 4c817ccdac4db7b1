"""Offsets of the packed rules array (int64) the jitted engine reads, `rules[R.HOUSE_COST]`.

Derived from rules.RuleSet: one slot per field in field order, named as the field upper-cased
(or its `slot`), then the values `pack()` derives (RuleSet.PACKED); see
simcore/core/contract/rule_fields.py. Plain module-level ints, which numba freezes.
"""

from .rules import DEAL_CHOOSE as DEAL_CHOOSE
from .rules import DEAL_FIXED as DEAL_FIXED
from .rules import DEAL_RANDOM as DEAL_RANDOM
from .rules import MAX_PLAYERS as MAX_PLAYERS
from .rules import RuleSet

globals().update(RuleSet.offsets())
