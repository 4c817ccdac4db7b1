"""The verdict of a set of runs (a study folder, or the runs of `palace-lab report`): which
runs measure power, which bots are competent, and the verdicts (analyses.verdict).

One setup per claim: power is measured with the strategies' own choice taken out (the
settings of the game's ladder, e.g. cards dealt at random). Runs without those
settings measure what play does and are left out of the verdicts. A game without a ladder
(no choice to take out) uses every run at the rulebook's settings. Per player count the
bots are the ladder's rungs where the study played a ladder, else the strategy of each
run there; a bot that plays without an action the stronger bots take often is left out
(analyses.competence).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from simcore.core.contract.plugin import GamePlugin

from .climb import Agreement, agreement, frame_cells
from .competence import Competence, assess
from .data_setting import changed_data
from .question import Question, question_key, question_verdicts
from .rates import win
from .robustness import LadderPlan, has_sets, ladder_plans
from .rundata import Run, load_run, read_manifest
from .verdict import DELTA, Verdicts, decide


@dataclass(frozen=True)
class StudyVerdict:
    game: str
    key_label: str
    verdicts: Verdicts
    competence: dict[int, Competence]  # players -> what each bot took
    bots: dict[int, list[str]]  # players -> competent bots (weakest first where known)
    left_out: dict[int, dict[str, str]]  # players -> bot -> why
    setup: str  # the setup the verdicts come from, in words
    sets: list[str] = field(default_factory=list)
    # players -> the first turn position under the reference bot: label, wins, n
    turn: dict[int, dict] = field(default_factory=dict)
    questions: list[Question] = field(default_factory=list)  # the study's question keys
    # players -> the two strongest competent rungs compared (analyses.climb); absent with
    # fewer than two competent rungs
    agreement: dict[int, Agreement] = field(default_factory=dict)
    # players -> [{"bot", "strength" (log-odds over the bottom rung), "games"}] weakest first
    ladder: dict[int, list[dict]] = field(default_factory=dict)
    # players -> the top rung its own step did not measure stronger than the rung below,
    # which then decides (`demotion`): {"bot", "below", "share", "lo", "hi", "games", "weaker"}
    demoted: dict[int, dict] = field(default_factory=dict)

    def converged(self) -> dict[int, bool]:
        """Per player count: the two strongest competent rungs agree within ±delta on every
        cell (False with a single bot: nothing shows that better play would not move it)."""
        return {n: bool(self.agreement[n].converged) if n in self.agreement else False
                for n in self.bots}  # fmt: skip


def bot_label(run: Run) -> str:
    """The strategy of a run with one strategy in every seat (None-like '' when mixed)."""
    names = {s.get("name") for s in run.manifest.get("strategies", [])}
    return str(next(iter(names))) if len(names) == 1 else ""


def power_frames(runs: list[Run], game: GamePlugin, root: Path | None = None,
                 plans: Sequence[LadderPlan] = ()) -> tuple[dict, dict, list[str]]:  # fmt: skip
    """({(players, bot): (LazyFrame, games)}, {players: bots weakest first}, sets)."""
    lad = game.ladder(game.default_players, False)
    sets = list(plans[0].sets) if plans else list(lad.sets) if lad is not None else []
    frames: dict[tuple[int, str], tuple[pl.LazyFrame, int]] = {}
    order: dict[int, list[str]] = {}
    for plan in plans if root is not None else ():
        for label, folder in zip(plan.labels, plan.tables, strict=True):
            r = load_run(Path(root) / folder)
            frames[(plan.players, label)] = (r.scan(), r.games_done)
        order[plan.players] = list(plan.labels)
    own = {s.partition("=")[0].strip() for s in sets}
    candidates = [r for r in runs if bot_label(r) and r.players not in order and has_sets(r, sets)]
    if not candidates and not frames and sets:  # no run takes the choice out: as played
        sets, own = [], set()
        candidates = [r for r in runs if bot_label(r)]
    settings = {_setting(r, own) for r in candidates}
    # the rulebook game; failing that, the one setting every run plays (a single run's page)
    pick = () if () in settings else next(iter(settings)) if len(settings) == 1 else None
    for r in candidates:
        if _setting(r, own) != pick:
            continue  # another variant or rule value: not the game the verdicts are about
        if (r.players, bot_label(r)) not in frames:
            frames[(r.players, bot_label(r))] = (r.scan(), r.games_done)
    return frames, order, sets + [f"{k}={v}" for k, v in (pick or ())]


def _setting(run: Run, own: set) -> tuple:
    """A run's variants and changed rules besides the ladder's settings (() = rulebook)."""
    changed = (run.manifest.get("rules_changed") or {}) | changed_data(run.manifest)
    return tuple(sorted((str(k), str(v)) for k, v in changed.items() if k not in own))


def study_verdict(runs: list[Run], game: GamePlugin, root: Path | None = None,
                  plan: LadderPlan | None = None, delta: float = DELTA,
                  strength: dict[int, list[str]] | None = None,
                  question_keys: Sequence[str] = ()) -> StudyVerdict | None:  # fmt: skip
    """The verdicts over `runs` (and the ladders of a study folder: every one its plan
    records, else `plan`). `strength`: per player count the bots weakest first as measured
    (default: the ladder's order). `question_keys`: further keys answered too, as played
    (analyses.question), over the same runs and competent bots."""
    key = game.primary
    lad = game.ladder(game.default_players, False)
    plans = ladder_plans(root) if root is not None else []
    plans = plans or ([plan] if plan is not None else [])
    frames, order, sets = power_frames(runs, game, root, plans)
    demoted = {p.players: d for p in plans if root is not None
               if (d := demotion(root, p)) is not None}  # fmt: skip
    for players, d in demoted.items():
        labels = order[players]
        a, b = labels.index(d["below"]), labels.index(d["bot"])
        labels[a], labels[b] = labels[b], labels[a]
    if strength:
        order.update(strength)
    if not frames:
        return None
    rows = []
    comp: dict[int, Competence] = {}
    bots: dict[int, list[str]] = {}
    left: dict[int, dict[str, str]] = {}
    for players in sorted({p for p, _ in frames}):
        mine = {b: frames[(p, b)][0] for p, b in frames if p == players}
        c = assess(mine, order.get(players, ()))
        comp[players] = c
        ranked = [b for b in order.get(players, []) if b in mine] + sorted(
            b for b in mine if b not in order.get(players, []))  # fmt: skip
        ok = c.competent(ranked) or ranked  # never leave a count with no bot at all
        bots[players] = ok
        left[players] = {b: c.why(b) for b in ranked if b not in ok}
        for b in ok:
            lf, games = frames[(players, b)]
            t = (
                lf.filter((pl.col("players") == players) & pl.col(key.column).is_not_null())
                .group_by(key.column)
                .agg(win(lf).sum().alias("wins"), pl.len().alias("n"))
                .collect()
            )
            for value, w, n in t.iter_rows():
                rows.append({"players": players, "bot": b, "value": value, "wins": float(w),
                             "n": int(n), "games": games})  # fmt: skip
    if not rows:
        return None
    counts = pl.DataFrame(rows)
    v = decide(counts, key.column, bots, delta=delta, order=key.order)
    dealt = lad is not None and lad.sets and set(lad.sets) <= set(sets)
    setup = ", ".join(sets) if sets else "the rulebook's settings"
    if lad is not None and lad.sets and not dealt:
        setup += " as the strategies played them (their own choices included: what play does)"
    turn = {}
    pos = _position_key(game)
    for players in bots:  # under the strongest competent bot
        ref = bots[players][-1] if bots[players] else None
        if pos is None or ref is None:
            continue
        lf = frames[(players, ref)][0]
        if pos.column not in lf.collect_schema().names():
            continue
        t = (lf.filter((pl.col("players") == players) & (pl.col(pos.column) == 0))
             .select(win(lf).sum().alias("w"), pl.len().alias("n")).collect())  # fmt: skip
        if t["n"][0]:
            turn[players] = {"label": pos.words(0), "wins": float(t["w"][0] or 0.0),
                             "n": int(t["n"][0]), "bot": ref}  # fmt: skip
    questions = []
    for name in question_keys:
        qk = question_key(game, name)
        qv = question_verdicts(frames, bots, qk, delta)
        if qv is not None:
            questions.append(Question(qk, qv))
    agree = {}
    for players, ok in bots.items():
        if len(ok) >= 2:
            up, down = ok[-1], ok[-2]
            cells = [frame_cells(frames[(players, b)][0], players, key.column) for b in (up, down)]
            agree[players] = agreement(*cells, players, delta, key.order, (up, down))
    ladders = {p.players: ladder_rows(root, p, frames) for p in plans if root is not None}
    return StudyVerdict(game.name, key.label, v, comp, bots, left, setup, sets, turn, questions,
                        agree, ladders, demoted)  # fmt: skip


def demotion(root: Path, plan: LadderPlan, load=load_run) -> dict | None:
    """The ladder's top rung when its own step did not measure it stronger than the rung
    below (its share of the wins head to head not wholly over one half, at the ladder's
    family z over its steps, analyses.robustness.step_strength): {"bot", "below", "share",
    "lo", "hi", "games", "weaker"}; None when it was measured stronger (or the step was not
    played: nothing measured). `load`: how a run folder is read (tests)."""
    from .multiple import family_z
    from .robustness import step_strength

    labels = plan.labels
    if len(labels) < 2:
        return None
    top = next((s for s in plan.steps if s["upper"] == labels[-1] and s["lower"] == labels[-2]),
               None)  # fmt: skip
    if top is None:
        return None
    try:
        frames = [load(Path(root) / r["folder"]).scan() for r in top["runs"]]
    except (OSError, ValueError):  # a step not (wholly) played: nothing measured
        return None
    z = family_z(max(len(plan.steps), 1))
    st = step_strength(frames, [tuple(r["upper_seats"]) for r in top["runs"]], z)
    if st["stronger"]:
        return None
    return {"bot": labels[-1], "below": labels[-2], "share": st["share"], "lo": st["lo"],
            "hi": st["hi"], "games": st["games"], "weaker": bool(st["weaker"])}  # fmt: skip


def measured_order(root: Path, plan: LadderPlan, load=load_run) -> list[str]:
    """The ladder's rungs weakest first, except that a top rung its own step did not
    measure stronger than the rung below (`demotion`) goes below that rung: the verdict is
    the rung measured strongest, and a top rung that loses its step or ties it is not shown
    to be that (docs/STUDIES.md, "Effects from the strongest rung": a climb rung that won
    41% of its step, another that won 50.3%). Only the top step: the order below it is the
    skill trend's and stays the ladder's."""
    labels = list(plan.labels)
    if demotion(root, plan, load) is not None:
        labels[-2], labels[-1] = labels[-1], labels[-2]
    return labels


def ladder_rows(root: Path, plan: LadderPlan, frames: dict) -> list[dict]:
    """The ladder as the verdict file lists it: each rung's measured strength (log-odds of
    the steps summed from the bottom rung, analyses.robustness) and its key-table games."""
    from .multiple import family_z
    from .robustness import ladder_strengths, step_strength

    z = family_z(max(len(plan.steps), 1))
    steps = [step_strength([load_run(Path(root) / r["folder"]).scan() for r in st["runs"]],
                           [tuple(r["upper_seats"]) for r in st["runs"]], z)
             for st in plan.steps]  # fmt: skip
    # the tables' caps from their manifests alone: power_frames verified their chunks (a
    # second load_run re-read every chunk of the scripted rungs' tables, ~1/3 of the report)
    caps = {b: int(read_manifest(Path(root) / f).get("games", 0))
            for b, f in zip(plan.labels, plan.tables, strict=True)}  # fmt: skip

    def row(b: str, strength) -> dict:
        return {"bot": b, "strength": strength, "games": frames[(plan.players, b)][1],
                "cap": caps[b], "climb": b in plan.climb}  # fmt: skip

    if len(steps) != len(plan.labels) - 1:  # a step not played: no strength to sum
        return [row(b, None) for b in plan.labels]
    t = ladder_strengths(steps, plan.labels)
    return [row(r["rung"], round(float(r["strength"]), 3)) for r in t.iter_rows(named=True)]


def _position_key(game: GamePlugin):
    """The turn position a game's primary key goes with (its joint position), else its first
    ordinal key other than the seat."""
    if game.joint is not None:
        return game.key(game.joint.position)
    return next((k for k in game.keys if k.ordinal and k.column != game.seat_key), None)
