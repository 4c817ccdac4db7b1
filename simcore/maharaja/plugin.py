"""Maharaja as a game plug-in (simcore/core/contract/plugin.py): what the generic layers may know.

Balance keys: the starting character (primary: the card a designer would change), the
character held at the end, the seat, the round-1 turn position and the position in the
set-up choice. The starting character fixes the turn position (turn order follows the
character numbers, M-R4), so the two are separated by a joint model (JointKeys).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from simcore.core.contract.games import register_game
from simcore.core.contract.levers import Lever
from simcore.core.contract.play import play_fields
from simcore.core.contract.plugin import GamePlugin, JointKeys, Key, MaskKey, Shape, rules_fields

from . import game, rules, setting_text
from .enums import CHARACTER_NAMES, YOGI
from .game_data import BOARD_FILE
from .hidden import redraw_hidden
from .search_rungs import SEARCH_RUNGS
from .studies import ladder, studies


def ordinal(k: int) -> str:
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def characters_in_play(r: Mapping[str, Any]) -> tuple[str, ...]:
    """The characters a game deals from: the Yogi only with the yogi switch (M-A5y)."""
    return CHARACTER_NAMES[: YOGI + (1 if r.get("yogi") else 0)]


# The engine (numba) and the results writer load on first use, not when the plug-in is
# read: a report only needs the plug-in's words.
def _describe(row, board) -> str:
    from .events import describe

    return describe(row, board)


def _as_record(row, board) -> dict:
    from .events import as_record

    return as_record(row, board)


def _records_table(*args):
    from .results import records_table

    return records_table(*args)


def _check_fits(rs: rules.RuleSet) -> None:
    from .results import check_fits

    check_fits(rs)


END_WORDS = {
    "palaces": "a player built the last palace",
    "field10": "governor reached field 10",
    "round_limit": "short game's last round played",
    "cap": "safety round cap reached",
    "error": "engine stopped a broken game",
}

KEYS = (
    Key("start_character", "starting character", "starting characters", CHARACTER_NAMES,
        expected=characters_in_play),
    Key("end_character", "character held at the end", "characters held at the end",
        CHARACTER_NAMES, expected=characters_in_play,
        never_held_note="started games but never ended one in a player's hand (always "
        "passed on)"),
    Key("seat", "seat", "seats", text=lambda s: f"seat {int(s) + 1}"),
    Key("first_order", "round-1 turn position", "round-1 turn positions", ordinal=True,
        text=lambda k: f"the player {ordinal(int(k) + 1)} in round 1"),
    Key("choice_order", "position in the character choice", "positions in the character "
        "choice", ordinal=True, text=lambda k: f"the {ordinal(int(k) + 1)} to choose"),
)  # fmt: skip


# What acts on each starting character (docs/games/maharaja.md, "Levers"): a rule value
# the engine applies only to the card's holder (palace_cost_nb, outer_points_nb, the
# Merchant's and the Yogi's turn start in turn_nb), else the power no number reaches.
LEVERS = (
    Lever("Mogul", mechanism="acting first in every round and winning every tie (M-K1)"),
    Lever("Merchant", ("merchant_income=0..3",), "gold at the start of each of its turns (M-K2)"),
    Lever("Sadhu", ("sadhu_outer_points=1..4",), "its outer palaces scoring more (M-K3)"),
    Lever("Monk", mechanism="travelling free: the bank pays its fees of one gold per house "
          "passed, no rule value (M-K4)"),
    Lever("Builder", mechanism="a free house built or moved every turn, besides the two "
          "actions (M-K5)"),
    Lever("Artist", ("artist_palace_cost=6..12",), "a cheaper palace (M-K6)"),
    Lever("Yogi", ("chips_total=3..12",), "an action chip at the start of each of its turns, "
          "while the supply lasts (M-K7, yogi variant)"),
)  # fmt: skip


def _standings(state, n_players: int) -> tuple[str, str, list[int]]:
    """`play`'s running score: each seat's palaces so far (the results' `palaces`)."""
    from . import layout as S

    return "palaces", "palaces", [int(state[S.PALACES + p]) for p in range(n_players)]


PLUGIN = register_game(
    GamePlugin(
        name="maharaja",
        title="Maharaja (Kramer & Kiesling, 2004)",
        **play_fields(game.PLAY),
        checks="simcore.maharaja.nb.invariants_nb",
        **rules_fields(rules.RuleSet),
        data_files=(BOARD_FILE,),
        describe_event=_describe,
        event_record=_as_record,
        records_table=_records_table,
        check_batch=_check_fits,
        keys=KEYS,
        mask_keys=(
            MaskKey("characters_held", "each character held at the end", CHARACTER_NAMES),
        ),  # fmt: skip
        joint=JointKeys("start_character", "first_order"),
        standings=_standings,
        shape=Shape(
            "rounds",
            "rounds",
            "end_reason",
            END_WORDS,
            (("palaces", "palaces"), ("gold", "gold")),
            "palaces",
        ),  # fmt: skip
        study_strategy_params={"char_noise": 1.0},
        studies=studies,
        ladder=ladder,
        search_rungs=SEARCH_RUNGS,
        describe_runs=setting_text.describe_runs,
        headline_setup=setting_text.headline_setup,
        run_settings=setting_text.run_settings,
        run_settings_keys=setting_text.RULE_KEYS,
        redraw_hidden=redraw_hidden,
        levers=LEVERS,
        help_examples={
            "sweep": "palace_cost=10,11,12",
            "fixed": "deal=random",
            "strategy": "weighted:char_noise=1",
            "run": "Characters are chosen in the rulebook's order (seat 0 first, M-S3) unless "
            "--rules or --set gives first_chooser (-1 = a random first chooser per game).",
        },
    )
)
