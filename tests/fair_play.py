"""The fair-play check, for any registered game with hidden information (its plug-in's
`redraw_hidden`): the generic test (tests/test_fair_play.py) runs it over every game and
strategy, and each game's own tests over a strategy that peeks at that game's secret.

Games are played decision by decision in Python through the engine protocol. Before
every decision the asked seat's answer is computed twice: on the real state, and on a
copy where everything hidden from that seat is drawn anew (`redraw_hidden`). Both calls
get identical copies of the seat's random stream and scratch memory; the answers, the
scratch left behind and the stream must agree.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence

import numpy as np

import strategies
from simcore.core.contract.games import games
from simcore.core.contract.plugin import Rules
from simcore.core.errors import InputError
from simcore.core.nb.event_log_nb import LOG_WIDTH
from simcore.core.nb.search_nb import SEARCH_MEMORY

ENOUGH = 100  # decisions checked at least (short games are played more often)


def seat_params(game: str, name: str, players: int) -> np.ndarray:
    """`name`'s parameter row for seat 0, with the table block naming the other seats (who
    plays each seat is public; a search models them): the game's other strategies."""
    others = [n for n in sorted(strategies.strategies(game)) if n != name] or [name]
    mates = [others[i % len(others)] for i in range(players - 1)]
    seats = strategies.resolve([name, *mates], players, game)
    return strategies.seat_arrays(seats, game)[1][0]


def first_leak(
    game: str,
    decide: Callable[..., int],
    params: np.ndarray,
    players: int,
    rules: Rules | None = None,
    games_at_least: int = 2,
    seed: int = 11,
) -> str | None:
    """Where a decision of `decide` (in every seat) first depends on what the asked seat
    may not see, or None; asserts that enough decisions were checked and that most of
    them had something hidden to redraw."""
    spec = games()[game]
    assert spec.redraw_hidden is not None, f"{game} declares no hidden information"
    engine = importlib.import_module(spec.engine)
    rules = rules or spec.default_rules()
    spec.check_rules(rules, players)
    board, packed = spec.default_data().pack(), rules.pack()
    noise = np.random.default_rng(players)
    checked = redrawn = game_no = 0
    while game_no < games_at_least or checked < ENOUGH:
        assert game_no < 1000, f"{game}: only {checked} decisions in {game_no} games"
        state = np.zeros(engine.STATE_SIZE, dtype=np.int64)
        log = np.zeros((0, LOG_WIDTH), dtype=np.int64)
        streams = np.zeros(engine.RNG_STREAMS, dtype=np.uint64)
        # the play loop's rows: the policy's scratch, then the search's memory (`reuse`)
        scratch = np.zeros((engine.MAX_SEATS, engine.SCRATCH_SIZE + SEARCH_MEMORY), np.int64)
        work = np.zeros(engine.WORK_SIZE, dtype=np.int64)
        engine.start_game_nb(state, board, packed, log, players, seed, game_no, streams)
        while (kind := engine.advance_nb(state, board, packed, log, work)) >= 0:
            seat = int(engine.asked_seat_nb(state))
            rng = streams[1 + seat : 2 + seat]
            before = state.copy()
            other = spec.redraw_hidden(state, packed, seat, noise)
            assert np.array_equal(state, before), "redraw_hidden changed the real state"
            redrawn += int(not np.array_equal(other, state))
            rng_b, scr_b = rng.copy(), scratch[seat].copy()
            out_b = np.zeros(engine.OUT_SIZE, dtype=np.int64)
            ret_b = decide(kind, seat, other, board, packed, params, rng_b, scr_b, out_b)
            out = np.zeros(engine.OUT_SIZE, dtype=np.int64)
            ret = decide(kind, seat, state, board, packed, params, rng, scratch[seat], out)
            where = f"game {game_no}, decision kind {kind}, seat {seat}"
            if ret != ret_b or not np.array_equal(out, out_b):
                return f"answer differs: {where}"
            if not np.array_equal(scratch[seat], scr_b):
                return f"scratch differs: {where}"
            if not np.array_equal(rng, rng_b):
                return f"random stream differs: {where}"
            engine.answer_nb(state, board, packed, log, out, ret)
            checked += 1
        game_no += 1
    assert redrawn > checked // 2, (checked, redrawn)
    return None


def cases(variants: bool = True) -> Sequence[tuple[str, str, int, tuple[str, ...]]]:
    """(game, strategy, players, variants) for every game with hidden information: every
    strategy at every player count, and with each variant at the fewest and most players."""
    out = []
    for game, spec in sorted(games().items()):
        if spec.redraw_hidden is None:
            continue
        setups: list[tuple[int, tuple[str, ...]]] = [(n, ()) for n in spec.player_counts]
        if variants:
            for v in sorted(spec.variants):
                for n in sorted({spec.min_players, spec.max_players}):
                    rules = spec.default_rules().with_variants([v])
                    try:
                        spec.check_rules(rules, n)
                    except InputError:  # not implemented, or not at this player count
                        continue
                    setups.append((n, (v,)))
        for name in sorted(strategies.strategies(game)):
            out += [(game, name, n, vs) for n, vs in setups]
    return out
