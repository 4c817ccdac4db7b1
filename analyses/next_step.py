"""The verdict card's next step: what a designer should do about the verdicts, from the
study verdict and the game's levers (simcore/core/contract/levers.py).

The largest imbalance (above or below the band, under the strongest bot, the top rung) comes
first. If the game names rule values that act on it, the step is `tune-rules` on those;
if it names none, the step says so and names the mechanism its strength comes from (a
number that does not reach it would only move the others), and proposes the tune on the
largest imbalance a rule value does act on, if any. Without an imbalance: play the open
cells further, or nothing to fix. The step is a structure; reports/next_step_text.py words it.
"""

from __future__ import annotations

import dataclasses
import shlex
from dataclasses import dataclass
from typing import Any

from analyses.verdict import ABOVE, BELOW, UNDETERMINED, Finding
from analyses.verdict_study import StudyVerdict
from simcore.core.contract.levers import Lever, lever_for, vary_key
from simcore.core.contract.plugin import GamePlugin

TUNE = "tune"  # rule values act on the largest imbalance
MECHANISM = "mechanism"  # none does: its mechanism named
UNKNOWN = "unknown"  # the game's plug-in names no lever for it
PLAY_MORE = "play_more"  # no imbalance, cells still open
NOTHING = "nothing"
BUDGET = 300_000  # games of the proposed tune-rules run (its own default)
OUT = "out/tune"
PLACEHOLDER = "RULE=LO..HI"  # a game that names no lever for the value


@dataclass(frozen=True)
class NextStep:
    """`kind`: TUNE (rule values act on the largest imbalance), MECHANISM (none does),
    UNKNOWN (the game names no lever for it), PLAY_MORE (no imbalance, cells open) or
    NOTHING. The value, players, effect and bot are the largest imbalance's; `rules` and
    `command` the proposed tune's (on `instead` when that value has none)."""

    kind: str
    value: Any = None
    players: int = 0
    effect: float = 0.0  # win rate minus the fair share (0.05 = +5 points)
    bot: str = ""  # the bot (reference: the top rung) whose verdict the cell is
    mechanism: str = ""
    rules: tuple[str, ...] = ()  # `--vary` items of the proposed tune
    command: str = ""  # the proposed `tune-rules` command ("" = none)
    instead: Finding | None = None  # the imbalance the tune acts on, when not the largest
    template: str = ""  # UNKNOWN: a `tune-rules` line with RULE=LO..HI to fill in


def tune_command(game: GamePlugin, players: int, rules: tuple[str, ...], sets: list[str]) -> str:
    """`palace-lab tune-rules` on `rules` at `players`, with the verdicts' own settings
    (`sets`; a data file as --data; a varied key is not also --set), shell-quoted."""
    varied = {vary_key(r) for r in rules}
    args = ["palace-lab", "tune-rules", "--game", game.name, "--players", str(players)]
    args += [a for r in rules for a in ("--vary", r)]
    for s in sets:
        key, _, value = s.partition("=")
        if key.startswith("data "):
            args += ["--data", f"{key.removeprefix('data ').strip()}={value}"]
        elif key.strip() not in varied:
            args += ["--set", s]
    args += ["--budget", str(BUDGET), "--out", OUT]
    return shlex.join(args)


def _acting(game: GamePlugin, f: Finding) -> Lever | None:
    lv = lever_for(game.levers, f.value)
    return lv if lv is not None and lv.acts_at(f.players) else None


def next_step(sv: StudyVerdict, game: GamePlugin) -> NextStep:
    """The next step after the verdicts (the module docstring)."""
    found = sorted((f for f in sv.verdicts.findings if f.verdict in (ABOVE, BELOW)),
                   key=lambda f: -abs(f.effect))  # fmt: skip
    if not found:
        if any(f.verdict == UNDETERMINED for f in sv.verdicts.findings):
            return NextStep(PLAY_MORE)
        return NextStep(NOTHING)
    worst = found[0]
    lever = lever_for(game.levers, worst.value)
    if lever is not None and lever.acts_at(worst.players):
        cmd = tune_command(game, worst.players, lever.rules, sv.sets)
        return _step(TUNE, worst, lever, lever.rules, cmd)
    return _no_lever(sv, game, found, lever)


def _no_lever(sv: StudyVerdict, game: GamePlugin, found: list[Finding],
              lever: Lever | None) -> NextStep:  # fmt: skip
    """The largest imbalance has no rule value acting on it (MECHANISM), or the game does
    not say (UNKNOWN): the tune on the largest imbalance one acts on, if any."""
    worst, kind = found[0], MECHANISM if lever is not None else UNKNOWN
    other = next((f for f in found[1:] if _acting(game, f) is not None), None)
    if other is not None:
        rules = _acting(game, other).rules  # type: ignore[union-attr]
        cmd = tune_command(game, other.players, rules, sv.sets)
        return _step(kind, worst, lever, rules, cmd, other)
    if lever is None:
        cmd = tune_command(game, worst.players, (PLACEHOLDER,), sv.sets)
        return dataclasses.replace(_step(kind, worst), template=cmd)
    return _step(kind, worst, lever)


def _step(kind: str, f: Finding, lever: Lever | None = None, rules: tuple[str, ...] = (),
          command: str = "", instead: Finding | None = None) -> NextStep:  # fmt: skip
    return NextStep(kind, f.value, f.players, f.effect, f.reference,
                    lever.mechanism if lever is not None else "", rules, command,
                    instead)  # fmt: skip
