"""`palace-rush`: legal play, the Artist first, setup roads, picks that gold allows,
one whole turn by hand, strength against `random`, determinism."""

from __future__ import annotations

import numpy as np
import pytest

import simcore.maharaja.layout as S
import strategies
from simcore.maharaja.enums import (
    A_CHARACTER,
    A_GOLD,
    A_PALACE,
    A_PALACE_HOUSE,
    ARTIST,
    DK_CHARACTER,
    DK_PICK,
    DK_SETUP_HOUSE,
    DK_STEP,
    E_OK,
    MERCHANT,
    MOGUL,
    OP_END,
    OP_GOLD,
    OP_PALACE,
    OP_ROAD,
    SADHU,
)
from simcore.maharaja.game import play_batch
from simcore.maharaja.game_data import default_board
from simcore.maharaja.nb.game_nb import (
    OUT_SIZE,
    RNG_STREAMS,
    SCRATCH_SIZE,
    init_state_nb,
)
from simcore.maharaja.records import REC
from simcore.maharaja.rules import RuleSet
from strategies.maharaja.palace_rush import PARAMS, palace_rush_decide_nb
from tests.maharaja.state_builder import (
    BOARD,
    BOARD_ARR,
    RULES_ARR,
    START,
    city,
    do,
    end_turn,
    new_state,
    place_architect,
    put_houses,
    set_gold,
    start_turn,
    village,
)

NAME = "palace-rush"
DEFAULTS = np.array(list(PARAMS.values()), dtype=np.float64)


def play(names: list[str], games: int, seed: int, rules: RuleSet | None = None) -> np.ndarray:
    sids, params = strategies.seat_arrays(strategies.resolve(names, len(names)))
    return play_batch(
        strategies.driver_for(), sids, params, games, len(names), seed, 0,
        rules or RuleSet(first_chooser=-1), default_board(),
    )  # fmt: skip


def decide(kind: int, seat: int, state: np.ndarray, params=DEFAULTS, scratch=None):
    """One call of the strategy: (return value, out)."""
    out = np.zeros(OUT_SIZE, dtype=np.int64)
    rng = np.zeros(RNG_STREAMS, dtype=np.uint64)
    scratch = np.zeros(SCRATCH_SIZE, dtype=np.int64) if scratch is None else scratch
    ret = palace_rush_decide_nb(kind, seat, state, BOARD_ARR, RULES_ARR, params, rng, scratch, out)
    return int(ret), out


def setup_state(n_players: int = 4) -> np.ndarray:
    state = np.zeros(S.STATE_SIZE, dtype=np.int64)
    init_state_nb(state, BOARD_ARR, RULES_ARR, n_players)
    return state


def test_registered_with_its_parameters():
    known = strategies.strategies()
    assert NAME in known
    assert known[NAME].param_names == tuple(PARAMS)


def test_beats_three_random_players():
    """The plan's point: well over 60% wins in 4-player games, every seat in turn."""
    wins = 0
    games = 0
    for seat in range(4):
        names = ["random"] * 4
        names[seat] = NAME
        rec = play(names, 100, 100 + seat)
        wins += int((rec[:, seat, REC.RANK] == 0).sum())
        games += rec.shape[0]
    assert wins / games > 0.6


def test_takes_the_artist_when_free_else_the_fallback():
    state = setup_state()
    assert decide(DK_CHARACTER, 0, state)[0] == ARTIST
    state[S.CHAR_OWNER + ARTIST] = 1
    assert decide(DK_CHARACTER, 0, state)[0] == MERCHANT
    mogul = DEFAULTS.copy()
    mogul[list(PARAMS).index("fallback_merchant")] = 0.0
    assert decide(DK_CHARACTER, 0, state, mogul)[0] == MOGUL
    state[S.CHAR_OWNER + MERCHANT] = 2
    assert decide(DK_CHARACTER, 0, state)[0] == MOGUL


