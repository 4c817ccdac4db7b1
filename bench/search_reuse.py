"""How often `reuse` applies: the share of a search seat's searched decisions that start
from the previous search's statistics (the level below its chosen candidate).

    python -m bench.search_reuse --game tajmahal --players 4
        --config "lookahead:horizon=1:rollouts=30:tree=1:reuse=8" [--games 4] [--seed 0]

Plays `--games` games with the configuration in seat 0 and its policy in the others,
through the engine protocol, the search with the play loop's memory row (the policy's
scratch then the search's), and counts per decision kind the searched decisions and
those where the memory applied (ST_REUSED). Zero means `reuse` never triggers in this game. Not a
test: a benchmark.
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


def reuse_counts(game: str, players: int, config: str, n_games: int, seed: int):
    """({kind: searched decisions}, {kind: of which reused}) of seat 0 over the games."""
    spec = games()[game]
    E = importlib.import_module(spec.engine)
    policy_name = strategies.resolve([config], 1, game)[0].search.policy
    names = [config] + [policy_name] * (players - 1)
    seats = strategies.resolve(names, players, game)
    sids, params = strategies.seat_arrays(seats, game)
    search = seats[0]
    policy = strategies.registry.strategy_ids(game)[search.search.policy]
    driver = strategies.driver_for(game)
    board, rules = spec.default_data().pack(), spec.default_rules().pack()
    searched, reused = Counter(), Counter()
    for g in range(n_games):
        state = np.zeros(E.STATE_SIZE, np.int64)
        rng = np.zeros(E.RNG_STREAMS, np.uint64)
        scratch = np.zeros((E.MAX_SEATS, E.SCRATCH_SIZE + G.SEARCH_MEMORY), np.int64)
        out, work = np.zeros(E.OUT_SIZE, np.int64), np.zeros(E.WORK_SIZE, np.int64)
        log = np.zeros((0, LOG_WIDTH), np.int64)
        E.start_game_nb(state, board, rules, log, players, seed, g, rng)
        while (kind := int(E.advance_nb(state, board, rules, log, work))) >= 0:
            seat = int(E.asked_seat_nb(state))
            out[:] = 0
            r = rng[1 + seat : 2 + seat]
            if seat == 0:
                stats = np.zeros(G.N_STATS)
                ret = driver.search_stats_nb(
                    kind, 0, state, board, rules, params[0], r, scratch[0], out, policy,
                    search.search.policy_at, len(search.defaults), stats,
                )  # fmt: skip
                searched[kind] += stats[G.ST_ROLLOUTS] > 0
                reused[kind] += int(stats[G.ST_REUSED])
            else:
                ret = driver.decide_nb(kind, sids[seat], seat, state, board, rules,
                                       params[seat], r, scratch[seat], out)  # fmt: skip
            E.answer_nb(state, board, rules, log, out, ret)
    return searched, reused


def main() -> None:
    ap = search_parser(__doc__, "lookahead:tree=1:reuse=8", 4)
    a = ap.parse_args()
    searched, reused = reuse_counts(a.game, a.players, a.config, a.games, a.seed)
    print(f"{a.game}, {a.players} players, {a.config}, {a.games} games: searched decisions "
          "of seat 0 that started from the previous search's level below")  # fmt: skip
    for kind in sorted(searched):
        n, k = searched[kind], reused[kind]
        print(f"kind {kind}: {k} of {n} ({100 * k / max(n, 1):.0f}%)")


if __name__ == "__main__":
    main()
