"""Calibration, the small version of bench/calibration.py: the toy game is fair by
construction (seat0_points = 0, the same strategy in every seat: exchangeable seats), and
its rule T-4 plants a known effect on seat 0 (1/N + q (1 - 1/N) exactly). Played as the
default study plays a run (rounds until decided), the verdict procedure must call the fair
game balanced and name a planted +5 points."""

from analyses.verdict import ABOVE, FAIR
from bench.calibration import adaptive_verdict, planted_per_mille, planted_points


def test_planted_sizes_by_hand():
    # 4 players: q per mille gives q/10 (1 - 1/4) points; 5 points -> 66.7 -> 67 per mille
    assert planted_per_mille(5, 4) == 67
    assert abs(planted_points(67, 4) - 5.025) < 1e-9


def test_a_fair_game_comes_out_balanced():
    """10 seeds: the family-wise error is at most 5% per seed (Bonferroni over the 4 seats),
    so more than one false alarm in 10 would be a 9% event at worst; seeded, so fixed."""
    results = [adaptive_verdict(4, 0, seed, cap=40_000)[0] for seed in range(10)]
    balanced = [v.balanced()[4] for v in results]
    assert balanced.count(True) >= 9, balanced
    assert all(f.verdict == FAIR for v in results[:1] for f in v.findings)


def test_a_planted_effect_of_five_points_is_named():
    """Seat 0 at 25 + 5.0 = 30.0%: at 8,000 games per round the interval's half-width at the
    family's z (2.50) is about 1.3 points, so seat 0 is above fair from the first round."""
    q = planted_per_mille(5, 4)
    for seed in range(4):
        v, games = adaptive_verdict(4, q, seed, cap=40_000)
        seat0 = next(f for f in v.findings if f.value == 0)
        assert seat0.verdict == ABOVE and v.balanced()[4] is False
        assert abs(seat0.effect - 0.05025) < 0.02
