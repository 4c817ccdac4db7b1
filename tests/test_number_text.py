"""One way to write each kind of number on a page (reports/number_text.py)."""

from reports.number_text import p_value, percent, percent_range, points


def test_points_are_signed_tenths_and_never_minus_zero():
    assert points(0.052) == "+5.2" and points(-0.1349) == "-13.5"
    assert points(-0.0004) == "+0.0" and points(0.0004) == "+0.0"
    assert points(float("nan")) == "n/a" and points(0.1, signed=False) == "10.0"


def test_rates_intervals_and_p_values():
    assert percent(0.254) == "25.4%" and percent_range(0.241, 0.267) == "24.1–26.7%"
    assert p_value(0.0004) == "< 0.001" and p_value(0.0421) == "0.042"
    assert p_value(float("nan")) == "n/a"
