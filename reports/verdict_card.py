"""The verdict card (the report's first screen) and the verdict file beside the page
(`report.html` -> `report.verdict.json`), both from one analyses.verdict_study result, so
that the page and the file never disagree. Schema: docs/REPORT.md, "The verdict file".
"""

from __future__ import annotations

import json
import math
import numbers

from analyses.intervals import wilson
from analyses.next_step import next_step
from analyses.question import AS_PLAYED, Question, value_words
from analyses.verdict import ABOVE, BELOW, FAIR, UNDETERMINED, games_to_decide
from analyses.verdict_study import StudyVerdict
from simcore.core.contract.plugin import GamePlugin

from . import first_screen
from .next_step_text import next_step_text
from .number_text import points

SCHEMA = 2  # 2: seats and positions from 1; summary, next step, turn order, confidence


def _words(game: GamePlugin, value) -> str:
    return game.primary.words(value)


def _agree(f, n_bots: int) -> str:
    same = sum(1 for v in f.bots.values() if v == f.verdict)
    return f"{same} of {n_bots} bot{'s' if n_bots != 1 else ''}"


def _figure(f, n_bots: int) -> str:
    """A finding's effect under the strongest bot, named, with the agreement."""
    return (f"{points(f.effect)} points ({points(f.lo)} to {points(f.hi)}, {f.reference}; "
            f"{_agree(f, n_bots)})")  # fmt: skip


def rule_sentence(delta: float) -> str:
    """The verdict rule in one plain sentence (the page states it once)."""
    d = f"{100 * delta:g}"
    return (f"A cell is fair when its interval lies within ±{d} points of the fair share, above "
            f"or below when it lies wholly beyond +{d} or −{d} points; anything else is open "
            "(played on, and \"on the margin\" if still open at the cap); a player count is "
            "balanced when every cell is fair, each cell judged by the strongest bot played "
            "at that player count: the ladder's top rung when the study's own head-to-head "
            "step measured it stronger than the rung below, else that rung.")  # fmt: skip


def skill_trend(f, game: GamePlugin) -> str:
    """`VALUE +20.4 (BOT-A) → +13.3 (BOT-B)`: the effect under each bot, weakest first."""
    return f"{_words(game, f.value)} " + " → ".join(
        f"{points(e)} ({b})" for b, (e, _, _) in f.effects.items())  # fmt: skip


def _skill_line(sv: StudyVerdict, players: int, game: GamePlugin) -> str:
    """Converged, or still moving with skill with the cells that moved."""
    ag = sv.agreement.get(players)
    if ag is None:
        return ("skill: one bot only: nothing shows that better play would not change "
                "these verdicts")  # fmt: skip
    d = f"±{100 * sv.verdicts.delta:g}"
    if ag.converged:
        return (f"skill: converged ({ag.upper} and {ag.lower} agree within {d} points on "
                f"every cell)")  # fmt: skip
    moved = "; ".join(
        f"{_words(game, c.value)} {points(c.diff)} ({points(c.lo)} to {points(c.hi)})"
        for c in sorted(ag.moved, key=lambda c: -abs(c.diff))
    )
    return (f"skill: still moving with skill ({ag.upper} minus {ag.lower} not shown within "
            f"{d} points): {moved}")  # fmt: skip


EVIDENCE = {"step": "this study's step", "figure": "the game's stated figure"}


def _share(d: dict) -> str:
    return f"{100 * d['share']:.1f}% ({100 * d['lo']:.1f}–{100 * d['hi']:.1f}%) of {d['games']:,}"


