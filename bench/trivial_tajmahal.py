"""A bench-only Taj Mahal strategy that does almost nothing, to time the engine by itself.

Each visit it plays its first legal coloured card alone once (T-A1; the scripted bots
play about one card per visit too, so the engine runs a comparable game), then
withdraws; it places every palace on the first legal city and takes the first display
card. Not registered: it is no player.
"""

from numba import njit

from simcore.core.nb.nb_sig import F1, I1, U1
from simcore.tajmahal import data_layout as D
from simcore.tajmahal import layout as S
from simcore.tajmahal.enums import DK_CROWN, DK_PALACE, DK_TURN, N_COLOURS, WITHDRAW
from simcore.tajmahal.nb.palace_nb import legal_cities_nb


@njit(f"int64(int64, int64, {I1}, {I1}, {I1}, {F1}, {U1}, {I1}, {I1})", cache=True, _nrt=False)
def trivial_decide_nb(kind, seat, state, data, rules, params, rng, scratch, out):
    if kind == DK_TURN:
        if state[S.SEAT_PLAYS + seat] > 0:
            return WITHDRAW
        committed = state[S.COLOUR + seat]
        for k in range(data[D.N_KINDS]):
            col = data[D.KIND_COLOUR + k]
            if col < N_COLOURS and state[S.HAND + seat * D.MAX_KINDS + k] > 0:
                if committed < 0 or committed == col:
                    return k  # play code of a card alone (no companion)
        return WITHDRAW
    if kind == DK_CROWN or kind == DK_PALACE:
        legal_cities_nb(state, data, rules, seat, kind == DK_CROWN, out, 0)
        return out[0]
    for i in range(S.MAX_DISPLAY):
        if state[S.DISPLAY + i] >= 0:
            return i
    return 0


def driver(game: str = "tajmahal"):
    """Driver whose only strategy (id 0) is the trivial one."""
    from simcore.core.contract.games import get_game
    from simcore.core.nb.driver import build_driver

    return build_driver(get_game(game).engine, [(__name__, "trivial_decide_nb")])
