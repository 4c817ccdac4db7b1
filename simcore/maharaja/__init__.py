"""Maharaja (Kramer & Kiesling, 2004): the first game plug-in of palace-lab."""

from simcore.core.games import GameSpec, register_game

from .board import default_board
from .rules import RuleSet

GAME = register_game(
    GameSpec(
        name="maharaja",
        title="Maharaja (Kramer & Kiesling, 2004)",
        min_players=2,
        max_players=5,
        engine="simcore.maharaja.nb.game_nb",
        default_rules=RuleSet,
        default_board=default_board,
    )
)