def strongest_line(ev: dict) -> str:
    """The card's "strongest bot" line: which of the top two rungs decides the count and
    on what evidence (analyses.verdict_study.order_evidence)."""
    top, below = ev["bot"], ev["below"]
    if ev.get("demoted", True):
        return (f"strongest bot: {below}, not {top}, the ladder's top: {top} won "
                f"{_share(ev)} games against {below} head to head ({EVIDENCE['step']}), "
                + ("measured weaker" if ev.get("weaker") else "not measured stronger"))  # fmt: skip
    line = (f"strongest bot: {top}, measured stronger than {below} by "
            f"{EVIDENCE[ev['by']]}: {_share(ev)} games head to head")  # fmt: skip
    if ev["by"] == "figure" and ev.get("step"):
        line += f"; {EVIDENCE['step']}, {_share(ev['step'])} games, did not separate them"
    return line


def order_record(ev: dict) -> dict:
    """`order_evidence[players]` of the verdict file: the rung that decides, the other of
    the top two, and the evidence (percent, n)."""
    st = ev.get("step")
    return {
        "bot": ev["decides"],
        "over": ev["below"] if ev["decides"] == ev["bot"] else ev["bot"],
        "top": ev["bot"],
        "by": EVIDENCE[ev["by"]],
        "share": round(100 * ev["share"], 3),
        "ci95": [round(100 * ev["lo"], 3), round(100 * ev["hi"], 3)],
        "n": ev["games"],
        "step": None if st is None else {
            "share": round(100 * st["share"], 3),
            "ci95": [round(100 * st["lo"], 3), round(100 * st["hi"], 3)],
            "n": st["games"]},
    }  # fmt: skip


def card(sv: StudyVerdict, game: GamePlugin) -> dict:
    """Per player count: the state in one word, the values above/below the band with the
    effect of the strongest bot (named) and the agreement, the fair ones,
    the open ones with what would decide them, the skill trend and whether the ladder has
    converged, the turn-order effect and the confidence; then the bots left out and the
    next step."""
    v = sv.verdicts
    balanced = v.balanced()
    rows = []
    for players in sorted(balanced):
        fs = v.at(players)
        nb = len(sv.bots[players])
        state = {True: "balanced", False: "not balanced", None: "not decided yet"}[
            balanced[players]
        ]
        ag = sv.agreement.get(players)
        state += (", one bot only" if ag is None else ", converged" if ag.converged
                  else ", still moving with skill")  # fmt: skip
        lines = []
        d = f"{100 * v.delta:g}"
        for word, kind in ((f"above the band (more than +{d} points)", ABOVE),
                           (f"below the band (more than −{d} points)", BELOW)):  # fmt: skip
            hits = sorted((f for f in fs if f.verdict == kind), key=lambda f: -abs(f.effect))
            if hits:
                lines.append(f"{word}: " + "; ".join(
                    f"{_words(game, f.value)} {_figure(f, nb)}" for f in hits))  # fmt: skip
        fair = [f for f in fs if f.verdict == FAIR]
        if fair:
            by = sorted({f.reference for f in fair})
            lines.append(f"fair (within ±{d} points, under {', '.join(by)}): "
                         + ", ".join(_words(game, f.value) for f in fair))  # fmt: skip
        open_ = [f for f in fs if f.verdict == UNDETERMINED]
        if open_:
            lines.append("on the margin (open at the cap): "
                         + "; ".join(_open(f, game) for f in open_))  # fmt: skip
        if nb > 1:
            moving = sorted(fs, key=lambda f: -abs(f.effect))
            lines.append("skill trend (weakest bot first): "
                         + "; ".join(skill_trend(f, game) for f in moving
                                     if f.verdict in (ABOVE, BELOW, UNDETERMINED))
                         if any(f.verdict != FAIR for f in fs) else
                         "skill trend: every cell fair")  # fmt: skip
        lines.append(_skill_line(sv, players, game))
        ev = sv.order.get(players) or sv.demoted.get(players)
        if ev:
            lines.append(strongest_line(ev))
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
        m = v.family.get(players, sum(1 for c in v.cells if c.players == players))
        lines.append(
            f"confidence: {nb} bot{'s' if nb != 1 else ''} ({', '.join(sv.bots[players])}); "
            f"at least {seats:,} seats per cell; smallest difference from fair detected with "
            f"80% power {100 * det:.1f} points; intervals family-wise 95% over the "
            f"strongest bot's {m} cells (the weaker bots' descriptive, "
            "at the same z)"
        )
        cls = {True: "ok", False: "bad", None: "open"}[balanced[players]]
        rows.append({"players": players, "state": state, "lines": lines, "cls": cls})
    left = {b: why for d in sv.left_out.values() for b, why in d.items()}
    notes = [
        rule_sentence(v.delta),
        f"Verdicts per {sv.key_label} from {sv.setup}"
        + (" (power: the bots' own choices taken out)" if sv.sets else "")
        + ": effects are points against the fair share under the strongest bot played "
        "at the player count (named), intervals Bonferroni-adjusted per player count like "
        "the verdicts; the weaker bots' effects are the skill trend.",
    ]
    climbs = {n: [r for r in rows_ if r.get("climb")] for n, rows_ in sv.ladder.items()}
    if any(climbs.values()):
        notes.append("The climb: a stronger rung is added while the two strongest rungs are not "
                     "shown to agree within half the margin, each played up to its cap ("
                     + "; ".join(
                         f"{n} players: " + ", ".join(f"{r['bot']} up to {r['cap']:,} games"
                                                      for r in c)
                         for n, c in sorted(climbs.items()) if c) + ").")  # fmt: skip
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
    nxt = _next_step(sv, game)
    return {"rows": rows, "notes": notes, "next": nxt}


