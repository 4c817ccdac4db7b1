"""Dice race, an example game for palace-lab in a package of its own.

The entry point `palace_lab.games: dice = "palace_lab_dice"` names this module; importing
it registers the game and its strategies. Worker processes import it the same way, so
the strategies must be imported here, not only the game.
"""

from . import game, strategies  # noqa: F401  (importing registers them)
