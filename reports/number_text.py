"""How every page writes a number: win-rate points, rates, intervals and p-values, one way
each (a difference in win-rate points is never written with a %)."""

from __future__ import annotations


def points(x: float, signed: bool = True) -> str:
    """A fraction as win-rate points to one decimal: 0.052 -> '+5.2'; never '-0.0'; NaN ->
    'n/a'."""
    if x != x:
        return "n/a"
    v = round(100 * x, 1) or 0.0
    return f"{v:+.1f}" if signed else f"{v:.1f}"


def percent(x: float) -> str:
    """A rate: 0.254 -> '25.4%'."""
    return f"{100 * x:.1f}%"


def percent_range(lo: float, hi: float) -> str:
    """An interval of rates: '24.1–26.7%'."""
    return f"{100 * lo:.1f}–{100 * hi:.1f}%"


def p_value(p: float) -> str:
    """'< 0.001', '0.042', or 'n/a'."""
    if p != p:
        return "n/a"
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def figure_points(x: float) -> str:
    """A figure already in win-rate points, unsigned, to one decimal: 4.25 -> '4.2'; NaN ->
    'n/a' (an imbalance and its interval)."""
    return "n/a" if x != x else f"{x:.1f}"
