"""Playing Vermächtnis from Python: one logged game or a batch (simcore.core.contract.play.Play).

Callers pass a `driver` (simcore.core.nb.driver) built over the strategies they want; this
module never imports strategies, keeping the data flow one way.
"""

from __future__ import annotations

from simcore.core.contract.play import Play

from .game_data import default_cards
from .layout import MAX_SEATS
from .rules import RuleSet, check_for_players

MIN_PLAYERS = 2
MAX_PLAYERS = MAX_SEATS
LOG_CAPACITY = 1 << 12  # a game logs a few hundred events

PLAY = Play("simcore.vermaechtnis.nb.game_nb", RuleSet, default_cards, check_for_players,
            MIN_PLAYERS, MAX_PLAYERS, 4, LOG_CAPACITY)  # fmt: skip
play_game = PLAY.play_game
play_batch = PLAY.play_batch
