"""The Taj Mahal rule set: every number and every [choice] of the rules digest as data.

A `RuleSet` is validated when built (each problem is one `InputError` line naming the key
and its range), carries the digest's defaults (ids T-… from `shared/rules/taj-mahal.md`)
and packs itself into the int64 array the engine reads (laid out by the field order,
`R`). What is printed on the board, tiles and cards is not here but in
the data files (game_data.py): map, province tiles, bonus tiles, card mix. The what-if
parameters the digest asks for (T-V2) are fields too: display size, deal size, the
immediate-withdraw card, the Taj Mahal value, the special-card mapping.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from simcore.core.contract.datafile import read_data_file
from simcore.core.contract.rule_fields import RuleBase, offsets_module
from simcore.core.contract.rule_fields import rule as _f
from simcore.core.errors import InputError

from .enums import FX_ANY_COLOUR, FX_ELEPHANT, FX_MOGUL, FX_POINTS

PLAYER_COUNTS = (3, 4, 5)  # T-S4: display sizes are given for 3, 4 and 5 players
POINTS_HI = 20
FX_HI = 3  # enums.EFFECT_NAMES


@dataclass(frozen=True)
class RuleSet(RuleBase):
    """All rule parameters of one game; immutable and hashable, validated on construction."""

    VARIANTS = {}  # T-V: the seed has no variants
    CHOICES = (
        "special_vizier",
        "special_general",
        "special_monk",
        "special_princess",
        "reshuffle",
        "last_min_symbols",
        "own_crown_city_open",
        "hand_limit",
        "discard_first",
        "crown_scores",
        "double_each",
        "exchange_after_last",
        "tie_break",
        "play_cap",
    )
    OVERRIDE_EXAMPLE = "hand_size=5"

    hand_size: int = _f(6, "T-S4", "cards dealt to each player", 1, 20)
    display_size: int = _f(0, "T-S4", "display cards per visit, 0 = 2n - 1 (5/7/9)", 0, 15)
    immediate_card: bool = _f(
        True, "T-A7", "withdrawing without a play first draws the top card of the pile"
    )
    taj_points: int = _f(4, "T-P1", "points of the Taj Mahal tile", 0, POINTS_HI)
    plus2_points: int = _f(2, "T-P1", "points of a gold '+2' bonus tile", 0, POINTS_HI)
    special_points: int = _f(
        2, "T-A1c", "points of the '+2' special card each time it is played", 0, POINTS_HI
    )
    # the engine reads SPECIAL_FX + k for vizier, general, monk, princess: keep them in order
    special_vizier: int = _f(
        FX_MOGUL, "T-C6 [choice]", "vizier special card: 0 elephant 1 mogul 2 points 3 any colour",
        0, FX_HI, slot="SPECIAL_FX",
    )  # fmt: skip
    special_general: int = _f(
        FX_ELEPHANT, "T-C6 [choice]", "general special card: 0 elephant 1 mogul 2 points "
        "3 any colour", 0, FX_HI,
    )  # fmt: skip
    special_monk: int = _f(
        FX_POINTS, "T-C6 [choice]", "monk special card: 0 elephant 1 mogul 2 points 3 any colour",
        0, FX_HI,
    )  # fmt: skip
    special_princess: int = _f(
        FX_ANY_COLOUR, "T-C6 [choice]", "princess special card: 0 elephant 1 mogul 2 points "
        "3 any colour", 0, FX_HI,
    )  # fmt: skip
    reshuffle: bool = _f(
        True, "T-R6 [choice]", "an empty pile is refilled from the shuffled discards "
        "(both empty: a draw does nothing)",
    )  # fmt: skip
    last_min_symbols: int = _f(
        1, "T-A2 [choice]", "symbols the last player in a visit needs to win a prize "
        "(0 = the literal reading: every prize left)", 0, 1,
    )  # fmt: skip
    own_crown_city_open: bool = _f(
        True, "T-A6a [choice]", "a normal palace may go where the same player just put his "
        "crowned palace (and take its bonus tile)",
    )  # fmt: skip
    hand_limit: int = _f(
        0, "T-A7 [choice]", "hand limit, 0 = none; cards beyond it are not taken", 0, 100
    )
    discard_first: bool = _f(
        False, "T-P [choice]", "the withdrawing player discards before scoring (default: "
        "after, the seed's majority reading over the digest's 'discard first')",
    )  # fmt: skip
    crown_scores: bool = _f(True, "T-P2 [choice]", "a crowned palace alone earns the palace points")
    double_each: bool = _f(
        True, "T-P3a [choice]", "a tile showing one commodity twice scores each as 1 + held "
        "before the tile (else one after the other)",
    )  # fmt: skip
    exchange_after_last: bool = _f(
        True, "T-E1 [choice]", "the special-card exchange (T-R4) also follows the last visit"
    )
    tie_break: int = _f(
        0, "T-E2 [choice]", "0 = tied players share the win, 1 = most hand cards first", 0, 1
    )
    play_cap: int = _f(
        60, "T-R3 [choice]", "plays in one visit after which the game ends (end reason cap)",
        1, 1000,
    )  # fmt: skip

    crown: bool = _f(
        True, "T-A4", "what-if: the crown is in the court each visit (off: mogul symbols "
        "win nothing; the value-of-the-crown study)",
    )  # fmt: skip
    hand_scoring: bool = _f(
        True, "T-P4", "what-if: the hands score at the end (off: they score nothing; the "
        "hand-scoring study)",
    )  # fmt: skip

    def display_for(self, n_players: int) -> int:
        """T-S4: cards laid out per visit."""
        return self.display_size or 2 * n_players - 1


VARIANTS = RuleSet.VARIANTS
CHOICES = RuleSet.CHOICES
FIELD_DOCS = RuleSet.field_docs()


def check_for_players(rules: RuleSet, n_players: int) -> None:
    """T-S4: 3 to 5 players (a 2-player variant exists but is not in the seed, T-V1)."""
    if n_players not in PLAYER_COUNTS:
        raise InputError(f"--players must be between 3 and 5, got {n_players}")


def load_rules(path: str | Path) -> RuleSet:
    """Read a .toml or .json rules file (only the keys that differ need be given)."""
    return RuleSet.from_mapping(read_data_file(path, "rules file"), f"rules file {Path(path)}")


# the packed offsets the engine reads as constants, `rules[R.HAND_SIZE]`
R = offsets_module(RuleSet, __name__ + ".R")
