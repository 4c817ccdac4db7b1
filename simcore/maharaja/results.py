"""The results contract: typed rows per (game, seat), written as Parquet chunks of a run.

Workers turn the kernel's record block into an Arrow table (pyarrow, which is
safe in forked workers; polars' thread pool is not); simcore.core.store.results_io encodes it
as Parquet and reads run directories back.
Every column is documented in docs/RESULTS.md; columns may be added, never
renamed.
"""

from __future__ import annotations

import numpy as np
import polars as pl
import pyarrow as pa

from simcore.core.contract.results_table import (
    RuleColumns,
    changed_rule_columns,
)
from simcore.core.errors import InputError

from .enums import CHARACTER_NAMES, END_REASON_NAMES
from .records import REC, RECORDS
from .rules import PLAYER_COUNTS, RuleSet

# The fixed columns, in file order; record columns not listed keep their record name.
# Gold and the gold counters are Int32: rule values are bounded (rules.py) so that they
# cannot overflow it, which Int16 could not promise (a Monk walking back and forth is
# paid by the bank on every pass).
BASE_COLUMNS = RECORDS.types()  # the table's columns before the variant and rule ones
# Variant switch column -> RuleSet field (one column per switch, on or off).
VARIANT_COLUMNS: dict[str, str] = {
    "variant_short": "short_game",
    "variant_yogi": "yogi",
    "variant_neutral": "neutral_palaces",
    "variant_auction": "auction",
    "variant_home": "home_cities",
    "variant_several": "several_characters",
}
_SWITCH_FIELDS = set(VARIANT_COLUMNS.values())
MAX_ROUND_CAP = 127  # `rounds` is Int8


def check_fits(rules: RuleSet) -> None:
    """Refuse rules whose results would not fit the typed columns."""
    if rules.round_cap > MAX_ROUND_CAP:
        raise InputError(
            f"round_cap must be <= {MAX_ROUND_CAP} for batch runs (rounds is stored as Int8), "
            f"got {rules.round_cap}"
        )


def rule_columns(rules: RuleSet, n_players: int) -> RuleColumns:
    """`rule_<key>` -> (type, value) for every rule value that differs from the rulebook.

    Variant switches are left out (they have their variant_* columns); payouts become
    the run's row as text ("12,9,6,3"), `deal` text, other integers Int32, other flags
    Boolean.
    """
    changed = rules.diff_from_default()
    if "payouts" in changed:
        changed["payouts"] = rules.payouts[PLAYER_COUNTS.index(n_players)]
    return changed_rule_columns(changed, _SWITCH_FIELDS)


def records_table(
    rec: np.ndarray, first_game: int, seat_names: tuple[str, ...], rules: RuleSet
) -> pa.Table:
    """rec: (games, players, N_REC) from play_batch -> the contract's table, game ids from
    first_game; seat_names: the registered strategy name of each seat."""
    switches = {name: getattr(rules, fld) for name, fld in VARIANT_COLUMNS.items()}
    rule_cols = rule_columns(rules, rec.shape[1])
    return RECORDS.table(rec, first_game, seat_names, {}, switches, rule_cols)


def records_frame(rec: np.ndarray, first_game: int, strategy_names: list[str]) -> pl.DataFrame:
    """In-memory frame with integer codes (strategy id, character and end-reason codes).

    Kept for callers that play games without a run directory; batch runs write the
    contract's columns (records_table).
    """
    n_games, n_players, _ = rec.shape
    flat = rec.reshape(n_games * n_players, -1)
    cols: dict[str, pl.Series] = {
        "game_id": pl.Series(np.repeat(np.arange(first_game, first_game + n_games), n_players)),
        "seat": pl.Series(np.tile(np.arange(n_players), n_games), dtype=pl.Int8),
        "players": pl.Series(np.full(len(flat), n_players), dtype=pl.Int8),
    }
    small = {"start_character", "end_character", "palaces", "rank", "end_reason", "first_order",
             "choice_order"}  # fmt: skip
    for i, name in enumerate(REC.RECORD_COLUMNS):
        typ = pl.Int8 if name in small else pl.Int16 if name in ("strategy", "rounds") else pl.Int32
        cols[name] = pl.Series(flat[:, i], dtype=typ)
    names = np.array(strategy_names + ["-"], dtype=object)
    cols["strategy_name"] = pl.Series(names[flat[:, 0]].tolist(), dtype=pl.String)
    df = pl.DataFrame(cols)
    return df.with_columns((pl.col("rank") == 0).alias("winner"))


def character_label(k: int) -> str:
    return CHARACTER_NAMES[k] if 0 <= k < len(CHARACTER_NAMES) else "-"


def end_reason_label(r: int) -> str:
    return END_REASON_NAMES[r] if 0 <= r < len(END_REASON_NAMES) else str(r)
