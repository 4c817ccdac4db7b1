"""Sentences about how the runs were played: strategies, how characters were chosen
(deal mode, first chooser), and where --target-ci stopped each run.

A designer needs these to read any character figure: with deterministic strategies a
character's win rate describes it as those strategies pick and play it.
"""

from __future__ import annotations

from analyses.balance import Balance

from .words import chooser_text


def _seat_text(s: dict) -> str:
    noise = s.get("params", {}).get("char_noise")
    return f"{s.get('name')} (char_noise={noise:g})" if noise else str(s.get("name"))


def _strategies(m: dict) -> str:
    seats = [_seat_text(s) for s in m.get("strategies", [])]
    if len(set(seats)) == 1:
        return f"{seats[0]} in every seat"
    return ", ".join(seats)


def _choice(ms: list[dict]) -> str:
    deals = {str((m.get("rules") or {}).get("deal") or "") for m in ms}
    if deals == {"random"}:
        return (
            "Characters were dealt at random from those in play (deal=random), independent "
            "of the strategies: a character's figure is the card as these strategies play it."
        )
    if len(deals) == 1 and next(iter(deals)).startswith("fixed"):
        return f"Characters were fixed per seat ({next(iter(deals))})."
    if len(deals) > 1:
        return (
            "The runs deal characters differently ("
            + ", ".join(d or "choose" for d in sorted(deals))
            + "); see each run's settings."
        )
    seats = [s for m in ms for s in m.get("strategies", [])]
    if seats and all(s.get("params", {}).get("char_noise", 0) > 0 for s in seats):
        return (
            "Characters were chosen by the strategy with random noise added to its character "
            "preferences (char_noise), so that every character gets played: a character's "
            "figure is its win rate in the hands of this strategy, whichever way it came to it."
        )
    if seats and all(s.get("name") == "random" for s in seats):
        return "Characters were chosen at random (random strategy in every seat)."
    return (
        "Characters were chosen by the strategies' own preferences: a character they seldom "
        "pick rests on few games (wide interval), one they never pick has no figure."
    )


def context_notes(b: Balance) -> list[str]:
    out = []
    ms = [r.manifest for r in b.runs]
    by_strat: dict[str, list[str]] = {}
    for r in b.runs:
        by_strat.setdefault(_strategies(r.manifest), []).append(f"{r.label} ({r.players}p)")
    if len(by_strat) == 1:
        out.append(f"Strategies: {next(iter(by_strat))}, in every run.")
    else:
        out += [f"Strategies: {k} — {', '.join(v)}." for k, v in by_strat.items()]
    out.append(_choice(ms))
    choosers = {chooser_text((m.get("rules") or {}).get("first_chooser")) for m in ms}
    if len(choosers) == 1:
        out.append(f"Character choice order: {next(iter(choosers))}.")
    stopped = [r for r in b.runs if r.manifest.get("stopping")]
    if stopped:
        st = stopped[0].manifest["stopping"]
        outcomes = "; ".join(
            f"{r.label} ({r.players}p): {stop_text(r.manifest).strip('; ')}" for r in stopped
        )
        pts = "point" if st["target_ci"] == 0.01 else "points"
        out.append(
            f"Game counts come from --target-ci {st['target_ci']:g}: each run played rounds of "
            f"{st['round_chunks']} chunks until every starting character's 95% interval was "
            f"narrower than ± {100 * st['target_ci']:g} {pts} "
            "(at most the run's --games). "
            f"{outcomes}."
        )
    return out


def stop_text(m: dict) -> str:
    """'; target reached after 24,000 games' for a run with a stopping rule, else ''."""
    o = m.get("stop_outcome")
    if not o:
        return ""
    return f"; {o['reason']} after {o['games']:,} games"
