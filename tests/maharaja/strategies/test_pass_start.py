"""M-F3 for every strategy: travel always ends in a city; START is only passed through.

Checked on the event log, not on the engine's flag: after a road onto START the next thing
the traveller does is a road out of START (fees of that road are logged just before it).
"""

from __future__ import annotations

import pytest

import simcore.maharaja.layout as S
import strategies
from simcore.maharaja.enums import EV_FEE, EV_ROAD, LOG_B, LOG_C, LOG_EVENT, LOG_SEAT
from simcore.maharaja.game import play_game
from simcore.maharaja.game_data import default_board
from simcore.maharaja.rules import RuleSet

START = default_board().junction_index("S")
NAMES = ("random", "weighted", "chaser", "house-network", "palace-rush")


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(("players", "variants"), [(2, ()), (4, ()), (5, ("advanced2",))])
def test_no_travel_ends_on_the_start_place(driver, name, players, variants):
    sids, params = strategies.seat_arrays(strategies.resolve([name], players))
    rules = RuleSet().with_variants(variants)
    for game in range(25):
        g = play_game(driver, sids, params, players, seed=6, game=game, rules=rules)
        rows = [r for r in g.log if r[LOG_EVENT] != EV_FEE]
        for i, r in enumerate(rows):
            if r[LOG_EVENT] == EV_ROAD and r[LOG_C] == START:
                nxt = next(x for x in rows[i + 1 :] if x[LOG_SEAT] == r[LOG_SEAT])
                assert nxt[LOG_EVENT] == EV_ROAD and nxt[LOG_B] == START, (game, i)
        assert g.state[S.N_ERRORS] == 0  # no illegal request at all
