"""What lies below a searched decision: the search seat's own searched decisions inside
one rollout, the levels a tree over its decisions (information-set MCTS) could search.

    python -m bench.search_depth --game tajmahal --players 4
        --config "lookahead:horizon=1:rollouts=15" [--games 10] [--seed 0]

Plays `--games` games of `weighted` in every seat; from every decision of a kind the
configuration searches (more than one candidate) it plays on a copy as a rollout of
that configuration would (`weighted` in every seat, up to its horizon, horizon_nb) and
counts the searching seat's later decisions of searched kinds with more than one
candidate before the rollout stops. Zero means a tree has nothing below its root there
(the flat search is the whole tree); k means k more levels of the seat's own choices.
Not a test: a benchmark.
"""

from __future__ import annotations

import importlib
from collections import defaultdict

import numpy as np

import strategies
from bench.search_args import search_parser
from simcore.core.contract.games import games
from simcore.core.nb import search_nb as G
from simcore.core.nb.event_log_nb import LOG_WIDTH
from simcore.core.nb.search_hooks import hooks_module


def depths(game: str, players: int, config: str, n_games: int, seed: int) -> dict:
    """{kind: [the seat's own searched decisions inside the rollout, per decision]}."""
    spec = games()[game]
    E = importlib.import_module(spec.engine)
    search = strategies.resolve([config] * players, players, game)[0]
    vec = np.asarray(search.params(), np.float64)
    H = hooks_module(search.search.hooks, spec.engine)
    driver = strategies.driver_for(game)
    board, rules = spec.default_data().pack(), spec.default_rules().pack()
    sids, params = strategies.seat_arrays(strategies.resolve(["weighted"] * players, players,
                                                             game), game)  # fmt: skip

    def arrays():
        return (np.zeros(E.OUT_SIZE, np.int64), np.zeros(E.WORK_SIZE, np.int64),
                np.zeros((0, LOG_WIDTH), np.int64),
                np.zeros((H.MAX_CANDIDATES, 1 + E.OUT_SIZE), np.int64))  # fmt: skip

    def loop(st, rng, scr, limit, stop, most):
        o, work, log, xc = arrays()
        return driver.model_loop_nb(st, board, rules, log, sids, params, rng, scr, o, work,
                                    limit, 0.0, xc, stop, most)  # fmt: skip

    def searched(kind, seat, st):
        xc = arrays()[3]
        return H.budget_nb(kind, vec) > 1 and H.candidates_nb(kind, seat, st, board, rules,
                                                               xc) > 1  # fmt: skip

    out = defaultdict(list)
    for g in range(n_games):
        state = np.zeros(E.STATE_SIZE, np.int64)
        rng = np.zeros(E.RNG_STREAMS, np.uint64)
        scratch = np.zeros((E.MAX_SEATS, E.SCRATCH_SIZE), np.int64)
        _, work, log, _ = arrays()
        E.start_game_nb(state, board, rules, log, players, seed, g, rng)
        while (kind := int(E.advance_nb(state, board, rules, log, work))) >= 0:
            seat = int(E.asked_seat_nb(state))
            if searched(kind, seat, state):
                h = H.horizon_nb(kind, vec)
                limit = H.progress_nb(state) + h if h > 0 else G.NO_LIMIT
                st, r, scr = state.copy(), rng.copy(), scratch.copy()
                loop(st, r, scr, G.NO_LIMIT, -1, 1)  # the decision itself
                below = 0
                while True:
                    loop(st, r, scr, limit, seat, G.NO_LIMIT)
                    k2 = int(E.advance_nb(st, board, rules, log, work))
                    if k2 < 0 or H.progress_nb(st) >= limit:
                        break
                    below += searched(k2, seat, st)
                    loop(st, r, scr, G.NO_LIMIT, -1, 1)
                out[kind].append(below)
            loop(state, rng, scratch, G.NO_LIMIT, -1, 1)
    return out


def main() -> None:
    ap = search_parser(__doc__, "lookahead", 10)
    a = ap.parse_args()
    got = depths(a.game, a.players, a.config, a.games, a.seed)
    print(f"{a.game}, {a.players} players, {a.config}: the seat's own searched decisions "
          "inside a rollout")  # fmt: skip
    for kind, ds in sorted(got.items()):
        ds = np.array(ds)
        print(f"kind {kind}: n={ds.size} decisions, below each: mean {ds.mean():.2f}, "
              f"none {100 * (ds == 0).mean():.0f}%, max {ds.max()}")  # fmt: skip


if __name__ == "__main__":
    main()
