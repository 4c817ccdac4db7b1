"""Calibration, the small version of bench/calibration.py: the toy game is fair by
construction (seat0_points = 0, the same strategy in every seat: exchangeable seats), and
its rule T-4 plants a known effect on seat 0 (1/N + q (1 - 1/N) exactly). Played as the
default study plays a player count (a ladder of bots on the same seeds, rounds until
decided, the climb), the procedure must call the fair game balanced, name a planted +5
points and nothing else, and climb to an effect only the strongest bot sees."""

import pytest

from analyses.verdict import ABOVE, FAIR
from bench.calibration import planted_per_mille, planted_points, whole_procedure

pytestmark = pytest.mark.slow  # the default study's procedure, played to a verdict


def test_planted_sizes_by_hand():
    # 4 players: q per mille gives q/10 (1 - 1/4) points; 5 points -> 66.7 -> 67 per mille
    assert planted_per_mille(5, 4) == 67
    assert abs(planted_points(67, 4) - 5.025) < 1e-9


def test_a_fair_game_comes_out_balanced():
    """6 seeds: the family-wise error is at most 5% per seed (Bonferroni over the 4 seats
    of the deciding bot; the weaker bots' cells claim nothing), so more than one false
    alarm in 6 would be a 3% event at worst; seeded, so fixed. Fair means every interval
    inside ±2 points: never a flag for a small wobble."""
    results = [whole_procedure(4, 0, seed, cap=40_000)[0] for seed in range(6)]
    balanced = [v.balanced()[4] for v in results]
    assert balanced.count(True) >= 5, balanced
    assert all(f.verdict == FAIR for f in results[0].findings)


def test_a_planted_effect_of_five_points_is_named_and_nothing_else():
    """Seat 0 at 25 + 5.0 = 30.0%, the others at 25 - 1.67 = 23.3% (inside the band): seat 0
    lies 3 points beyond the band's edge, so its interval leaves the band within a few
    rounds; no other seat is above."""
    q = planted_per_mille(5, 4)
    for seed in range(3):
        v, _, climbed = whole_procedure(4, q, seed, cap=40_000)
        seat0 = next(f for f in v.findings if f.value == 0)
        assert seat0.verdict == ABOVE and v.balanced()[4] is False
        # the verdict is the top rung's: the climb rung when it was played
        assert seat0.reference == ("greedy" if climbed else "random")
        assert {f.reference for f in v.findings} == {seat0.reference}
        assert abs(seat0.effect - 0.05025) < 0.02
        assert not [f for f in v.findings if f.verdict == ABOVE and f.value != 0]


def test_the_climb_finds_an_effect_only_strong_play_sees():
    """Planted per rung: none under keeper, a third (+1.7 points, inside the band) under
    random, all +5 under greedy. The two ladder rungs are not shown to agree within ±1
    point (half the margin: they differ by 1.7), so the climb plays greedy, and greedy's
    verdict names seat 1."""
    q = planted_per_mille(5, 4)
    for seed in range(2):
        v, _, climbed = whole_procedure(4, q, seed, skill=True, cap=40_000)
        seat0 = next(f for f in v.findings if f.value == 0)
        assert climbed and seat0.reference == "greedy" and seat0.verdict == ABOVE
        assert seat0.bots["keeper"] != ABOVE
