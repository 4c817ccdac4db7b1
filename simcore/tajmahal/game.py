"""Playing Taj Mahal from Python: one logged game or a batch (simcore.core.contract.play.Play).

Callers pass a `driver` (simcore.core.nb.driver) built over the strategies they want; this
module never imports strategies, keeping the data flow one way.
"""

from __future__ import annotations

from simcore.core.contract.play import Play

from .game_data import default_data
from .layout import MAX_SEATS
from .rules import PLAYER_COUNTS, RuleSet, check_for_players

MIN_PLAYERS = PLAYER_COUNTS[0]
MAX_PLAYERS = MAX_SEATS
LOG_CAPACITY = 1 << 13  # a game logs several hundred events (12 visits)

PLAY = Play("simcore.tajmahal.nb.game_nb", RuleSet, default_data, check_for_players,
            MIN_PLAYERS, MAX_PLAYERS, 4, LOG_CAPACITY)  # fmt: skip
play_game = PLAY.play_game
play_batch = PLAY.play_batch
