"""Event log writer: free when the log has no rows (logging off)."""

from numba import njit

from .. import layout as S
from ..enums import LOG_A, LOG_B, LOG_C, LOG_D, LOG_EVENT, LOG_ROUND, LOG_SEAT
from .sig import I1, I2


@njit(f"none({I1}, {I2}, int64, int64, int64, int64, int64, int64)", cache=True, _nrt=False)
def log_nb(state, log, seat, event, a, b, c, d):
    """Append one event; S.LOG_N keeps counting past the capacity to reveal truncation."""
    if log.shape[0] == 0:
        return
    n = state[S.LOG_N]
    state[S.LOG_N] = n + 1
    if n >= log.shape[0]:
        return
    log[n, LOG_ROUND] = state[S.ROUND]
    log[n, LOG_SEAT] = seat
    log[n, LOG_EVENT] = event
    log[n, LOG_A] = a
    log[n, LOG_B] = b
    log[n, LOG_C] = c
    log[n, LOG_D] = d
