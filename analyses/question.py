"""The verdict of a question key (a study's `question_keys`): per player count and value, do
the seats holding that value win more or less than the average value's holders?

A question key is a further key of the plug-in, a plain `Key` (one value per seat) or a
`MaskKey` (one bit per value; a seat may hold several). Its values are not dealt at
random: holding one is what play does, not dealt power ("as played"). Per (players, bot,
value) cell the figure is the value's rate (win share of the seats holding it) minus the
mean of those rates over the key's values, and its verdict comes from analyses.verdict's
decision code: above / below (the adjusted interval wholly beyond +delta / -delta), fair
(it lies within ±delta: the equivalence test) or undetermined; across bots the strongest
competent bot's (the top rung's, open when it is open), the same way. The family is the
question's cells of one player count under that bot (the values; the weaker bots' cells are
descriptive, analyses.verdict.family_size), Bonferroni (analyses.multiple.family_z), like
the primary verdicts.

The interval: seats of one game share its outcome, a seat may hold several values, and the
mean involves every value, so the rates are correlated. The variance of the difference is
the delta-method (linearised ratio) variance clustered by game: each game's contribution
to every rate, summed over games (a sandwich estimator; no independence assumed). A cell
with fewer than SUPPORT seats stays undetermined (the normal approximation needs them).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import polars as pl

from simcore.core.contract.plugin import GamePlugin, Key, MaskKey

from .multiple import SUPPORT, family_z
from .rates import win
from .verdict import (
    ALPHA,
    DELTA,
    EDGE,
    POWER_Z,
    UNDETERMINED,
    Cell,
    Verdicts,
    cell_verdict,
    family_size,
    findings,
)

AS_PLAYED = "as played: holding it is what play does, not dealt power"


@dataclass(frozen=True)
class Question:
    """A question key's verdicts (one Finding per players and value, key = its column)."""

    key: Key | MaskKey
    verdicts: Verdicts


def question_key(game: GamePlugin, column: str) -> Key | MaskKey:
    """The plug-in's key or mask key of that column (KeyError when it has none)."""
    for k in (*game.keys, *game.mask_keys):
        if k.column == column:
            return k
    raise KeyError(column)


def value_words(key: Key | MaskKey, value) -> str:
    return key.words(value) if isinstance(key, Key) else str(value)


def per_game(lf: pl.LazyFrame, key: Key | MaskKey, players: int) -> pl.DataFrame:
    """Per game and value: wins (shares) and seats holding it, at this player count."""
    lf = lf.filter(pl.col("players") == players)
    w = win(lf).alias("w")
    if isinstance(key, MaskKey):
        m = pl.col(key.column).cast(pl.Int64)
        parts = [
            lf.filter(m.is_not_null() & ((m & (1 << k)) != 0))
            .select("game_id", w)
            .with_columns(pl.lit(name).alias("value"))
            for k, name in enumerate(key.order)
        ]
        long = pl.concat(parts)
    else:
        long = lf.filter(pl.col(key.column).is_not_null()).select(
            "game_id", w, pl.col(key.column).alias("value")
        )
    return long.group_by("game_id", "value").agg(pl.col("w").sum(), pl.len().alias("k")).collect()


def relative_cells(table: pl.DataFrame, games: int, order: Sequence = ()) -> list[dict]:
    """From per-game wins `w` and seats `k` per value (one bot, one player count), per value:
    wins, n, rate, effect (rate minus the mean rate over the values) and its clustered
    standard error. Values nobody held are left out; fewer than two values: nothing."""
    values = sorted(set(table["value"].to_list()), key=str)
    values = [v for v in order if v in values] + [v for v in values if v not in order]
    if len(values) < 2 or games < 2:
        return []
    gid = table["game_id"].to_numpy()
    ids, g = np.unique(gid, return_inverse=True)
    col = {v: i for i, v in enumerate(values)}
    j = np.array([col[v] for v in table["value"].to_list()])
    n_games = max(games, len(ids))
    w = np.zeros((len(ids), len(values)))
    k = np.zeros((len(ids), len(values)))
    np.add.at(w, (g, j), table["w"].to_numpy().astype(float))
    np.add.at(k, (g, j), table["k"].to_numpy().astype(float))
    wins, n = w.sum(0), k.sum(0)
    rate = wins / n
    z = (w - rate * k) / n  # each game's contribution to each rate (linearised ratio)
    d = z - z.mean(axis=1, keepdims=True)  # ... and to each rate minus the mean rate
    # games that hold none of the values contribute zero; the correction counts every game
    var = (d * d).sum(0) * n_games / (n_games - 1)
    effect = rate - rate.mean()
    return [
        {"value": v, "wins": float(wins[i]), "n": int(n[i]), "rate": float(rate[i]),
         "effect": float(effect[i]), "se": float(math.sqrt(var[i]))}
        for i, v in enumerate(values)
    ]  # fmt: skip


