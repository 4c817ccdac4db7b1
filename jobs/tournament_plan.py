"""A tournament's seatings: every strategy equally often in every seat, whatever the order
of `--strategies` (the list is sorted first), every table on the same game seeds.

Analyses read the seatings back from the tournament folder's tournament.json.
"""

from __future__ import annotations

import itertools

from simcore.core.errors import InputError


def schedule(k: int, players: int) -> list[list[int]]:
    """Seatings (strategy index per seat) in which every strategy sits equally often in
    every seat: each table's multiset of strategies in all of its cyclic rotations.

    Multisets: with k >= players every set of `players` distinct strategies; with fewer
    strategies than seats every strategy q = players // k times plus every set of
    r = players % k extra ones, so each strategy fills as many seats as any other. A
    multiset is laid out grouped and in index order (copies of a strategy side by side),
    so relabelling the strategies permutes the tables without changing their pattern.
    Indices refer to the canonically sorted list (`canonical`): any order given by the
    user yields the same tables.
    """
    if k < 1 or players < 1:
        raise InputError("a tournament needs at least one strategy and one seat")
    if k >= players:
        sets = [list(c) for c in itertools.combinations(range(k), players)]
    else:
        q, r = divmod(players, k)
        sets = [
            [i for i in range(k) for _ in range(q + (i in extra))]
            for extra in itertools.combinations(range(k), r)
        ]
    return [t[r:] + t[:r] for t in sets for r in range(players)]


def canonical(names: list[str]) -> list[str]:
    """The strategies in the order every tournament uses: sorted by their text."""
    return sorted(names)


def parse_strategies(text: str) -> list[str]:
    """The strategies of `--strategies`, in canonical order (the order given does not count)."""
    names = [s.strip() for s in text.split(",") if s.strip()]
    if len(names) < 2:
        raise InputError("--strategies: give at least two, e.g. weighted,random")
    if len(set(names)) != len(names):
        raise InputError("--strategies: a strategy is listed twice")
    return canonical(names)
