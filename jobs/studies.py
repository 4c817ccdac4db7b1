"""A game's predefined study (simcore/<game>/studies.py) turned into run jobs: its own runs
and, if it has one, its robustness ladder's runs (jobs.ladder)."""

from __future__ import annotations

import math
from dataclasses import replace

from analyses.climb import CLIMB_SHARE
from analyses.verdict import DELTA, family_z
from simcore.core.contract.plugin import GamePlugin, Study
from simcore.core.errors import InputError

from .good_play import good_play_gate, with_good_play
from .ladder import LadderLayout
from .run_job import RunJob
from .study_data import shipped_data

FIXED_CHUNK_MIN = 10  # games per chunk at least, for runs of a fixed size
# A ladder rung plays until its verdicts are decided, up to ADAPT x its first round: the
# default study's rounds are small (lookahead: a few hundred games), the other studies'
# (`study robustness`) already large, so they grow by less.
ADAPT = 80
ADAPT_LARGE = 5
# In the default study the budget goes to the rungs whose verdict may be the cell's
# (`verdict_rungs`): the top (the last climb rung, or the ladder's last rung when it
# declares no climb) and the rung below it, which decides when the top is not measured
# stronger (analyses.verdict_study.measured_order: its own step, or the game's stated figure
# where the step ties; a step measured as a loss demotes it whatever the figure, which the
# study learns only once played, so both get the budget). A rung whose first round is
# small (under SMALL_ROUND games: a search rung, whose games cost a thousand times more)
# grows by at most ADAPT_TOP rounds there and ADAPT_TREND below; a scripted rung (a large
# first round) by ADAPT there and ADAPT_TREND_LARGE below. The rungs below those two are
# the skill trend only, which needs a direction, not a decided cell.
SMALL_ROUND, ADAPT_TOP, ADAPT_TREND, ADAPT_TREND_LARGE = 1_000, 12, 4, 8
ROUND_CHUNKS = 4  # chunks per round between two checks of a stopping rule
# The time cap of a ladder rung whose speed the ladder declares (games per CPU second): its
# adaptive rounds stop at RUNG_CPU_SECONDS of CPU time at that speed (as games, so the cap
# does not depend on the machine), in the default study; 5 times that in the others.
RUNG_CPU_SECONDS = 300


def get_study(plugin: GamePlugin, name: str | None, players: int | None = None) -> Study:
    """A study by name (None: the game's first, its default). `players`: the player count
    of the study's robustness ladder (default: the game's default player count)."""
    n = plugin.default_players if players is None else players
    if not plugin.min_players <= n <= plugin.max_players:
        raise InputError(f"--players must be between {plugin.min_players} and "
                         f"{plugin.max_players} for {plugin.name}, got {n}")  # fmt: skip
    known = dict(plugin.studies(n))
    if not known:
        raise InputError(f"{plugin.name} has no predefined studies")
    if name is None:
        return with_good_play(next(iter(known.values())), plugin)
    if name not in known:
        raise InputError(f"unknown study '{name}' of {plugin.name}; known: {', '.join(known)}")
    return with_good_play(known[name], plugin)


def layouts(st: Study) -> list[LadderLayout]:
    """The study's ladders, its own player count's first."""
    return [LadderLayout(lad, n) for n, lad in st.all_ladders().items()]


def layout(st: Study) -> LadderLayout | None:
    """The ladder at the study's own player count (`--players`), if it has one."""
    return next(iter(layouts(st)), None)


def study_runs(st: Study) -> tuple:
    return st.runs + tuple(r for lay in layouts(st) for r in lay.runs())


def plan_extra(st: Study) -> dict | None:
    """What the study's plan records besides its runs (the ladders, for the report)."""
    lays = layouts(st)
    return {"study": st.name, "ladder": lays[0].describe() if lays else None,
            "ladders": [lay.describe() for lay in lays],
            "question_keys": list(st.question_keys)}  # fmt: skip


def _against_rulebook(runs: tuple, plugin) -> list:
    """Runs compared with the rulebook game: a single switch the rulebook already has on
    (e.g. a neutral-pieces switch) would replay the basic game, so it is compared by turning it
    off (`--set FIELD=false`, folder `<folder>-off`)."""
    default = plugin.default_rules().to_dict()
    out = []
    for r in runs:
        fields = [f for v in r.variants for f in plugin.variants.get(v, ())]
        if r.variants and fields and all(default.get(f) is True for f in fields):
            r = replace(r, folder=f"{r.folder}-off", variants=(),
                        sets=(*r.sets, *(f"{f}=false" for f in fields)))  # fmt: skip
        out.append(r)
    return out


def rung_speed(lays: list[LadderLayout], folder: str) -> float | None:
    """The declared games per CPU second of the ladder rung whose table is `folder`."""
    for lay in lays:
        for i in range(len(lay.labels)):
            if lay.table_folder(i) == folder and i < len(lay.ladder.speed):
                return lay.ladder.speed[i]
    return None


def verdict_rungs(lay: LadderLayout) -> set[int]:
    """The rungs of a ladder whose verdict may be the cells': the top rung, or the rung below
    it when the top is not measured stronger (analyses.verdict_study.measured_order: its own
    step, or the game's stated figure where the step ties). With a climb: the climb rung and
    the last rung below it (a climb that is not played leaves the last rung on top, its rung
    below at the trend's budget: the two agreed within half the margin, CLIMB_SHARE)."""
    n = len(lay.labels)
    return {i for i in (n - 1, n - 2) if i >= 0}