def games_to_decide(effect: float, se: float, z: float, games: int, n: int,
                    delta: float = DELTA) -> int | None:  # fmt: skip
    """Games at which the interval effect ± z·se (se shrinking as 1/sqrt(games)) would decide,
    if the effect stayed where it is; None when it never would (on the margin)."""
    grow = SUPPORT / n if 0 < n < SUPPORT else 1.0
    room = abs(abs(effect) - delta)  # distance to the band's edge
    if se <= 0 or room <= EDGE:
        return math.ceil(games * grow) if grow > 1 else None
    return math.ceil(games * max(grow, (z * se / room) ** 2))


def decide_relative(
    cells: pl.DataFrame,
    key: str,
    delta: float = DELTA,
    alpha: float = ALPHA,
    order=(),
    strength: dict[int, list[str]] | None = None,
) -> Verdicts:
    """Verdicts from relative cells with columns players, bot, value, wins, n, games, rate,
    effect, se (relative_cells, one frame for all bots and counts): each value's effect
    against 0 with the family's z, then across bots as analyses.verdict does."""
    out: list[Cell] = []
    zs, dets, seats, sizes = {}, {}, {}, {}
    for players in sorted(set(cells["players"].to_list())):
        fam = cells.filter(pl.col("players") == players)
        top, sizes[players] = family_size(fam, (strength or {}).get(players, ()))
        z = family_z(sizes[players], alpha)
        zs[players] = z
        for r in fam.iter_rows(named=True):
            lo, hi = r["effect"] - z * r["se"], r["effect"] + z * r["se"]
            v = cell_verdict(lo, hi, 0.0, delta) if r["n"] >= SUPPORT else UNDETERMINED
            need = None
            if v == UNDETERMINED:
                need = games_to_decide(r["effect"], r["se"], z, r["games"], r["n"], delta)
            centre = r["rate"] - r["effect"]  # the mean rate: the cell's "fair"
            out.append(Cell(players, r["bot"], r["value"], r["wins"], r["n"], r["games"],
                            r["rate"], centre + lo, centre + hi, v, need, centre,
                            r["se"]))  # fmt: skip
        deciding = fam.filter(pl.col("bot") == top)
        seats[players] = int(deciding["n"].min())
        dets[players] = (z + POWER_Z) * float(deciding["se"].max())
    return Verdicts(key, delta, alpha, out, findings(out, key, alpha, order, strength), zs, dets,
                    seats, sizes)  # fmt: skip


def question_verdicts(frames: dict, bots: dict[int, list[str]], key: Key | MaskKey,
                      delta: float = DELTA) -> Verdicts | None:  # fmt: skip
    """The question's verdicts over the primary verdicts' frames ({(players, bot):
    (LazyFrame, games)}) and competent bots; None when no count has two values held."""
    rows = []
    for players, ok in sorted(bots.items()):
        for b in ok:
            lf, games = frames[(players, b)]
            if key.column not in lf.collect_schema().names():
                continue
            for c in relative_cells(per_game(lf, key, players), games, key.order):
                rows.append({"players": players, "bot": b, "games": games, **c})
    if not rows:
        return None
    return decide_relative(pl.DataFrame(rows), key.column, delta, order=key.order,
                           strength=bots)  # fmt: skip
