"""The climb's comparison of the two strongest rungs (analyses.climb): the difference of two
win rates with the covariance of shared deals taken out, and the equivalence test that says
whether better play still moves the answer. Expected values are hand calculations."""

import math

import numpy as np

from analyses.climb import CLIMB_SHARE, agreement, difference
from analyses.multiple import family_z


def _sample(ids, wins):
    return np.asarray(ids, dtype=np.int64), np.asarray(wins, dtype=np.float64)


def test_unshared_deals_give_the_two_sample_interval():
    a = _sample(range(1000), [1] * 300 + [0] * 700)
    b = _sample(range(5000, 6000), [1] * 250 + [0] * 750)
    d, lo, hi, shared = difference(a, b, 1.96)
    va, vb = 0.3 * 0.7 * 1000 / 999, 0.25 * 0.75 * 1000 / 999  # sample variances (ddof 1)
    half = 1.96 * math.sqrt(va / 1000 + vb / 1000)
    assert shared == 0 and math.isclose(d, 0.05)
    assert math.isclose(lo, 0.05 - half) and math.isclose(hi, 0.05 + half)


def test_shared_deals_take_the_covariance_out():
    # the same deals, the upper rung winning exactly where the lower one did plus 50 more:
    # d = 0.05 per deal on average, and the paired variance is that of the per-deal
    # difference (50 ones in 1000): 0.05 * 0.95 * 1000 / 999 / 1000
    lower = [1] * 250 + [0] * 750
    upper = [1] * 300 + [0] * 700
    d, lo, hi, shared = difference(_sample(range(1000), upper), _sample(range(1000), lower), 1.96)
    half = 1.96 * math.sqrt(0.05 * 0.95 * 1000 / 999 / 1000)
    assert shared == 1000 and math.isclose(d, 0.05)
    assert math.isclose(hi - d, half, rel_tol=1e-9)
    # narrower than the unpaired interval of the same rates
    _, lo2, hi2, _ = difference(_sample(range(1000), upper), _sample(range(2000, 3000), lower),
                                1.96)  # fmt: skip
    assert hi - lo < 0.5 * (hi2 - lo2)


def test_agreement_is_an_equivalence_test_per_cell():
    rng = np.random.default_rng(3)
    n = 40_000
    ids = np.arange(n)

    def cells(rates):
        return {v: (ids, (rng.random(n) < p).astype(float)) for v, p in enumerate(rates)}

    # the same rates under both rungs, 40,000 deals each: the difference's half-width at
    # z(1 - 0.05/8) = 2.50 is 2.50 * sqrt(2 * .1875 / 40,000) = 0.77 points < 2: agree
    same = agreement(cells([0.25] * 4), cells([0.25] * 4), 4, 0.02)
    assert same.converged and not same.moved
    assert math.isclose(family_z(4), 2.4977054, rel_tol=1e-6)
    # one value 4 points apart: its interval lies beyond +2 points: still moving
    moved = agreement(cells([0.29, 0.25, 0.25, 0.21]), cells([0.25] * 4), 4, 0.02)
    assert not moved.converged
    assert {c.value for c in moved.moved} == {0, 3}
    assert moved.moved[0].lo > 0.02 and moved.moved[-1].hi < -0.02
    # too few deals to show agreement: not converged either (never "agree" by default)
    w = np.array([1.0, 0, 0, 0] * 50)  # rate .25 under both rungs, 200 unshared deals each
    few = agreement({0: (ids[:200], w)}, {0: (ids[200:400], w)}, 4, 0.02)
    assert math.isclose(few.cells[0].diff, 0.0) and not few.converged


def test_the_climb_needs_agreement_within_half_the_margin():
    """Shared deals, the upper rung winning where the lower did plus 1.5 points more of the
    deals on value 0 (the --skill calibration's hidden effect: a difference inside the
    margin): paired half-width at z(1 - 0.05/2) = 2.24 is 2.24 sqrt(.015 x .985 / 40,000)
    = 0.14 points, so the difference [+1.36, +1.64] lies within ±2 ("converged") but not
    within ±1 (CLIMB_SHARE of the margin): the study still climbs."""
    n = 40_000
    ids = np.arange(n)
    lower = np.zeros(n)
    lower[:10_000] = 1.0  # 25%
    upper = lower.copy()
    upper[10_000:10_600] = 1.0  # +600 of 40,000 deals = +1.5 points
    down = {0: (ids, lower), 1: (ids, 1 - lower)}
    up = {0: (ids, upper), 1: (ids, 1 - upper)}
    assert CLIMB_SHARE == 0.5
    loose = agreement(up, down, 2, 0.02)
    strict = agreement(up, down, 2, 0.02 * CLIMB_SHARE)
    assert loose.converged and not strict.converged
    c = loose.cells[0]
    half = family_z(2) * math.sqrt(0.015 * 0.985 * n / (n - 1) / n)
    assert math.isclose(c.diff, 0.015) and math.isclose(c.hi - c.diff, half, rel_tol=1e-6)


def test_converged_is_an_intersection_union_test():
    """Every cell agrees: each cell's two one-sided tests at alpha (the 90% interval within
    ±delta), no Bonferroni (Berger 1982). Six values at 25% under both rungs, 3,000 unshared
    deals each (sample variance .25 x .75 x 3000 / 2999 = .18756): the difference's
    half-width is 1.645 x sqrt(2 x .18756 / 3000) = 1.84 points < 2, agree; at the
    two-sided family z of six values, 2.638, it is 2.95 points > 2 (the stricter test the
    climb's gate keeps). The quoted interval stays the family one."""
    n = 3_000
    w = np.array([1.0, 0, 0, 0] * (n // 4))
    up = {v: (np.arange(n), w) for v in range(6)}
    down = {v: (np.arange(n, 2 * n), w) for v in range(6)}
    ag = agreement(up, down, 4, 0.02)
    assert ag.converged and not ag.moved
    half = math.sqrt(2 * 0.25 * 0.75 * n / (n - 1) / n)
    assert math.isclose(1.645 * half, 0.0184, abs_tol=1e-4)
    assert math.isclose(ag.cells[0].hi, family_z(6) * half, rel_tol=1e-9)
    assert ag.cells[0].hi > 0.02  # the family interval reaches beyond the margin
    assert not agreement(up, down, 4, 0.02, union=False).converged
    # one value a point apart (26% against 25%): 1 + 1.84 > 2, that cell moves
    w26 = np.array([1.0] * 26 + [0.0] * 74)
    up[2] = (np.arange(n), np.tile(w26, n // 100))
    moved = agreement(up, down, 4, 0.02)
    assert not moved.converged and [c.value for c in moved.moved] == [2]
