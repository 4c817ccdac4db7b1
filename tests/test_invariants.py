"""Every registered engine passes the invariant check (issue 34): played one decision at a
time through simcore.core.contract.play.play_checked, no decision is asked without a
legal answer and the game's own conservation laws (its `invariants_nb`, stated once in
the module the plug-in names in `checks`) hold before and after every decision.

Every game (the built-in ones, the toy and the dice example), every player count, the
rulebook game and each variant (switch or bundle) on its own, with `random` in every seat
and with the game's default scripted strategy beside it. Coverage (games, decisions,
decision kinds asked, event codes logged per setting) is printed with `-s`:

    python3 -m pytest tests/test_invariants.py -q -s
"""

from __future__ import annotations

import importlib
from collections import Counter, defaultdict

import numpy as np
import pytest

import strategies
from simcore.core.contract.engine_api import CHECK_API
from simcore.core.contract.games import games
from simcore.core.contract.play import ContractBroken, play_checked
from simcore.core.errors import InputError
from simcore.core.nb.event_log_nb import LOG_EVENT

GAMES = sorted(games())
GAMES_PER_SETTING = {"maharaja": 3, "vermaechtnis": 4, "tajmahal": 6, "palast": 4}
COVERAGE: dict = defaultdict(Counter)  # game, or (game, setting) -> games, decisions
KINDS: dict[tuple[str, str], Counter] = defaultdict(Counter)  # decisions asked per kind
EVENTS: dict[tuple[str, str], set[int]] = defaultdict(set)  # event codes logged


def settings(plugin) -> list[tuple[str, object]]:
    """The rulebook game and each variant (a switch or a bundle) on its own."""
    base = plugin.default_rules()
    out = [("basic", base)]
    for v in sorted(plugin.variants):
        try:
            out.append((v, base.with_variants([v])))
        except InputError:  # a variant the engine refuses (not playable yet)
            continue
    return out


def seatings(game: str, n: int) -> list[list[str]]:
    default = strategies.default_strategy(game)
    mixed = [default if p % 2 == 0 else "random" for p in range(n)]
    return [["random"] * n, mixed] if default != "random" else [["random"] * n]


def play_setting(game: str, label: str, rules, n: int, games_n: int, seed: int) -> None:
    plugin = games()[game]
    engine = importlib.import_module(plugin.engine)
    checks = importlib.import_module(plugin.checks_module)
    data = plugin.default_data().pack()
    packed = rules.pack()
    for names in seatings(game, n):
        seats = strategies.resolve(names, n, game)
        sids, params = strategies.seat_arrays(seats, game)
        driver = strategies.driver_for(game, sids, params)
        for g in range(games_n):
            played = play_checked(driver, engine, checks, sids, params, n, seed, g, data,
                                  packed, log_capacity=1 << 15)  # fmt: skip
            for cov in (COVERAGE[game], COVERAGE[(game, label)]):
                cov["games"] += 1
                cov["decisions"] += played.decisions
            KINDS[(game, label)].update(played.kinds)
            rows = played.log[np.any(played.log != 0, axis=1)]
            EVENTS[(game, label)].update(rows[:, LOG_EVENT].tolist())


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_check_hooks(game):
    checks = importlib.import_module(games()[game].checks_module)
    for name in CHECK_API:
        assert callable(getattr(checks, name, None)), f"{game}: no {name}"


@pytest.mark.parametrize("game", GAMES)
def test_no_decision_without_an_answer_and_invariants_hold(game):
    plugin = games()[game]
    played = 0
    for label, rules in settings(plugin):
        for n in plugin.player_counts:
            try:
                plugin.check_rules(rules, n)
            except InputError:
                continue  # a variant the player count does not allow
            play_setting(game, label, rules, n, GAMES_PER_SETTING.get(game, 20), 34)
            played += 1
    assert played >= len(plugin.player_counts)
    cov = COVERAGE[game]
    print(f"\n{game}: {cov['games']} games, {cov['decisions']} decisions")
    base = EVENTS[(game, "basic")] | {-1 - k for k in KINDS[(game, "basic")]}
    for label in [k[1] for k in COVERAGE if isinstance(k, tuple) and k[0] == game]:
        c, kinds = COVERAGE[(game, label)], dict(sorted(KINDS[(game, label)].items()))
        paths = EVENTS[(game, label)] | {-1 - k for k in kinds}
        new = sorted(EVENTS[(game, label)] - base)
        new_kinds = sorted(k for k in kinds if -1 - k not in base)
        print(f"  {label}: {c['games']} games, {c['decisions']} decisions, kinds asked "
              f"{kinds}, {len(paths)} event codes and kinds; beyond the basic game: "
              f"events {new}, kinds {new_kinds}")  # fmt: skip


def test_the_check_catches_a_broken_invariant():
    """A state corrupted by hand (a figure from nowhere) is reported, not played on."""
    plugin = games()["palast"]
    checks = importlib.import_module(plugin.checks_module)
    engine = importlib.import_module(plugin.engine)
    state = np.zeros(engine.STATE_SIZE, dtype=np.int64)
    log = np.zeros((64, 7), dtype=np.int64)
    rng = np.zeros(engine.RNG_STREAMS, dtype=np.uint64)
    data, rules = plugin.default_data().pack(), plugin.default_rules().pack()
    engine.start_game_nb(state, data, rules, log, 3, 1, 0, rng)
    assert checks.invariants_nb(state, data, rules) == 0
    from simcore.palast import layout as S

    state[S.FIGS + 1] += 1
    assert checks.invariants_nb(state, data, rules) != 0
    _ = ContractBroken  # raised by play_checked on the same finding
