"""The search: an Optuna study (TPE or CMA-ES) whose trials are rule settings, each played
in rungs of games with successive halving, within the search's share of the budget.

Determinism: trials run one after another (each on all workers), every candidate's
rung r plays the same game seeds (common random numbers, so candidates are compared on
the same deals), and the sampler is rebuilt before each trial with a seed derived from
--seed and the trial number. The suggestions are then a function of the seed and the
results so far, whatever the workers or the executor; a resumed search continues the
interrupted trial and gives what the uninterrupted one would have.

Storage: DIR/search.journal (Optuna's journal file storage); each candidate's rung runs
are DIR/candidates/<setting>/<N>p-rung-<r>/. A rung a candidate already played (the
sampler proposed the same setting again) is read, not played again, and costs nothing.
"""

from __future__ import annotations

import logging
import math
import warnings
from pathlib import Path
from typing import Any

from analyses.imbalance import point_value
from analyses.tuning import rank_candidates
from analyses.win_cells import count_cells
from jobs.runner import RunInterrupted, RunWriteError
from simcore.core.errors import InputError, WorkerLost
from simcore.core.store.outpaths import TUNE_SEARCH

from ..plans import run_started, save_json
from ..run_job import RunJob
from .settings import TuneSettings
from .space import distance, setting_folder, setting_sets, start_values

JOURNAL = "search.journal"
CANDIDATES = "candidates"
STUDY = "tune"
MAX_TRIALS = 2_000
FREE_STREAK = 20  # trials in a row that cost nothing: the sampler only repeats itself
NO_VALUE = 100.0  # points: a setting with no usable cell ranks last


def _optuna():
    import optuna

    optuna.logging.set_verbosity(logging.WARNING)
    warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)
    return optuna


def rung_folder(players: int, r: int) -> str:
    return f"{players}p-rung-{r}"


