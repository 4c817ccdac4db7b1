"""How Maharaja runs were set up, in words for reports: how characters reached the seats
(chosen by the strategies, dealt at random, fixed) and who chose first.

A designer needs these to read any character figure: with deterministic strategies a
character's win rate describes it as those strategies pick and play it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

RULE_KEYS = ("deal", "first_chooser")  # what run_settings says in words


def deal_text(deal: Any) -> str:
    d = str(deal or "choose")
    if d == "choose":
        return "chosen by the strategies (deal=choose)"
    if d == "random":
        return "dealt at random (deal=random)"
    return f"fixed per seat ({d})"


def chooser_text(first_chooser: Any) -> str:
    if first_chooser is None:
        return "first chooser not recorded"
    if int(first_chooser) < 0:
        return "random first chooser (first_chooser=-1)"
    return f"seat {int(first_chooser) + 1} chooses first (first_chooser={int(first_chooser)})"


def run_settings(m: Mapping[str, Any]) -> list[str]:
    rules = m.get("rules", {}) or {}
    return ["characters " + deal_text(rules.get("deal")), chooser_text(rules.get("first_chooser"))]


def _deals(ms: Sequence[Mapping[str, Any]]) -> set[str]:
    return {str((m.get("rules") or {}).get("deal") or "choose") for m in ms}


def describe_runs(ms: Sequence[Mapping[str, Any]]) -> list[str]:
    """Sentences on how characters were dealt or chosen, and the choosing order."""
    deals = _deals(ms)
    seats = [s for m in ms for s in m.get("strategies", [])]
    if deals == {"random"}:
        deal = ("Characters were dealt at random from those in play (deal=random), independent "
                "of the strategies: a character's figure is the card as these strategies play "
                "it.")  # fmt: skip
    elif len(deals) == 1 and next(iter(deals)).startswith("fixed"):
        deal = f"Characters were fixed per seat ({next(iter(deals))})."
    elif len(deals) > 1:
        deal = f"The runs deal characters differently ({', '.join(sorted(deals))}); see each " \
               "run's settings."  # fmt: skip
    elif seats and all((s.get("params") or {}).get("char_noise", 0) > 0 for s in seats):
        deal = ("Characters were chosen by the strategy with random noise added to its "
                "character preferences (char_noise), so that every character gets played: a "
                "character's figure is its win rate in the hands of this strategy, whichever "
                "way it came to it.")  # fmt: skip
    elif seats and all(s.get("name") == "random" for s in seats):
        deal = "Characters were chosen at random (random strategy in every seat)."
    else:
        deal = ("Characters were chosen by the strategies' own preferences: a character they "
                "seldom pick rests on few games (wide interval), one they never pick has no "
                "figure.")  # fmt: skip
    out = [deal]
    choosers = {chooser_text((m.get("rules") or {}).get("first_chooser")) for m in ms}
    if len(choosers) == 1:
        out.append(f"Character choice order: {next(iter(choosers))}.")
    return out


def headline_setup(ms: Sequence[Mapping[str, Any]]) -> str:
    """The headline's sentence on what the character figures include."""
    deals = _deals(ms)
    if deals == {"random"}:
        return ("Characters were dealt at random (deal=random), so the character figures do "
                "not include the strategies' choice.")  # fmt: skip
    if deals == {"choose"}:
        return ("Characters were chosen by the strategies (deal=choose), so each character's "
                "figure includes the strategy's choice of it, not only the card.")  # fmt: skip
    return f"The runs deal characters differently ({', '.join(sorted(deals))})."
