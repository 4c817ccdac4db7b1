"""The command line the search-inspection benches share (search_depth, search_gate,
search_prior, search_reuse): one game, one player count, one search text, a few games
from a seed; `every` for the benches that search only every k-th decision."""

from __future__ import annotations

import argparse


def search_parser(doc: str, config: str, games: int, every: int | None = None):
    """A parser with --game, --players, --config, --games, --seed (and --every when
    `every` is given), its description the first line of `doc`."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--config", default=config)
    ap.add_argument("--games", type=int, default=games)
    if every is not None:
        ap.add_argument("--every", type=int, default=every, help="search every k-th decision")
    ap.add_argument("--seed", type=int, default=0)
    return ap
