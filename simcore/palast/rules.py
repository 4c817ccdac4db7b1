"""The Palast rule set: every number, switch and [choice] of the rules digest as data.

Defaults are the digest's (ids P-… in shared/rules/palast-der-koenigin.md). A designer
changes them with a rules file or `--set key=value`; every problem is one InputError line.
What is printed on components (card costs, harbour cards, the action-card mix) is data,
not rules: simcore/palast/game_data.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from simcore.core.contract.rule_fields import RuleBase, offsets_module
from simcore.core.contract.rule_fields import rule as _f
from simcore.core.errors import InputError

PLAYER_COUNTS = (2, 3, 4)


@dataclass(frozen=True)
class RuleSet(RuleBase):
    """All rule parameters of one game; immutable and hashable, validated on construction."""

    VARIANTS = {"seraglio_figure": ("seraglio_figure",), "sealed": ("sealed_gardens",)}
    CHOICES = (
        "fee_52",
        "bonus_turn_order",
        "remove_compulsory",
        "evict_always",
        "treasury_alone",
        "quarter_in_vizier",
        "turn_cap",
    )
    OVERRIDE_EXAMPLE = "fee_52=2"

    fee_51: int = _f(0, "P-C1a", "gold paid for a card on building field 5.1", 0, 9)
    fee_52: int = _f(1, "P-C1a [choice]", "gold paid for a card on field 5.2", 0, 9)
    fee_53: int = _f(2, "P-C1a", "gold paid for a card on field 5.3", 0, 9)
    quarter_cost_1: int = _f(1, "P-A5", "gold for the first figure in a quarter", 0, 9)
    quarter_cost_2: int = _f(2, "P-A5", "gold for the second figure in a quarter", 0, 9)
    quarter_room: int = _f(2, "P-A5", "figures a quarter holds", 1, 2)
    figures: int = _f(8, "P-S2", "figures per player", 1, 12)
    markers: int = _f(5, "P-S2", "seraglio markers per player", 0, 6)
    hand_limit: int = _f(3, "P-A6", "action cards kept at the end of a turn", 0, 10)
    resource_limit: int = _f(
        7, "P-A6", "resources kept at the end of a turn", 0, 30, slot="RES_LIMIT"
    )
    per_type: int = _f(15, "P-C3", "resources of each type in the game", 11, 30)
    start_bonus: bool = _f(True, "P-S3", "the 3rd and 4th player get one more of their type")
    bonus_turn_order: bool = _f(
        True, "P-S3 [choice]", "'3rd and 4th' counted in turn order (else clockwise)"
    )
    remove_compulsory: bool = _f(
        True, "P-A1 [choice]", "side b must remove a palace card when one lies on the display"
    )
    vizier_action: bool = _f(
        True, "P-A1 (translator)", "moving the Vizier lets the mover use the quarter once"
    )
    card_at_once: bool = _f(
        True, "P-A1 (translator)", "the action card from side a may be played the same turn"
    )
    own_replaced_marker: bool = _f(
        True, "P-A7 (translator)", "a player who replaces his own figure also places a marker"
    )
    evict_always: bool = _f(
        True, "P-A2a [choice]", "a build evicts the balcony figure even if none replaces it"
    )
    treasury_alone: bool = _f(
        True, "P-A3 [choice]", "a treasury card may be played without a palace build"
    )
    quarter_in_vizier: bool = _f(
        True, "P-A5 [choice]", "a figure may be placed in the Vizier's quarter"
    )
    turn_cap: int = _f(
        300, "P-E1 [choice]", "turns after which the game stops (end 'cap')", 1, 2000
    )
    # the engine reads SER_FIELDS_2 + players - 2: the three fields stay in this order
    seraglio_2: int = _f(
        4, "P-A7", "usable seraglio fields with 2 players", 1, 6, slot="SER_FIELDS_2"
    )
    seraglio_3: int = _f(5, "P-A7", "usable seraglio fields with 3 players", 1, 6)
    seraglio_4: int = _f(6, "P-A7", "usable seraglio fields with 4 players", 1, 6)
    seraglio_figure: bool = _f(False, "P-V2", "advanced: the seraglio leader's figure counts")
    sealed_gardens: bool = _f(False, "P-V3", "advanced: a build may seal its garden")
    marked_cards: bool = _f(
        False, "P-V1", "advanced: marked action cards (unavailable: effects not in the seed)"
    )

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.marked_cards:
            raise InputError(
                "rules: marked_cards (P-V1) is unavailable: the seed does not give the 21 "
                "marked cards' effects"
            )


VARIANTS = RuleSet.VARIANTS
CHOICES = RuleSet.CHOICES
FIELD_DOCS = RuleSet.field_docs()


def check_for_players(rules: RuleSet, n_players: int) -> None:
    """The player count must be one the game has (P-C2: 2 to 4 colours)."""
    if n_players not in PLAYER_COUNTS:
        raise InputError(f"--players must be between 2 and 4, got {n_players}")


load_rules = RuleSet.load

# the packed offsets the engine reads as constants, `rules[R.FEE_52]`
R = offsets_module(RuleSet, __name__ + ".R")
