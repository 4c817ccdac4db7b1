"""The verdict procedure (analyses.verdict) on counts whose answer is known: hand-computed
intervals, a fair game drawn at random (false alarms at most the family's 5%), a planted
effect (named), an effect inside the band (fair, never named), the strongest bot's verdict
(open when it is open, whatever the weaker bots decided), and too few games (undetermined)."""

import math

import numpy as np
import polars as pl

from analyses.verdict import (
    ABOVE,
    BELOW,
    FAIR,
    UNDETERMINED,
    cell_verdict,
    decide,
    family_z,
    seats_to_decide,
)


def _counts(cells):
    return pl.DataFrame(
        [
            {"players": p, "bot": b, "value": v, "wins": float(w), "n": n, "games": g}
            for p, b, v, w, n, g in cells
        ]  # fmt: skip
    )


def test_family_z_is_bonferroni():
    assert math.isclose(family_z(1), 1.959963984540054, rel_tol=1e-9)
    # 1 - 0.05 / (2 * 10) = 0.9975 -> z = 2.807 (normal table)
    assert math.isclose(family_z(10), 2.807033768, rel_tol=1e-6)


def test_cell_verdict_reads_the_interval():
    # the band is 1/4 ± 2 points: a finding lies wholly beyond it, fair wholly inside it
    assert cell_verdict(0.275, 0.30, 0.25) == ABOVE
    assert cell_verdict(0.20, 0.225, 0.25) == BELOW
    assert cell_verdict(0.235, 0.265, 0.25, 0.02) == FAIR
    assert cell_verdict(0.225, 0.265, 0.25, 0.02) == UNDETERMINED  # lo outside the margin
    # excludes the fair share but reaches into the band: open, not a finding
    assert cell_verdict(0.26, 0.30, 0.25) == UNDETERMINED
    assert cell_verdict(0.20, 0.24, 0.25) == UNDETERMINED


def test_one_cell_by_hand():
    # 2,500 of 10,000 at fair 1/4, one cell (z = 1.96): Wilson half-width
    # 1.96 * sqrt(.25 * .75 / 10000) ≈ 0.0085 < 0.02 -> fair
    v = decide(_counts([(4, "a", "x", 2500, 10_000, 10_000)]), "k")
    f = v.findings[0]
    assert f.verdict == FAIR and f.robust
    assert abs(f.lo + 0.0085) < 0.0003 and abs(f.hi - 0.0085) < 0.0003
    assert v.balanced() == {4: True}


def test_the_strongest_bot_decides_the_cell():
    # a (weaker) above the band, b (stronger) below it: the cell is b's, named, with a's
    # figure in the skill trend
    cells = [(4, "a", "x", 3000, 10_000, 10_000), (4, "b", "x", 2000, 10_000, 10_000)]
    f = decide(_counts(cells), "k", {4: ["a", "b"]}).findings[0]
    assert f.verdict == BELOW and f.reference == "b" and not f.robust
    assert math.isclose(f.effect, -0.05) and math.isclose(f.effects["a"][0], 0.05)
    assert list(f.effects) == ["a", "b"]  # weakest first
    # the same counts with the strength the other way round: a's verdict
    f = decide(_counts(cells), "k", {4: ["b", "a"]}).findings[0]
    assert f.verdict == ABOVE and f.reference == "a"
    # no bot decided: open
    cells = [(4, "a", "x", 30, 100, 100), (4, "b", "x", 31, 100, 100)]
    f = decide(_counts(cells), "k", {4: ["a", "b"]}).findings[0]
    assert f.verdict == UNDETERMINED and f.reference == "b"


def test_an_open_top_rung_leaves_the_cell_open_whatever_the_weaker_bots_decided():
    """a decides (30% of 10,000 at 1/4: Wilson at z = 1.96, the family being b's one cell,
    is about [29.1, 30.9], wholly above 27), b (the top) has 30 of 100: [21.9, 39.6] reaches
    into the band, open. The cell is open under b, not a's "above": the weaker bot is the skill
    trend only, and the count is not called balanced or not balanced."""
    cells = [(4, "a", "x", 3000, 10_000, 10_000), (4, "b", "x", 30, 100, 100)]
    v = decide(_counts(cells), "k", {4: ["a", "b"]})
    f = v.findings[0]
    assert f.bots == {"a": ABOVE, "b": UNDETERMINED}
    assert f.verdict == UNDETERMINED and f.reference == "b" == f.top and not f.robust
    assert math.isclose(f.effect, 0.05) and math.isclose(f.effects["a"][0], 0.05)
    assert f.n == 100  # the top rung's seats, not the weaker bot's
    # on the margin: the games that would decide it are the top rung's, more than played;
    # 30% stays 3 points past the edge: n = z^2 p(1-p) / 0.03^2 seats, one per game
    z = family_z(1)  # the family: the top rung's one cell
    assert v.z[4] == z and v.family == {4: 1}
    assert f.need["b"] == math.ceil(z * z * 0.21 / 0.03**2) > 100
    assert v.balanced() == {4: None}


