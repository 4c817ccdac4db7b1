"""Question keys (analyses.question) on games whose answer is known: a value whose holders
are planted to win more is named above (and the others, then below the mean, below); a fair
key comes out fair; a mask key whose bits overlap works; and every study's question keys
name a key of its plug-in."""

import numpy as np
import polars as pl

from analyses.question import per_game, question_key, question_verdicts, relative_cells
from analyses.verdict import ABOVE, BELOW, FAIR
from simcore.core.contract.games import games
from simcore.core.contract.plugin import Key, MaskKey


def _winners(weights: np.ndarray, rng) -> np.ndarray:
    """One winner per game (row), drawn with probability proportional to the seat's weight."""
    p = weights / weights.sum(1, keepdims=True)
    return (p.cumsum(1) > rng.random((len(p), 1))).argmax(1)


def _frame(values: np.ndarray, weights: np.ndarray, rng, column: str) -> pl.LazyFrame:
    games, players = values.shape
    won = np.zeros((games, players), dtype=bool)
    won[np.arange(games), _winners(weights, rng)] = True
    return pl.LazyFrame({
        "game_id": np.repeat(np.arange(games), players),
        "players": np.full(games * players, players),
        "winner": won.ravel(),
        column: values.ravel(),
    })  # fmt: skip


def _verdicts(lf, key, games, players=4):
    v = question_verdicts({(players, "bot"): (lf, games)}, {players: ["bot"]}, key)
    return {f.value: f for f in v.findings}


def test_a_planted_value_is_named_above_and_a_fair_key_is_fair():
    rng = np.random.default_rng(1)
    games = 20_000
    values = np.array([rng.permutation(4) for _ in range(games)])  # one value per seat
    key = Key("colour", "colour", "colours", order=(0, 1, 2, 3))
    # value 0's holder: weight 1.6 against 1 -> 1.6 / 4.6 = 34.8% against 21.7%; the mean
    # of the four rates is 25%, so value 0 is +9.8 points and the others -3.3
    fs = _verdicts(_frame(values, np.where(values == 0, 1.6, 1.0), rng, "colour"), key, games)
    assert fs[0].verdict == ABOVE and abs(fs[0].effect - 0.098) < 0.02
    assert all(fs[v].verdict == BELOW for v in (1, 2, 3))
    assert fs[0].lo < fs[0].effect < fs[0].hi
    # the same deal, nobody favoured: every value within ±2 points of the mean
    fs = _verdicts(_frame(values, np.ones(values.shape), rng, "colour"), key, games)
    assert {f.verdict for f in fs.values()} == {FAIR}, {v: f.verdict for v, f in fs.items()}


def test_a_mask_key_with_overlapping_bits():
    rng = np.random.default_rng(2)
    games = 20_000
    bits = rng.random((games, 4, 3)) < 0.4  # each seat holds each of 3 values with p = 0.4
    masks = (bits * (1 << np.arange(3))).sum(2)
    assert ((masks & (masks - 1)) != 0).any()  # some seats hold several
    key = MaskKey("held", "each value held", ("x", "y", "z"))
    fs = _verdicts(_frame(masks, np.where(bits[..., 0], 2.0, 1.0), rng, "held"), key, games)
    assert fs["x"].verdict == ABOVE and fs["x"].effect > 0.05
    assert fs["y"].verdict == BELOW and fs["z"].verdict == BELOW  # under the raised mean
    # cross-check the rates against a direct count: seats holding x that won / seats holding x
    lf = _frame(masks, np.where(bits[..., 2], 1.0, 1.0), rng, "held")
    df = lf.collect()
    held = (df["held"] & 1) != 0
    direct = df.filter(held)["winner"].mean()
    t = lf.filter(pl.col("players") == 4).collect()

    cells = {c["value"]: c for c in relative_cells(per_game(t.lazy(), key, 4), games)}
    assert abs(cells["x"]["rate"] - direct) < 1e-12
    assert abs(sum(c["effect"] for c in cells.values())) < 1e-12  # effects sum to 0
    fs = _verdicts(lf, key, games)
    assert {f.verdict for f in fs.values()} == {FAIR}


def test_too_few_seats_stay_undetermined():
    rng = np.random.default_rng(3)
    values = np.array([rng.permutation(4) for _ in range(40)])
    key = Key("colour", "colour", "colours")
    fs = _verdicts(_frame(values, np.where(values == 0, 5.0, 1.0), rng, "colour"), key, 40)
    assert all(f.verdict == "undetermined" and f.need for f in fs.values())


def test_every_study_question_key_is_a_key_of_its_game():
    for g in games().values():
        for st in g.studies(g.default_players).values():
            for name in st.question_keys:
                assert question_key(g, name).column == name


def test_standard_error_by_hand_two_values_two_seats():
    # two seats, values a and b one each, one winner: r_a + r_b = 1, so the effect of a is
    # r_a - 1/2 and its standard error the binomial sqrt(p(1-p)/G) (with G/(G-1))
    rng = np.random.default_rng(4)
    games = 5_000
    values = np.array([rng.permutation(2) for _ in range(games)])
    lf = _frame(values, np.where(values == 0, 1.5, 1.0), rng, "v")

    cells = {c["value"]: c for c in relative_cells(per_game(lf, Key("v", "v", "v"), 2), games)}
    p = cells[0]["rate"]
    assert abs(cells[0]["effect"] - (p - 0.5)) < 1e-12
    se = (p * (1 - p) / games * games / (games - 1)) ** 0.5
    assert abs(cells[0]["se"] - se) < 1e-9 and abs(cells[1]["se"] - se) < 1e-9


def test_two_bots_that_disagree_quote_the_stronger():
    # a (weaker) finds colour 0 above the average, b (stronger) below it: the cell is b's,
    # named, and a's figure stays in the skill trend
    rng = np.random.default_rng(5)
    games = 20_000
    values = np.array([rng.permutation(4) for _ in range(games)])
    key = Key("colour", "colour", "colours", order=(0, 1, 2, 3))
    up = _frame(values, np.where(values == 0, 1.6, 1.0), rng, "colour")
    down = _frame(values, np.where(values == 0, 0.6, 1.0), rng, "colour")
    v = question_verdicts({(4, "a"): (up, games), (4, "b"): (down, games)}, {4: ["a", "b"]}, key)
    f = next(f for f in v.findings if f.value == 0)
    assert f.bots == {"a": ABOVE, "b": BELOW} and f.verdict == BELOW and not f.robust
    assert f.reference == "b" and f.effects["a"][0] > 0 > f.effects["b"][0]
