"""Where a robustness ladder's runs go and what each plays: one key-table run per rung
(every seat that rung, the ladder's rule settings) and, per step (a rung against the one
below), one run per seat arrangement with each bot in half the seats, all on the same
seeds. `describe()` is what the study's plan records, so that analyses can read the
ladder back from the study folder alone.

The ladder's `climb` rungs follow its rungs: each is played (its table, then its step
against the rung below) only while the two strongest rungs played so far disagree by more
than half the margin on some cell (`climb_gate`, analyses.climb.CLIMB_SHARE: the verdict is the
top rung's, so the climb stops only on a close agreement); once they agree, or a climb
rung was not played, the rungs above it are not played either.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from simcore.core.contract.plugin import Ladder, StudyRun

ROOT = "robustness"


def arrangements(players: int) -> list[tuple[int, ...]]:
    """Every distinct seating of two strategies in half the seats each (1 = upper rung);
    with an odd count both splits (upper one seat more, one seat fewer), so each side fills
    half of all seats and sits equally often in every seat."""
    splits = sorted({players // 2, players - players // 2})
    out = []
    for k in splits:
        for seats in itertools.combinations(range(players), k):
            out.append(tuple(int(s in seats) for s in range(players)))
    return out


@dataclass(frozen=True)
class LadderLayout:
    ladder: Ladder
    players: int
    root: str = ROOT

    @property
    def all_rungs(self) -> tuple[tuple[str, str], ...]:
        return tuple(self.ladder.rungs) + tuple(self.ladder.climb)

    @property
    def labels(self) -> list[str]:
        return [label for label, _ in self.all_rungs]

    def is_climb(self, i: int) -> bool:
        return i >= len(self.ladder.rungs)

    def table_folder(self, i: int) -> str:
        return f"{self.root}/{self.players}p-{self.labels[i]}"

    def step_folder(self, i: int, a: int) -> str:
        """Arrangement a of step i (rung i + 1 against rung i)."""
        up, down = self.labels[i + 1], self.labels[i]
        return f"{self.root}/h2h-{self.players}p-{up}-vs-{down}/arr-{a:02d}"

    def step_seats(self, i: int, arrangement: tuple[int, ...]) -> str:
        """The per-seat --strategy text: 1 = the upper rung, 0 = the lower."""
        pick = (self.all_rungs[i][1], self.all_rungs[i + 1][1])
        return ",".join(pick[x] for x in arrangement)

    def runs(self) -> tuple[StudyRun, ...]:
        lad, sets = self.ladder, tuple(self.ladder.sets)
        out = [StudyRun(self.table_folder(i), self.players, sets=sets, strategy=text,
                        games=lad.games[i])
               for i, (_, text) in enumerate(self.all_rungs)]  # fmt: skip
        for i in range(len(self.all_rungs) - 1):
            for a, arr in enumerate(arrangements(self.players)):
                out.append(StudyRun(self.step_folder(i, a), self.players, sets=sets,
                                    strategy=self.step_seats(i, arr),
                                    games=lad.step_games[i]))  # fmt: skip
        return tuple(out)

    def describe(self) -> dict:
        """The plan's record of the ladder (analyses.robustness reads it)."""
        arrs = arrangements(self.players)
        return {
            "players": self.players,
            "rungs": [
                {
                    "label": lb,
                    "strategy": s,
                    "folder": self.table_folder(i),
                    "climb": self.is_climb(i),
                }
                for i, (lb, s) in enumerate(self.all_rungs)
            ],  # fmt: skip
            "sets": list(self.ladder.sets),
            "note": self.ladder.note,
            "steps": [
                {
                    "upper": self.labels[i + 1],
                    "lower": self.labels[i],
                    "runs": [
                        {"folder": self.step_folder(i, a), "upper_seats": list(arr)}
                        for a, arr in enumerate(arrs)
                    ],
                }
                for i in range(len(self.all_rungs) - 1)
            ],  # fmt: skip
        }

    def climb_gate(self, folder: str, key: str, delta: float):
        """For a climb rung's run: a check `gate(root) -> reason to skip or None` (None:
        play it). A climb rung's table plays while the two rungs below it disagree by more
        than `delta` on some value of `key`; its step runs play when its table was played."""
        for i in range(len(self.ladder.rungs), len(self.all_rungs)):
            if folder == self.table_folder(i):
                below = (self.table_folder(i - 2), self.table_folder(i - 1))
                return lambda root: _disagree_gate(root, below, key, self.players, delta)
            if folder.startswith(self.step_folder(i - 1, 0).rsplit("/", 1)[0] + "/"):
                table = self.table_folder(i)
                return lambda root: None if _played(root, table) else f"{table} not played"
        return None


def _played(root, folder: str) -> bool:
    from pathlib import Path

    return (Path(root) / folder / "manifest.json").is_file()


def _disagree_gate(root, below: tuple[str, str], key: str, players: int, delta: float):
    """None (climb) while the two tables below disagree, else why the climb stops."""
    from analyses.climb import agreement, run_cells

    if not all(_played(root, f) for f in below):
        return f"{below[-1]} not played"
    a, b = (run_cells(f"{root}/{f}", key) for f in below)
    ag = agreement(b, a, players, delta, union=False)  # the calibrated, stricter test
    if ag.converged:
        return f"{below[0]} and {below[1]} agree within ±{100 * delta:g} points on every value"
    return None


def ladder_lines(ladder: Ladder, players: int) -> list[str]:
    """`palace-lab strategies --ladder`: one rung per line, weakest first, tab-separated:
    label, the --strategy text that plays it, games per CPU second with one seat of it among
    the default strategy, its share of the wins against the rung below ("-" for the bottom
    rung), as bench.ladder measured them (`Ladder.figures`; a figure from another player
    count says so; the ladder's declared speed and strength text where there is none), a
    climb rung marked as such."""
    rungs = tuple(ladder.rungs) + tuple(ladder.climb)
    out = []
    for i, (label, text) in enumerate(rungs):
        f = ladder.figures[i] if i < len(ladder.figures) else None
        if f is not None:
            speed, strength = f.games_per_cpu_s, f.strength(players)
        else:
            speed = ladder.speed[i] if i < len(ladder.speed) else None
            strength = ladder.strength[i] if i < len(ladder.strength) else ""
            strength = strength or ("-" if i == 0 else "not measured yet")
        climb = " (climb: played only while the two rungs below disagree)" if i >= len(
            ladder.rungs) else ""  # fmt: skip
        out.append("\t".join([label, text, f"{speed:.1f}" if speed else "-", strength + climb]))
    return out
