"""`house-network`: legal play, the Builder/Monk first, setup houses on main roads,
strength against `random`, determinism."""

from __future__ import annotations

import numpy as np

import simcore.maharaja.data_layout as B
import simcore.maharaja.layout as S
import strategies
from simcore.maharaja.enums import BUILDER, DK_CHARACTER, DK_SETUP_HOUSE, MONK
from simcore.maharaja.game import play_batch
from simcore.maharaja.game_data import default_board
from simcore.maharaja.nb.game_nb import OUT_SIZE, RNG_STREAMS, SCRATCH_SIZE, init_state_nb
from simcore.maharaja.records import REC
from simcore.maharaja.rules import R, RuleSet
from strategies.maharaja.house_network import PARAMS, house_network_decide_nb

NAME = "house-network"
DEFAULTS = np.array(list(PARAMS.values()), dtype=np.float64)
BOARD = default_board()
BOARD_ARR = BOARD.pack()
RULES_ARR = RuleSet().pack()


def play(names: list[str], games: int, seed: int, rules: RuleSet | None = None) -> np.ndarray:
    sids, params = strategies.seat_arrays(strategies.resolve(names, len(names)))
    return play_batch(
        strategies.driver_for(), sids, params, games, len(names), seed, 0,
        rules or RuleSet(first_chooser=-1), BOARD,
    )  # fmt: skip


def decide(kind: int, seat: int, state: np.ndarray, scratch=None):
    out = np.zeros(OUT_SIZE, dtype=np.int64)
    rng = np.zeros(RNG_STREAMS, dtype=np.uint64)
    scratch = np.zeros(SCRATCH_SIZE, dtype=np.int64) if scratch is None else scratch
    ret = house_network_decide_nb(
        kind, seat, state, BOARD_ARR, RULES_ARR, DEFAULTS, rng, scratch, out
    )
    return int(ret), out


def setup_state(n_players: int = 4) -> np.ndarray:
    state = np.zeros(S.STATE_SIZE, dtype=np.int64)
    init_state_nb(state, BOARD_ARR, RULES_ARR, n_players)
    return state


def shortest_route_counts() -> np.ndarray:
    """Independent of the strategy's formula: for every road, how many junction pairs
    have a shortest route (BFS hops) through it, each pair weighted by its degrees."""
    hops = BOARD.hops()
    nj = BOARD.n_junctions
    ends = [(BOARD.junction_index(r.a), BOARD.junction_index(r.b)) for r in BOARD.roads]
    deg = np.zeros(nj, dtype=np.int64)
    for a, b in ends:
        deg[a] += 1
        deg[b] += 1
    counts = np.zeros(len(ends), dtype=np.int64)
    for r, (a, b) in enumerate(ends):
        for i in range(nj):
            for j in range(i + 1, nj):
                if (
                    hops[i][a] + 1 + hops[b][j] == hops[i][j]
                    or hops[i][b] + 1 + hops[a][j] == hops[i][j]
                ):
                    counts[r] += deg[i] + deg[j]
    return counts


def test_registered_with_its_parameters():
    known = strategies.strategies()
    assert NAME in known
    assert known[NAME].param_names == tuple(PARAMS)


def test_rarely_forfeits():
    """It only picks actions it can do: forfeits (M-F2) stay rare (a road closed or a fee
    raised by others between pick and turn can still cost one)."""
    rec = play([NAME, "random", "random", "random"], 300, 7)
    assert rec[:, 0, REC.FORFEITS].mean() < 0.2


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


def test_takes_the_builder_else_the_monk():
    state = setup_state()
    assert decide(DK_CHARACTER, 0, state)[0] == BUILDER
    state[S.CHAR_OWNER + BUILDER] = 1
    assert decide(DK_CHARACTER, 0, state)[0] == MONK


def test_first_setup_house_on_a_main_road():
    """On the empty board the first house goes on a road carrying the most shortest
    junction-to-junction routes (computed here by brute force over all pairs)."""
    counts = shortest_route_counts()
    v, _ = decide(DK_SETUP_HOUSE, 0, setup_state())
    assert counts[BOARD_ARR[B.VIL_ROAD + v]] == counts.max()


def test_second_setup_house_completes_the_own_road():
    """With one own house on a two-village road, the next house goes into the other
    village of that road: the road opens and its fees are all ours."""
    state = setup_state()
    scratch = np.zeros(SCRATCH_SIZE, dtype=np.int64)
    v, _ = decide(DK_SETUP_HOUSE, 0, state, scratch)
    state[S.VIL + v * R.MAX_PLAYERS + 0] += 1
    state[S.VIL_TOTAL + v] += 1
    state[S.SUPPLY + 0] -= 1
    w, _ = decide(DK_SETUP_HOUSE, 0, state, scratch)
    road = BOARD_ARR[B.VIL_ROAD + v]
    assert w != v
    assert BOARD_ARR[B.VIL_ROAD + w] == road


def test_same_seed_same_records():
    a = play([NAME, "random", NAME, "random"], 100, 3)
    b = play([NAME, "random", NAME, "random"], 100, 3)
    np.testing.assert_array_equal(a, b)