def is_top(lays: list[LadderLayout], folder: str) -> bool:
    """Whether `folder` is the table of a rung whose verdict may be the cell's
    (`verdict_rungs`). A folder that is no rung's table counts as a top."""
    for lay in lays:
        for i in range(len(lay.labels)):
            if lay.table_folder(i) == folder:
                return i in verdict_rungs(lay)
    return True


def rung_rounds(lays: list[LadderLayout], folder: str, small: bool) -> int:
    """Rounds a default study's ladder rung may grow to: ADAPT_TOP / ADAPT (small / large
    first round) for a rung whose verdict may be the cell's (`verdict_rungs`),
    ADAPT_TREND / ADAPT_TREND_LARGE for those below (the skill trend)."""
    top = is_top(lays, folder)
    return (ADAPT_TOP if top else ADAPT_TREND) if small else (
        ADAPT if top else ADAPT_TREND_LARGE)  # fmt: skip


def rung_cap(lays: list[LadderLayout], folder: str, cap: int, games: int | None) -> int:
    """A ladder rung's cap under `--games N`: N for a rung whose verdict may be the cell's
    (`verdict_rungs`; raised or lowered: the cells it leaves on the margin are decided by
    playing it on, which is what the card's next step proposes), at most N for the rungs
    below (the skill trend, whose cells decide nothing)."""
    if not games:
        return cap
    return games if is_top(lays, folder) else min(cap, games)


def decide_settings(players: int, values: int, delta: float = DELTA) -> tuple:
    """(z, delta) of the adaptive rule at this player count: the verdicts' family z over
    the `values` (the deciding bot's cells; analyses.verdict.family_size), an upper bound of
    the report's family (a value never dealt shrinks it), so a run stopped as decided is
    decided in the report too. Every rung plays to the same z: the weaker ones' cells are
    descriptive, and spend none of the error rate."""
    return family_z(max(values, players)), delta


def study_jobs(st: Study, seed: int, strategy: str, games: int | None = None,
               target_ci: float | None = None, chunk: int | None = None,
               game: str | None = None) -> list:  # fmt: skip
    """(folder, RunJob) per run. `games` caps every run (a fixed-count run plays the smaller
    of its own count and the cap; a ladder's top rung plays up to `games`, `rung_cap`);
    `target_ci` and `chunk` override the study's.

    Adaptive: the ladder's key-table runs, and the runs with the ladder's settings at the
    other player counts (the runs the verdicts rest on), play rounds until every value of
    the primary key is decided (jobs.target.decided_rule), a ladder rung up to ADAPT times
    (ADAPT_LARGE in a study other than the game's default)
    its own games (its first round is its own games)."""
    if game is None:
        raise ValueError("study_jobs needs the game's name")
    from simcore.core.contract.games import get_game

    plugin = get_game(game)
    n_values = len(plugin.primary.order)
    default = next(iter(plugin.studies(st.ladder_players or plugin.default_players))) == st.name
    lays = layouts(st)
    tables = {lay.table_folder(i) for lay in lays for i in range(len(lay.labels))}
    laddered = {lay.players for lay in lays}
    ladder_sets = tuple(st.ladder.sets) if st.ladder is not None else None
    out = []
    runs = _against_rulebook(study_runs(st), get_game(game))
    places = [(r.folder, r.players) for r in runs]
    for r in runs:
        strat = r.strategy or strategy
        data = shipped_data(plugin, r)  # StudyRun.data as `--data NAME=FILE` items
        size = chunk or st.chunk
        if r.folder in tables:
            grow = rung_rounds(lays, r.folder, r.games < SMALL_ROUND)
            cap = r.games * (grow if default else ADAPT_LARGE)
            speed = rung_speed(lays, r.folder)
            if speed:  # the stated time cap, as games at the rung's measured speed
                secs = RUNG_CPU_SECONDS * (1 if default else ADAPT_LARGE)
                cap = max(r.games, min(cap, math.ceil(secs * speed)))
            cap = rung_cap(lays, r.folder, cap, games)
            job = RunJob(r.players, cap, seed, strat, r.variants, r.sets,
                         chunk=max(FIXED_CHUNK_MIN, math.ceil(r.games / ROUND_CHUNKS)),
                         round_chunks=ROUND_CHUNKS, game=game,
                         decide=decide_settings(r.players, n_values), data=data)  # fmt: skip
        elif r.games is not None:
            n = min(r.games, games) if games else r.games
            # at least 8 chunks when the run is small (a few hundred lookahead games), so
            # that every worker gets some; the size never depends on the workers
            small = max(FIXED_CHUNK_MIN, math.ceil(n / 8))
            job = RunJob(r.players, n, seed, strat, r.variants, r.sets, chunk=min(size, small),
                         game=game, data=data)  # fmt: skip
        else:
            tci = st.target_ci if target_ci is None else target_ci
            dealt = ladder_sets is not None and tuple(r.sets) == ladder_sets and not r.variants
            own = dealt and r.players not in laddered  # a ladder decides its own count
            adapt = decide_settings(r.players, n_values) if own else None
            job = RunJob(r.players, games or st.cap, seed, strat, r.variants, r.sets,
                         chunk=size, target_ci=tci, game=game, decide=adapt, data=data)  # fmt: skip
        for lay in lays:  # a climb rung's runs play only while the rungs below disagree
            gate = lay.climb_gate(r.folder, plugin.primary.column, DELTA * CLIMB_SHARE)
            if gate is not None:
                job.gate = gate
        gate = good_play_gate(r.folder, places, plugin.primary.column)
        if gate is not None:  # replayed under the strongest rung only when it changes something
            job.gate = gate
        out.append((r.folder, job))
    return out
