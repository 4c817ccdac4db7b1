"""Offsets of the packed rules array (int64) the jitted engine reads, `rules[R.TAX_CAP]`.

Derived from rules.RuleSet: one slot per field in field order (a price row takes
MAX_TRADE), named as the field upper-cased, then the rows' lengths (RuleSet.PACKED); see
simcore/core/contract/rule_fields.py. Plain module-level ints, which numba freezes.
"""

from .rules import MAX_TRADE as MAX_TRADE
from .rules import RuleSet

globals().update(RuleSet.offsets())
