"""`palace-lab tune-rules`: search the rule values that make a game fairest, confirm the best
on fresh seeds against the starting rules, check the winner under a second strategy, and
write the recommendation as a rules file (DIR/best.toml).

The folder holds everything (docs/TUNING.md): tune.json (settings, compared on --resume),
the Optuna journal and search.json, candidates/ (the search's runs), confirm/ and check/
(runs of the confirmation and the check, with their plans), best.toml and the report.
One process works in a folder at a time (a lock on DIR/.lock).
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path

from analyses.tuning import START, Check, check_result, confirmation
from simcore.core.contract.games import get_game
from simcore.core.errors import InputError
from simcore.core.store.manifest import load_manifest
from simcore.core.store.outpaths import TUNE, TUNE_CHECK, TUNE_CONFIRM
from simcore.core.store.run_lock import RunLock
from simcore.core.store.safe_files import check_plain, read_json, write_atomic

from ..plans import save_json
from ..run_job import rules_from
from ..runner import going_on
from .confirm import check_plan, confirm_plan, load_or_save, play_stage, spend_cap
from .progress import TuneProgress
from .search import Search
from .settings import FORMAT, TuneSettings
from .space import setting_sets

BEST = "best.toml"


def check_folder(root: Path, st: TuneSettings, resume: bool) -> None:
    """Refuse, before writing, a folder that is not empty (fresh) or holds another tuning
    run (--resume)."""
    path = root / TUNE
    if not resume:
        if root.exists() and (not root.is_dir() or any(root.iterdir())):
            hint = (
                "it holds a tuning run; add --resume to continue it"
                if path.is_file()
                else "choose another --out"
            )
            raise InputError(f"--out {root} exists and is not an empty folder; {hint}")
        return
    if not check_plain(path):
        raise InputError(f"--resume: {root} holds no tuning run to resume (no {TUNE})")
    try:
        old = read_json(path, what="tuning file")
    except InputError as e:
        raise InputError(f"--resume: {e}") from None
    if not isinstance(old, dict) or old.get("format") != FORMAT:
        raise InputError(f"--resume: {path}: not a palace-lab tuning file ({FORMAT} expected)")
    new = json.loads(json.dumps(st.record()["settings"]))
    was = old.get("settings", {})
    diff = [
        f"{k}: {json.dumps(was.get(k))} -> {json.dumps(new.get(k))}"
        for k in dict.fromkeys([*was, *new])
        if was.get(k) != new.get(k)
    ]
    if diff:
        raise InputError(
            f"--resume: {root} was started with other settings "
            f"({'; '.join(diff[:3])}); give the same settings or choose another "
            "--out"
        )


def games_on_disk(root: Path) -> int:
    """Games already played into the folder (for the progress display of a resumed run)."""
    total = 0
    for m in root.glob("*/**/manifest.json"):
        try:
            chunks = load_manifest(m.parent)["chunks"]
        except InputError:  # not a run, or a damaged one: its own run says so when played
            continue
        total += sum(c["n_games"] for c in chunks if c["status"] == "done")
    return total


def tune_rules(st: TuneSettings, root: Path, pool, resume: bool, command: str) -> None:
    """Search, confirm, check and write best.toml into root (see the module doc).
    `command` is the user's command line (an interrupted run names it with --resume)."""
    root = Path(root)
    again = command if "--resume" in command.split() else f"{command} --resume"
    check_folder(root, st, resume)
    going_on(resume=again)  # an interrupt outside a run's chunks names it too
    root.mkdir(parents=True, exist_ok=True)
    lock = RunLock(root)
    try:
        if not resume:
            save_json(root / TUNE, st.record())
        with TuneProgress(st.budget, games_on_disk(root)) as bar:
            bar.log(
                f"tune-rules {st.game}, {'/'.join(map(str, st.players))} players, "
                f"{st.strategy}: search {st.search_budget:,} games (rungs of "
                f"{', '.join(f'{g:,}' for g in st.rung_games())} games per player count), "
                f"then up to {st.confirm_cap:,} games per confirmation run; {st.check_text()}"
            )
            search = Search(st, root, pool, bar, again).open(resume)
            search.run()
            bar.log(f"search done ({search.done}): {search.used():,} games")
            cap = spend_cap(st, search.used())
            plan = load_or_save(root / TUNE_CONFIRM,
                                lambda: confirm_plan(st, search.candidates(), cap))  # fmt: skip
            cap = plan["cap"]  # a resumed run keeps the cap it planned
            runs = len(plan["settings"]) * len(st.players)
            later = st.check_runs * sum(st.check_cap_at(b, cap) for b in st.check_bots)
            bar.set_total(bar.done + runs * cap + later)
            play_stage(st, root, plan, pool, bar, again)
            _, settings, winner = confirmation(root)
            bar.set_total(bar.done + later)
            # the second bot is asked about the winner, or the best candidate when none won
            best = min(settings[1:], key=lambda c: (c.score, c.distance, c.name), default=None)
            checked = winner if winner.name != START else best
            if st.check_strategy is not None and checked is not None:
                as_plan = {s["name"]: s for s in plan["settings"]}
                planned = load_or_save(
                    root / TUNE_CHECK,
                    lambda: check_plan(st, as_plan[START], as_plan[checked.name], cap),
                )
                play_stage(st, root, planned, pool, bar, again)
            check = check_result(root, read_json(root / TUNE, what="tuning file"))
        write_best(root / BEST, st, winner.values, command, check)
    finally:
        lock.release()


def write_best(
    path: Path, st: TuneSettings, values: dict, command: str, check: Check | None = None
) -> None:
    """The recommended rule set as a rules file: every value that differs from the game's
    rulebook (the starting --set/--rules values and the recommended ones), so that
    `palace-lab run --rules best.toml` plays it without further options. A comment says
    whether the improvement holds under the check's bot (good play)."""
    plugin = get_game(st.game)
    rules = rules_from(plugin, st.rules_file, st.sets + setting_sets(values), st.variants)
    lines = [
        f"# palace-lab tune-rules recommendation for {plugin.title}",
        f"# {', '.join(f'{k} = {_toml(v)}' for k, v in values.items())} "
        f"({'/'.join(map(str, st.players))} players, judged by {st.strategy})",
        "# " + shlex.join(a for a in shlex.split(command) if a != "--resume"),
        "# " + _check_line(check, st),
        "",
        *[f"{k} = {_toml(v)}" for k, v in rules.diff_from_default().items()],
    ]
    write_atomic(path, ("\n".join(lines) + "\n").encode())


def _check_line(check: Check | None, st: TuneSettings) -> str:
    if check is None:
        return "not checked under a second strategy" + (
            " (--check-strategy none)" if st.check_strategy is None else ""
        )
    return check.summary()


def _toml(v) -> str:
    """A TOML value: booleans, integers, strings, and (nested) arrays of them."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v)  # a TOML basic string: JSON escapes are valid in it
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_toml(x) for x in v) + "]"
    raise TypeError(f"cannot write {type(v).__name__} to a rules file")
