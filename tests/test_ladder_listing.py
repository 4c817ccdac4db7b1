"""`palace-lab strategies --ladder` over every registered game and player count (issue 30):
one rung per line, weakest first (the ladder's own order, climb rungs last), four
tab-separated fields, games per CPU second for every rung and, above the bottom one, the
share of the wins against the rung directly below it, with its n and Wilson interval."""

from __future__ import annotations

import re

import pytest

from analyses.intervals import wilson
from jobs.listings import ladder_text
from simcore.core.contract.games import games
from simcore.core.contract.rungs import Measured, RungFigures, figures_for

LADDERS = [
    pytest.param(g.name, n, id=f"{g.name}-{n}p")
    for g in sorted(games().values(), key=lambda g: g.name)
    for n in range(g.min_players, g.max_players + 1)
    if g.ladder(n, False) is not None
]
SHARE = re.compile(
    r"(\d+\.\d)% \[(\d+\.\d), (\d+\.\d)\] of the wins against (\S+) \(n = ([\d,]+)\)"
)


@pytest.mark.parametrize(("game", "players"), LADDERS)
def test_every_rung_printed_with_its_speed_and_its_duel_against_the_rung_below(game, players):
    lad = games()[game].ladder(players, False)
    rungs = tuple(lad.rungs) + tuple(lad.climb)
    rows = [line.split("\t") for line in ladder_text(games()[game], players)]
    assert all(len(r) == 4 for r in rows), rows
    assert [(r[0], r[1]) for r in rows] == list(rungs)  # weakest first, as the study plays
    assert rows[0][3] == "-" or rows[0][3].startswith(f"- (not measured at {players} players")
    for i, (label, _, speed, strength) in enumerate(rows):
        assert float(speed) > 0, (game, players, label)
        if i == 0:
            continue
        m = SHARE.search(strength)
        assert m, (game, players, label, strength)
        share, lo, hi, below, n = m.groups()
        assert below == rows[i - 1][0], (game, players, label)
        n = int(n.replace(",", ""))
        assert n >= 120 and float(lo) <= float(share) <= float(hi)
        w = wilson(round(float(share) / 100 * n), n)  # the interval is its n's
        assert abs(100 * w[0] - float(lo)) < 0.1 + 200 / n
        assert abs(100 * w[1] - float(hi)) < 0.1 + 200 / n
        if f"at {players} players" in strength or "not measured" in strength:
            assert strength.startswith(f"not measured at {players} players; at ")
        assert ("climb" in strength) == (i >= len(lad.rungs))


def _f(label, players, below=None):
    vs = Measured(below, 0.6, 0.5, 0.7, 200) if below else None
    return RungFigures(label, label, players, 100.0, vs)


def test_figures_come_from_the_nearest_count_that_measured_the_same_step():
    """A rung's figures at a count not measured are the nearest count's, and only where the
    rung below there is the same one: a duel against another rung is no figure for it."""
    figures = {
        2: (_f("a", 2), _f("b", 2, "a"), _f("c", 2, "b")),
        4: (_f("a", 4), _f("c", 4, "a")),
    }
    got = figures_for(figures, 3, (("a", "a"), ("b", "b"), ("c", "c")))
    assert [f.players for f in got] == [2, 2, 2]  # 2 and 4 tie: the lower; only 2 has b
    got = figures_for(figures, 5, (("a", "a"), ("c", "c")))
    assert [f.players for f in got] == [4, 4]
    assert figures_for(figures, 4, (("a", "a"), ("d", "d"))) == (figures[4][0], None)
    assert "not measured at 5 players; at 4 players" in got[1].strength(5)
    assert got[1].strength(4).startswith("60.0% [50.0, 70.0] of the wins against a")


MEASURED_ORDER = [
    pytest.param(name, n, id=f"{name}-{n}p")
    for name in ("maharaja", "palast", "vermaechtnis")
    for n in range(games()[name].min_players, games()[name].max_players + 1)
]


@pytest.mark.parametrize(("game", "players"), MEASURED_ORDER)
def test_every_rung_measured_stronger_than_the_rung_below_at_its_own_count(game, players):
    """Issues 30/31: a ladder is weakest first by measurement, so at every count each rung
    has its own duel there against the rung directly below it, no rung is measured weaker
    than that one (its Wilson 95% interval not wholly below one half: two scripted rungs
    may be level), and a climb rung, whose verdict replaces the one below it, is measured
    stronger (its interval wholly above one half); a rung that fails is reordered or left
    out at that count."""
    lad = games()[game].ladder(players, False)
    labels = [lb for lb, _ in tuple(lad.rungs) + tuple(lad.climb)]
    for i, f in enumerate(lad.figures):
        assert f is not None and f.players == players, (game, players, labels[i])
        if i == 0:
            assert f.vs_below is None
            continue
        assert f.vs_below.against == labels[i - 1], (game, players, labels[i])
        assert f.vs_below.hi > 0.5, (game, players, labels[i], f.vs_below)
        if i >= len(lad.rungs):
            assert f.vs_below.lo > 0.5, (game, players, labels[i], f.vs_below)