def _open(f, game: GamePlugin) -> str:
    """An open cell with what decides it: the strongest bot's effect and interval, every
    bot's verdict and effect, and the games the strongest bot (whose verdict it is) would
    need."""
    word = {UNDETERMINED: "open"}
    each = ", ".join(f"{b} {word.get(f.bots.get(b, UNDETERMINED), f.bots.get(b))} {points(e[0])}"
                     for b, e in f.effects.items())  # fmt: skip
    top = f.need.get(f.reference)
    need = f"{f.reference} about {top:,} games" if top is not None else ""
    return (f"{_words(game, f.value)} {points(f.effect)} ({points(f.lo)} to {points(f.hi)}, "
            f"{f.reference}; each bot: {each}"
            + (f"; would be decided by {need}, if the rates stay where they are" if need else "")
            + ")")  # fmt: skip


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
                f"holders of {say(f)} {_figure(f, n_bots)}" for f in hits))  # fmt: skip
    fair = [f for f in fs if f.verdict == FAIR]
    if fair:
        parts.append(f"fair (within ±{100 * q.verdicts.delta:g} points): "
                     + ", ".join(say(f) for f in fair))  # fmt: skip
    open_ = [f for f in fs if f.verdict == UNDETERMINED]
    if open_:
        need = games_to_decide(q.verdicts, players)
        what = "; ".join(f"{b} about {g:,} games" for b, g in sorted(need.items()))
        parts.append("on the margin: " + ", ".join(say(f) for f in open_)
                     + (f" (would take {what})" if what else ""))  # fmt: skip
    label = q.key.label[:1].upper() + q.key.label[1:]
    return f"{label} (as played): " + "; ".join(parts)


def _next_step(sv: StudyVerdict, game: GamePlugin) -> str:
    return next_step_text(next_step(sv, game), game)


def _step_json(step, game: GamePlugin) -> dict:
    """The next step as the file gives it: kind, text, the imbalance it is about, and the
    proposed command with its `--vary` items (or the mechanism no rule value reaches)."""
    doc = {"kind": step.kind, "text": next_step_text(step, game), "command": step.command or None,
           "rules": list(step.rules), "mechanism": step.mechanism or None}  # fmt: skip
    if step.value is not None:
        doc |= {"value": _number(game, game.primary.column, step.value),
                "label": _label(game, game.primary.column, step.value),
                "players": step.players, "effect": round(100 * step.effect, 3),
                "bot": step.bot}  # fmt: skip
    return doc


