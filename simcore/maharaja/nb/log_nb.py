"""Event log writer (simcore/core/event_log_nb.py): each event is stamped with the round."""

from numba import njit

from ...core.event_log_nb import append_event_nb
from .. import layout as S
from .sig import I1, I2


@njit(f"none({I1}, {I2}, int64, int64, int64, int64, int64, int64)", cache=True, _nrt=False)
def log_nb(state, log, seat, event, a, b, c, d):
    """Append one event; S.LOG_N keeps counting past the capacity to reveal truncation."""
    append_event_nb(state, log, S.LOG_N, state[S.ROUND], seat, event, a, b, c, d)
