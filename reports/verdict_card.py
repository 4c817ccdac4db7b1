"""The verdict card (the report's first screen) and the verdict file beside the page
(`report.html` -> `report.verdict.json`), both from one analyses.verdict_study result, so
that the page and the file never disagree. Schema: docs/REPORT.md, "The verdict file".
"""

from __future__ import annotations

import json
import math

from analyses.intervals import wilson
from analyses.question import AS_PLAYED, Question, value_words
from analyses.verdict import ABOVE, BELOW, DEPENDS, FAIR, UNDETERMINED, games_to_decide
from analyses.verdict_study import StudyVerdict
from simcore.core.contract.games import default_game
from simcore.core.contract.plugin import GamePlugin

SCHEMA = 1


def _pts(x: float) -> str:
    return f"{100 * x:+.1f}"


def _words(game: GamePlugin, value) -> str:
    return game.primary.words(value)


def _agree(f, n_bots: int) -> str:
    same = sum(1 for v in f.bots.values() if v == f.verdict)
    return f"{same} of {n_bots} bot{'s' if n_bots != 1 else ''}"


def card(sv: StudyVerdict, game: GamePlugin, tune_hint: str = "") -> dict:
    """Per player count: the state in one word, the values above/below with effect sizes
    and agreement, the fair ones, the open ones with what would decide them, the turn-order
    effect and the confidence; then the bots left out and the next step."""
    v = sv.verdicts
    balanced = v.balanced()
    rows = []
    for players in sorted(balanced):
        fs = v.at(players)
        nb = len(sv.bots[players])
        state = {True: "balanced", False: "not balanced", None: "not decided yet"}[
            balanced[players]
        ]
        lines = []
        for word, kind in (("above fair", ABOVE), ("below fair", BELOW)):
            hits = sorted((f for f in fs if f.verdict == kind), key=lambda f: -abs(f.effect))
            if hits:
                lines.append(
                    f"{word}: "
                    + "; ".join(
                        f"{_words(game, f.value)} {_pts(f.effect)} points "
                        f"({_pts(f.lo)} to {_pts(f.hi)}, {_agree(f, nb)})"
                        for f in hits
                    )
                )
        dep = [f for f in fs if f.verdict == DEPENDS]
        if dep:
            lines.append(
                "depends on the bot: "
                + "; ".join(
                    f"{_words(game, f.value)} ({f.disagree[0]}: {f.bots[f.disagree[0]]}, "
                    f"{f.disagree[1]}: {f.bots[f.disagree[1]]})"
                    for f in dep
                )
            )
        fair = [f for f in fs if f.verdict == FAIR]
        if fair:
            lines.append(
                f"fair (within ±{100 * v.delta:g} points under every bot): "
                + ", ".join(_words(game, f.value) for f in fair)
            )
        open_ = [f for f in fs if f.verdict == UNDETERMINED]
        if open_:
            need = games_to_decide(v, players)
            what = "; ".join(f"{b} about {g:,} games" for b, g in sorted(need.items()))
            lines.append(
                "not decided yet: "
                + ", ".join(_words(game, f.value) for f in open_)
                + (f" (would take {what}, if the rates stay where they are)" if what else "")
            )
        t = sv.turn.get(players)
        if t:
            z = v.z[players]
            lo, hi = wilson(t["wins"], t["n"], z)
            fair_share = 1 / players
            lines.append(
                f"turn order: {t['label']} wins {100 * t['wins'] / t['n']:.1f}% "
                f"({100 * lo:.1f}–{100 * hi:.1f}%, n = {t['n']:,}, {t['bot']}) against a fair "
                f"{100 * fair_share:.1f}%, whichever {sv.key_label} brings it"
            )
        lines += [q for q in (_question_line(q, players, nb) for q in sv.questions) if q]
        seats = v.seats.get(players, 0)
        det = v.detectable.get(players, math.inf)
        lines.append(
            f"confidence: {nb} bot{'s' if nb != 1 else ''} ({', '.join(sv.bots[players])}); "
            f"at least {seats:,} seats per cell; smallest difference from fair detected with "
            f"80% power {100 * det:.1f} points; intervals family-wise 95% over "
            f"{sum(1 for c in v.cells if c.players == players)} cells"
        )
        cls = {True: "ok", False: "bad", None: "open"}[balanced[players]]
        rows.append({"players": players, "state": state, "lines": lines, "cls": cls})
    left = {b: why for d in sv.left_out.values() for b, why in d.items()}
    notes = [
        f"Verdicts per {sv.key_label} from {sv.setup}"
        + (" (power: the bots' own choices taken out)" if sv.sets else "")
        + ": above / "
        f"below = the adjusted interval excludes the fair share 1/N; fair = it lies within "
        f"±{100 * v.delta:g} points of it (equivalence test); effects are points against the "
        f"fair share under the reference bot, intervals Bonferroni-adjusted per player count "
        "like the verdicts."
    ]
    if sv.questions:
        labels = ", ".join(q.key.label for q in sv.questions)
        notes.append(
            f"Also answered ({labels}), {AS_PLAYED} (these keys are not dealt at random): "
            "the win rate of the seats holding each value against the mean of those rates "
            f"over the key's values; fair = within ±{100 * v.delta:g} points of that mean; "
            "intervals clustered by game (a seat may hold several values), "
            "Bonferroni-adjusted per player count over the question's cells."
        )
    gaps = {b: g for c in sv.competence.values() for b, g in c.gaps.items() if b not in left}
    if gaps:
        notes.append("Blind spots of bots kept in: " + "; ".join(
            f"{b} never takes {', '.join(g)}" for b, g in gaps.items()) + ".")  # fmt: skip
    if left:
        notes.append("Left out of the verdicts: "
                     + "; ".join(f"{b} ({why})" for b, why in left.items()) + ".")  # fmt: skip
    nxt = _next_step(sv, game, tune_hint)
    return {"rows": rows, "notes": notes, "next": nxt}


