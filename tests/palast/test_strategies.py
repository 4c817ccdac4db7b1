"""Every registered Palast strategy plays whole games at every player count without an
illegal answer, ends them by the rules (not the cap), and the scripted ones use every
action of the basic game (the act_* columns; competence, analyses/competence.py)."""

from __future__ import annotations

import pytest

import strategies
from simcore.palast.enums import ACTION_NAMES

from .test_plugin import table

SCRIPTED = ("harbour", "quarters", "weighted")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_strategy_plays_legally(players):
    names = sorted(strategies.strategies("palast"))
    assert {"random", *SCRIPTED} <= set(names)
    seats = [names[i % len(names)] for i in range(players)]
    t = table(seats, players=players, games=300).to_pandas()
    assert (t.errors == 0).all()
    assert set(t.end_reason) <= {"cards", "end_card"}


CORE = ("harbour_a", "harbour_b", "harbour_c", "harbour_d", "remove_card", "vizier_action",
        "build_arch", "build_fountain", "build_column", "build_at_52", "build_at_53",
        "treasury", "end_card", "place_figure", "stonemason", "carpenter", "mason",
        "action_card")  # fmt: skip


def test_scripted_strategies_use_the_rules():
    """Each scripted bot uses every harbour side, builds, treasury and end cards, quarter
    placements and action cards; together they use every action of the basic game
    (`harbour` by design places no figure in the goldsmith, exchange or bazaar)."""
    used = set()
    for name in SCRIPTED:
        t = table([name] * 4, games=400).to_pandas()
        assert [a for a in CORE if t[f"act_{a}"].sum() == 0] == [], name
        used |= {a for a in ACTION_NAMES if t[f"act_{a}"].sum() > 0}
    assert set(ACTION_NAMES) - used == {"seal"}  # only the sealed variant offers it


def test_weighted_is_the_default():
    assert strategies.default_strategy("palast") == "weighted"
