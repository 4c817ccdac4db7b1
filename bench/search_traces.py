"""Fixed-seed traces of the search driver: digests of games with a search seat, per game.

    python -m bench.search_traces --save /tmp/before.json   # before a driver refactor
    python -m bench.search_traces --check /tmp/before.json  # after: which cases differ

For a refactor of the generated driver (simcore/core/nb/driver_search.py, driver_loop.py):
every game, at its smallest and its usual player count, with a small search (one that
halves, explores, shares secret worlds and stops at a horizon where its game does) in
seat 0 and `weighted` in the others, on one thread (batch_nb) and on two (batch_par_nb).
A case hashes the records of `--games` batch games (play_batch_nb, the Parquet rows) and
the final state, event log and records of a quarter as many logged games (play_game). A
game without a search plays its scripted strategies. A pure refactor leaves every digest
unchanged; like bench/traces.py this compares two versions and is not a test.
"""

from __future__ import annotations

import hashlib
import sys

import numpy as np

import strategies
from bench.digest_files import digest_parser, save_or_check
from simcore.core.contract.games import games

SEED = 20261127
# small searches: each game's searched kinds with a budget below its candidates (halving,
# pick_nb), its horizon where it has one (rollouts that stop early)
SEARCH = {
    "maharaja": "lookahead:rollouts=12:char_rollouts=4",
    "vermaechtnis": "lookahead:rollouts=6:card_rollouts=3:horizon=16",
    "tajmahal": "lookahead:horizon=1:rollouts=8:pick_rollouts=4",
    "palast": "lookahead:rollouts=8:minor_rollouts=4:horizon=8",
}
THREADS = (1, 2)  # 1: batch_nb; 2: batch_par_nb


def cases(game: str) -> list[tuple[str, list[str], int]]:
    """(case name, seat strategy texts, players) of a game."""
    plugin = games()[game]
    counts = sorted({plugin.min_players, plugin.default_players})
    out = []
    for n in counts:
        if game in SEARCH:
            for t in THREADS:
                seats = [f"{SEARCH[game]}:threads={t}"] + ["weighted"] * (n - 1)
                out.append((f"{game}|search-t{t}|{n}p", seats, n))
        else:
            names = sorted(strategies.strategies(game))
            seats = [names[q % len(names)] for q in range(n)]
            out.append((f"{game}|scripted|{n}p", seats, n))
    return out


def digest(game: str, seats: list[str], players: int, n_games: int) -> str:
    plugin = games()[game]
    driver = strategies.driver_for(game)
    sids, params = strategies.seat_arrays(strategies.resolve(seats, players, game), game)
    h = hashlib.sha256()
    rec = plugin.play_batch(driver, sids, params, n_games, players, SEED)
    h.update(np.ascontiguousarray(rec[:, :, 1:]).tobytes())  # without the strategy ids
    for g in range(max(1, n_games // 4)):
        p = plugin.play_game(driver, sids, params, players, SEED, g)
        h.update(np.ascontiguousarray(p.state).tobytes())
        h.update(np.ascontiguousarray(p.log).tobytes())
        h.update(np.ascontiguousarray(p.records[:players, 1:]).tobytes())
    return h.hexdigest()


def main(argv: list[str] | None = None) -> int:
    ap = digest_parser(__doc__)
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--games", type=int, default=24, help="batch games per case")
    a = ap.parse_args(argv)
    chosen = a.game or sorted(games())
    got = {}
    for game in chosen:
        for name, seats, players in cases(game):
            got[name] = digest(game, seats, players, a.games)
            print(f"{got[name][:16]}  {name}", flush=True)

    def refuse(saved: dict) -> str | None:
        n = saved["games"]
        return None if n == a.games else f"{n} games per case, not {a.games}"

    return save_or_check(a, got, {"games": a.games, "seed": SEED}, refuse,
                         lambda case: case.split("|")[0] in chosen)  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
