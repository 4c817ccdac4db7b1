"""Offsets of the packed rules array (int64) the jitted engine reads, `rules[R.HAND_SIZE]`.

Derived from rules.RuleSet: one slot per field in field order, named as the field
upper-cased (or its `slot`); see simcore/core/contract/rule_fields.py. Plain module-level
ints, which numba freezes.
"""

from .rules import RuleSet

globals().update(RuleSet.offsets())
