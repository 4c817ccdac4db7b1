"""Run directories in the results-contract layout, from real played games (for report tests).

Stands in for `palace-lab run --out DIR` until the runner writes this layout itself:
plays games with the existing API and writes manifest.json plus chunk Parquet files.
"""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl

from simcore.maharaja.enums import CHARACTER_NAMES, END_REASON_NAMES

_VARIANT_FIELDS = {
    "short": "short_game",
    "yogi": "yogi",
    "neutral": "neutral_palaces",
    "auction": "auction",
    "home": "home_cities",
    "several": "several_characters",
}


def contract_frame(df: pl.DataFrame, rules) -> pl.DataFrame:
    """records_frame output -> the contract's columns and types."""
    chars = pl.Series(CHARACTER_NAMES + ("-",))
    ends = pl.Series(END_REASON_NAMES)
    out = df.with_columns(
        pl.col("strategy_name").alias("strategy"),
        pl.col("start_character").map_elements(lambda k: chars[k], return_dtype=pl.String),
        pl.col("end_character").map_elements(lambda k: chars[k], return_dtype=pl.String),
        pl.col("end_reason").map_elements(lambda k: ends[k], return_dtype=pl.String),
        pl.col("characters_held").cast(pl.Int8),
        pl.col("gold").cast(pl.Int16),
        pl.col("rounds").cast(pl.Int8),
        pl.col("game_id").cast(pl.Int64),
    ).drop("strategy_name")
    small = [
        "fees_paid",
        "fees_received",
        "forfeits",
        "score_gold",
        "houses_built",
        "swaps",
        "chips_gained",
        "chips_used",
        "bid_paid",
        "errors",
    ]
    out = out.with_columns([pl.col(c).cast(pl.Int16) for c in small])
    out = out.with_columns(
        [pl.lit(getattr(rules, f)).alias(f"variant_{v}") for v, f in _VARIANT_FIELDS.items()]
    )
    for key, value in rules.diff_from_default().items():
        if isinstance(value, int | bool):
            out = out.with_columns(pl.lit(value).alias(f"rule_{key}"))
    return out


def write_run(
    out: Path,
    players: int = 4,
    games: int = 200,
    seed: int = 1,
    sets: tuple[str, ...] = (),
    variants: tuple[str, ...] = (),
    chunk_size: int = 100,
    strategy: str = "random",
    game: str = "maharaja",
) -> Path:
    """Play `games` real games and write them as a complete run directory at `out`."""
    import strategies
    from simcore.maharaja.batch import BatchSpec, play_chunk
    from simcore.maharaja.board import default_board
    from simcore.maharaja.results import records_frame
    from simcore.maharaja.rules import RuleSet

    rules = RuleSet()
    if variants:
        rules = rules.with_variants(variants)
    if sets:
        rules = rules.with_overrides(sets)
    board = default_board()
    seats = strategies.resolve([strategy], players, "maharaja")
    sids, params = strategies.seat_arrays(seats, "maharaja")
    spec = BatchSpec(players, seed, rules, board, sids, params, "strategies:driver_for")
    names = list(strategies.strategies("maharaja"))
    (out / "chunks").mkdir(parents=True, exist_ok=True)
    chunks = []
    for index, first in enumerate(range(0, games, chunk_size)):
        n = min(chunk_size, games - first)
        df = contract_frame(records_frame(play_chunk(spec, first, n), first, names), rules)
        file = f"chunks/chunk-{index:06d}.parquet"
        df.write_parquet(out / file)
        chunks.append(
            {
                "index": index,
                "first_game": first,
                "n_games": n,
                "file": file,
                "status": "complete",
                "seconds": 0.1,
            }
        )
    cmd = f"palace-lab run --players {players} --games {games} --seed {seed}"
    cmd += "".join(f" --set {s}" for s in sets) + "".join(f" --variant {v}" for v in variants)
    manifest = {
        "format": "palace-lab-run/1",
        "game": game,
        "players": players,
        "games": games,
        "seed": seed,
        "chunk_size": chunk_size,
        "strategies": [{"seat": i, "name": s.name, "params": {}} for i, s in enumerate(seats)],
        "rules": rules.to_dict(),
        "rules_changed": rules.diff_from_default(),
        "variants": list(rules.variant_names()),
        "board": {"source": "default", "sha256": "0" * 64},
        "package_version": "0.1.0",
        "git_commit": None,
        "command": cmd + f" --out {out}",
        "created": "2025-01-01T00:00:00+00:00",
        "finished": "2025-01-01T00:00:01+00:00",
        "status": "complete",
        "chunks": chunks,
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1))
    return out


def write_frame_run(out: Path, df: pl.DataFrame, players: int, **manifest_extra) -> Path:
    """A run directory holding a hand-made frame (for exact statistics checks)."""
    (out / "chunks").mkdir(parents=True, exist_ok=True)
    df.write_parquet(out / "chunks" / "chunk-000000.parquet")
    games = df["game_id"].n_unique()
    manifest = {
        "format": "palace-lab-run/1",
        "game": "maharaja",
        "players": players,
        "games": games,
        "seed": 0,
        "chunk_size": games,
        "strategies": [{"seat": i, "name": "random", "params": {}} for i in range(players)],
        "rules": {},
        "rules_changed": {},
        "variants": [],
        "board": {"source": "default", "sha256": "0" * 64},
        "package_version": "0.1.0",
        "git_commit": None,
        "command": "hand-made",
        "created": "2025-01-01T00:00:00+00:00",
        "finished": "2025-01-01T00:00:01+00:00",
        "status": "complete",
        "chunks": [
            {
                "index": 0,
                "first_game": 0,
                "n_games": games,
                "file": "chunks/chunk-000000.parquet",
                "status": "complete",
                "seconds": 0.0,
            }
        ],
    } | manifest_extra
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1))
    return out
