"""Build Vermächtnis positions by hand and drive the engine from tests.

Everything calls the engine's own functions (numba dispatchers, or plain Python under
NUMBA_DISABLE_JIT=1) on int64 arrays; nothing here re-implements a rule.

    s = position(4, owned={0: [A("vase", 0), A("vase", 3)]}, offer=[A("jug", 1)], money={0: 6})
    kind, seat = ask(s)            # advance_nb: the next decision
    answer(s, GOLD)                # answer_nb
    play_turn(s, GOLD, NONE)       # action, then the collection answer if one is asked
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import numpy as np

from simcore.vermaechtnis import layout as S
from simcore.vermaechtnis.enums import (
    DK_COLLECT,
    DK_GIVE_UP,
    LOG_EVENT,
    LOG_WIDTH,
    N_ANTIQUES,
    N_COLOURS,
    NONE,
    TYPE_NAMES,
    W_DECK,
    W_GONE,
    W_OFFER,
)
from simcore.vermaechtnis.game_data import CardTable, default_cards
from simcore.vermaechtnis.nb.game_nb import (
    DONE,
    RNG_STREAMS,
    WORK_SIZE,
    advance_nb,
    answer_nb,
    begin_turn_nb,
    init_state_nb,
    start_game_nb,
)
from simcore.vermaechtnis.nb.market_nb import add_antique_nb
from simcore.vermaechtnis.rules import RuleSet


def A(type_name: str, colour: int) -> int:
    """Antique id of a (type, colour) pair (V-C1: every pair exists once)."""
    return TYPE_NAMES.index(type_name) * N_COLOURS + colour


class Game:
    """A state with its packed rules and cards and an event log."""

    def __init__(self, state, rules: RuleSet, cards: CardTable, log_rows: int = 4096):
        self.state = state
        self.rules = rules
        self.cards = cards
        self.r = rules.pack()
        self.c = cards.pack()
        self.log = np.zeros((log_rows, LOG_WIDTH), dtype=np.int64)
        self.work = np.zeros(WORK_SIZE, dtype=np.int64)

    def events(self, event: int | None = None) -> np.ndarray:
        rows = self.log[: min(int(self.state[S.LOG_N]), len(self.log))]
        return rows if event is None else rows[rows[:, LOG_EVENT] == event]

    def money(self, seat: int) -> int:
        return int(self.state[S.MONEY + seat])

    def owned(self, seat: int) -> list[int]:
        return [a for a in range(N_ANTIQUES) if self.state[S.WHERE + a] == seat]


def started(players: int = 4, seed: int = 0, game: int = 0, rules: RuleSet | None = None,
            cards: CardTable | None = None) -> Game:  # fmt: skip
    """A game as the engine starts it (V-S1..V-S6)."""
    rules = rules or RuleSet()
    cards = cards or default_cards()
    g = Game(np.zeros(S.STATE_SIZE, dtype=np.int64), rules, cards)
    rng = np.zeros(RNG_STREAMS, dtype=np.uint64)
    start_game_nb(g.state, g.c, g.r, g.log, players, seed, game, rng)
    return g


def position(
    players: int = 4,
    owned: Mapping[int, Iterable[int]] | None = None,
    offer: Sequence[int] = (),
    money: Mapping[int, int] | None = None,
    coins_taken: int = 0,
    gone: Iterable[int] = (),
    deck: Sequence[int] | None = None,
    player: int = 0,
    day: int = 1,
    held: Mapping[int, int] | None = None,
    rules: RuleSet | None = None,
    cards: CardTable | None = None,
) -> Game:
    """A hand-built position at the start of `player`'s turn: antiques owned per seat,
    the offer (slots in order), money, coins already taken from the left, cards out of
    the game, collection cards held (bit masks); every other antique is in the draw pile
    (in id order unless `deck` gives the order)."""
    rules = rules or RuleSet()
    cards = cards or default_cards()
    g = Game(np.zeros(S.STATE_SIZE, dtype=np.int64), rules, cards)
    s = g.state
    init_state_nb(s, g.c, g.r, players)
    placed = set()
    for seat, items in (owned or {}).items():
        for a in items:
            add_antique_nb(s, seat, a)
            placed.add(a)
    for i, a in enumerate(offer):
        s[S.OFFER + i] = a
        s[S.WHERE + a] = W_OFFER
        placed.add(a)
    s[S.OFFER_N] = len(offer)
    for a in gone:
        s[S.WHERE + a] = W_GONE
        placed.add(a)
    pile = list(deck) if deck is not None else [a for a in range(N_ANTIQUES) if a not in placed]
    assert not placed & set(pile), "a card in two places"
    for i, a in enumerate(pile):
        s[S.DECK + i] = a
        s[S.WHERE + a] = W_DECK
    s[S.DECK_N] = len(pile)
    s[S.DECK_POS] = 0
    for k in range(int(s[S.N_TRADE])):
        s[S.COIN + k] = 0 if k < coins_taken else 1
    for seat, m in (money or {}).items():
        s[S.MONEY + seat] = m
    for seat, mask in (held or {}).items():
        s[S.COLL + seat] = mask
        s[S.SUPPLY] &= ~mask
    s[S.DAY] = day
    begin_turn_nb(s, player)
    return g


def ask(g: Game) -> tuple[int, int]:
    """Run the rules to the next decision: (kind, seat), or (DONE, -1)."""
    kind = advance_nb(g.state, g.c, g.r, g.log, g.work)
    return int(kind), (int(g.state[S.ASK_SEAT]) if kind != DONE else -1)


def answer(g: Game, ret: int) -> None:
    answer_nb(g.state, g.c, g.r, g.log, np.zeros(1, dtype=np.int64), ret)


def play_turn(g: Game, action: int, collect: int = NONE, give_up: int = -1) -> None:
    """One turn: the action, then the collection card (if asked) and the give-up (if
    asked); ends with the next decision pending (taxes and the day change done)."""
    kind, _ = ask(g)
    answer(g, action)
    kind, _ = ask(g)
    if kind == DK_COLLECT:
        answer(g, collect)
        kind, _ = ask(g)
        if kind == DK_GIVE_UP:
            answer(g, give_up)
            ask(g)
    else:
        assert collect == NONE, "no collection card was eligible"


def where_all(g: Game) -> dict[int, list[int]]:
    """Place code -> antiques there (conservation checks)."""
    out: dict[int, list[int]] = {}
    for a in range(N_ANTIQUES):
        out.setdefault(int(g.state[S.WHERE + a]), []).append(a)
    return out
