"""Holm's adjustment and the score-test p-values behind every flag."""

import math

import pytest

from analyses.intervals import wilson
from analyses.multiple import holm, score_p, two_prop_p


def test_holm_by_hand():
    # Sorted: 0.005*4 = 0.02, 0.01*3 = 0.03, 0.03*2 = 0.06, 0.04*1 = 0.04 -> max(0.06, 0.04).
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    # Capped at 1, NaN kept and not counted in m.
    got = holm([0.5, float("nan"), 0.6])
    assert got[0] == pytest.approx(1.0) and math.isnan(got[1]) and got[2] == pytest.approx(1.0)
    assert holm([]) == []


def test_holm_agrees_with_statsmodels():
    from statsmodels.stats.multitest import multipletests

    p = [0.001, 0.2, 0.013, 0.04, 0.0049, 0.9, 0.011]
    assert holm(p) == pytest.approx(list(multipletests(p, method="holm")[1]))


CASES = [(30, 100, 0.25), (33, 100, 0.25), (34, 100, 0.25), (16, 100, 0.25), (17, 100, 0.25),
         (260, 1000, 0.2)]  # fmt: skip


@pytest.mark.parametrize("w,n,p0", CASES)
def test_score_test_rejects_exactly_when_wilson_excludes_the_fair_share(w, n, p0):
    lo, hi = wilson(w, n)
    assert (score_p(w, n, p0) < 0.05) == (not lo <= p0 <= hi)


def test_two_proportion_test_by_hand():
    # 60/100 vs 40/100: pooled 0.5, se = sqrt(0.25 * 0.02) = 0.0707, z = 2.828, p = 0.00468.
    assert two_prop_p(60, 100, 40, 100) == pytest.approx(0.004678, abs=1e-5)
    assert two_prop_p(0, 10, 0, 10) == 1.0
