"""Event log writer (simcore/core/nb/event_log_nb.py): each event is stamped with the visit."""

from numba import njit

from simcore.core.nb.event_log_nb import append_event_nb

from .. import layout as S


@njit(cache=True, _nrt=False, inline="always")
def log_nb(state, log, seat, event, a, b, c, d):
    """Append one event; LOG_N keeps counting past the capacity to reveal truncation."""
    append_event_nb(state, log, S.LOG_N, state[S.VISIT], seat, event, a, b, c, d)
