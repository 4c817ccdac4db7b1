"""Robustness across bots: verdict logic on hand-built win counts, Holm's adjustment, the
head-to-head share and its arrangements, and the headline sentences."""

import math

import numpy as np
import polars as pl
import pytest

from analyses.robustness import (
    DEPENDS,
    FAIR,
    HOLDS,
    LadderPlan,
    Robustness,
    headline_sentences,
    holm,
    ladder_strengths,
    not_a_ladder,
    spread,
    step_strength,
    verdicts,
    with_wilson,
)
from jobs.ladder import arrangements
from simcore.core.contract.games import get_game

RUNGS = ["a", "b", "c"]
KEY = get_game("maharaja").primary
ORDER = KEY.order


def _table(cells: dict[tuple[str, str], tuple[int, int]], fair=0.25) -> pl.DataFrame:
    rows = [{"rung": r, "value": c, "wins": w, "n": n} for (r, c), (w, n) in cells.items()]
    return with_wilson(pl.DataFrame(rows), fair)


def test_verdicts_holds_depends_fair():
    n = 4000
    cells = {}
    for r in RUNGS:
        cells[r, "Sadhu"] = (int(0.15 * n), n)  # 15% everywhere: far below 25%
        cells[r, "Monk"] = (int(0.25 * n), n)  # exactly fair everywhere
    # Merchant: far above under a and b, far below under c
    cells["a", "Merchant"] = (int(0.40 * n), n)
    cells["b", "Merchant"] = (int(0.38 * n), n)
    cells["c", "Merchant"] = (int(0.12 * n), n)
    # Mogul: far above under a and b, fair under c (same side nowhere significant there)
    cells["a", "Mogul"] = (int(0.35 * n), n)
    cells["b", "Mogul"] = (int(0.35 * n), n)
    cells["c", "Mogul"] = (int(0.25 * n), n)
    v = {r["value"]: r for r in verdicts(_table(cells), RUNGS, ORDER).iter_rows(named=True)}
    assert v["Sadhu"]["verdict"] == HOLDS and "below" in v["Sadhu"]["detail"]
    assert v["Monk"]["verdict"] == FAIR
    assert v["Merchant"]["verdict"] == DEPENDS
    assert "above fair under a, b" in v["Merchant"]["detail"]
    assert "below fair under c" in v["Merchant"]["detail"]
    assert v["Mogul"]["verdict"] == DEPENDS and "n.s. under c" in v["Mogul"]["detail"]
    assert v["Merchant"]["min_rate"] == pytest.approx(0.12)
    assert v["Merchant"]["max_rate"] == pytest.approx(0.40)
    # verdict rows follow card order (Mogul, Merchant, Sadhu, Monk)
    assert list(v) == ["Mogul", "Merchant", "Sadhu", "Monk"]


def test_holm_correction_removes_a_marginal_cell():
    # 28% of 1000 against 25%: p ≈ 0.03 alone, not after Holm over 3 x 2 cells
    n = 1000
    cells = {(r, "Artist"): (280, n) for r in RUNGS}
    cells |= {(r, "Builder"): (250, n) for r in RUNGS}
    t = _table(cells)
    from analyses.robustness import fair_p_value

    assert fair_p_value(280, n, 0.25) < 0.05
    v = {r["value"]: r["verdict"] for r in verdicts(t, RUNGS, ORDER).iter_rows(named=True)}
    assert v == {"Builder": FAIR, "Artist": FAIR}


def test_holm_by_hand():
    # p = (0.01, 0.04, 0.03, 0.005), m = 4: sorted 0.005*4, 0.01*3, 0.03*2, 0.04*1 -> running max
    adj = holm(np.array([0.01, 0.04, 0.03, 0.005]))
    assert adj == pytest.approx([0.03, 0.06, 0.06, 0.02])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_arrangements_balance_the_two_sides(players):
    arr = np.array(arrangements(players))
    assert len({tuple(a) for a in arr}) == len(arr)  # distinct
    # every seat is the upper rung's in exactly half of the arrangements
    assert (arr.sum(axis=0) * 2 == len(arr)).all()
    assert arr.sum() * 2 == arr.size
    if players == 4:
        assert len(arr) == 6 and (arr.sum(axis=1) == 2).all()


def _games(winners_upper: list[list[bool]]) -> list[pl.LazyFrame]:
    """One frame per arrangement [1, 1, 0, 0] / [0, 0, 1, 1]: rows (game_id, seat, winner)."""
    frames = []
    for a, col in enumerate(winners_upper):
        rows = []
        upper = (0, 1) if a == 0 else (2, 3)
        for g, up in enumerate(col):
            win_seat = upper[0] if up else [s for s in range(4) if s not in upper][0]
            rows += [{"game_id": g, "seat": s, "winner": s == win_seat} for s in range(4)]
        frames.append(pl.DataFrame(rows).lazy())
    return frames


