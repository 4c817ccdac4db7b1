"""Several characters (M-V4): which character to take, exchange, lure or give.

A strategy keeps its own Character logic and calls `several_step_nb` after its
step: when the variant is on and a Character slot is pending while the strategy
ends its turn or asks for a Character, the best legal request by the strategy's
valuation replaces it (a bank card; with an empty bank an exchange giving the
least valued own card, or a lure from a player holding more cards).
"""

import simcore.maharaja.layout as S
from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import randint_nb
from simcore.maharaja.enums import A_CHARACTER, E_OK, LURE, OP_CHARACTER, OP_END
from simcore.maharaja.nb.characters_nb import characters_held_nb
from simcore.maharaja.nb.turn_nb import bank_characters_nb, character_error_nb, give_error_nb
from simcore.maharaja.rules import R
from strategies.maharaja.kit.values_nb import char_value_nb


@njit_static(cache=True)
def give_nb(state, rules, seat, vals):
    """The own character worth least (DK_GIVE, and the card given in an exchange)."""
    best = -1
    best_v = 1e18
    for k in range(rules[R.N_CHARACTERS]):
        if state[S.CHAR_OWNER + k] == seat:
            v = char_value_nb(vals, k)
            if v < best_v:
                best_v = v
                best = k
    return best


@njit_static(cache=True)
def random_give_nb(state, rules, seat, rng):
    """A uniformly drawn own character."""
    n = 0
    pick = -1
    for k in range(rules[R.N_CHARACTERS]):
        if state[S.CHAR_OWNER + k] == seat:
            n += 1
            if randint_nb(rng, 0, n) == 0:
                pick = k
    return pick


@njit_static(cache=True)
def character_slot_nb(state):
    """A disc slot whose Character action is still to do, -1 if none."""
    for s in range(2):
        if state[S.T_ACTION + s] == A_CHARACTER and state[S.T_OTHER_LEFT + s] > 0:
            return s
    return -1


@njit_static(cache=True)
def several_step_nb(state, rules, seat, vals, out):
    """Replace OP_END / OP_CHARACTER by the best legal M-V4 Character request; True if
    out was rewritten. Nothing happens without the variant or a pending Character."""
    if rules[R.V_MULTI] == 0 or (out[0] != OP_END and out[0] != OP_CHARACTER):
        return False
    s = character_slot_nb(state)
    if s < 0:
        return False
    empty = bank_characters_nb(state, rules) == 0
    give = give_nb(state, rules, seat, vals)
    base = char_value_nb(vals, give) if empty else 0.0
    best_k = -1
    best_g = LURE
    best_v = -1e18
    for k in range(rules[R.N_CHARACTERS]):
        if character_error_nb(state, rules, seat, s, k) != E_OK:
            continue
        v = char_value_nb(vals, k) - base
        if v > best_v and (not empty or give_error_nb(state, rules, seat, k, give) == E_OK):
            best_v = v
            best_k = k
            best_g = give
        if empty and give_error_nb(state, rules, seat, k, LURE) == E_OK:
            # lured: the holder gives what they like least; expect their card we value least
            q = state[S.CHAR_OWNER + k]
            lv = 1e18
            for j in range(rules[R.N_CHARACTERS]):
                if state[S.CHAR_OWNER + j] == q:
                    w = char_value_nb(vals, j)
                    if w < lv:
                        lv = w
            if lv > best_v:
                best_v = lv
                best_k = k
                best_g = LURE
    if best_k < 0:
        if out[0] == OP_CHARACTER:
            out[0] = OP_END  # nothing legal: leave the slot undone (M-F2)
            return True
        return False
    out[0] = OP_CHARACTER
    out[1] = s
    out[2] = best_k
    out[3] = best_g
    return True


@njit_static(cache=True)
def random_several_nb(state, rules, seat, rng, out):
    """With M-V4 and an empty bank, complete a random OP_CHARACTER: a uniformly drawn
    own card to give, or a lure when the holder has more cards (one more option)."""
    if rules[R.V_MULTI] == 0 or out[0] != OP_CHARACTER:
        return
    if bank_characters_nb(state, rules) > 0:
        out[3] = LURE
        return
    k = out[2]
    n_own = characters_held_nb(state, seat)
    can_lure = give_error_nb(state, rules, seat, k, LURE) == E_OK
    i = randint_nb(rng, 0, n_own + (1 if can_lure else 0))
    if i >= n_own:
        out[3] = LURE
        return
    for j in range(rules[R.N_CHARACTERS]):
        if state[S.CHAR_OWNER + j] == seat:
            if i == 0:
                out[3] = j
                return
            i -= 1
