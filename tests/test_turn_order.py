"""Character vs turn order: the joint model on games whose winner depends on known weights."""

import polars as pl
import pytest

from analyses.joint_keys import cell_rates, fit_frame, joint_model
from analyses.rates import win_rates
from simcore.core.contract.plugin import JointKeys
from tests.report_fixtures import synthetic_frame

WIN = (0.4, 0.25, 0.2, 0.15)  # the winner is drawn by round-1 position only
JOINT = JointKeys("start_character", "first_order")


def _labelled(df: pl.DataFrame) -> pl.LazyFrame:
    return df.with_columns(pl.lit("r").alias("run")).lazy()


@pytest.fixture(scope="module")
def turn_only():
    """Maharaja-like: position follows the character numbers; winning depends on position."""
    return _labelled(synthetic_frame(12000, seed=7, win_by_order=WIN))


def test_turn_order_alone_gives_no_character_effect(turn_only):
    # The raw figures make the Mogul (always first) look strong and the Artist (always
    # last) weak, although the card plays no part in who wins.
    raw = {r["start_character"]: r["rate"] for r in win_rates(turn_only, "start_character")
           .iter_rows(named=True)}  # fmt: skip
    assert raw["Mogul"] > 0.37 and raw["Artist"] < 0.18
    fit = joint_model(turn_only, JOINT)[0]
    assert fit.ok, fit.note
    for e in (e for e in fit.effects if e.factor == "factor"):
        assert e.lo <= 0.0 <= e.hi, e
    # Acting first: built in as 40% against the fair 25% -> +15 points.
    first = fit.get("position", 0)
    assert first.lo <= 0.15 <= first.hi and abs(first.effect - 0.15) < 0.02
    last = fit.get("position", 3)
    assert last.lo <= -0.10 <= last.hi
    # Mogul and Artist only ever hold one position: words, no number (their power is that
    # position; an effect would rest on the additive assumption alone).
    assert set(fit.one_position) == {"Mogul", "Artist"}
    assert "Mogul always acts at position 1" in fit.note
    assert fit.get("factor", "Mogul") is None and fit.get("factor", "Artist") is None
    assert fit.lr_p > 0.05  # the data were drawn additively (position only)


def test_character_alone_gives_no_turn_effect():
    lf = _labelled(
        synthetic_frame(
            12000,
            seed=8,
            win_by_order=(1, 1, 1, 1),
            char_weight={"Sadhu": 0.4},
            maharaja_order=False,
        )  # fmt: skip
    )
    fit = joint_model(lf, JOINT)[0]
    for e in (e for e in fit.effects if e.factor == "position"):
        assert e.lo <= 0.0 <= e.hi, e
    sadhu = fit.get("factor", "Sadhu")
    assert sadhu.hi < -0.05  # a weight of 0.4 against 1 for the other three seats
    # Against the others, 0.4 / (0.4 + 3) = 11.8% for the Sadhu when present: -13.2 pts.
    assert sadhu.lo <= 0.118 - 0.25 <= sadhu.hi


def test_cells_count_every_character_position_pair(turn_only):
    cells = cell_rates(turn_only, JOINT)
    direct = turn_only.collect().group_by("start_character", "first_order").len()
    assert cells.height == direct.height
    assert cells["n"].sum() == 12000 * 4
    # Mogul is only ever first; Artist only ever last.
    mogul = cells.filter(pl.col("start_character") == "Mogul")
    assert mogul["first_order"].to_list() == [0]


def test_separation_and_degenerate_designs_give_a_note_not_a_traceback():
    df = synthetic_frame(400, seed=9, win_by_order=WIN, maharaja_order=False)
    # The Sadhu never wins: perfect separation.
    never = df.with_columns(
        pl.when(pl.col("start_character") == "Sadhu").then(False).otherwise(pl.col("winner"))
        .alias("winner")
    )  # fmt: skip
    fit = fit_frame("r", 4, never, JOINT)
    assert not fit.ok and "never wins" in fit.note and "Sadhu" in fit.note
    # Position a function of the character, one to one: the two cannot be told apart.
    rank = {c: i for i, c in enumerate(["Mogul", "Merchant", "Sadhu", "Monk"])}
    tied = df.filter(pl.col("start_character").is_in(list(rank)))
    tied = tied.with_columns(
        pl.col("start_character").replace_strict(rank, return_dtype=pl.Int64).alias("first_order")
    )
    fit = fit_frame("r", 4, tied, JOINT)
    assert not fit.ok and "cannot be told apart" in fit.note
    # One character only.
    one = df.with_columns(pl.lit("Mogul").alias("start_character"))
    fit = fit_frame("r", 4, one, JOINT)
    assert not fit.ok and "only one level" in fit.note


def test_interaction_rejects_the_additive_model_and_exact_fits_give_words():
    """Winning depends on the combination (the Sadhu wins only when acting last): the
    additive model is rejected and no number is quoted; a design with as many parameters as
    combinations gives words, not a library's warning."""
    df = synthetic_frame(6000, seed=10, win_by_order=(1, 1, 1, 1), maharaja_order=False)
    sadhu_last = (pl.col("start_character") == "Sadhu") & (pl.col("first_order") == 3)
    game_has = sadhu_last.any().over("game_id")
    inter = df.with_columns(
        pl.when(game_has).then(sadhu_last).otherwise(pl.col("winner")).alias("winner")
    )
    fit = fit_frame("r", 4, inter, JOINT)
    assert not fit.ok and "do not add up" in fit.note and fit.lr_p < 0.001
    two = df.filter(pl.col("start_character").is_in(["Mogul", "Sadhu"])).with_columns(
        pl.col("first_order").clip(0, 1)
    )
    fit = fit_frame("r", 4, two, JOINT)  # 2 x 2 combinations, 3 parameters: 1 df, fitted
    three = two.filter(~((pl.col("start_character") == "Sadhu") & (pl.col("first_order") == 1)))
    fit = fit_frame("r", 4, three, JOINT)  # 3 combinations, 3 parameters
    assert not fit.ok and "as many parameters" in fit.note and "Warning" not in fit.note