def test_setup_houses_pair_up_on_roads_from_s():
    """First house on a spoke from START, the second on the other village of that road
    (then the road is open and free for us, M-F1), the third on another spoke."""
    state = setup_state()
    v1 = decide(DK_SETUP_HOUSE, 0, state)[0]
    spokes = {r for r, rd in enumerate(BOARD.roads) if "S" in (rd.a, rd.b)}
    vil_road = {v: r for r in range(len(BOARD.roads)) for v in BOARD.road_villages(r)}
    assert vil_road[v1] in spokes
    put_houses(state, 0, v1)
    v2 = decide(DK_SETUP_HOUSE, 0, state)[0]
    assert v2 != v1 and vil_road[v2] == vil_road[v1]
    put_houses(state, 0, v2)
    v3 = decide(DK_SETUP_HOUSE, 0, state)[0]
    assert vil_road[v3] in spokes and vil_road[v3] != vil_road[v1]


@pytest.mark.parametrize(
    ("gold", "expected"),
    [
        # two palaces at 9, one house at 1, no fee, margin 1: 9 + 9 + 1 + 1 = 20
        (20, {A_PALACE, A_PALACE_HOUSE}),
        (19, {A_GOLD, A_PALACE}),
        # one palace after the Gold action: gold + 2 >= 9 + 1
        (8, {A_GOLD, A_PALACE}),
        (7, {A_GOLD}),
    ],
)
def test_picks_what_the_gold_covers(gold, expected):
    state = new_state(4, chars=(MOGUL, SADHU, MERCHANT, ARTIST), round_=1)
    place_architect(state, 3, "orange")  # seven free sites, no travel needed
    set_gold(state, 3, gold)
    _, out = decide(DK_PICK, 3, state)
    assert {int(out[0]), int(out[1])} == expected


def test_saves_when_no_city_can_be_reached():
    """On START with every road closed (no house on the board) no palace can be built."""
    state = new_state(4, chars=(MOGUL, SADHU, MERCHANT, ARTIST), round_=1)
    set_gold(state, 3, 40)
    assert int(state[S.ARCH + 3]) == START
    _, out = decide(DK_PICK, 3, state)
    assert (int(out[0]), int(out[1])) == (A_GOLD, A_GOLD)


def test_takes_the_artist_back():
    state = new_state(4, chars=(MOGUL, SADHU, ARTIST, MERCHANT), round_=1)
    place_architect(state, 3, "orange")
    set_gold(state, 3, 3)
    _, out = decide(DK_PICK, 3, state)
    assert A_CHARACTER in (int(out[0]), int(out[1]))


def test_one_turn_gold_walk_and_inner_palace():
    """Gold + Palace from START, own houses on both villages of START-orange: take 2 gold, walk the
    free road, build the inner palace (3 points) for 9: 12 + 2 - 9 = 5 gold left."""
    state = new_state(4, chars=(MOGUL, SADHU, MERCHANT, ARTIST), round_=1)
    state[S.MAHARAJA] = city("blue")  # unreachable: no visit after building
    put_houses(state, 3, village("S", "orange", 0))
    put_houses(state, 3, village("S", "orange", 1))
    set_gold(state, 3, 12)
    start_turn(state, 3, A_GOLD, A_PALACE)
    scratch = np.zeros(SCRATCH_SIZE, dtype=np.int64)
    ops = []
    for _ in range(10):
        _, out = decide(DK_STEP, 3, state, scratch=scratch)
        ops.append(int(out[0]))
        if out[0] == OP_END:
            break
        assert do(state, 3, *[int(x) for x in out[:4]]) == E_OK
        state[S.STEPS] += 1
    assert ops == [OP_GOLD, OP_ROAD, OP_PALACE, OP_END]
    assert int(state[S.INNER + city("orange")]) == 3
    assert int(state[S.GOLD + 3]) == 5
    assert end_turn(state, 3) == 0  # nothing forfeited


def test_same_seed_same_records():
    a = play([NAME, "random", NAME, "random"], 200, 42)
    b = play([NAME, "random", NAME, "random"], 200, 42)
    assert a.shape == (200, 4, REC.N_REC)
    assert np.array_equal(a, b)
