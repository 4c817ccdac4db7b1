"""Action chips (M-A5y): when to declare one, which extra action, and doing it.

A strategy calls `chip_step_nb` after its own step. When the strategy ends its
turn, a usable chip buys a Palace if one can be built right now where the
architect stands (with the gold left), else Gold when more than one chip is
held (one is kept for a palace later); the declared action is then done by this
module (the strategy's own loops need not know the chip slot).
"""

import simcore.maharaja.layout as S
from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import randint_nb
from simcore.maharaja.enums import (
    A_CHARACTER,
    A_GOLD,
    A_PALACE,
    N_ACTIONS,
    OP_CHIP,
    OP_END,
    OP_GOLD,
    OP_PALACE,
    SLOT_CHIP,
)
from simcore.maharaja.rules import R
from strategies.maharaja.kit.building_nb import palace_site_nb


@njit_static(cache=True)
def chip_usable_nb(state, rules, seat):
    """May seat declare a chip now (variant on, a chip held, none used this round)?"""
    return (
        rules[R.V_YOGI] != 0
        and state[S.CHIPS + seat] > 0
        and state[S.CHIP_ROUND + seat] != state[S.ROUND]
        and state[S.T_ACTION + SLOT_CHIP] < 0
    )


@njit_static(cache=True)
def chip_step_nb(state, board, rules, seat, out):
    """When out is OP_END: do the declared chip action, or declare one; True if rewritten."""
    if out[0] != OP_END:
        return False
    a = state[S.T_ACTION + SLOT_CHIP]
    if a == A_PALACE and state[S.T_PALACE_LEFT + SLOT_CHIP] > 0:
        site = palace_site_nb(state, board, rules, seat, SLOT_CHIP)
        if site < 0:
            return False
        out[0] = OP_PALACE
        out[1] = SLOT_CHIP
        out[2] = site
        return True
    if a == A_GOLD and state[S.T_OTHER_LEFT + SLOT_CHIP] > 0:
        out[0] = OP_GOLD
        out[1] = SLOT_CHIP
        return True
    if not chip_usable_nb(state, rules, seat):
        return False
    if palace_site_nb(state, board, rules, seat, -1) >= 0:
        out[0] = OP_CHIP
        out[1] = A_PALACE
        return True
    if state[S.CHIPS + seat] > 1:
        out[0] = OP_CHIP
        out[1] = A_GOLD
        return True
    return False


@njit_static(cache=True)
def random_chip_nb(state, rules, seat, rng, out):
    """When out is OP_END and a chip is usable: declare a uniformly drawn extra action
    (any but Character); the strategy then does it like its other slots."""
    if out[0] != OP_END or not chip_usable_nb(state, rules, seat):
        return False
    a = randint_nb(rng, 0, N_ACTIONS - 1)
    if a >= A_CHARACTER:
        a += 1
    out[0] = OP_CHIP
    out[1] = a
    return True