def _question_line(q: Question, players: int, n_bots: int) -> str:
    """One line: a question key's values above / below the average value, fair, open."""
    fs = q.verdicts.at(players)
    if not fs:
        return ""
    say = lambda f: value_words(q.key, f.value)  # noqa: E731
    parts = []
    for word, kind in (("above the average", ABOVE), ("below it", BELOW)):
        hits = sorted((f for f in fs if f.verdict == kind), key=lambda f: -abs(f.effect))
        if hits:
            parts.append(f"{word}: " + "; ".join(
                f"holders of {say(f)} {_pts(f.effect)} points ({_pts(f.lo)} to {_pts(f.hi)}, "
                f"{_agree(f, n_bots)})" for f in hits))  # fmt: skip
    dep = [f for f in fs if f.verdict == DEPENDS]
    if dep:
        parts.append("depends on the bot: " + ", ".join(say(f) for f in dep))
    fair = [f for f in fs if f.verdict == FAIR]
    if fair:
        parts.append(f"fair (within ±{100 * q.verdicts.delta:g} points): "
                     + ", ".join(say(f) for f in fair))  # fmt: skip
    open_ = [f for f in fs if f.verdict == UNDETERMINED]
    if open_:
        need = games_to_decide(q.verdicts, players)
        what = "; ".join(f"{b} about {g:,} games" for b, g in sorted(need.items()))
        parts.append("not decided yet: " + ", ".join(say(f) for f in open_)
                     + (f" (would take {what})" if what else ""))  # fmt: skip
    label = q.key.label[:1].upper() + q.key.label[1:]
    return f"{label} (as played): " + "; ".join(parts)


def _next_step(sv: StudyVerdict, game: GamePlugin, tune_hint: str) -> str:
    worst = max((f for f in sv.verdicts.findings if f.verdict in (ABOVE, BELOW)),
                key=lambda f: abs(f.effect), default=None)  # fmt: skip
    if worst is None:
        open_ = [f for f in sv.verdicts.findings if f.verdict == UNDETERMINED]
        if open_:
            return ("Play more games on the open cells (`palace-lab study` plays undecided "
                    "rungs further, up to its cap; `--games` raises the cap).")  # fmt: skip
        return "Nothing to fix at the measured precision."
    sets = " ".join(f"--set {s}" for s in sv.sets)
    g = f" --game {game.name}" if game.name != default_game() else ""
    rule = tune_hint or "RULE=LO..HI"
    return (
        f"The largest imbalance is {_words(game, worst.value)} at {worst.players} players "
        f"({_pts(worst.effect)} points). Try a rule that acts on it: "
        f"`palace-lab tune-rules{g} --players {worst.players} --vary {rule} {sets} "
        f"--budget 300000 --out out/tune` (docs/TUNING.md)."
    ).replace("  ", " ")


def verdict_json(sv: StudyVerdict, page: str) -> str:
    """The verdict file's text (docs/REPORT.md)."""
    v = sv.verdicts
    left = {}
    for players, d in sv.left_out.items():
        for b, why in d.items():
            left.setdefault(b, {"why": why, "players": []})["players"].append(players)
    doc = {
        "generator": "palace-lab",
        "schema": SCHEMA,
        "page": page,
        "game": sv.game,
        "key": sv.key_label,
        "setup": sv.setup,
        "questions": {
            q.key.column: {"label": q.key.label, "setup": AS_PLAYED} for q in sv.questions
        },  # fmt: skip
        "delta": v.delta,
        "alpha": v.alpha,
        "adjustment": "Bonferroni per player count (Holm's first step); ci95 is family-wise",
        "balanced": {str(k): b for k, b in v.balanced().items()},
        "bots": {"competent": {str(k): b for k, b in sv.bots.items()}, "left_out": left},
        "findings": [
            {
                "players": f.players,
                "key": f.key,
                "value": f.value if isinstance(f.value, (int, float, str)) else str(f.value),
                "verdict": f.verdict,
                "effect": round(100 * f.effect, 3),
                "ci95": [round(100 * f.lo, 3), round(100 * f.hi, 3)],
                "n": f.n,
                "reference": f.reference,
                "bots": f.bots,
                "robust": f.robust,
                "games_to_decide": f.need or None,
            }
            for f in [*v.findings, *(f for q in sv.questions for f in q.verdicts.findings)]
        ],
    }
    return json.dumps(doc, indent=1, sort_keys=False) + "\n"


def empty_json(game: str, page: str, why: str) -> str:
    """The verdict file of a page whose runs give no verdict (a sweep without the rulebook's
    game, mixed strategies): no findings, and why."""
    doc = {"generator": "palace-lab", "schema": SCHEMA, "page": page, "game": game,
           "delta": None, "balanced": {}, "bots": {"competent": {}, "left_out": {}},
           "questions": {}, "findings": [], "note": why}  # fmt: skip
    return json.dumps(doc, indent=1) + "\n"
