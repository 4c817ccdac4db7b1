"""Build Maharaja states by hand and drive the jitted engine from tests.

Everything here calls the engine's own functions (numba dispatchers, or plain
Python under NUMBA_DISABLE_JIT=1) on int64 arrays; nothing re-implements a rule.

Names used by the tests:

    s = new_state(4, chars=(MOGUL, SADHU, BUILDER, ARTIST))   # setup done (M-S5 supplies)
    put_houses(s, seat, village("S", "orange"), 1)           # first village from START
    place_architect(s, seat, "orange"); set_gold(s, seat, 3)
    start_turn(s, seat, A_GOLD, A_HOUSE)                      # begin_turn_nb
    do(s, seat, OP_HOUSE, 0, city_loc("orange"))             # apply_op_nb -> E_* code
    end_turn(s, seat)                                         # finish_turn_nb (forfeits)
    drive_to_decision(s, [pick(..), step(..), ...])           # advance_nb / answer_nb

Locations: `village(a, b, i)` is the i-th village (0 = next to `a`) of the road a-b,
`city(name)` a city index, `city_loc(name)` the house location of a city.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

import simcore.maharaja.layout as S
from simcore.maharaja.enums import A_GOLD, LOC_CITY0, LOG_EVENT, LOG_WIDTH, OP_END, OP_GOLD
from simcore.maharaja.game_data import default_board
from simcore.maharaja.nb.build_nb import add_house_nb
from simcore.maharaja.nb.game_nb import (
    DONE,
    OUT_SIZE,
    PH_ROUND,
    WORK_SIZE,
    advance_nb,
    answer_nb,
    init_state_nb,
)
from simcore.maharaja.nb.turn_nb import apply_op_nb, begin_turn_nb, finish_turn_nb
from simcore.maharaja.rules import R, RuleSet

P = R.MAX_PLAYERS
BOARD = default_board()
BOARD_ARR = BOARD.pack()
RULES_ARR = RuleSet().pack()
START = BOARD.junction_index("S")  # the start place (junction index)
NO_LOG = np.zeros((0, LOG_WIDTH), dtype=np.int64)


def rules(**changes) -> np.ndarray:
    """Packed rules: the rulebook defaults with `changes` (RuleSet field names)."""
    return RuleSet(**changes).pack()


# --------------------------------------------------------------- board lookups


def city(name: str) -> int:
    """City index of a city name (junction index; START is not a city)."""
    assert name in BOARD.cities, name
    return BOARD.junction_index(name)


def city_loc(name: str) -> int:
    """House location of a city (LOC_CITY0 + city)."""
    return LOC_CITY0 + city(name)


def road(a: str, b: str) -> int:
    """Index of the road joining junctions a and b."""
    for r, rd in enumerate(BOARD.roads):
        if {rd.a, rd.b} == {a, b}:
            return r
    raise KeyError(f"no road {a}-{b}")


def village(a: str, b: str, i: int = 0) -> int:
    """The i-th village of road a-b counted from a (0 = next to a)."""
    r = road(a, b)
    vils = BOARD.road_villages(r)
    if BOARD.roads[r].a != a:
        vils = vils[::-1]
    return vils[i]


def village_name(v: int) -> str:
    return BOARD.village_names()[v]


# --------------------------------------------------------------- building a state


def new_state(
    n_players: int = 4,
    chars: Sequence[int] = (0, 2, 4, 5),
    board: np.ndarray | None = None,
    rules: np.ndarray | None = None,
    governors: Sequence[int] | None = None,
    round_: int = 0,
) -> np.ndarray:
    """A state right after setup: init_state_nb (M-S1), seat p holds character chars[p]
    (M-S3), every supply as after M-S5 (6 in the supply, 10 in the bank) but with no
    house on the board (use put_houses), governor of city c at position governors[c]
    (default c), phase PH_ROUND: the next advance_nb starts round `round_` + 1."""
    board = BOARD_ARR if board is None else board
    rules = RULES_ARR if rules is None else rules
    state = np.zeros(S.STATE_SIZE, dtype=np.int64)
    init_state_nb(state, board, rules, n_players)
    assert len(chars) == n_players
    for p, k in enumerate(chars):
        state[S.CHAR_OWNER + k] = p
    for p in range(n_players):
        state[S.SUPPLY + p] = rules[R.SETUP_SUPPLY]
        state[S.QUARRY + p] = (
            rules[R.HOUSES_PER_COLOUR] - rules[R.START_HOUSES] - rules[R.SETUP_SUPPLY]
        )
    govs = range(BOARD.n_cities) if governors is None else governors
    for c, pos in enumerate(govs):
        state[S.GOV_POS + c] = pos
    state[S.ROUND] = round_
    state[S.PHASE] = PH_ROUND
    return state


def new_log(rows: int = 512) -> np.ndarray:
    """An event log; unused rows hold -1, so they match no event code."""
    return np.full((rows, LOG_WIDTH), -1, dtype=np.int64)


def events(log: np.ndarray, kind: int) -> list[list[int]]:
    """The rows of the event log with event code `kind` (EV_*), in order."""
    return [list(map(int, row)) for row in log if row[LOG_EVENT] == kind]


def put_houses(state: np.ndarray, seat: int, loc: int, n: int = 1) -> None:
    """Place n houses of `seat` at a village or city location (supply untouched)."""
    add_house_nb(state, seat, loc, n)


def houses(state: np.ndarray, seat: int, loc: int) -> int:
    if loc >= LOC_CITY0:
        return int(state[S.CITY_HOUSES + (loc - LOC_CITY0) * P + seat])
    return int(state[S.VIL + loc * P + seat])


def set_gold(state: np.ndarray, seat: int, gold: int) -> None:
    state[S.GOLD + seat] = gold


def gold(state: np.ndarray, n_players: int | None = None) -> list[int]:
    n = int(state[S.N_PLAYERS]) if n_players is None else n_players
    return [int(state[S.GOLD + p]) for p in range(n)]


def place_architect(state: np.ndarray, seat: int, where: str) -> None:
    """Put the architect on a junction by name ("S" or a city)."""
    state[S.ARCH + seat] = BOARD.junction_index(where)


def set_governors(state: np.ndarray, positions: dict[str, int]) -> None:
    for name, pos in positions.items():
        state[S.GOV_POS + city(name)] = pos


def governors(state: np.ndarray) -> dict[str, int]:
    return {name: int(state[S.GOV_POS + c]) for c, name in enumerate(BOARD.cities)}


# --------------------------------------------------------------- turns and operations


def op(kind: int, *args: int) -> np.ndarray:
    """The `out` array of one turn operation: out[0] = OP_*, arguments after it."""
    out = np.zeros(OUT_SIZE, dtype=np.int64)
    out[0] = kind
    out[1 : 1 + len(args)] = args
    return out


def start_turn(
    state: np.ndarray,
    seat: int,
    pick0: int,
    pick1: int,
    rules: np.ndarray | None = None,
    log: np.ndarray | None = None,
) -> None:
    """Set the seat's two picks (M-R3) and begin its turn (begin_turn_nb)."""
    state[S.PICK0 + seat] = pick0
    state[S.PICK1 + seat] = pick1
    begin_turn_nb(
        state, RULES_ARR if rules is None else rules, NO_LOG if log is None else log, seat
    )


