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
from simcore.core.contract.rungs import Measured

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
    # players -> the top rung not measured stronger than the rung below, which then decides
    # (`demotion`; its `order_evidence`)
    demoted: dict[int, dict] = field(default_factory=dict)
    # players -> which of the top two rungs decides and on what evidence (`order_evidence`:
    # this study's step, or the game's stated figure for the pair where the step ties)
    order: dict[int, dict] = field(default_factory=dict)

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
    evidence = {p.players: e for p in plans if root is not None
                if (e := order_evidence(root, p, stated_figure(game, p))) is not None}  # fmt: skip
    demoted = {n: e for n, e in evidence.items() if e["demoted"]}
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
                        agree, ladders, demoted, evidence)  # fmt: skip


def stated_figure(game: GamePlugin, plan: LadderPlan) -> Measured | None:
    """The game's stated head-to-head figure (Ladder.figures, bench.ladder) for exactly the
    plan's top pair: the top rung (label and --strategy text) measured at the plan's player
    count against the rung below (label, and a rung of the game's ladder there with the
    plan's text); None when the game states none (a figure from another count does not
    count: a search rung's edge changes with the count)."""
    labels, texts = plan.labels, plan.strategies
    if len(labels) < 2 or len(texts) != len(labels):
        return None
    top, below = (labels[-1], texts[-1]), (labels[-2], texts[-2])
    for full in (False, True):
        lad = game.ladder(plan.players, full)
        if lad is None or below not in (*lad.rungs, *lad.climb):
            continue
        for f in lad.figures:
            if (f is not None and (f.label, f.strategy) == top and f.players == plan.players
                    and f.vs_below is not None and f.vs_below.against == below[0]):  # fmt: skip
                return f.vs_below
    return None


def _top_step(root: Path, plan: LadderPlan, load) -> dict | None:
    """The top step's strength (analyses.robustness.step_strength at the ladder's family z
    over its steps); None when it was not (wholly) played."""
    from .multiple import family_z
    from .robustness import step_strength

    labels = plan.labels
    top = next((s for s in plan.steps if s["upper"] == labels[-1] and s["lower"] == labels[-2]),
               None)  # fmt: skip
    if top is None:
        return None
    try:
        frames = [load(Path(root) / r["folder"]).scan() for r in top["runs"]]
    except (OSError, ValueError):  # a step not (wholly) played: nothing measured
        return None
    z = family_z(max(len(plan.steps), 1))
    return step_strength(frames, [tuple(r["upper_seats"]) for r in top["runs"]], z)


def order_evidence(root: Path, plan: LadderPlan, figure: Measured | None = None,
                   load=load_run) -> dict | None:  # fmt: skip
    """Which of the ladder's top two rungs decides the cells, and on what evidence.

    The top rung decides when this study's own head-to-head step measured it stronger than
    the rung below (its share of the wins wholly over one half at the ladder's family z),
    or, when the step did not separate them, when `figure` (the game's stated figure for
    exactly this pair at this count, `stated_figure`) does: its 95% lower bound over one
    half, n stated. A step that measures the top rung weaker demotes it whatever the figure
    says, and so does a tie with no separating figure. The two samples are not pooled: the
    stated one is usually ten times larger and would drown a loss measured on the study's
    own deals, and the two intervals differ in kind (per-seed at the family z; Wilson).

    {"bot" (the top rung), "below", "decides", "by" ("step" / "figure"), "demoted",
    "share", "lo", "hi", "games" (the evidence's), "weaker" (the step measured a loss),
    "step" (the step's share, lo, hi, games, or None)}; None when no step was played and no
    figure separates them (nothing measured: the ladder's order stands). `load`: tests."""
    labels = plan.labels
    if len(labels) < 2:
        return None
    st = _top_step(root, plan, load)
    step = None if st is None else {k: st[k] for k in ("share", "lo", "hi", "games")}
    base = {"bot": labels[-1], "below": labels[-2], "step": step,
            "weaker": bool(st is not None and st["weaker"])}  # fmt: skip
    if st is not None and (st["stronger"] or st["weaker"]):
        return base | step | {"by": "step", "demoted": bool(st["weaker"]),
                              "decides": labels[-2] if st["weaker"] else labels[-1]}  # fmt: skip
    if figure is not None and figure.lo > 0.5:
        return base | {"by": "figure", "demoted": False, "decides": labels[-1],
                       "share": figure.share, "lo": figure.lo, "hi": figure.hi,
                       "games": figure.n}  # fmt: skip
    if st is None:
        return None
    return base | step | {"by": "step", "demoted": True, "decides": labels[-2]}


def demotion(root: Path, plan: LadderPlan, load=load_run,
             figure: Measured | None = None) -> dict | None:  # fmt: skip
    """The `order_evidence` of a ladder whose top rung does not decide (its step measured it
    weaker, or tied with no stated figure separating the pair); None when the top decides
    or nothing was measured."""
    e = order_evidence(root, plan, figure, load)
    return e if e is not None and e["demoted"] else None


def measured_order(root: Path, plan: LadderPlan, load=load_run,
                   figure: Measured | None = None) -> list[str]:  # fmt: skip
    """The ladder's rungs weakest first, except that a top rung not measured stronger than
    the rung below (`order_evidence`: neither by this study's step nor, where the step
    ties, by the game's stated figure for the pair) goes below that rung: the verdict is
    the rung measured strongest (docs/STUDIES.md, "Effects from the strongest rung": a climb
    rung that won 41% of its step, another that won 50.3%). Only the top step: the order
    below it is the skill trend's and stays the ladder's."""
    labels = list(plan.labels)
    if demotion(root, plan, load, figure) is not None:
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
