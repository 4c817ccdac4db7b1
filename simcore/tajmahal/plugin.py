"""Taj Mahal as a game plug-in (simcore/core/contract/plugin.py).

Balance keys: the position after the start player of visit 1 (primary: the start player
is drawn at random, T-S6, and passes to the left each visit, T-R5, so the seat-order
question is about positions, not seat numbers), the seat, and the special cards each
seat holds at the end (how many, a key whose report section also shows the mask key of
which ones: the special-card question). Shared first places are real (T-E2 [choice]), so the
results carry `win_share`. The three data files (map, tiles, cards) are reconstructions
(`--data map=FILE` replaces one).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from simcore.core.contract.games import register_game
from simcore.core.contract.levers import Lever
from simcore.core.contract.play import play_fields
from simcore.core.contract.plugin import GamePlugin, Key, MaskKey, Shape, rules_fields

from . import events, game, results, rules
from .enums import SYMBOL_NAMES
from .game_data import DATA_FILES, GameData
from .hidden import redraw_hidden
from .search_rungs import SEARCH_RUNGS
from .studies import ladder, studies


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def position_words(k: Any) -> str:
    """Position k is the (k+1)th to play in visit 1: position 0 is the start player drawn
    for it (T-S6), the start then passing to the left (T-R5). One scheme for every value."""
    k = int(k)
    return f"the {ordinal(k + 1)} to play in visit 1"


SPECIAL_LABELS = tuple(f"{s} special card" for s in SYMBOL_NAMES[:4])

KEYS = (
    Key("position", "turn position in visit 1", "turn positions in visit 1",
        one_per_game=True, ordinal=True, text=position_words),
    Key("seat", "seat", "seats", text=lambda s: f"seat {int(s) + 1}"),
    Key("specials_end", "special cards held at the end", "numbers of special cards held at "
        "the end", one_per_game=False, text=lambda v: f"{int(v)} special card(s) at the end"),
)  # fmt: skip

# What acts on each position (docs/games/tajmahal.md, "Levers"): no rule value is dealt
# by position; a position's strength is which visits it starts, and the number of visits is
# the map's province count (a data file, --data map=FILE), not a rule value.
LEVERS = tuple(
    Lever(k, mechanism="the visits it starts, as the start figure passes left every visit "
          "over the map's provinces, a data file and not a rule value (T-R5)")
    for k in range(game.MAX_PLAYERS)
)  # fmt: skip

NOTES = (
    "Every figure depends on the three data files of the game, all reconstructions: the "
    "pictures of the rulebook are missing, so the map (provinces, cities, fortified cities, "
    "roads; T-C1b), the commodities on the province tiles (T-C2), the bonus-tile mix "
    "(T-C3) and the coloured-card mix (T-C5) are reconstructed by the digest; they stay "
    "reconstructions until the real ones are entered (--data map=FILE, tiles=FILE, "
    "cards=FILE; docs/games/tajmahal.md).",
)


class TajMahalPlugin(GamePlugin):
    """The plug-in, with the data files checked against each other (one province tile per
    province, one square bonus tile per fortified city: T-S1, T-S2) when they are read."""

    def data(self, files: Mapping[str, str] | None = None) -> GameData:
        return GameData.of(super().data(files))


def _standings(state, n_players: int) -> tuple[str, str, list[int]]:
    """`play`'s running score: each seat's points so far (the results' `points`)."""
    from . import layout as S

    return "points", "points", [int(state[S.POINTS + p]) for p in range(n_players)]


PLUGIN = register_game(
    TajMahalPlugin(
        name="tajmahal",
        title="Taj Mahal (Knizia, alea 2000)",
        **play_fields(game.PLAY),
        checks="simcore.tajmahal.nb.invariants_nb",
        **rules_fields(rules.RuleSet),
        data_files=DATA_FILES,
        describe_event=events.describe,
        event_record=events.as_record,
        records_table=results.records_table,
        keys=KEYS,
        mask_keys=(MaskKey("specials_held", "each special card held at the end", SPECIAL_LABELS),),
        standings=_standings,
        shape=Shape(
            "visits",
            "visits",
            "end_reason",
            events.END_WORDS,
            (
                ("points", "points"),
                ("palace_points", "palace points"),
                ("province_points", "province-tile points"),
                ("bonus_points", "bonus-tile points"),
                ("hand_points", "hand points"),
                ("special_points", "points special card"),
                ("palaces", "palaces"),
                ("commodities", "commodities"),
            ),
            "tiles",
        ),  # fmt: skip
        studies=studies,
        ladder=ladder,
        search_rungs=SEARCH_RUNGS,
        notes=NOTES,
        redraw_hidden=redraw_hidden,
        levers=LEVERS,
        help_examples={"sweep": "display_size=5,7,9", "fixed": "hand_size=6"},
    )
)