def verdict_json(sv: StudyVerdict, page: str, game: GamePlugin) -> str:
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
        "summary": first_screen.summary(sv, game),
        "next_step": _step_json(next_step(sv, game), game),
        "numbering": "seats and positions count from 1, as on the page",
        "key": sv.key_label,
        "setup": sv.setup,
        "questions": {
            q.key.column: {"label": q.key.label, "setup": AS_PLAYED} for q in sv.questions
        },  # fmt: skip
        "delta": v.delta,
        "alpha": v.alpha,
        "adjustment": "Bonferroni per player count over the strongest bot's cells (Holm's "
        "first step); its ci95 is family-wise, the weaker bots' (effects) descriptive",
        "balanced": {str(k): b for k, b in v.balanced().items()},
        "rule": rule_sentence(v.delta),
        "converged": {str(k): b for k, b in sv.converged().items()},
        "moved": {
            str(k): [
                {
                    "value": _number(game, sv.verdicts.key, c.value),
                    "diff": round(100 * c.diff, 3),
                    "ci95": [round(100 * c.lo, 3), round(100 * c.hi, 3)],
                }
                for c in a.moved
            ]
            for k, a in sv.agreement.items()
        },
        "ladder": {str(k): rows for k, rows in sv.ladder.items()},
        "demoted": {
            str(k): {
                "bot": d["bot"],
                "below": d["below"],
                "share": round(100 * d["share"], 3),
                "ci95": [round(100 * d["lo"], 3), round(100 * d["hi"], 3)],
                "games": d["games"],
                "weaker": bool(d.get("weaker", True)),
            }
            for k, d in sv.demoted.items()
        },  # fmt: skip
        "order_evidence": {str(k): order_record(e) for k, e in sv.order.items()},
        "turn_order": first_screen.turn_order(sv),
        "confidence": first_screen.confidence(sv),
        "bots": {"competent": {str(k): b for k, b in sv.bots.items()}, "left_out": left},
        "findings": [
            {
                "players": f.players,
                "key": f.key,
                "value": _number(game, f.key, f.value),
                "label": _label(game, f.key, f.value),
                "verdict": f.verdict,
                "effect": round(100 * f.effect, 3),
                "ci95": [round(100 * f.lo, 3), round(100 * f.hi, 3)],
                "n": f.n,
                "reference": f.reference,
                "bots": f.bots,
                "robust": f.robust,
                "games_to_decide": f.need or None,
                "effects": {b: [round(100 * x, 3) for x in e] for b, e in f.effects.items()},
            }
            for f in [*v.findings, *(f for q in sv.questions for f in q.verdicts.findings)]
        ],
    }
    return json.dumps(doc, indent=1, sort_keys=False) + "\n"


def _plain(value):
    return value if isinstance(value, (int, float, str)) else str(value)


def _counted(game: GamePlugin, column: str) -> bool:
    """Seats and positions: stored from 0, shown (page and file alike) from 1."""
    try:
        k = game.key(column)
    except KeyError:
        return False
    return k.ordinal or column == game.seat_key


def _number(game: GamePlugin, column: str, value):
    """A key value as the file gives it: seats and positions counted from 1."""
    if _counted(game, column) and isinstance(value, numbers.Integral):
        return int(value) + 1
    return _plain(value)


def _label(game: GamePlugin, column: str, value) -> str:
    """The value in the page's words ("seat 2", a card's name)."""
    try:
        return game.key(column).words(value)
    except KeyError:
        return str(value)


def empty_json(game: str, page: str, why: str) -> str:
    """The verdict file of a page whose runs give no verdict (a sweep without the rulebook's
    game, mixed strategies): no findings, and why."""
    doc = {"generator": "palace-lab", "schema": SCHEMA, "page": page, "game": game,
           "delta": None, "balanced": {}, "bots": {"competent": {}, "left_out": {}},
           "questions": {}, "findings": [], "note": why}  # fmt: skip
    return json.dumps(doc, indent=1) + "\n"
