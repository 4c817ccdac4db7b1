"""Where a robustness ladder's runs go and what each plays: one key-table run per rung
(every seat that rung, the ladder's rule settings) and, per step (a rung against the one
below), one run per seat arrangement with each bot in half the seats, all on the same
seeds. `describe()` is what the study's plan records, so that analyses can read the
ladder back from the study folder alone.
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
    def labels(self) -> list[str]:
        return [label for label, _ in self.ladder.rungs]

    def table_folder(self, i: int) -> str:
        return f"{self.root}/{self.players}p-{self.labels[i]}"

    def step_folder(self, i: int, a: int) -> str:
        """Arrangement a of step i (rung i + 1 against rung i)."""
        up, down = self.labels[i + 1], self.labels[i]
        return f"{self.root}/h2h-{self.players}p-{up}-vs-{down}/arr-{a:02d}"

    def step_seats(self, i: int, arrangement: tuple[int, ...]) -> str:
        """The per-seat --strategy text: 1 = the upper rung, 0 = the lower."""
        pick = (self.ladder.rungs[i][1], self.ladder.rungs[i + 1][1])
        return ",".join(pick[x] for x in arrangement)

    def runs(self) -> tuple[StudyRun, ...]:
        lad, sets = self.ladder, tuple(self.ladder.sets)
        out = [StudyRun(self.table_folder(i), self.players, sets=sets, strategy=text,
                        games=lad.games[i]) for i, (_, text) in enumerate(lad.rungs)]  # fmt: skip
        for i in range(len(lad.rungs) - 1):
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
                {"label": lb, "strategy": s, "folder": self.table_folder(i)}
                for i, (lb, s) in enumerate(self.ladder.rungs)
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
                for i in range(len(self.ladder.rungs) - 1)
            ],  # fmt: skip
        }
