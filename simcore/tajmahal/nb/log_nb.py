"""Event log writer (simcore/core/nb/event_log_nb.py): each event is stamped with the visit."""

from simcore.core.nb.event_log_nb import append_event_nb
from simcore.core.nb.numba_compat import njit_static

from .. import layout as S


@njit_static(cache=True, inline="always")
def log_nb(state, log, seat, event, a, b, c, d):
    """Append one event; LOG_N keeps counting past the capacity to reveal truncation."""
    append_event_nb(state, log, S.LOG_N, state[S.VISIT], seat, event, a, b, c, d)
