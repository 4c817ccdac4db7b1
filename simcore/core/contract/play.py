"""Playing one game or a batch from Python through a generated driver.

The driver protocol (simcore/core/nb/driver.py) fixes the buffers a game is played with:
the state, the event log, one random stream per seat plus the game's, per-seat scratch,
the answer and work buffers and the record block, each sized by the engine module's
constants. Every game allocates them the same way, so it happens here, and every game
plays through the same `Play`: it checks the rules for the player count, packs them and
the data, and fills the buffers. A game names its engine, rule set, data and checks.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import numpy as np

from simcore.core.contract.layout import LOG_N
from simcore.core.contract.players import checked_players
from simcore.core.nb.event_log_nb import LOG_WIDTH
from simcore.core.nb.search_nb import SEARCH_MEMORY


@dataclass(frozen=True)
class PlayedGame:
    """A finished game: its final state vector, its event log rows and its records."""

    state: np.ndarray
    log: np.ndarray
    records: np.ndarray


def game_buffers(engine: ModuleType, log_capacity: int) -> tuple[np.ndarray, ...]:
    """The arrays one game is played in, sized by its engine: state, event log (log_capacity
    rows), random streams, per-seat scratch (the policy's, then the search's memory), the
    answer and the engine's work vector."""
    return (
        np.zeros(engine.STATE_SIZE, dtype=np.int64),
        np.zeros((log_capacity, LOG_WIDTH), dtype=np.int64),
        np.zeros(engine.RNG_STREAMS, dtype=np.uint64),
        np.zeros((engine.MAX_SEATS, engine.SCRATCH_SIZE + SEARCH_MEMORY), dtype=np.int64),
        np.zeros(engine.OUT_SIZE, dtype=np.int64),
        np.zeros(engine.WORK_SIZE, dtype=np.int64),
    )


def play_logged(
    driver: ModuleType,
    engine: ModuleType,
    sids: np.ndarray,
    params: np.ndarray,
    n_players: int,
    seed: int,
    game: int,
    data: np.ndarray,
    rules: np.ndarray,
    log_capacity: int,
    log_n_at: int,
) -> PlayedGame:
    """Play game number `game` of the stream `seed` with an event log of log_capacity rows;
    state[log_n_at] is where the engine counts the events it logged."""
    state, log, rng, scratch, out, work = game_buffers(engine, log_capacity)
    driver.play_game_nb(
        state, data, rules, log, n_players, seed, game, sids, params, rng, scratch, out, work
    )
    rec = np.zeros((engine.MAX_SEATS, engine.N_REC), dtype=np.int64)
    engine.write_records_nb(state, sids, rec)
    n_events = min(int(state[log_n_at]), log_capacity)
    return PlayedGame(state=state, log=log[:n_events].copy(), records=rec)


class ContractBroken(AssertionError):
    """An engine broke the game contract: it asked a decision with no legal answer, or
    one of its own invariants (engine_api.CHECK_API) no longer holds."""


@dataclass(frozen=True)
class CheckedGame:
    """A game played by `play_checked`: final state, event log, decisions answered."""

    state: np.ndarray
    log: np.ndarray
    decisions: int
    kinds: dict[int, int]  # decisions asked per kind


def play_checked(
    driver: ModuleType,
    engine: ModuleType,
    checks: ModuleType,
    sids: np.ndarray,
    params: np.ndarray,
    n_players: int,
    seed: int,
    game: int,
    data: np.ndarray,
    rules: np.ndarray,
    log_capacity: int = 1 << 12,
    max_decisions: int = 200_000,
) -> CheckedGame:
    """Play like play_logged, but one decision at a time from Python (slow: for tests, never
    in production runs), raising ContractBroken when a decision is asked with no legal
    answer or the game's invariants break, checked before every decision and at the end."""
    state, log, rng, scratch, out, work = game_buffers(engine, log_capacity)
    engine.start_game_nb(state, data, rules, log, n_players, seed, game, rng)
    where = f"game {game} of seed {seed} ({n_players} players)"
    kinds: dict[int, int] = {}
    if checks.invariants_nb(state, data, rules) != 0:
        raise ContractBroken(f"{where}: invariant broken at the start")
    for decisions in range(max_decisions):
        kind = engine.advance_nb(state, data, rules, log, work)
        code = checks.invariants_nb(state, data, rules)
        if code != 0:
            raise ContractBroken(f"{where}, decision {decisions}: invariant {code} broken")
        if kind < 0:
            return CheckedGame(state, log, decisions, kinds)
        kinds[int(kind)] = kinds.get(int(kind), 0) + 1
        seat = engine.asked_seat_nb(state)
        if not 0 <= seat < n_players:
            raise ContractBroken(f"{where}, decision {decisions}: asked seat {seat}")
        if checks.legal_count_nb(state, data, rules, kind, seat) <= 0:
            raise ContractBroken(
                f"{where}, decision {decisions}: kind {kind} asked of seat {seat} "
                "with no legal answer"
            )
        out[:] = 0
        ret = driver.decide_nb(
            kind, sids[seat], seat, state, data, rules, params[seat],
            rng[1 + seat : 2 + seat], scratch[seat], out,
        )  # fmt: skip
        engine.answer_nb(state, data, rules, log, out, ret)
    raise ContractBroken(f"{where}: no end after {max_decisions} decisions")


