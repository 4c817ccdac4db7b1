"""Where a search's choice ranks in its policy's prior: the ceiling of `width`.

    python -m bench.search_prior --game tajmahal --players 4
        --config "lookahead:horizon=3" [--games 6] [--every 3] [--seed 0]

Plays `--games` games of `weighted` in every seat; at every `--every`-th decision of a
kind the configuration searches (with more than one candidate) it runs the search from
seat's place (the configuration's parameters, the others modelled as `weighted`) and
ranks the candidate it chooses in the game's prior_nb order (the policy's own answer
first, as `width` keeps them). A `width` = k search can only answer with the top k, so
the share of choices ranked below k is what that width gives up against the
configuration (when that configuration is the stronger one). Not a test: a benchmark.
"""

from __future__ import annotations

import importlib
from collections import Counter

import numpy as np

import strategies
from bench.search_args import search_parser
from simcore.core.contract.games import games
from simcore.core.nb import search_nb as G
from simcore.core.nb.event_log_nb import LOG_WIDTH
from simcore.core.nb.search_hooks import hooks_module


def searches(game: str, players: int, config: str, n_games: int, every: int, seed: int):
    """Per searched decision of `weighted` games (every `every`-th with more than one
    candidate): (kind, candidates, the search's stats, the prior's scores with the
    policy's own answer first)."""
    spec = games()[game]
    E = importlib.import_module(spec.engine)
    names = [config] + ["weighted"] * (players - 1)
    resolved = strategies.resolve(names, players, game)
    search = resolved[0].search
    H = hooks_module(search.hooks, spec.engine)
    driver = strategies.driver_for(game)
    board, rules = spec.default_data().pack(), spec.default_rules().pack()
    sids, params = strategies.seat_arrays(resolved, game)
    w_sids, w_params = strategies.seat_arrays(strategies.resolve(["weighted"] * players, players,
                                                                 game), game)  # fmt: skip
    policy = strategies.registry.strategy_ids(game)[search.policy]
    table_at = len(resolved[0].params())
    for g in range(n_games):
        state = np.zeros(E.STATE_SIZE, np.int64)
        rng = np.zeros(E.RNG_STREAMS, np.uint64)
        scratch = np.zeros((E.MAX_SEATS, E.SCRATCH_SIZE), np.int64)
        o, work = np.zeros(E.OUT_SIZE, np.int64), np.zeros(E.WORK_SIZE, np.int64)
        log = np.zeros((0, LOG_WIDTH), np.int64)
        xc = np.zeros((H.MAX_CANDIDATES, 1 + E.OUT_SIZE), np.int64)
        E.start_game_nb(state, board, rules, log, players, seed, g, rng)
        asked = 0
        while (kind := int(E.advance_nb(state, board, rules, log, work))) >= 0:
            seat = int(E.asked_seat_nb(state))
            vec = params[0].copy()
            cands = np.zeros((H.MAX_CANDIDATES, 1 + E.OUT_SIZE), np.int64)
            n = int(H.candidates_nb(kind, seat, state, board, rules, cands))
            asked += 1
            if H.budget_nb(kind, vec) > 1 and n > 1 and asked % every == 0:
                stats = np.zeros(G.N_STATS)
                driver.search_stats_nb(kind, seat, state, board, rules, vec,
                                       rng[1 + seat : 2 + seat].copy(), scratch[seat].copy(),
                                       np.zeros_like(o), policy, search.policy_at, table_at,
                                       stats)  # fmt: skip
                view = np.zeros_like(state)
                H.determinise_nb(state, board, rules, seat, view)
                scores = np.zeros(n)
                pp = vec[search.policy_at : table_at].copy()
                H.prior_nb(kind, seat, view, board, rules, pp, scratch[seat].copy(), cands, n,
                           scores)  # fmt: skip
                fav = int(stats[G.ST_FAVOURED])
                if fav >= 0:
                    scores[fav] = np.inf
                yield kind, n, stats, scores
            driver.model_loop_nb(state, board, rules, log, w_sids, w_params, rng, scratch, o,
                                 work, G.NO_LIMIT, 0.0, xc, -1, 1)  # fmt: skip


def ranks(game: str, players: int, config: str, n_games: int, every: int, seed: int):
    """(kind, rank of the search's choice in the prior order, candidates) per decision."""
    out = []
    for kind, n, stats, scores in searches(game, players, config, n_games, every, seed):
        order = np.argsort(-scores, kind="stable").tolist()
        out.append((kind, order.index(int(stats[G.ST_BEST])), n))
    return out


def main() -> None:
    ap = search_parser(__doc__, "lookahead", 6, every=3)
    a = ap.parse_args()
    got = ranks(a.game, a.players, a.config, a.games, a.every, a.seed)
    print(f"{a.game}, {a.players} players, {a.config}: {len(got)} searched decisions")
    for kind in sorted({k for k, _, _ in got}):
        rs = [r for k, r, _ in got if k == kind]
        ns = [n for k, _, n in got if k == kind]
        hist = Counter(min(r, 9) for r in rs)
        cum = np.cumsum([hist.get(i, 0) for i in range(10)]) / len(rs)
        print(f"kind {kind}: n={len(rs)}, candidates median {np.median(ns):.0f} "
              f"(max {max(ns)}); choice within the prior's top k, k = 1..8: "
              + " ".join(f"{100 * c:.0f}%" for c in cum[:8]))  # fmt: skip


if __name__ == "__main__":
    main()
