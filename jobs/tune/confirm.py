"""The confirmation and the check: the starting rules and the search's top candidates
replayed on fresh seeds (disjoint from the search's) until the primary key's 95%
intervals are within ±--confirm-ci or the per-run cap; then the winner and the starting
rules again under a second strategy.

Every setting of one stage plays the same seed, so the comparisons are paired. The
stage's plan (confirm.json, check.json) is written before its first run and read back
on --resume, so a resumed run confirms exactly the settings it chose before.
"""

from __future__ import annotations

from pathlib import Path

from analyses.tuning import CHECK_DIR, CONFIRM_DIR, START
from jobs.runner import RunInterrupted, RunWriteError
from simcore.core.errors import InputError, WorkerLost
from simcore.core.store.manifest import load_manifest
from simcore.core.store.safe_files import check_plain, read_json

from ..plans import run_started, save_json
from ..run_job import RunJob
from .settings import TuneSettings
from .space import setting_sets, start_values

MIN_CHUNK = 10
ROUNDS = 10  # the stopping rule is checked about this many times before the cap


def confirm_chunk(cap: int) -> int:
    """Chunks of a confirmation run: rounds of 4 chunks, about ROUNDS rounds to the cap."""
    return max(MIN_CHUNK, cap // (4 * ROUNDS))


def spend_cap(st: TuneSettings, search_used: int) -> int:
    """Games per confirmation and check run: the budget the search left, spent in full
    (evenly over every run of both stages), at least the planned cap."""
    return max(st.confirm_cap, (st.budget - search_used) // st.confirm_runs)


def confirm_plan(st: TuneSettings, candidates: list[dict], cap: int | None = None) -> dict:
    """confirm.json: the starting rules and the top --top other candidates, best first, all
    on one fresh seed (paired: common random numbers) and played to the cap: the budget is
    spent, not stopped early (a difference is measured to the precision paid for)."""
    start = start_values(st.axes)
    settings = [
        {
            "name": START,
            "folder": START,
            "values": start,
            "distance": 0,
            "search": _search_figures(candidates, start),
        }
    ]
    for c in candidates:
        if len(settings) > st.top:
            break
        if c["values"] != start:
            settings.append(
                {
                    "name": c["folder"],
                    "folder": c["folder"],
                    "values": c["values"],
                    "distance": c["distance"],
                    "search": c,
                }
            )
    return {
        "stage": "confirm",
        "strategy": st.strategy,
        "seed": st.confirm_seed,
        "cap": cap or st.confirm_cap,
        "target_ci": None,
        "settings": settings,
    }


def check_plan(st: TuneSettings, start: dict, winner: dict, cap: int | None = None) -> dict:
    """check.json: the starting rules and the winner (or, when no candidate won, the best
    confirmed one: the second bot's view is asked either way) under the check's bot of
    each player count (by default the strongest measured search rung), on one fresh seed,
    played to the cap (--check-games and a search rung's time cap bound it)."""
    bots = {
        str(b.players): {"label": b.label, "strategy": b.strategy, "cap": st.check_cap_at(b, cap)}
        for b in st.check_bots
    }
    return {
        "stage": "check",
        "strategy": st.check_strategy,
        "label": bot_label(st.check_bots),
        "seed": st.check_seed,
        "cap": max((b["cap"] for b in bots.values()), default=st.check_cap),
        "bots": bots,
        "target_ci": None,
        "settings": [start, winner],
    }


def bot_label(bots) -> str:
    """The check's bots in a word: one label, or each with its player count."""
    labels = list(dict.fromkeys(b.label for b in bots))
    if len(labels) == 1:
        return labels[0]
    return ", ".join(f"{b.label} at {b.players} players" for b in bots)


def stage_bot(plan: dict, players: int) -> tuple[str, int]:
    """(strategy text, games cap) of a stage's runs at `players` (a check names its bot
    per player count; a confirmation, and a check planned before, one for all)."""
    bot = plan.get("bots", {}).get(str(players))
    return (bot["strategy"], bot["cap"]) if bot else (plan["strategy"], plan["cap"])


def _search_figures(candidates: list[dict], values: dict) -> dict | None:
    hits = [c for c in candidates if c["values"] == values]
    return hits[0] if hits else None


def load_or_save(path: Path, make) -> dict:
    """The stage's plan from disk (a resumed run), else made now and saved first."""
    if check_plain(path):
        return read_json(path, what="tuning plan")
    plan = make()
    save_json(path, plan)
    return plan


def play_stage(st: TuneSettings, root: Path, plan: dict, pool, progress, command: str) -> None:
    """Play every setting of a stage at every player count (finished runs are kept)."""
    sub = CONFIRM_DIR if plan["stage"] == "confirm" else CHECK_DIR
    for s in plan["settings"]:
        for n in st.players:
            out = root / sub / s["folder"] / f"{n}p"
            if _complete(out):
                continue
            strategy, cap = stage_bot(plan, n)
            job = RunJob(
                n,
                cap,
                plan["seed"],
                strategy,
                st.variants,
                st.sets + setting_sets(s["values"]),
                st.rules_file,
                st.board_file,
                chunk=confirm_chunk(cap),
                target_ci=plan.get("target_ci"),
                game=st.game,
                data=st.data,
            ).check()
            progress.log(f"{plan['stage']}: {s['name']}, {n} players, {strategy}")
            try:
                job.play(out, pool, run_started(out), progress.for_run())
            except (RunInterrupted, RunWriteError, WorkerLost) as e:  # finished runs kept
                e.resume = command
                raise


def stage_games(root: Path, plan: dict, players) -> int:
    """Games the stage's runs played."""
    sub = CONFIRM_DIR if plan["stage"] == "confirm" else CHECK_DIR
    total = 0
    for s in plan["settings"]:
        for n in players:
            total += _games_done(root / sub / s["folder"] / f"{n}p")
    return total


def _manifest(run_dir: Path) -> dict | None:
    try:
        return load_manifest(run_dir)
    except InputError:  # missing or damaged: played (or refused) again by the run itself
        return None


def _complete(run_dir: Path) -> bool:
    m = _manifest(run_dir)
    return m is not None and m.get("status") == "complete"


def _games_done(run_dir: Path) -> int:
    m = _manifest(run_dir)
    if m is None:
        return 0
    return sum(c["n_games"] for c in m.get("chunks", []) if c.get("status") == "done")
