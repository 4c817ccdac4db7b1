"""A bench-only strategy that does almost nothing, to time the engine by itself.

It takes the first bank character and the first village with room, picks
Gold + Gold and takes both. Not registered: it is no player.
"""

from numba import njit

import simcore.maharaja.data_layout as B
import simcore.maharaja.layout as S
from simcore.core.nb.nb_sig import F1, I1, U1
from simcore.maharaja.enums import (
    A_GOLD,
    BANK,
    DK_CHARACTER,
    DK_PICK,
    DK_REPLACE,
    DK_SETUP_HOUSE,
    DK_STEP,
    OP_END,
    OP_GOLD,
)
from simcore.maharaja.nb.build_nb import village_cap_nb
from simcore.maharaja.rules import R


@njit(f"int64(int64, int64, {I1}, {I1}, {I1}, {F1}, {U1}, {I1}, {I1})", cache=True, _nrt=False)
def trivial_decide_nb(kind, seat, state, board, rules, params, rng, scratch, out):
    if kind == DK_PICK:
        out[0] = A_GOLD
        out[1] = A_GOLD
    elif kind == DK_STEP:
        out[0] = OP_END
        for s in range(2):
            if state[S.T_OTHER_LEFT + s] > 0:
                out[0] = OP_GOLD
                out[1] = s
                break
    elif kind == DK_CHARACTER or kind == DK_REPLACE:
        for k in range(rules[R.N_CHARACTERS]):
            if state[S.CHAR_OWNER + k] == BANK:
                return k
    elif kind == DK_SETUP_HOUSE:
        cap = village_cap_nb(state, rules)
        for v in range(board[B.N_VILLAGES]):
            if state[S.VIL_TOTAL + v] < cap:
                return v
    return 0


def driver(game: str = "maharaja"):
    """Driver whose only strategy (id 0) is the trivial one."""
    from simcore.core.contract.games import get_game
    from simcore.core.nb.driver import build_driver

    return build_driver(get_game("maharaja").engine, [(__name__, "trivial_decide_nb")])
