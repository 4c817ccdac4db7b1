"""Das Vermächtnis des Maharaja as a game plug-in (simcore/core/contract/plugin.py).

Balance keys: the seat (primary; seat 1 is the start player, who moves first and starts
with less money, V-S5), the starting money, and the collection cards each seat took (a
mask key, digest question 4). Shared first places are real (V-E2), so the results carry
`win_share`. The card table is the plug-in's data file (`--board FILE`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from simcore.core.contract.games import register_game
from simcore.core.contract.levers import Lever
from simcore.core.contract.play import play_fields
from simcore.core.contract.plugin import GamePlugin, Key, MaskKey, Shape, rules_fields

from . import events, game, results, rules
from .game_data import CARDS_FILE, default_cards
from .hidden import redraw_hidden
from .search_rungs import SEARCH_RUNGS
from .studies import ladder, studies


def seat_words(seat: Any) -> str:
    """Seat 1 is the start player (V-S5): he moves first and gets less money. A key's text
    cannot see a run's rules, so the amount named is the rulebook's (the start_money key
    carries each run's own)."""
    s = int(seat)
    if s == 0:
        return f"seat 1 (start player, {rules.RuleSet().start_money_first} rupees in the rulebook)"
    return f"seat {s + 1}"


def start_money_values(r: Mapping[str, Any]) -> tuple[int, ...]:
    """The starting amounts a game deals under rules r (V-S5)."""
    d = rules.RuleSet()
    first = r.get("start_money_first", d.start_money_first)
    others = r.get("start_money_others", d.start_money_others)
    return tuple(sorted({int(first), int(others)}))


END_WORDS = {"deck": "the draw pile could not fill another offer (V-E1)"}
COLLECTION_LABELS = default_cards().labels

KEYS = (
    Key("seat", "seat", "seats", text=seat_words),
    Key("start_money", "starting money", "starting amounts", one_per_game=False,
        text=lambda v: f"{int(v)} rupees at the start", expected=start_money_values),
)  # fmt: skip

# What acts on each seat (docs/games/vermaechtnis.md, "Levers"): the starting money the
# engine deals it (start_game_nb, V-S5); its place in the turn order no rule value moves.
LEVERS = (
    Lever(0, ("start_money_first=2..8",), "moving first (the start player, V-S6), with "
          "less money to start (V-S5)"),
    *(Lever(s, ("start_money_others=3..8",), f"moving {nth} in the turn order, with the "
            "starting money of every seat after the start player (V-S5)")
      for s, nth in ((1, "second"), (2, "third"), (3, "fourth"))),
)  # fmt: skip

NOTES = (
    "Every figure depends on the card table: the shipped one (antique values V-C2, "
    "collection cards V-C4, grey-side effects V-V1d) is a reconstruction, because the "
    "rulebook does not print the card faces; it stays a reconstruction until the real "
    "table is entered (--board FILE).",
    "The trade-card sets (V-C5: 4,3,2,2 for 2-3 players, 4,3,3,2,2 for 4) are inferred "
    "from reviews, not printed in the rulebook.",
)


# Studies play `weighted` with noise: equal deterministic players at one table move in
# lockstep, and the seat table then shows that pattern more than the game (at noise 0
# seat 4 of 4 wins 3%, at 0.5 16%; it still beats three `chaser` 59% of the time).
STUDY_PARAMS = {"noise": 0.5}


def _standings(state, n_players: int) -> tuple[str, str, list[int]]:
    """`play`'s running score: each seat's rupees while the game runs; its points (the
    results' `points`, V-P) once the final scoring has given them."""
    from . import layout as S

    points = [int(state[S.POINTS + p]) for p in range(n_players)]
    if any(points):
        return "points", "points", points
    return "money", "rupees", [int(state[S.MONEY + p]) for p in range(n_players)]


PLUGIN = register_game(
    GamePlugin(
        name="vermaechtnis",
        title="Das Vermächtnis des Maharaja (Schacht, Abacusspiele 2017)",
        **play_fields(game.PLAY),
        checks="simcore.vermaechtnis.nb.invariants_nb",
        **rules_fields(rules.RuleSet),
        data_files=(CARDS_FILE,),
        describe_event=events.describe,
        event_record=events.as_record,
        records_table=results.records_table,
        keys=KEYS,
        mask_keys=(MaskKey("collections_taken", "each collection card taken", COLLECTION_LABELS),),
        standings=_standings,
        shape=Shape(
            "turns",
            "turns",
            "end_reason",
            END_WORDS,
            (
                ("points", "points"),
                ("money", "rupees at the end"),
                ("antiques", "antiques"),
                ("collections", "collection cards"),
            ),
            "collections",
        ),  # fmt: skip
        study_strategy_params=STUDY_PARAMS,
        studies=studies,
        ladder=ladder,
        search_rungs=SEARCH_RUNGS,
        notes=NOTES,
        redraw_hidden=redraw_hidden,
        levers=LEVERS,
        help_examples={"sweep": "tax_cap=6,8,10", "strategy": "weighted:noise=0.5"},
    )
)
