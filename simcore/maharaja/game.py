"""Playing Maharaja from Python: one logged game or a batch (simcore.core.contract.play.Play).

Callers pass a `driver` (simcore.core.nb.driver) built over the strategies they want; this
module never imports strategies, keeping the data flow one way.
"""

from __future__ import annotations

from simcore.core.contract.play import Play

from .game_data import default_board
from .rules import MAX_PLAYERS, NOT_YET, RuleSet, check_for_players, check_supported  # noqa: F401

MIN_PLAYERS = 2
LOG_CAPACITY = 1 << 15


def check_rules(rules: RuleSet, n_players: int) -> None:
    """Refuse switches the engine does not play and values wrong for the player count."""
    check_supported(rules)
    check_for_players(rules, n_players)


PLAY = Play("simcore.maharaja.nb.game_nb", RuleSet, default_board, check_rules,
            MIN_PLAYERS, MAX_PLAYERS, 4, LOG_CAPACITY)  # fmt: skip
play_game = PLAY.play_game
play_batch = PLAY.play_batch