def play_records(
    driver: ModuleType,
    engine: ModuleType,
    sids: np.ndarray,
    params: np.ndarray,
    n_games: int,
    n_players: int,
    seed: int,
    first_game: int,
    data: np.ndarray,
    rules: np.ndarray,
) -> np.ndarray:
    """Records of games first_game .. first_game + n_games - 1: (games, players, N_REC)."""
    rec = np.zeros((n_games, engine.MAX_SEATS, engine.N_REC), dtype=np.int64)
    driver.play_batch_nb(data, rules, n_players, seed, first_game, sids, params, rec)
    return rec[:, :n_players]


@dataclass(frozen=True)
class Play:
    """A game's `play_game` and `play_batch` (the plug-in's fields): `engine` names its
    engine module (imported on first play, so that reading the plug-in loads no numba),
    `rules` its rule set's class (called for the rulebook's), `data` its default data,
    `check(rules, n_players)` refuses what it cannot play."""

    engine: str
    rules: Callable[[], Any]
    data: Callable[[], Any]
    check: Callable[[Any, int], None]
    min_players: int
    max_players: int
    default_players: int
    log_capacity: int = 1 << 12

    def _checked(self, rules: Any, n_players: int | None) -> tuple[Any, int]:
        n_players = checked_players(n_players, self.min_players, self.max_players,
                                    self.default_players)  # fmt: skip
        rules = rules or self.rules()
        self.check(rules, n_players)
        return rules, n_players

    def play_game(
        self,
        driver: ModuleType,
        sids: np.ndarray,
        params: np.ndarray,
        n_players: int | None = None,
        seed: int = 0,
        game: int = 0,
        rules: Any = None,
        data: Any = None,
        log_capacity: int | None = None,
    ) -> PlayedGame:
        """Play game number `game` of the stream `seed` with an event log."""
        rules, n_players = self._checked(rules, n_players)
        engine = importlib.import_module(self.engine)
        return play_logged(
            driver, engine, sids, params, n_players, seed, game, (data or self.data()).pack(),
            rules.pack(), log_capacity or self.log_capacity, LOG_N,
        )  # fmt: skip

    def play_batch(
        self,
        driver: ModuleType,
        sids: np.ndarray,
        params: np.ndarray,
        n_games: int,
        n_players: int | None = None,
        seed: int = 0,
        first_game: int = 0,
        rules: Any = None,
        data: Any = None,
    ) -> np.ndarray:
        """Records of games first_game .. first_game + n_games - 1: (games, players, N_REC)."""
        rules, n_players = self._checked(rules, n_players)
        engine = importlib.import_module(self.engine)
        return play_records(
            driver, engine, sids, params, n_games, n_players, seed, first_game,
            (data or self.data()).pack(), rules.pack(),
        )  # fmt: skip


def play_fields(play: Play) -> dict[str, Any]:
    """The GamePlugin fields a `Play` states (its engine module, player range, player-count
    check, play_game and play_batch), so that a plug-in names them once:
    `GamePlugin(..., **play_fields(PLAY))`."""
    return {
        "engine": play.engine,
        "min_players": play.min_players,
        "max_players": play.max_players,
        "default_players": play.default_players,
        "check_rules": play.check,
        "play_game": play.play_game,
        "play_batch": play.play_batch,
    }
