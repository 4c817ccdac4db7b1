"""A bench-only Palast strategy that does almost nothing, to time the engine by itself.

It plays the first listed card when it is affordable as it stands (no free actions to
pay for it), takes the harbour side with more resources, gives back the type it holds
most above the resource limit, and otherwise the first listed answer (pass, no quarter).
Its games are longer than the scripted bots' (about 126 turns, a fifth at the 300-turn
cap), so its ceiling is per game of its own length. Not registered: it is no player.
"""

from numba import njit

import simcore.palast.data_layout as D
import simcore.palast.layout as S
from simcore.core.nb.nb_sig import F1, I1, U1
from simcore.palast.enums import BUILD_SLOT, DK_BUILD, DK_DROP_RES, DK_HARBOUR, N_RES


@njit(f"int64(int64, int64, {I1}, {I1}, {I1}, {F1}, {U1}, {I1}, {I1})", cache=True, _nrt=False)
def trivial_decide_nb(kind, seat, state, data, rules, params, rng, scratch, out):
    if kind == DK_BUILD and state[S.LEGAL_N] > 1 and state[S.LEGAL + 1] >= BUILD_SLOT:
        return state[S.LEGAL + 1]
    if kind == DK_DROP_RES:
        best = state[S.LEGAL]
        for i in range(state[S.LEGAL_N]):
            t = state[S.LEGAL + i]
            if state[S.RES + seat * N_RES + t] > state[S.RES + seat * N_RES + best]:
                best = t
        return best
    if kind == DK_HARBOUR:  # the side with more resources on its field
        a, b = state[S.LEGAL], state[S.LEGAL + 1]
        na = state[S.HARB_N + data[D.SIDE_FIELD + a]]
        return b if state[S.HARB_N + data[D.SIDE_FIELD + b]] > na else a
    return state[S.LEGAL]


def driver():
    """Driver whose only strategy (id 0) is the trivial one."""
    from simcore.core.contract.games import get_game
    from simcore.core.nb.driver import build_driver

    return build_driver(get_game("palast").engine, [(__name__, "trivial_decide_nb")])
