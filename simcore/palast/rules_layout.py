"""Offsets of the packed rules array (int64) the jitted engine reads, `rules[R.FEE_52]`.

Derived from rules.RuleSet: one slot per field in field order, named as the field
upper-cased (or its `slot`); see simcore/core/contract/rule_fields.py. Plain module-level
ints, which numba freezes.
"""

from .rules import RuleSet

globals().update(RuleSet.offsets())
