"""Fixed-seed decision traces: a digest of every game a strategy plays on fixed seeds.

    python -m bench.traces --save /tmp/before.json     # before a refactor or a speed-up
    python -m bench.traces --check /tmp/before.json    # after: which cases differ

A case is (strategy mix, rule setting, player count); its digest hashes, game by game,
the final state vector, the event log and the result records (without the strategy-id
column, which moves when a strategy is added). A pure refactor or speed-up must leave
every digest unchanged; a case that differs names a decision that changed. Not a test:
the digests are the code's own output, so they can only compare two versions.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys

import numpy as np

import strategies
from simcore.maharaja.game import play_game
from simcore.maharaja.rules import RuleSet

SETTINGS = {
    "basic": RuleSet(),
    "dealt": RuleSet(deal="random"),
    "random-first": RuleSet(first_chooser=-1),
    "advanced1": RuleSet().with_variants(["advanced1"]),
    "advanced2": RuleSet().with_variants(["advanced2"]),
    "auction": RuleSet().with_variants(["auction"]),
    "several": RuleSet().with_variants(["several"]),
    "short": RuleSet(short_game=True),
}
SCRIPTED = ("random", "palace-rush", "house-network", "chaser", "weighted")
SEARCH = ("lookahead:rollouts=8:char_rollouts=0",)


def cases(games: int, with_search: bool) -> list[tuple[str, list[str], str, int, int]]:
    """(case name, seat names, setting, players, games)."""
    out = []
    for name in SCRIPTED:
        for setting in SETTINGS:
            for players in (2, 3, 4, 5):
                out.append((f"{name}|{setting}|{players}p", [name], setting, players, games))
    mix = ["weighted:char_noise=1", "chaser", "house-network", "palace-rush", "random"]
    for setting in SETTINGS:
        for players in (3, 5):
            out.append((f"mix|{setting}|{players}p", mix[:players], setting, players, games))
    if with_search:
        for name in SEARCH:
            for setting in ("basic", "advanced2"):
                seats = [name, "weighted", "chaser", "house-network"]
                out.append((f"{name}|{setting}|4p", seats, setting, 4, max(1, games // 10)))
    return out


def digest(seats: list[str], setting: str, players: int, games: int) -> str:
    driver = strategies.driver_for("maharaja")
    sids, params = strategies.seat_arrays(strategies.resolve(seats, players))
    h = hashlib.sha256()
    for g in range(games):
        p = play_game(driver, sids, params, players, seed=20261123, game=g,
                      rules=SETTINGS[setting])  # fmt: skip
        h.update(np.ascontiguousarray(p.state).tobytes())
        h.update(np.ascontiguousarray(p.log).tobytes())
        h.update(np.ascontiguousarray(p.records[:players, 1:]).tobytes())
    return h.hexdigest()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--save", help="write the digests to this JSON file")
    group.add_argument("--check", help="compare with the digests in this JSON file")
    ap.add_argument("--games", type=int, default=20, help="games per case")
    ap.add_argument("--no-search", action="store_true", help="leave out lookahead cases")
    a = ap.parse_args(argv)
    got = {name: digest(seats, setting, players, n)
           for name, seats, setting, players, n in cases(a.games, not a.no_search)}  # fmt: skip
    if a.save:
        with open(a.save, "w") as f:
            json.dump({"games": a.games, "digests": got}, f, indent=1)
        print(f"saved {len(got)} case digests to {a.save}")
        return 0
    with open(a.check) as f:
        old = json.load(f)["digests"]
    differ = [k for k in got if k in old and old[k] != got[k]]
    missing = [k for k in old if k not in got]
    for k in differ:
        print(f"DIFFERS  {k}")
    for k in missing:
        print(f"MISSING  {k}")
    same = len(got) - len(differ) - len([k for k in got if k not in old])
    print(f"{same} identical, {len(differ)} differ, {len(missing)} missing")
    return 1 if differ or missing else 0


if __name__ == "__main__":
    sys.exit(main())