def do(
    state: np.ndarray,
    seat: int,
    kind: int,
    *args: int,
    rules: np.ndarray | None = None,
    board: np.ndarray | None = None,
    log: np.ndarray | None = None,
) -> int:
    """apply_op_nb for one operation of seat's turn; returns the E_* code."""
    return int(
        apply_op_nb(
            state,
            BOARD_ARR if board is None else board,
            RULES_ARR if rules is None else rules,
            NO_LOG if log is None else log,
            seat,
            op(kind, *args),
        )
    )


def end_turn(
    state: np.ndarray, seat: int, rules: np.ndarray | None = None, log: np.ndarray | None = None
) -> int:
    """finish_turn_nb: forfeits (M-F2); returns the number of forfeits counted."""
    return int(
        finish_turn_nb(
            state, RULES_ARR if rules is None else rules, NO_LOG if log is None else log, seat
        )
    )


# --------------------------------------------------------------- scripted decisions

Answer = tuple[np.ndarray, int]


def pick(a0: int, a1: int) -> Answer:
    """Answer to DK_PICK."""
    out = np.zeros(OUT_SIZE, dtype=np.int64)
    out[0], out[1] = a0, a1
    return out, 0


def step(kind: int, *args: int) -> Answer:
    """Answer to DK_STEP: one operation."""
    return op(kind, *args), 0


def choose(k: int) -> Answer:
    """Answer returned as a value: DK_CHARACTER, DK_REPLACE (a character), DK_SETUP_HOUSE
    (a village)."""
    return np.zeros(OUT_SIZE, dtype=np.int64), k


END = step(OP_END)


def drive_to_decision(
    state: np.ndarray,
    answers: Iterable[Answer],
    board: np.ndarray | None = None,
    rules: np.ndarray | None = None,
    log: np.ndarray | None = None,
    asked: list[tuple[int, int]] | None = None,
) -> tuple[int, int]:
    """Run advance_nb/answer_nb, answering the decisions in order with `answers`.

    Returns (kind, seat) of the decision pending once every answer is used (kind is
    DONE when the game is over). If `asked` is a list, (kind, seat) of every answered
    decision is appended to it, so a test can check who was asked what, in order.
    """
    board = BOARD_ARR if board is None else board
    rules = RULES_ARR if rules is None else rules
    log = NO_LOG if log is None else log
    work = np.zeros(WORK_SIZE, dtype=np.int64)
    for out, ret in answers:
        kind = int(advance_nb(state, board, rules, log, work))
        assert kind != DONE, "the game ended before all scripted answers were used"
        if asked is not None:
            asked.append((kind, int(state[S.ASK_SEAT])))
        answer_nb(state, board, rules, log, out, ret)
    kind = int(advance_nb(state, board, rules, log, work))
    return kind, int(state[S.ASK_SEAT])


def idle_round(n_players: int) -> list[Answer]:
    """Answers for one whole round in which every player picks Gold twice and takes it
    (no forfeit, +2 gold per Gold action): n picks, then three steps per turn."""
    turn = [step(OP_GOLD, 0), step(OP_GOLD, 1), END]
    return [pick(A_GOLD, A_GOLD)] * n_players + turn * n_players
