"""The event log every engine writes: one int64 row per event, LOG_WIDTH columns.

A row is the game's time (its round, its day...), the seat (-1 for the table), the
event code and four event-specific values; the generated driver allocates the log with
LOG_WIDTH columns, and batch play passes a log of no rows, which makes logging free.
"""

from simcore.core.nb.numba_compat import njit_static

LOG_TIME = 0
LOG_SEAT = 1
LOG_EVENT = 2
LOG_A = 3
LOG_B = 4
LOG_C = 5
LOG_D = 6
LOG_WIDTH = 7


@njit_static(cache=True)
def append_event_nb(state, log, count_at, time, seat, event, a, b, c, d):
    """Append one event; state[count_at] keeps counting past the capacity, so a caller
    can tell the log was truncated."""
    if log.shape[0] == 0:
        return
    n = state[count_at]
    state[count_at] = n + 1
    if n >= log.shape[0]:
        return
    log[n, LOG_TIME] = time
    log[n, LOG_SEAT] = seat
    log[n, LOG_EVENT] = event
    log[n, LOG_A] = a
    log[n, LOG_B] = b
    log[n, LOG_C] = c
    log[n, LOG_D] = d


def event_fields(row) -> tuple[int, int, int, int, int, int]:
    """(event, seat, a, b, c, d) of one event row, as Python ints (for a game's sentences)."""
    return tuple(int(row[i]) for i in (LOG_EVENT, LOG_SEAT, LOG_A, LOG_B, LOG_C, LOG_D))


def event_record(row, time_name: str, event_names, text: str) -> dict:
    """One event row as a JSON-ready dict (`palace-lab play --json`): the game's clock
    under its own name (round, day), the seat, the event's name, its four values and its
    sentence. `event_names` maps codes to names; an unknown code stays a number."""
    ev = int(row[LOG_EVENT])
    return {
        time_name: int(row[LOG_TIME]),
        "seat": int(row[LOG_SEAT]),
        "event": event_names[ev] if 0 <= ev < len(event_names) else str(ev),
        "a": int(row[LOG_A]),
        "b": int(row[LOG_B]),
        "c": int(row[LOG_C]),
        "d": int(row[LOG_D]),
        "text": text,
    }
