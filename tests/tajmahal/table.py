"""Drive the Taj Mahal engine from tests and build positions by hand.

Everything calls the engine's own jitted functions (or plain Python under
NUMBA_DISABLE_JIT=1) on int64 arrays; nothing here re-implements a rule except where a
test says it recomputes one independently.

    t = Table(4, seed=3)           # a game as the engine starts it (T-S)
    kind, seat = t.ask()           # advance_nb: the next decision
    t.answer(WITHDRAW)             # answer_nb
    t.give(0, [K("red", "elephant", "vizier")])   # put cards into a hand
"""

from __future__ import annotations

import numpy as np
from numba import njit

from simcore.core.nb.rng_nb import randint_nb
from simcore.tajmahal import data_layout as D
from simcore.tajmahal import layout as S
from simcore.tajmahal.enums import COLOUR_NAMES, LOG_EVENT, LOG_WIDTH, SYMBOL_NAMES, WHITE
from simcore.tajmahal.game_data import GameData, default_data
from simcore.tajmahal.nb import game_nb as G
from simcore.tajmahal.rules import RuleSet


def K(colour: str, *symbols: str, data: GameData | None = None) -> int:
    """Card kind of a colour ("white" too) and its printed symbols."""
    c = (data or default_data()).cards
    col = WHITE if colour == "white" else COLOUR_NAMES.index(colour)
    want = tuple(sorted(SYMBOL_NAMES.index(s) for s in symbols))
    for k in range(len(c.colour)):
        if c.colour[k] == col and c.symbols[k] == want:
            return k
    raise KeyError((colour, symbols))


def special(t: int, data: GameData | None = None) -> int:
    """Kind of the special card of influence type t (T-C6)."""
    return len((data or default_data()).cards.colour) + t


class Table:
    """A state with its packed rules and data and an event log."""

    def __init__(self, players: int = 4, seed: int = 0, game: int = 0,
                 rules: RuleSet | None = None, data: GameData | None = None,
                 log_rows: int = 8192) -> None:  # fmt: skip
        self.rules = rules or RuleSet()
        self.gd = data or default_data()
        self.r = self.rules.pack()
        self.d = self.gd.pack()
        self.state = np.zeros(S.STATE_SIZE, dtype=np.int64)
        self.log = np.zeros((log_rows, LOG_WIDTH), dtype=np.int64)
        self.rng = np.zeros(G.RNG_STREAMS, dtype=np.uint64)
        self.work = np.zeros(G.WORK_SIZE, dtype=np.int64)
        self.out = np.zeros(G.OUT_SIZE, dtype=np.int64)
        G.start_game_nb(self.state, self.d, self.r, self.log, players, seed, game, self.rng)

    def __getitem__(self, i: int) -> int:
        return int(self.state[i])

    def __setitem__(self, i: int, v: int) -> None:
        self.state[i] = v

    def ask(self) -> tuple[int, int]:
        kind = int(G.advance_nb(self.state, self.d, self.r, self.log, self.work))
        return kind, int(G.asked_seat_nb(self.state))

    def answer(self, ret: int) -> None:
        G.answer_nb(self.state, self.d, self.r, self.log, self.out, ret)

    def legal(self) -> list[int]:
        """The legal answers of the pending decision (asked first if none is pending)."""
        if self.state[S.ASK_KIND] < 0:
            self.ask()
        opts = np.zeros(G.MAX_OPTIONS, dtype=np.int64)
        n = G.legal_answers_nb(self.state, self.d, self.r, opts)
        return opts[:n].tolist()

    def events(self, event: int | None = None) -> np.ndarray:
        rows = self.log[: min(int(self.state[S.LOG_N]), len(self.log))]
        return rows if event is None else rows[rows[:, LOG_EVENT] == event]

    def hand(self, seat: int) -> dict[int, int]:
        row = self.state[S.HAND + seat * D.MAX_KINDS : S.HAND + (seat + 1) * D.MAX_KINDS]
        return {k: int(n) for k, n in enumerate(row) if n}

    def set_hand(self, seat: int, kinds: list[int]) -> None:
        """Replace a hand (conservation is not kept: for hand-built positions only)."""
        base = S.HAND + seat * D.MAX_KINDS
        self.state[base : base + D.MAX_KINDS] = 0
        for k in kinds:
            self.state[base + k] += 1
        self.state[S.HAND_N + seat] = len(kinds)

    def points(self, seat: int) -> int:
        return int(self.state[S.POINTS + seat])


def total_cards(s: np.ndarray, d: np.ndarray) -> int:
    """Every card's place: hands, cards played, pile, discards, display, and the special
    cards still beside the board."""
    n = int(s[S.N_PLAYERS])
    hands = int(s[S.HAND : S.HAND + n * D.MAX_KINDS].sum())
    played = int(s[S.PLAYED : S.PLAYED + n * D.MAX_KINDS].sum())
    display = int((s[S.DISPLAY : S.DISPLAY + S.MAX_DISPLAY] >= 0).sum())
    table = int((s[S.SPECIAL_HOLDER : S.SPECIAL_HOLDER + D.N_SPECIAL] < 0).sum())
    return hands + played + int(s[S.PILE_N]) + int(s[S.DISCARD_N]) + display + table


@njit(cache=True)
def play_random_nb(state, data, rules, log, n_players, seed, game, rng, opts):
    """One game with every seat answering uniformly at random among the legal answers."""
    work = np.zeros(1, np.int64)
    out = np.zeros(1, np.int64)
    G.start_game_nb(state, data, rules, log, n_players, seed, game, rng)
    while True:
        kind = G.advance_nb(state, data, rules, log, work)
        if kind < 0:
            return
        n = G.legal_answers_nb(state, data, rules, opts)
        seat = G.asked_seat_nb(state)
        G.answer_nb(state, data, rules, log, out, opts[randint_nb(rng, 1 + seat, n)])


@njit(cache=True)
def play_many_nb(n_games, data, rules, n_players, seed, finals):
    """Random-legal games 0..n_games-1; finals[g] = the final state of game g."""
    log = np.zeros((0, 7), np.int64)
    rng = np.zeros(G.RNG_STREAMS, np.uint64)
    opts = np.zeros(G.MAX_OPTIONS, np.int64)
    for g in range(n_games):
        play_random_nb(finals[g], data, rules, log, n_players, seed, g, rng, opts)


def random_game(players: int = 4, seed: int = 0, game: int = 0, rules: RuleSet | None = None,
                data: GameData | None = None) -> Table:  # fmt: skip
    """A whole random-legal game with its log."""
    t = Table(players, seed, game, rules, data)
    opts = np.zeros(G.MAX_OPTIONS, dtype=np.int64)
    play_random_nb(t.state, t.d, t.r, t.log, players, seed, game, t.rng, opts)
    return t
