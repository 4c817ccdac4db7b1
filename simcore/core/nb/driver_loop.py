"""The game loop of a generated driver (simcore/core/nb/driver.py), written as real code.

It alternates the engine and the strategies: `advance_nb` runs the rules to the next
decision, the strategy dispatch `decide_nb` answers it for the asked seat and
`answer_nb` applies the answer. Like simcore/core/nb/driver_search.py this module is not
imported as it is: driver.py copies its text into every generated driver, after a
header that binds the names imported from `palace_lab_driver` below (the engine's
ENGINE_API and `decide_nb`); that import is left out of the copy. With
NUMBA_DISABLE_JIT the driver runs this file's code under its own name, so coverage
sees it.

`play_loop_nb` is a unit (simcore/core/nb/native.py), compiled here by its signature and
called by symbol from `play_game_nb` and `play_batch_nb`; it comes last, as it needs
every function `decide_nb` calls.
"""

import numpy as np
from numba import njit
from palace_lab_driver import (  # the generated driver's header (left out of the copy)
    MAX_SEATS,
    OUT_SIZE,
    RNG_STREAMS,
    SCRATCH_SIZE,
    STATE_SIZE,
    WORK_SIZE,
    advance_nb,
    answer_nb,
    asked_seat_nb,
    decide_nb,
    start_game_nb,
    write_records_nb,
)

from simcore.core.nb.event_log_nb import LOG_WIDTH
from simcore.core.nb.native import link, native
from simcore.core.nb.search_nb import SEARCH_MEMORY

# what simcore.core.nb.precompile compiles of this module on a fresh cache, besides the
# functions with signatures (play_game_nb compiles when first asked: `palace-lab play`)
COMPILE_AHEAD = [
    (
        "play_batch_nb",
        "none(int64[::1], int64[::1], int64, int64, int64, int64[::1], float64[:, ::1], "
        "int64[:, :, ::1])",
    ),
]
_PLAY_LOOP_SIG = (
    "int64(int64[::1], int64[::1], int64[::1], int64[:, ::1], int64[::1], float64[:, ::1], "
    "uint64[::1], int64[:, ::1], int64[::1], int64[::1])"
)


@njit(_PLAY_LOOP_SIG, cache=True, _nrt=False)
def play_loop_nb(state, board, rules, log, sids, params, rng, scratch, out, work):
    """Play the started game to its end; returns the number of answers."""
    answers = 0
    while True:
        kind = advance_nb(state, board, rules, log, work)
        if kind < 0:
            return answers
        seat = asked_seat_nb(state)
        for i in range(OUT_SIZE):
            out[i] = 0
        ret = decide_nb(
            kind, sids[seat], seat, state, board, rules, params[seat],
            rng[1 + seat : 2 + seat], scratch[seat], out,
        )  # fmt: skip
        answer_nb(state, board, rules, log, out, ret)
        answers += 1


_PLAY_UNIT = (__name__, "play_loop_nb", _PLAY_LOOP_SIG)
link([_PLAY_UNIT])
play_loop_unit_nb = native(*_PLAY_UNIT)


@njit(cache=True, _nrt=False)
def play_game_nb(
    state, board, rules, log, n_players, seed, game, sids, params, rng, scratch, out, work
):
    start_game_nb(state, board, rules, log, n_players, seed, game, rng)
    scratch[:, :] = 0
    play_loop_unit_nb(state, board, rules, log, sids, params, rng, scratch, out, work)


@njit(cache=True)
def play_batch_nb(board, rules, n_players, seed, first_game, sids, params, rec):
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    rng = np.zeros(RNG_STREAMS, dtype=np.uint64)
    scratch = np.zeros((MAX_SEATS, SCRATCH_SIZE + SEARCH_MEMORY), dtype=np.int64)  # + search's
    out = np.zeros(OUT_SIZE, dtype=np.int64)
    work = np.zeros(WORK_SIZE, dtype=np.int64)
    log = np.zeros((0, LOG_WIDTH), dtype=np.int64)  # no rows: batch play logs nothing
    for g in range(rec.shape[0]):
        play_game_nb(
            state, board, rules, log, n_players, seed, first_game + g, sids, params,
            rng, scratch, out, work,
        )  # fmt: skip
        write_records_nb(state, sids, rec[g])
