"""The issue-26 fair game: six characters dealt at random, turn order by character number
but irrelevant to the outcome (every seat wins with the same weight). The joint model
must quote no effect as significant and no number for a character seen at one position
only, and the verdict procedure must call nothing above or below fair; competence flags
a bot that never takes an action the stronger bot takes often."""

import polars as pl

from analyses.competence import assess
from analyses.joint_keys import fit_frame
from analyses.verdict import ABOVE, BELOW, decide
from simcore.core.contract.plugin import JointKeys
from tests.report_fixtures import synthetic_frame

JOINT = JointKeys("start_character", "first_order")


def test_fair_game_joint_model_and_verdict_find_nothing():
    for seed in range(3):
        df = synthetic_frame(5000, seed=seed, win_by_order=(1, 1, 1, 1))
        fit = fit_frame("r", 4, df, JOINT)
        # the Mogul (always 1st) and the highest card in play at its last position: words
        assert fit.get("factor", "Mogul") is None
        assert not any(e.significant for e in fit.effects), fit.effects
        assert "Warning" not in fit.note
        counts = (
            df.group_by("start_character")
            .agg(pl.col("winner").cast(pl.Float64).sum().alias("wins"), pl.len().alias("n"))
            .rename({"start_character": "value"})
            .with_columns(
                pl.lit(4).alias("players"), pl.lit("bot").alias("bot"), pl.lit(5000).alias("games")
            )  # fmt: skip
        )
        v = decide(counts, "start_character")
        assert not any(f.verdict in (ABOVE, BELOW) for f in v.findings)
        assert v.balanced()[4] is not False


def test_a_bot_that_never_swaps_is_left_out():
    # "strong" swaps 3 times per seat and game; "frozen" never (act_Character = 0); Gold is
    # taken alike by both (no gap)
    strong = synthetic_frame(400, seed=1).with_columns(pl.lit(3).alias("act_Character")).lazy()
    frozen = synthetic_frame(400, seed=2, never=("Character",)).lazy()
    comp = assess({"frozen": frozen, "strong": strong}, ["frozen", "strong"])
    assert comp.left_out == {"frozen": ["Character"]}
    assert comp.competent(["frozen", "strong"]) == ["strong"]
    assert "plays without Character" in comp.why("frozen")


def test_decision_kinds_are_measured_like_actions():
    # dk_<kind> (docs/RESULTS.md): "strong" answers 2 decisions of kind "lure" per seat and
    # game, "shy" none; a kind nobody is asked ("bid") is listed as unused, never a reason
    from analyses.actions import action_mix

    def frame(seed: int, lure: int):
        df = synthetic_frame(300, seed=seed)
        return df.with_columns(pl.lit(lure).cast(pl.Int16).alias("dk_lure"),
                               pl.lit(0).cast(pl.Int16).alias("dk_bid")).lazy()  # fmt: skip

    comp = assess({"shy": frame(3, 0), "strong": frame(4, 2)}, ["shy", "strong"])
    assert comp.left_out == {"shy": ["decision: lure"]}
    assert comp.unused == ["decision: bid"]
    u = comp.usage.filter((pl.col("bot") == "strong") & (pl.col("action") == "decision: lure"))
    assert u["per_seat"].item() == 2.0
    # the per-round mix lists the actions first, then the decision kinds
    mix = action_mix(frame(4, 2).with_columns(pl.lit("r").alias("run")))
    names = list(dict.fromkeys(mix["action"].to_list()))
    assert names[-2:] == ["decision: lure", "decision: bid"] and names[0] == "Gold"
