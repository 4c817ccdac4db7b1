"""The jitted parts every game engine shares, over the common state header
(simcore/core/contract/layout.py): starting a game, asking a decision, logging an event, ending.

A game's engine writes only its phases and events: its `advance_nb` runs the rules and
returns `ask_nb(state, KIND, seat)` where a seat must decide; its `answer_nb` reads the
asked kind and seat from the header; `asked_seat_nb` is this module's (the engine module
re-exports it, simcore/core/contract/engine_api.py). Engine functions never allocate: they are
compiled with `_nrt=False` (numba's reference counting would cost a third of the run
time) and every buffer comes from the driver.
"""

from simcore.core.contract.layout import (
    ASK_KIND,
    ASK_SEAT,
    FIRST_ERROR,
    LOG_N,
    N_ERRORS,
    N_PLAYERS,
    PHASE,
    ROUND,
)
from simcore.core.nb.event_log_nb import append_event_nb
from simcore.core.nb.nb_sig import I1, I2, U1
from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import randint_nb, stream_seed_nb


@njit_static(f"none({I1}, int64)", cache=True)
def start_header_nb(state, n_players):
    """A cleared state for n_players, no decision asked."""
    state[:] = 0
    state[N_PLAYERS] = n_players
    state[ASK_KIND] = -1
    state[ASK_SEAT] = -1


@njit_static(f"none({U1}, int64, int64)", cache=True)
def seed_streams_nb(rng, seed, game):
    """Stream i of game `game` (0 = the game's chance, 1 + seat = that seat's strategy):
    every draw depends on (seed, game) only, never on which worker plays the game."""
    for i in range(rng.shape[0]):
        rng[i] = stream_seed_nb(seed, game, i)


@njit_static(f"int64({I1}, int64, int64)", cache=True)
def ask_nb(state, kind, seat):
    """Ask `seat` for a decision of `kind`; advance_nb returns what this returns."""
    state[ASK_KIND] = kind
    state[ASK_SEAT] = seat
    return kind


@njit_static(cache=True)
def asked_seat_nb(state):
    """Seat whose decision advance_nb is waiting for (-1 once the game is over)."""
    return state[ASK_SEAT]


@njit_static(f"none({I1}, int64)", cache=True)
def game_over_nb(state, done_phase):
    """The game has ended: no decision is asked any more."""
    state[PHASE] = done_phase
    state[ASK_KIND] = -1
    state[ASK_SEAT] = -1


@njit_static(f"none({I1}, {I2}, int64, int64, int64, int64, int64, int64)", cache=True)
def log_nb(state, log, seat, event, a, b, c, d):
    """Append one event stamped with the game's clock (ROUND); LOG_N keeps counting past
    the log's capacity to reveal truncation."""
    append_event_nb(state, log, LOG_N, state[ROUND], seat, event, a, b, c, d)


@njit_static(f"none({I1}, {I2}, int64, int64, int64, int64, int64)", cache=True)
def record_error_nb(state, log, seat, event, err, kind, answer):
    """An illegal answer: counted, the first error code kept, logged as the game's error
    `event` (the engine then plays a legal default in its place)."""
    state[N_ERRORS] += 1
    if state[FIRST_ERROR] == 0:
        state[FIRST_ERROR] = err
    log_nb(state, log, seat, event, err, kind, answer, 0)


@njit_static(f"none({I1}, int64, int64, {U1})", cache=True)
def shuffle_nb(state, at, n, rng):
    """state[at:at + n] = a uniform permutation of 0..n-1 (Fisher-Yates, stream rng[0])."""
    for i in range(n):
        state[at + i] = i
    for i in range(n - 1, 0, -1):
        j = randint_nb(rng, 0, i + 1)
        t = state[at + i]
        state[at + i] = state[at + j]
        state[at + j] = t


@njit_static(cache=True)
def copy_records_nb(state, sids, rec, plan):
    """Every record column that sits in the state, by the plan of the game's `Records`
    (simcore/core/contract/records.py: rows of record offset, state offset, per-seat stride,
    width), and each seat's strategy id in column 0; the game writes the computed rest."""
    for p in range(state[N_PLAYERS]):
        rec[p, 0] = sids[p]
        for i in range(plan.shape[0]):
            at, src, stride = plan[i, 0], plan[i, 1] + p * plan[i, 2], plan[i, 3]
            for k in range(stride):
                rec[p, at + k] = state[src + k]
