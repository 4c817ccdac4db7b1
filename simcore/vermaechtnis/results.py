"""The results contract of Vermächtnis: typed rows per (game, seat), as a pyarrow table.

Columns may be added, never renamed. `rank` is 0 for every winner; `winner` is true for
every first place and `win_share` is 1/k for each of k winners of a shared first place
(V-E2), so win shares sum to 1 per game.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyarrow as pa

from . import record_layout as REC
from .enums import END_REASON_NAMES, TIE_NAMES
from .rules import RuleSet

# Every rule value is bounded (rules.py) so that these types hold any game: money and
# points stay below 1 300, turns below 600, rupee totals below 100 000.
BASE_COLUMNS: dict[str, pa.DataType] = {
    "game_id": pa.int64(),
    "seat": pa.int8(),
    "players": pa.int8(),
    "strategy": pa.string(),
    "start_money": pa.int16(),
    "rank": pa.int8(),
    "winner": pa.bool_(),
    "win_share": pa.float64(),
    "points": pa.int16(),
    "antique_points": pa.int16(),
    "collection_points": pa.int16(),
    "money_points": pa.int16(),
    "money": pa.int16(),
    "antiques": pa.int8(),
    "bought": pa.int8(),
    "collections": pa.int8(),
    "collections_taken": pa.int32(),
    "lone_discards": pa.int8(),
    "lone_points": pa.int16(),
    "gave_up": pa.int8(),
    "taxes": pa.int32(),
    "spent": pa.int32(),
    "own_turns": pa.int16(),
    "extra_turns": pa.int16(),
    "turns": pa.int16(),
    "days": pa.int8(),
    "end_reason": pa.string(),
    "tie": pa.string(),
    "errors": pa.int16(),
    **dict.fromkeys(REC.ACTION_COLUMNS, pa.int16()),
}
VARIANT_COLUMNS: dict[str, str] = {"variant_grey": "grey_sides"}  # column -> RuleSet field
_ENDS = pa.array(END_REASON_NAMES, pa.string())
_TIES = pa.array(TIE_NAMES, pa.string())


def check_fits(rules: RuleSet) -> None:
    """Nothing to refuse: every rule value is bounded so that the typed columns hold any
    game (see BASE_COLUMNS); kept for the contract (GamePlugin.check_batch)."""


def rule_columns(rules: RuleSet) -> dict[str, tuple[pa.DataType, Any]]:
    """`rule_<key>` -> (type, value) for every rule value that differs from the rulebook;
    switches with a variant_* column are left out, price rows become text ("4,4,3,2,2")."""
    out: dict[str, tuple[pa.DataType, Any]] = {}
    switches = set(VARIANT_COLUMNS.values())
    for key, value in rules.diff_from_default().items():
        if key in switches:
            continue
        if isinstance(value, list):
            out[f"rule_{key}"] = (pa.string(), ",".join(str(x) for x in value))
        elif isinstance(value, bool):
            out[f"rule_{key}"] = (pa.bool_(), value)
        else:
            out[f"rule_{key}"] = (pa.int32(), int(value))
    return out


def _labels(codes: np.ndarray, names: pa.Array) -> pa.Array:
    ok = (codes >= 0) & (codes < len(names))
    idx = pa.array(np.where(ok, codes, 0).astype(np.int32), mask=~ok)
    return pa.DictionaryArray.from_arrays(idx, names).cast(pa.string())


def win_shares(rec: np.ndarray) -> np.ndarray:
    """(games, players) share of each game's win: 1/k for each of k winners (rank 0)."""
    won = rec[:, :, REC.RANK] == 0
    return won / np.maximum(won.sum(axis=1, keepdims=True), 1)


def records_table(
    rec: np.ndarray, first_game: int, seat_names: tuple[str, ...], rules: RuleSet
) -> pa.Table:
    """rec: (games, players, N_REC) from play_batch -> the contract's table, game ids from
    first_game; seat_names: the registered strategy name of each seat."""
    n_games, n_players, _ = rec.shape
    n = n_games * n_players
    cols = np.ascontiguousarray(rec.reshape(n, -1).T)
    col = {name: i for i, name in enumerate(REC.RECORD_COLUMNS)}
    seat = np.tile(np.arange(n_players, dtype=np.int8), n_games)
    won = rec[:, :, REC.RANK] == 0
    share = win_shares(rec)
    arrays: dict[str, pa.Array] = {
        "game_id": pa.array(np.repeat(np.arange(first_game, first_game + n_games), n_players)),
        "seat": pa.array(seat),
        "players": pa.array(np.full(n, n_players, dtype=np.int8)),
        "strategy": _labels(seat, pa.array(seat_names, pa.string())),
        "winner": pa.array(won.reshape(n)),
        "win_share": pa.array(share.reshape(n).astype(np.float64)),
        "end_reason": _labels(cols[col["end_reason"]], _ENDS),
        "tie": _labels(cols[col["tie"]], _TIES),
    }
    for name, typ in BASE_COLUMNS.items():
        if name not in arrays:
            i, dtype = col[name], typ.to_pandas_dtype()
            info = np.iinfo(dtype)
            if cols[i].size and (cols[i].min() < info.min or cols[i].max() > info.max):
                raise OverflowError(f"results column {name} out of range for {typ}")
            arrays[name] = pa.array(cols[i].astype(dtype))
    for name, fld in VARIANT_COLUMNS.items():
        arrays[name] = pa.array(np.full(n, getattr(rules, fld)))
    for name, (typ, value) in rule_columns(rules).items():
        arrays[name] = pa.repeat(pa.scalar(value, typ), n)
    order = [*BASE_COLUMNS, *VARIANT_COLUMNS, *sorted(k for k in arrays if k.startswith("rule_"))]
    return pa.table({k: arrays[k] for k in order})
