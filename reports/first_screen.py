"""The report's first screen in words: the one-sentence answer, how sure the study is, and
the turn-order and confidence figures the verdict file carries beside them. Everything here
reads one analyses.verdict_study result, like the card, so that the sentence, the card and
the file never disagree. Plain words only: the terms of art are in the page's glossary.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from analyses.intervals import wilson
from analyses.verdict import ABOVE, BELOW, FAIR, Finding
from analyses.verdict_study import StudyVerdict
from simcore.core.contract.plugin import GamePlugin

UNIT = "win-rate points"
MOST = 3  # values named per side of the band in the sentence (the grid shows them all)


def joined(items: Sequence[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def counts_words(counts: Sequence[int]) -> str:
    """`2–5 players`, `2, 4 and 5 players`, `4 players`: three or more consecutive counts
    as a range, the others one by one."""
    xs = sorted(set(counts))
    runs: list[list[int]] = []
    for n in xs:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    items = [x for r in runs for x in ([f"{r[0]}–{r[-1]}"] if len(r) > 2 else map(str, r))]
    return f"{joined(items)} player{'s' if xs != [1] else ''}"


def points(x: float) -> str:
    """An effect in win-rate points, signed; whole points from 10 up (a sentence, not a
    table: the card and the grid give the decimals)."""
    p = 100 * x
    return f"{p:+.0f}" if abs(p) >= 9.95 else f"{p:+.1f}"


def _span(fs: Sequence[Finding]) -> str:
    """`+13.5` or `+13 to +20` (weakest to strongest effect), with the counts when the value
    is off at only some of them."""
    xs = sorted((f.effect for f in fs), key=abs)
    text = points(xs[0]) if len(xs) == 1 or points(xs[0]) == points(xs[-1]) else \
        f"{points(xs[0])} to {points(xs[-1])}"  # fmt: skip
    return text.replace("-", "−")


def _values(findings: Sequence[Finding]) -> list:
    return list(dict.fromkeys(f.value for f in findings))


def summary(sv: StudyVerdict, game: GamePlugin) -> str:
    """One sentence a designer can paste into a design log, e.g. "Not balanced at 2–5
    players: A +13 to +20 win-rate points above fair, B −9 to −16 below; C
    fair (the strongest bot's figures; better play still moves them at 4 players)."."""
    v = sv.verdicts
    bal = v.balanced()
    counts = sorted(bal)
    bad = [n for n in counts if bal[n] is False]
    ok = [n for n in counts if bal[n] is True]
    say = game.primary.words
    if not bad and len(ok) == len(counts):
        head = (f"Balanced at {counts_words(counts)}: every {game.primary.label} within "
                f"±{100 * v.delta:g} {UNIT} of fair")  # fmt: skip
        return head + _tail(sv, counts) + "."
    head = "Not balanced" if bad else "Not decided yet"
    head += f" at {counts_words(bad or counts)}"
    open_ = [n for n in counts if bal[n] is None]
    aside = [f"balanced at {counts_words(ok)}"] if bad and ok else []
    aside += [f"not decided yet at {counts_words(open_)}"] if bad and open_ else []
    if aside:
        head += f" ({'; '.join(aside)})"
    parts = [
        p
        for p in (
            _side(v.findings, kind, word, bad, say)
            for kind, word in ((ABOVE, "above fair"), (BELOW, "below"))
        )
        if p
    ]
    if parts:
        parts[0] = parts[0].replace(" @", f" {UNIT}", 1)
    parts = [p.replace(" @", "") for p in parts]
    rest = []
    fair = [x for x in _values(v.findings)
            if all(f.verdict == FAIR for f in v.findings if f.value == x)]  # fmt: skip
    if fair:
        rest.append(joined([say(x) for x in fair]) + " fair")
    shaky = [x for x in _values(v.findings)
             if x not in fair and all(f.verdict not in (ABOVE, BELOW)
                                      for f in v.findings if f.value == x)]  # fmt: skip
    if shaky:
        rest.append(joined([say(x) for x in shaky]) + " on the margin")
    body = "; ".join([", ".join(parts)] + rest if parts else rest)
    return f"{head}: {body}" + _tail(sv, counts) + "."


def _side(findings: Sequence[Finding], kind: str, word: str, bad: Sequence[int], say) -> str:
    """`A +13 to +21 @, B +15 (2 players) above fair`: the values on one side of the
    band, largest first, each with its counts unless it is off at every count that is not
    balanced; at most MOST of them, then how many more the grid shows (`@` marks where the
    unit goes)."""
    hits = [f for f in findings if f.verdict == kind]
    order = sorted(_values(hits), key=lambda x: -max(abs(f.effect) for f in hits
                                                     if f.value == x))  # fmt: skip
    items = []
    for x in order[:MOST]:
        fs = [f for f in hits if f.value == x]
        where = sorted(f.players for f in fs)
        at = "" if where == sorted(bad) else f" ({counts_words(where)})"
        items.append(f"{say(x)} {_span(fs)}{' @' if not items else ''}{at}")
    if len(order) > MOST:
        items.append(f"{len(order) - MOST} more")
    return ", ".join(items) + f" {word}" if items else ""


def _tail(sv: StudyVerdict, counts: Sequence[int]) -> str:
    """Whose figures these are (each cell's is the strongest bot's at its player count: one bot's
    name when that is one bot), and where better play still moves them."""
    refs = sorted({f.reference for f in sv.verdicts.findings})
    who = f"{refs[0]}'s figures" if len(refs) == 1 else \
        "each figure from the strongest bot at its player count"  # fmt: skip
    moving = [n for n in counts if n in sv.agreement and not sv.agreement[n].converged]
    single = [n for n in counts if n not in sv.agreement]
    if moving:
        return f" ({who}; better play still moves them at {counts_words(moving)})"
    if single:
        return f" ({who}; one bot only at {counts_words(single)})"
    return f" ({who}; better play no longer changes them)"


def how_sure(sv: StudyVerdict) -> str:
    """Games behind each cell (the fewest) and the smallest difference from fair the study
    could see, per count, in plain words (the glossary says what "could see" means)."""
    v = sv.verdicts
    parts = []
    for n in sorted(v.seats):
        det = v.detectable.get(n, math.inf)
        see = f"{100 * det:.1f}" if math.isfinite(det) else "none"
        parts.append(f"{n} players {v.seats[n]:,} games, {see}")
    return (f"How sure (games behind each cell at least, smallest difference from fair it "
            f"could see in {UNIT}): " + "; ".join(parts) + ".")  # fmt: skip


def turn_order(sv: StudyVerdict) -> dict[str, dict]:
    """Per player count: the first turn position's win rate under the reference bot, with
    its interval (the family's z, like the verdicts) and n — the verdict file's field."""
    out = {}
    for n, t in sorted(sv.turn.items()):
        lo, hi = wilson(t["wins"], t["n"], sv.verdicts.z[n])
        out[str(n)] = {"position": t["label"], "win_rate": round(100 * t["wins"] / t["n"], 3),
                       "ci95": [round(100 * lo, 3), round(100 * hi, 3)], "n": t["n"],
                       "fair": round(100 / n, 3), "bot": t["bot"]}  # fmt: skip
    return out


def confidence(sv: StudyVerdict) -> dict[str, dict]:
    """Per player count: the bots, the fewest seats behind a cell, the smallest difference
    from fair detectable (80% power) and the size of the family the intervals cover."""
    v = sv.verdicts
    out = {}
    for n in sorted(sv.bots):
        det = v.detectable.get(n, math.inf)
        out[str(n)] = {"bots": list(sv.bots[n]), "seats_per_cell": v.seats.get(n, 0),
                       "detectable": round(100 * det, 3) if math.isfinite(det) else None,
                       "cells": v.family.get(n, sum(1 for c in v.cells if c.players == n)),
                       "converged": sv.converged().get(n, False)}  # fmt: skip
    return out


def glossary(delta: float) -> list[tuple[str, str]]:
    """Each term of art the page uses, explained once (the page's last section)."""
    d = f"{100 * delta:g}"
    return [
        ("win-rate points", "the difference between two win rates in percentage points: 27% "
         "against a fair 25% is +2 win-rate points; never the game's own victory points."),
        ("fair, fair share", "the win rate every seat would have if nothing but chance decided: "
         "1 in N at N players (25% at 4 players)."),
        ("the band", f"±{d} win-rate points around fair: a value whose whole interval lies "
         "inside is fair, wholly above is above fair, wholly below is below fair."),
        ("on the margin", "the interval still reaches across the edge of the band after the "
         "study played its cap of games: the value is close to the edge and more games would "
         "decide it (the card says how many)."),
        ("bot, rung, ladder", "the players the study uses: scripted bots (fast, simple rules) "
         "and searching bots (they try moves ahead); the ladder is these bots from weakest to "
         "strongest, each one a rung, its strength measured head to head."),
        ("strongest bot", "each cell's verdict and figure come from the strongest bot the study "
         "played at that player count; the weaker bots' figures are the skill trend."),
        ("skill trend", "how a value's effect changes from the weakest bot to the strongest: "
         "an effect that shrinks with skill is partly the bots', one that stays is the game's."),
        ("better play no longer changes them (converged)", "the two strongest bots agree within "
         "the band on every value; \"still moves them\" means they do not yet."),
        ("interval", "the range the true win rate lies in with 95% confidence, for all values "
         "of a player count at once (family-wise; Bonferroni: each interval is wider so that "
         "the whole set holds with 95%); Wilson's interval for a share of games won."),
        ("how sure, could see", "games per cell is the fewest games behind any value; \"could "
         "see\" is the smallest difference from fair the study would detect 4 times in 5 (80% "
         "power) with those games."),
        ("n", "the number of games (or seats) behind a figure."),
    ]  # fmt: skip
