"""The palace: balconies and eviction (P-A2a), the seraglio and its tie rule (P-A7,
P-A8, P-V2), treasury scorings (P-A3) and the final count (P-E2)."""

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.skeleton_nb import log_nb

from .. import layout as S
from ..enums import (
    EV_EVICT,
    EV_MARKER,
    EV_RANK,
    EV_SCORE,
    EV_SER_FIGURE,
    MAX_SERAGLIO,
    N_GARDENS,
    N_QUARTERS,
    TIE_NONE,
    TIE_SERAGLIO,
    TIE_SHARED,
)
from ..rules import R


@njit_static(cache=True)
def usable_fields_nb(state, rules):
    """P-A7: 4 / 5 / 6 seraglio fields with 2 / 3 / 4 players (rule values)."""
    return rules[R.SER_FIELDS_2 + state[S.N_PLAYERS] - 2]


@njit_static(cache=True)
def markers_in_nb(state, p):
    n = 0
    for i in range(MAX_SERAGLIO):
        if state[S.SERAGLIO + i] == p:
            n += 1
    return n


@njit_static(cache=True)
def nearest_nb(state, p):
    """Index of p's marker nearest to field 1, MAX_SERAGLIO if none."""
    for i in range(MAX_SERAGLIO):
        if state[S.SERAGLIO + i] == p:
            return i
    return MAX_SERAGLIO


@njit_static(cache=True)
def seraglio_better_nb(state, p, q):
    """P-A8: p beats q on the seraglio rule: more markers, else a marker nearer field 1."""
    mp = markers_in_nb(state, p)
    mq = markers_in_nb(state, q)
    if mp != mq:
        return mp > mq
    return nearest_nb(state, p) < nearest_nb(state, q)


@njit_static(cache=True)
def seraglio_leader_nb(state):
    """P-V2: the seat that beats every other on the seraglio rule, -1 if none."""
    n = state[S.N_PLAYERS]
    for p in range(n):
        if markers_in_nb(state, p) == 0:
            continue
        lead = True
        for q in range(n):
            if q != p and not seraglio_better_nb(state, p, q):
                lead = False
                break
        if lead:
            return p
    return -1


@njit_static(cache=True)
def update_ser_figure_nb(state, rules, log):
    """P-V2: the leader's figure stands on his marker; a new leader's replaces it (the old
    one returns to its owner); [choice] placed whenever he has one in supply."""
    if rules[R.SERAGLIO_FIGURE] == 0:
        return
    lead = seraglio_leader_nb(state)
    old = state[S.SER_FIGURE]
    if lead == old:
        return
    if old >= 0:
        state[S.FIGS + old] += 1
        state[S.SER_FIGURE] = -1
    if lead >= 0 and state[S.FIGS + lead] > 0:
        state[S.FIGS + lead] -= 1
        state[S.SER_FIGURE] = lead
    log_nb(state, log, lead, EV_SER_FIGURE, state[S.SER_FIGURE], old, 0, 0)


@njit_static(cache=True)
def place_marker_nb(state, rules, log, p):
    """P-A7: p's marker onto field 1, the others move one field along the arrow, one
    pushed past the last usable field returns to its owner. [choice] with no marker in
    supply p moves his own marker farthest from field 1 to field 1. P-D7 (place or not)
    is no decision: [choice] always."""
    u = usable_fields_nb(state, rules)
    back = -1
    recycled = 0
    if state[S.MARKERS + p] > 0:
        state[S.MARKERS + p] -= 1
        last = state[S.SERAGLIO + u - 1]
        if last >= 0:
            state[S.MARKERS + last] += 1
            back = last
        for i in range(u - 1, 0, -1):
            state[S.SERAGLIO + i] = state[S.SERAGLIO + i - 1]
        state[S.SERAGLIO] = p
    else:
        j = -1
        for i in range(u):
            if state[S.SERAGLIO + i] == p:
                j = i
        if j < 0:
            return
        for i in range(j, 0, -1):
            state[S.SERAGLIO + i] = state[S.SERAGLIO + i - 1]
        state[S.SERAGLIO] = p
        recycled = 1
    log_nb(state, log, p, EV_MARKER, p, back, recycled, 0)
    update_ser_figure_nb(state, rules, log)


@njit_static(cache=True)
def evict_nb(state, rules, log, seat, g):
    """P-A2a: the balcony figure goes back to its owner's supply; the owner places a
    marker (P-A7 [choice] always; his own replaced one too: translator's note)."""
    old = state[S.BALCONY + g]
    if old < 0:
        return
    state[S.BALCONY + g] = -1
    state[S.FIGS + old] += 1
    log_nb(state, log, seat, EV_EVICT, g, old, 0, 0)
    if old != seat or rules[R.OWN_REPLACED_MARKER] != 0:
        place_marker_nb(state, rules, log, old)


@njit_static(cache=True)
def has_quarter_figure_nb(state, p):
    for q in range(N_QUARTERS):
        if state[S.QFIG + p * N_QUARTERS + q] > 0:
            return True
    return False


@njit_static(cache=True)
def figures_up_nb(state, p):
    """Figures counted by P-A3 and P-E2: balconies, treasury, the P-V2 figure."""
    n = state[S.TREASURY + p]
    for g in range(N_GARDENS):
        if state[S.BALCONY + g] == p:
            n += 1
    if state[S.SER_FIGURE] == p:
        n += 1
    return n


@njit_static(cache=True)
def beats_nb(state, p, q, np_, nq):
    """p ranks above q: more figures, else the seraglio rule (P-A8)."""
    if np_ != nq:
        return np_ > nq
    return seraglio_better_nb(state, p, q)


@njit_static(cache=True)
def treasury_leader_nb(state):
    """P-A3: the player with the most figures up; ties by P-A8; still tied: nobody."""
    n = state[S.N_PLAYERS]
    for p in range(n):
        fp = figures_up_nb(state, p)
        lead = True
        for q in range(n):
            if q != p and not beats_nb(state, p, q, fp, figures_up_nb(state, q)):
                lead = False
                break
        if lead:
            return p
    return -1


@njit_static(cache=True)
def final_ranks_nb(state, log):
    """P-E2: figures up; ties by the seraglio rule; still tied: a shared place."""
    n = state[S.N_PLAYERS]
    for p in range(n):
        state[S.SCORE + p] = figures_up_nb(state, p)
        balc = 0
        for g in range(N_GARDENS):
            if state[S.BALCONY + g] == p:
                balc += 1
        log_nb(state, log, p, EV_SCORE, state[S.SCORE + p], balc, state[S.TREASURY + p],
               1 if state[S.SER_FIGURE] == p else 0)  # fmt: skip
    for p in range(n):
        r = 0
        for q in range(n):
            if q != p and beats_nb(state, q, p, state[S.SCORE + q], state[S.SCORE + p]):
                r += 1
        state[S.RANK + p] = r
    winners = 0
    best = -1
    for p in range(n):
        if state[S.RANK + p] == 0:
            winners += 1
        if state[S.SCORE + p] > best:
            best = state[S.SCORE + p]
    at_best = 0
    for p in range(n):
        if state[S.SCORE + p] == best:
            at_best += 1
    state[S.N_WINNERS] = winners
    if winners > 1:
        state[S.TIE] = TIE_SHARED
    elif at_best > 1:
        state[S.TIE] = TIE_SERAGLIO
    else:
        state[S.TIE] = TIE_NONE
    for p in range(n):
        log_nb(state, log, p, EV_RANK, state[S.RANK + p], state[S.SCORE + p], 0, 0)
