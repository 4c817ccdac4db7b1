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
    if "choice_order" in out.columns:  # the contract: null when the characters were dealt
        c = pl.col("choice_order")
        out = out.with_columns(
            pl.when(c >= 0).then(c).otherwise(None).cast(pl.Int8).alias(c.meta.output_name())
        )
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
    from jobs.batch import BatchSpec, play_chunk
    from simcore.maharaja.game_data import default_board
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
    spec = BatchSpec.of("maharaja", players, seed, rules, board, sids, params)
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
    """A run directory holding a hand-made frame (for exact statistics checks). Game ids
    are renumbered 0 .. games - 1 in their order, as the manifest's chunk claims them
    (readers check a chunk's game ids against its entry)."""
    dense = (pl.col("game_id").rank("dense") - 1).cast(df.schema["game_id"])
    df = df.with_columns(dense.alias("game_id"))
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


def synthetic_frame(
    games: int,
    seed: int = 0,
    players: int = 4,
    win_by_order: tuple[float, ...] = (0.4, 0.25, 0.2, 0.15),
    char_weight: dict[str, float] | None = None,
    maharaja_order: bool = True,
    new_columns: bool = True,
    never: tuple[str, ...] = (),
) -> pl.DataFrame:
    """Hand-made games whose winner is drawn with known weights (exact statistics checks).

    `players` of the six basic characters are dealt at random. Round-1 turn position
    follows the character numbers (as in Maharaja) when `maharaja_order`, else it is a
    random permutation independent of the characters. The winner is drawn with weight
    win_by_order[position] * char_weight[character]. With `new_columns` the frame also
    carries choice_order (= seat), turns_<Character> and act_<action> columns;
    actions named in `never` are never taken.
    """
    import numpy as np

    from simcore.maharaja.enums import ACTION_NAMES

    rng = np.random.default_rng(seed)
    chars6 = CHARACTER_NAMES[:6]
    weight = char_weight or {}
    rows = []
    for g in range(games):
        dealt = rng.choice(6, players, replace=False)
        order = np.argsort(np.argsort(dealt)) if maharaja_order else rng.permutation(players)
        w = np.array(
            [win_by_order[order[s]] * weight.get(chars6[dealt[s]], 1.0) for s in range(players)]
        )
        win = int(rng.choice(players, p=w / w.sum()))
        rounds = int(rng.integers(8, 11))
        for s in range(players):
            rows.append(
                {
                    "game_id": g,
                    "seat": s,
                    "players": players,
                    "strategy": "scripted" if s % 2 else "greedy",
                    "start_character": chars6[dealt[s]],
                    "end_character": chars6[dealt[s]],
                    "palaces": 7 if s == win else 3,
                    "gold": 10,
                    "rank": 1 if s == win else 2,
                    "rounds": rounds,
                    "end_reason": "field10",
                    "first_order": int(order[s]),
                    "characters_held": 1 << int(dealt[s]),
                    "errors": 0,
                    "winner": s == win,
                }
            )
    df = pl.DataFrame(rows).with_columns(
        pl.col("seat", "players", "palaces", "rank", "rounds", "first_order").cast(pl.Int8),
        pl.col("characters_held").cast(pl.Int8),
        pl.col("gold", "errors").cast(pl.Int16),
    )
    if new_columns:
        df = df.with_columns(pl.col("seat").alias("choice_order"))
        df = df.with_columns(
            [
                pl.when(pl.col("start_character") == c)
                .then(pl.col("rounds"))
                .otherwise(0)
                .cast(pl.Int16)
                .alias(f"turns_{c}")
                for c in CHARACTER_NAMES
            ]
        )
        acts = []
        for i, a in enumerate(ACTION_NAMES):
            value = pl.lit(0) if a in never else (pl.col("rounds") + i + pl.col("seat")) % 3
            acts.append(value.cast(pl.Int16).alias(f"act_{a}"))
        df = df.with_columns(acts)
    return df
