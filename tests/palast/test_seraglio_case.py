"""Issue 34, P-V2: a seeded random game reaches the case in which a builder's own figure
comes back, his marker makes him the seraglio leader and that figure, his last, goes onto
the seraglio, and it plays through the invariant check (no decision without an answer,
every seat's 8 figures conserved). Found by searching seed 34's games (3 players, random
in every seat, seraglio_figure on): game 167 is the first to reach it."""

from __future__ import annotations

import importlib

import numpy as np

import strategies
from simcore.core.contract.games import games
from simcore.core.contract.play import play_checked
from simcore.palast import layout as S
from simcore.palast.enums import EV_BALCONY, EV_BUILD, EV_END, EV_EVICT, EV_SER_FIGURE, EV_TURN


def own_figure_to_seraglio(log: np.ndarray) -> list[int]:
    """Log rows where a builder evicts his own figure, becomes the seraglio leader with
    it (EV_SER_FIGURE naming him) and stands no figure on that balcony in the same build."""
    hits = []
    for i in np.flatnonzero(log[:, 2] == EV_EVICT):
        seat, garden = log[i, 1], log[i, 3]
        if log[i, 4] != seat:
            continue
        ser = balcony = False
        for row in log[i + 1 :]:
            if row[2] in (EV_TURN, EV_BUILD, EV_END):
                break
            ser |= row[2] == EV_SER_FIGURE and row[3] == seat
            balcony |= row[2] == EV_BALCONY and row[1] == seat and row[3] == garden
        if ser and not balcony:
            hits.append(int(i))
    return hits


def test_p_v2_seeded_random_game_reaches_the_case_and_keeps_the_figures():
    plugin = games()["palast"]
    engine = importlib.import_module(plugin.engine)
    checks = importlib.import_module(plugin.checks_module)
    seats = strategies.resolve(["random"], 3, "palast")
    sids, params = strategies.seat_arrays(seats, "palast")
    driver = strategies.driver_for("palast", sids, params)
    rules = plugin.default_rules().with_variants(["seraglio_figure"]).pack()
    played = play_checked(driver, engine, checks, sids, params, 3, 34, 167,
                          plugin.default_data().pack(), rules, log_capacity=1 << 15)  # fmt: skip
    assert own_figure_to_seraglio(played.log)
    assert played.state[S.N_ERRORS] == 0