def test_two_seeds_of_a_two_player_game_no_longer_flip():
    """The Vermächtnis-like flip (issue 31), built by hand: 2 players, seats 1 and 2, a
    scripted bot (w) and two search rungs (s1 weaker, s2 the top). Seed A: w has seat 1 at
    60.75% of 5,000 (+10.75 points), s1 and s2 are near fair with too few games to decide;
    seed B: w the same, s1 decides fair with 6,400 games, s2 still open. The old rule quoted
    w in A (above/below, not balanced) and s1 in B (fair, balanced). Under the top rung both
    seeds give the same answer: every cell open, the count neither balanced nor not."""

    def seed(s1_wins, s1_n):
        cells = []
        for value, w_wins in (("1", 3037.5), ("2", 1962.5)):  # +/-10.75 points of 5,000
            cells.append((2, "w", value, w_wins, 5000, 5000))
        for value, k in (("1", s1_wins), ("2", s1_n - s1_wins)):
            cells.append((2, "s1", value, k, s1_n, s1_n))
        for value, k in (("1", 610), ("2", 590)):  # 1,200 games: half-width > 4 points
            cells.append((2, "s2", value, k, 1200, 1200))
        return decide(_counts(cells), "seat", {2: ["w", "s1", "s2"]})

    a = seed(3290, 6400)  # s1 at +1.4 points of 6,400: its interval reaches past +2
    b = seed(3202, 6400)  # s1 at +0.03 points: fair (half-width about 1.4 points at z 2.24)
    assert {f.bots["w"] for f in a.findings} == {ABOVE, BELOW}
    assert [f.bots["s1"] for f in a.findings] == [UNDETERMINED] * 2
    assert [f.bots["s1"] for f in b.findings] == [FAIR] * 2
    for v in (a, b):
        assert [f.reference for f in v.findings] == ["s2", "s2"]
        assert [f.verdict for f in v.findings] == [UNDETERMINED] * 2
        assert v.balanced() == {2: None}
    assert a.balanced() == b.balanced()


def test_a_deciding_top_rung_is_the_verdict_whatever_the_weaker_ones_say():
    """The top (c) at 25.0% of 40,000 seats: Wilson half-width at z 1.96 (the family is c's
    one value; a's and b's cells spend no error rate) is 1.96 sqrt(.1875 / 40,000) = 0.43
    points, inside ±2: fair, although a says above and
    b below, each decided on 10,000 seats."""
    cells = [(4, "a", "x", 3000, 10_000, 10_000), (4, "b", "x", 2000, 10_000, 10_000),
             (4, "c", "x", 10_000, 40_000, 40_000)]  # fmt: skip
    v = decide(_counts(cells), "k", {4: ["a", "b", "c"]})
    f = v.findings[0]
    assert f.bots == {"a": ABOVE, "b": BELOW, "c": FAIR}
    assert f.verdict == FAIR and f.reference == "c" and f.effect == 0 and not f.robust
    assert abs(f.hi - 1.96 * math.sqrt(0.1875 / 40_000)) < 2e-4
    assert v.balanced() == {4: True}


def test_the_family_is_the_deciding_bots_cells_only():
    """Three bots x 6 values at one count: the error rate is spent on the 6 cells of the
    strongest bot, whose verdicts count (z = z(1 - 0.05/12) = 2.638, normal table), not on
    all 18 (z = 2.989); the weaker bots' intervals are drawn at the same z, descriptive.
    Two counts are two families, each of its own top bot's cells."""
    cells = [(4, b, f"v{i}", 250, 1000, 1000) for b in ("a", "b", "c") for i in range(6)]
    cells += [(2, b, f"v{i}", 500, 1000, 1000) for b in ("a", "b") for i in range(2)]
    v = decide(_counts(cells), "k", {4: ["a", "b", "c"], 2: ["a", "b"]})
    assert v.family == {2: 2, 4: 6}
    assert math.isclose(v.z[4], 2.638, abs_tol=1e-3) and math.isclose(v.z[2], family_z(2))
    widths = {round(c.hi - c.lo, 12) for c in v.cells if c.players == 4}
    assert len(widths) == 1  # one z for every rung's cells: the trend compares like with like
    # the top bot with fewer cells than the others (a value it never saw): its own count
    fewer = [c for c in cells if not (c[1] == "c" and c[2] == "v5")]
    assert decide(_counts(fewer), "k", {4: ["a", "b", "c"], 2: ["a", "b"]}).family[4] == 5


