"""Saba - Palast der Königin as a game plug-in (simcore/core/contract/plugin.py).

Balance keys: the seat (primary; seat 1 is the start player, P-S3, turns run 1, 2, 3, 4)
and the starting resources (1, or 2 for the 3rd and 4th player, P-S3). Shared first
places are real (P-E2 [choice]), so the results carry `win_share`. Three data files
(`--data cards=FILE`, `harbour=FILE`, `actions=FILE`) hold what the seed does not print.
"""

from __future__ import annotations

from typing import Any

from simcore.core.contract.games import register_game
from simcore.core.contract.levers import Lever
from simcore.core.contract.play import play_fields
from simcore.core.contract.plugin import GamePlugin, Key, Shape, rules_fields

from . import events, game, results, rules
from .game_data import DATA_FILES
from .hidden import redraw_hidden
from .search_rungs import SEARCH_RUNGS
from .studies import ladder, studies


def seat_words(seat: Any) -> str:
    s = int(seat)
    return "seat 1 (start player)" if s == 0 else f"seat {s + 1}"


END_WORDS = {
    "cards": "all 24 palace cards built or removed (P-E1)",
    "end_card": "the game-end card was played (P-A4)",
    "cap": "the turn cap was reached (P-E1 [choice])",
    "steps": "the engine's step cap was reached",
}

KEYS = (
    Key("seat", "seat", "seats", ordinal=True, text=seat_words),
    Key("start_resources", "starting resources", "starting resources", one_per_game=False,
        text=lambda v: f"{int(v)} starting resource{'s' if int(v) != 1 else ''}",
        expected=lambda r: (1, 2) if r.get("start_bonus", True) else (1,)),
    # as played: the harbour side a seat took most (ties: the later side, results.py)
    Key("harbour_main", "harbour side taken most", "harbour sides taken most",
        order=results.HARBOUR_SIDES, one_per_game=False, text=lambda v: f"side {v} most"),
)  # fmt: skip

# What acts on each seat (docs/games/palast.md, "Levers"): the +1 starting resource of
# the 3rd and 4th player (bonus_nb, P-S3): start_bonus gives it, bonus_turn_order moves it
# from seat 4 (of 4; seat 3 of 3) to seat 2 when counted clockwise; the start player's
# lead no rule value reaches.
LEVERS = (
    Lever(0, mechanism="moving first and handing out the starting resources (P-S3)"),
    Lever(1, ("bonus_turn_order",), "moving second; the +1 starting resource is its only "
          "when counted clockwise (P-S3)", (3, 4)),
    Lever(2, ("start_bonus",), "moving third, with one more starting resource (P-S3)", (3, 4)),
    Lever(3, ("start_bonus", "bonus_turn_order"), "moving fourth, with one more starting "
          "resource (P-S3)", (4,)),
)  # fmt: skip

NOTES = (
    "Every figure depends on the data files, all reconstructions: the building-card "
    "costs and the treasury / game-end costs (P-C5), the harbour capacities 2,2,3,4 "
    "(inferred from the refill example), the harbour-card pairing and start sides "
    "(P-C1b, P-C2) and the action-card mix of 5 per resource (P-C6) are not printed "
    "in the rulebook text.",
    "The fee at building field 5.2 (1 gold) and the direction behind the +1 starting "
    "resource (turn order) are [choice]s of the rules digest (P-C1a, P-S3).",
)


# Studies play `weighted` with noise: equal deterministic players at one table move in
# lockstep, and the seat table then shows that pattern more than the game.
STUDY_PARAMS = {"noise": 0.3}


def _standings(state, n_players: int) -> tuple[str, str, list[int]]:
    """`play`'s running score: each seat's figures up (balconies, treasury, P-V2; what P-E2
    counts at the end: the results' `figures`), counted by the engine's own rule code."""
    from .nb.palace_nb import figures_up_nb

    return (
        "figures",
        "figures on the palace",
        [int(figures_up_nb(state, p)) for p in range(n_players)],
    )


PLUGIN = register_game(
    GamePlugin(
        name="palast",
        title="Saba - Palast der Königin (Fiore & Happel, Goldsieber 2007)",
        **play_fields(game.PLAY),
        checks="simcore.palast.nb.invariants_nb",
        **rules_fields(rules.RuleSet),
        data_files=DATA_FILES,
        describe_event=events.describe,
        event_record=events.as_record,
        records_table=results.records_table,
        keys=KEYS,
        standings=_standings,
        shape=Shape(
            "turns",
            "turns",
            "end_reason",
            END_WORDS,
            (
                ("figures", "figures on the palace"),
                ("balconies", "balcony figures"),
                ("treasury_figures", "treasury figures"),
                ("quarter_figures", "figures in quarters"),
                ("seraglio_markers", "seraglio markers"),
            ),
            "figures",
        ),
        study_strategy_params=STUDY_PARAMS,
        studies=studies,
        ladder=ladder,
        search_rungs=SEARCH_RUNGS,
        notes=NOTES,
        redraw_hidden=redraw_hidden,
        levers=LEVERS,
        help_examples={"sweep": "fee_52=0,1,2", "set": "fee_52=2"},
    )
)