def chunk_for(games: int) -> int:
    """Eight chunks a rung (at least 10 games, at most 20,000): never from the workers."""
    return min(20_000, max(10, -(-games // 8)))


class Search:
    """Runs (or resumes) the study; `candidates()` ranks what it found."""

    def __init__(self, st: TuneSettings, root: Path, pool, progress, command: str):
        self.st, self.root, self.pool, self.progress = st, Path(root), pool, progress
        self.command = command
        self.optuna = _optuna()
        self.axes = st.axes
        self.dists = {a.key: self._distribution(a) for a in self.axes}
        self._seen: dict[tuple[Path, int], float] = {}

    # the study ----------------------------------------------------------------------------

    def _distribution(self, a):
        d = self.optuna.distributions
        return d.IntDistribution(a.lo, a.hi) if a.values == () else d.IntDistribution(0, a.size - 1)

    def _param(self, a, value) -> int | None:
        i = a.index(value)
        return None if i is None else (value if a.values == () else i)

    def values_of(self, params: dict[str, int]) -> dict[str, Any]:
        return {
            a.key: params[a.key] if a.values == () else a.value(params[a.key]) for a in self.axes
        }

    def _sampler(self, trial_number: int):
        s = self.optuna.samplers
        seed = self.st.sampler_seed(trial_number)
        if self.st.sampler == "cmaes":
            return s.CmaEsSampler(
                seed=seed, consider_pruned_trials=True, warn_independent_sampling=False
            )
        return s.TPESampler(seed=seed, multivariate=True)

    def open(self, resume: bool):
        from optuna.storages import JournalStorage
        from optuna.storages.journal import JournalFileBackend

        from simcore.core.store.safe_files import check_plain

        for name in (JOURNAL, f"{JOURNAL}.lock"):  # Optuna opens them following symlinks
            check_plain(self.root / name)
        storage = JournalStorage(JournalFileBackend(str(self.root / JOURNAL)))
        pruner = self.optuna.pruners.SuccessiveHalvingPruner(
            min_resource=self.st.first_rung, reduction_factor=self.st.eta
        )
        if resume and STUDY in self.optuna.get_all_study_names(storage):
            self.study = self.optuna.load_study(
                study_name=STUDY, storage=storage, sampler=self._sampler(0), pruner=pruner
            )
            return self
        self.study = self.optuna.create_study(
            study_name=STUDY,
            storage=storage,
            direction="minimize",
            sampler=self._sampler(0),
            pruner=pruner,
        )
        start = {a.key: self._param(a, a.start) for a in self.axes}
        if all(v is not None for v in start.values()):  # the starting rules first
            self.study.enqueue_trial(start)
        return self

    @property
    def done(self) -> str | None:
        return self.study.user_attrs.get("done")

    # budget ----------------------------------------------------------------------------

    def _rung_cost(self, r: int) -> int:
        return self.st.rung_added(r) * len(self.st.players)

    def used(self) -> int:
        """Games the search has started (a rung counts when a trial starts to play it)."""
        return sum(
            self._rung_cost(r)
            for t in self.study.get_trials(deepcopy=False)
            for r in t.user_attrs.get("owns", [])
        )

    def _stop_reason(self) -> str | None:
        trials = self.study.get_trials(deepcopy=False)
        if self.used() + self._rung_cost(0) > self.st.search_budget:
            return "budget spent"
        if len(trials) >= MAX_TRIALS:
            return f"{MAX_TRIALS} trials"
        streak = 0
        for t in reversed(trials):
            if t.user_attrs.get("owns"):
                break
            streak += 1
        if streak >= FREE_STREAK:
            return f"the sampler proposed only settings already played ({FREE_STREAK} in a row)"
        return None

    # the loop --------------------------------------------------------------------------

    def run(self) -> None:
        TrialState = self.optuna.trial.TrialState
        for ft in self.study.get_trials(deepcopy=False, states=(TrialState.RUNNING,)):
            # an interrupted trial: continue it with its own settings (Trial by storage id)
            self._evaluate(self.optuna.trial.Trial(self.study, ft._trial_id))
        while self.done is None:
            reason = self._stop_reason()
            if reason is not None:
                self.study.set_user_attr("done", reason)
                break
            self.study.sampler = self._sampler(len(self.study.trials))
            self._evaluate(self.study.ask(self.dists))
        save_json(self.root / TUNE_SEARCH, self.record())

    def _evaluate(self, trial) -> None:
        st = self.st
        params = {k: trial.params[k] for k in self.dists}
        values = self.values_of(params)
        folder = self.root / CANDIDATES / setting_folder(values)
        owns = list(trial.user_attrs.get("owns", []))
        rungs = list(trial.user_attrs.get("rungs", []))
        trial.set_user_attr("values", values)
        trial.set_user_attr("folder", setting_folder(values))
        d = distance(self.axes, values)
        value = None
        for r in range(st.rungs):
            step = st.rung_games()[r]
            if r < len(rungs):
                value = rungs[r]["value"]
            else:
                dirs = [folder / rung_folder(n, r) for n in st.players]
                played = all((x / "manifest.json").is_file() and _complete(x) for x in dirs)
                if r not in owns and not played:
                    if self.used() + self._rung_cost(r) > st.search_budget:
                        trial.set_user_attr("stopped", "budget")
                        break
                    owns.append(r)
                    trial.set_user_attr("owns", owns)
                if r in owns:
                    self._play(values, r, dirs)
                imb = self._imbalance(folder, r)
                value = (imb if imb == imb else NO_VALUE) + st.penalty * d
                rungs.append({"games": step, "imbalance": finite(imb), "value": value,
                              "played": r in owns})  # fmt: skip
                trial.set_user_attr("rungs", rungs)
            with warnings.catch_warnings():  # a resumed trial's steps are reported already
                warnings.simplefilter("ignore")
                trial.report(value, step)
            if r == st.rungs - 1:
                break
            decision = trial.user_attrs.get(f"rung{r}")
            if decision is None:
                decision = "pruned" if trial.should_prune() else "promoted"
                trial.set_user_attr(f"rung{r}", decision)
            if decision == "pruned":
                self._log(trial, values, rungs, "pruned")
                self.study.tell(trial, state=self.optuna.trial.TrialState.PRUNED)
                return
        self._log(
            trial,
            values,
            rungs,
            "stopped: budget" if trial.user_attrs.get("stopped") else "complete",
        )
        self.study.tell(trial, value if value is not None else NO_VALUE)

    def _imbalance(self, folder: Path, r: int) -> float:
        """The plug-in imbalance of a candidate after rung r (remembered: a setting proposed
        again reads the same runs)."""
        if (folder, r) not in self._seen:
            runs = [folder / rung_folder(n, k) for n in self.st.players for k in range(r + 1)]
            self._seen[folder, r] = point_value(count_cells(runs, self.st.keys), self.st.objective)
        return self._seen[folder, r]

    def _play(self, values: dict, r: int, dirs: list[Path]) -> None:
        st = self.st
        games = st.rung_added(r)
        for n, out in zip(st.players, dirs):
            if (out / "manifest.json").is_file() and _complete(out):
                continue
            job = RunJob(
                n,
                games,
                st.rung_seed(r),
                st.strategy,
                st.variants,
                st.sets + setting_sets(values),
                st.rules_file,
                st.board_file,
                chunk=chunk_for(games),
                game=st.game,
                data=st.data,
            ).check()
            try:
                job.play(out, self.pool, run_started(out), self.progress.for_run())
            except (RunInterrupted, RunWriteError, WorkerLost) as e:  # finished runs kept
                e.resume = self.command
                raise

    def _log(self, trial, values, rungs, state: str) -> None:
        last = rungs[-1] if rungs else None
        what = ", ".join(f"{k}={v}" for k, v in values.items())
        if last is None:
            self.progress.log(f"trial {trial.number}: {what}: not played ({state})")
            return
        imb = finite(last["imbalance"])
        figure = f"imbalance {imb:.2f} points" if imb is not None else "no cell seen enough"
        self.progress.log(
            f"trial {trial.number}: {what}: {figure} after "
            f"{last['games']:,} games per player count ({state})"
        )

    # results ---------------------------------------------------------------------------

    def record(self) -> dict:
        """DIR/search.json: every trial and the budget's use (analyses reads it)."""
        trials = []
        for t in self.study.get_trials(deepcopy=False):
            # a rung without a usable cell has no imbalance (null; older journals hold NaN)
            rungs = [r | {"imbalance": finite(r.get("imbalance"))}
                     for r in t.user_attrs.get("rungs", [])]  # fmt: skip
            trials.append(
                {
                    "number": t.number,
                    "state": t.state.name.lower(),
                    "values": t.user_attrs.get("values"),
                    "folder": t.user_attrs.get("folder"),
                    "distance": distance(self.axes, t.user_attrs["values"])
                    if t.user_attrs.get("values")
                    else None,
                    "rungs": rungs,
                    "played_rungs": t.user_attrs.get("owns", []),
                    "games_played": sum(self._rung_cost(r) for r in t.user_attrs.get("owns", [])),
                }
            )
        return {
            "sampler": self.st.sampler,
            "pruner": f"successive halving, eta {self.st.eta}",
            "search_budget": self.st.search_budget,
            "games_played": self.used(),
            "rung_games": self.st.rung_games(),
            "stopped": self.done,
            "trials": trials,
            "start": start_values(self.axes),
        }

    def candidates(self) -> list[dict]:
        """Distinct settings, best first (analyses.tuning.rank_candidates)."""
        return rank_candidates(self.record()["trials"])


def finite(x) -> float | None:
    """A rung's imbalance as search.json records it: None when no cell was usable."""
    return x if isinstance(x, (int, float)) and math.isfinite(x) else None


def _complete(run_dir: Path) -> bool:
    from simcore.core.store.manifest import load_manifest

    try:
        return load_manifest(run_dir)["status"] == "complete"
    except InputError:  # missing or damaged: played (or refused) again by the run itself
        return False
