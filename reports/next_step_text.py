"""The verdict card's next step in words (the step itself: analyses/next_step.py)."""

from __future__ import annotations

from analyses.next_step import MECHANISM, NOTHING, PLAY_MORE, TUNE, UNKNOWN, NextStep
from simcore.core.contract.plugin import GamePlugin

from .number_text import points

DOCS = "(docs/TUNING.md)"


def _cell(game: GamePlugin, value, players: int, effect: float, bot: str) -> str:
    """`X at 4 players (+10.0 win-rate points under BOT)`."""
    return (f"{game.primary.words(value)} at {players} players ({points(effect)} win-rate "
            f"points under {bot})")  # fmt: skip


def next_step_text(step: NextStep, game: GamePlugin) -> str:
    """What the designer should do next, with the command to paste where there is one."""
    if step.kind == PLAY_MORE:
        return ("Play more games on the cells on the margin: `palace-lab study --game "
                f"{game.name} --games N` lets the strongest bot of every player count play up "
                "to N games (the card says about how many each open cell would take).")  # fmt: skip
    if step.kind == NOTHING:
        return "Nothing to fix at the measured precision."
    cell = _cell(game, step.value, step.players, step.effect, step.bot)
    if step.kind == TUNE:
        return (f"The largest imbalance is {cell}, from {step.mechanism}. Tune the rule values "
                f"that act on it: `{step.command}` {DOCS}.")  # fmt: skip
    why = (f"no rule value acts on it: its strength is {step.mechanism}"
           if step.kind == MECHANISM
           else "the game names no rule value that acts on it (its plug-in's levers)")  # fmt: skip
    first = f"The largest imbalance is {cell}; {why}"
    if step.instead is not None:
        f = step.instead
        other = _cell(game, f.value, f.players, f.effect, f.reference)
        return (f"{first}. The largest imbalance a rule value acts on is {other}: "
                f"`{step.command}` {DOCS}.")  # fmt: skip
    if step.kind == UNKNOWN:
        return f"{first}. Try one that does: `{step.template}` {DOCS}."
    return f"{first}, so a fix changes the game itself, not a number of its rules."