def test_seats_to_decide_by_hand():
    # rate .30 against .25, z 1.96: the interval must leave the band (.27): 3 points of room,
    # n = 1.96^2 * .21 / .03^2
    assert math.isclose(seats_to_decide(0.30, 0.25, 1.96), 1.96**2 * 0.21 / 0.03**2)
    # rate .255 within the margin: fits inside when z sqrt(p(1-p)/n) < .015
    assert math.isclose(seats_to_decide(0.255, 0.25, 1.96), 1.96**2 * 0.255 * 0.745 / 0.015**2)
    # a rate on the band's edge (23 of 100 at 1/4: exactly -2 points) is never decided
    assert seats_to_decide(23 / 100, 0.25, 1.96) == math.inf
    f = decide(_counts([(4, "a", "x", 23, 100, 100)]), "k").findings[0]
    assert f.verdict == UNDETERMINED and "a" not in f.need


def _draw(rng, rates, n, bots=("a", "b", "c"), players=4):
    cells = []
    for b in bots:
        for i, p in enumerate(rates):
            cells.append((players, b, f"v{i}", rng.binomial(n, p), n, n))
    return _counts(cells)


def test_a_fair_game_comes_out_fair_and_false_alarms_stay_rare():
    """200 seeded fair tables (6 values x 3 bots, 20,000 seats each): the family-wise error
    is at most 5% by construction (Bonferroni), so at most ~10 of 200 may raise a flag; with
    this many seats every cell's interval is far inside ±2 points, so all come out fair."""
    rng = np.random.default_rng(7)
    alarms = balanced = 0
    for _ in range(200):
        v = decide(_draw(rng, [0.25] * 6, 20_000), "k")
        alarms += any(f.verdict in (ABOVE, BELOW) for f in v.findings)
        balanced += v.balanced()[4] is True
    assert alarms <= 10
    assert balanced >= 190


def test_a_planted_effect_is_named():
    """+4 and -4 points planted on two values of six (the rest fair): with 20,000 seats
    per cell the interval half-width is under 1.3 points at the family's z, so both are
    found under every bot, in every one of 50 seeded tables."""
    rng = np.random.default_rng(11)
    for _ in range(50):
        v = decide(_draw(rng, [0.29, 0.21, 0.25, 0.25, 0.25, 0.25], 20_000), "k")
        by = {f.value: f for f in v.findings}
        assert by["v0"].verdict == ABOVE and by["v0"].robust
        assert by["v1"].verdict == BELOW and by["v1"].robust
        assert v.balanced()[4] is False


def test_an_effect_inside_the_band_is_fair_never_named():
    """+1 point planted (inside the ±2 band): with 40,000 seats a cell's half-width at the
    family's z (the top bot's 6 cells, z = 2.64) is 2.64 sqrt(.26 x .74 / 40,000) = 0.58
    points, so the interval [+0.4, +1.6] lies inside the band: fair. Above the band would
    need the interval wholly beyond +2 points, which no table of 100 seeds reaches; the
    verdict does not flip between "fair" and "above" with the seed. The verdict is the top
    bot's alone: its drawn rate has a standard error of sqrt(.26 x .74 / 40,000) = 0.22
    points, and the cell stays open when the rate lands more than 2 - 1 - 0.58 = 0.42
    points high, P(Z > 1.92) = 3% of tables: fair in about 97 of 100 (sd 1.7), at least
    90 here."""
    rng = np.random.default_rng(5)
    fair = 0
    for _ in range(100):
        v = decide(_draw(rng, [0.26, 0.25, 0.25, 0.25, 0.25, 0.24], 40_000), "k")
        by = {f.value: f for f in v.findings}
        assert by["v0"].verdict in (FAIR, UNDETERMINED)
        fair += by["v0"].verdict == FAIR
    assert fair >= 90