def test_step_strength_share_and_interval():
    rng = np.random.default_rng(3)
    wins = [list(rng.random(400) < 0.7) for _ in range(2)]
    s = step_strength(_games(wins), [(1, 1, 0, 0), (0, 0, 1, 1)])
    expect = np.mean(np.concatenate(wins))
    assert s["share"] == pytest.approx(expect) and s["games"] == 800 and s["seeds"] == 400
    assert s["lo"] < expect < s["hi"] and s["stronger"] and not s["weaker"]
    even = step_strength(_games([[True, False] * 200] * 2), [(1, 1, 0, 0), (0, 0, 1, 1)])
    assert even["share"] == 0.5 and not even["stronger"]


def _rb(share_steps) -> Robustness:
    labels = ["hn", "ch", "w"]
    lad = LadderPlan(4, labels, [f"robustness/{x}" for x in labels], [], ["deal=random"])
    steps = [
        {"share": s, "lo": s - 0.04, "hi": s + 0.04, "games": 600, "seeds": 100,
         "stronger": s - 0.04 > 0.5, "weaker": s + 0.04 < 0.5}
        for s in share_steps
    ]  # fmt: skip
    n = 4000
    cells = {}
    for r in labels:
        cells[r, "Sadhu"] = (int(0.10 * n), n)
        cells[r, "Mogul"] = (int(0.25 * n), n)
    cells["hn", "Merchant"], cells["ch", "Merchant"] = (int(0.4 * n), n), (int(0.4 * n), n)
    cells["w", "Merchant"] = (int(0.2 * n), n)
    t = _table(cells)
    return Robustness(lad, KEY, t, verdicts(t, labels, ORDER), ladder_strengths(steps, labels),
                      spread(t, labels), {x: 6000 for x in labels})  # fmt: skip


def test_ladder_strengths_cumulate_log_odds():
    st = _rb([0.6, 0.7]).strengths
    assert st["strength"].to_list() == pytest.approx(
        [0.0, math.log(0.6 / 0.4), math.log(0.6 / 0.4) + math.log(0.7 / 0.3)]
    )


def test_headline_names_what_holds_depends_and_broken_steps():
    rb = _rb([0.6, 0.51])
    text = " ".join(headline_sentences(rb))
    assert "Sadhu is below its fair share under every bot (10–10%)" in text
    assert "Depends on the bot: Merchant 20–40%" in text
    assert "Mogul" not in text  # fair under every bot: no headline
    broken = not_a_ladder(rb)
    assert len(broken) == 1 and broken[0].startswith("w is not measurably stronger than ch")
    assert not not_a_ladder(_rb([0.6, 0.7]))


def test_spread_interval_covers_the_spread():
    rb = _rb([0.6, 0.7])
    sp = {r["rung"]: r for r in rb.spread.iter_rows(named=True)}
    assert sp["hn"]["spread"] == pytest.approx(0.30)  # Merchant 40% - Sadhu 10%
    assert sp["hn"]["lo"] < 0.30 < sp["hn"]["hi"]
    assert sp["w"]["spread"] == pytest.approx(0.15)  # Mogul 25% - Sadhu 10%


def test_section_renders_verdicts_strengths_and_charts(tmp_path):
    from reports.robustness import robustness_section

    sec = robustness_section(_rb([0.6, 0.51]), tmp_path)
    assert sec["id"] == "robustness"
    titles = [t.title for t in sec["tables"]]
    assert titles[0].startswith("Win rate by starting character under each bot")
    # without the verdict card's result, the table shows rates only (no verdict of its own)
    assert all(r[-1][0] == "" for r in sec["tables"][0].rows)
    strength = sec["tables"][1].rows
    assert [r[4][0] for r in strength[1:]] == ["stronger", "not measurably stronger"]
    assert "not a ladder everywhere" in sec["note"]
    assert {p.name for p in tmp_path.iterdir()} == {
        "robustness-key.png", "robustness-spread.png"}  # fmt: skip


def test_setting_headline_names_the_largest_significant_change():
    from analyses.robustness import setting_headline

    ce = pl.DataFrame({
        "players": [4, 4, 3], "value": ["Merchant", "Monk", "Mogul"],
        "played": [0.055, 0.26, 0.50], "with": [0.20, 0.25, 0.40],
        "diff": [0.145, -0.01, -0.10], "lo": [0.137, -0.03, -0.12], "hi": [0.155, 0.01, -0.08],
        "significant": [True, False, True],
    })  # fmt: skip
    sets = ["deal=random"]
    (text,) = setting_headline(ce, sets, KEY)
    assert "2 of 3 starting character figures" in text
    # the page's sign convention: the changed setup (a random deal) minus the rulebook's
    assert (
        "most for Merchant with 4 players (20.0% with deal=random vs 5.5% as played: "
        "+14.5 points with deal=random, family-wise 95% interval +13.7 to +15.5)"
    ) in text
    none = setting_headline(ce.with_columns(pl.lit(False).alias("significant")), sets, KEY)
    assert "changes no starting character's win rate measurably" in none[0]
    assert setting_headline(pl.DataFrame(), sets, KEY) == []
