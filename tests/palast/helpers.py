"""Drive the Palast engine from tests: start a game, ask, answer, play with a chooser.

Everything calls the engine's own functions (numba dispatchers, or plain Python under
NUMBA_DISABLE_JIT=1); nothing here re-implements a rule.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from simcore.core.nb.event_log_nb import LOG_WIDTH
from simcore.palast import layout as S
from simcore.palast.enums import LOG_TIME, N_RES
from simcore.palast.game_data import default_data
from simcore.palast.nb.game_nb import (
    DONE,
    RNG_STREAMS,
    WORK_SIZE,
    advance_nb,
    answer_nb,
    lay_out_nb,
    start_game_nb,
)
from simcore.palast.rules import RuleSet

_ = LOG_TIME


class Game:
    """A state with its packed rules and data and an event log."""

    def __init__(self, players: int = 4, seed: int = 1, game: int = 0, rules=None, data=None):
        self.rules = rules or RuleSet()
        self.data = data or default_data()
        self.r = self.rules.pack()
        self.d = self.data.pack()
        self.state = np.zeros(S.STATE_SIZE, dtype=np.int64)
        self.log = np.zeros((1 << 14, LOG_WIDTH), dtype=np.int64)
        self.work = np.zeros(WORK_SIZE, dtype=np.int64)
        self.out = np.zeros(1, dtype=np.int64)
        rng = np.zeros(RNG_STREAMS, dtype=np.uint64)
        start_game_nb(self.state, self.d, self.r, self.log, players, seed, game, rng)

    def lay_out(self) -> Game:
        """P-S4..P-S7 as after the hand-out (which tests of the lay-out skip)."""
        lay_out_nb(self.state, self.d, self.log)
        return self

    def ask(self) -> tuple[int, int]:
        kind = int(advance_nb(self.state, self.d, self.r, self.log, self.work))
        return kind, int(self.state[S.ASK_SEAT])

    def answer(self, a: int) -> None:
        answer_nb(self.state, self.d, self.r, self.log, self.out, a)

    def legal(self) -> list[int]:
        n = int(self.state[S.LEGAL_N])
        return self.state[S.LEGAL : S.LEGAL + n].tolist()

    def res(self, p: int) -> list[int]:
        return self.state[S.RES + p * N_RES : S.RES + (p + 1) * N_RES].tolist()

    def events(self) -> np.ndarray:
        return self.log[: min(int(self.state[S.LOG_N]), len(self.log))]

    def play(self, choose: Callable[[Game, int, int], int], check=None, max_asks=200_000) -> int:
        """Play to the end; `check(game, kind, seat)` before every answer. Returns asks."""
        for i in range(max_asks):
            kind, seat = self.ask()
            if kind == DONE:
                return i
            if check is not None:
                check(self, kind, seat)
            self.answer(choose(self, kind, seat))
        raise AssertionError("game did not end")


def random_chooser(seed: int) -> Callable[[Game, int, int], int]:
    rng = np.random.default_rng(seed)

    def choose(g: Game, kind: int, seat: int) -> int:
        legal = g.legal()
        return legal[int(rng.integers(len(legal)))]

    return choose


def greedy_chooser(seed: int) -> Callable[[Game, int, int], int]:
    """Random, but always builds when it can (so that games end by building)."""
    from simcore.palast.enums import BUILD_SLOT, DK_BUILD

    rng = np.random.default_rng(seed)

    def choose(g: Game, kind: int, seat: int) -> int:
        legal = g.legal()
        if kind == DK_BUILD:
            builds = [a for a in legal if a >= BUILD_SLOT]
            if builds:
                return builds[int(rng.integers(len(builds)))]
        return legal[int(rng.integers(len(legal)))]

    return choose
