"""Bids in the character auction (M-V3): from a valuation of the characters.

A first choice is worth what it saves over the character one expects to get by
waiting: with m players still without a character, roughly the m-th best bank
character. The bid is the lowest legal one while it stays below that worth (in
gold) and a budget cap; otherwise pass.
"""

import simcore.maharaja.layout as S
from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.rng_nb import randint_nb
from simcore.maharaja.enums import BANK
from simcore.maharaja.nb.auction_nb import PASS
from simcore.maharaja.nb.characters_nb import NO_CHARACTER, lowest_character_nb
from simcore.maharaja.rules import R
from strategies.maharaja.kit.values_nb import char_value_nb


@njit_static(cache=True)
def first_choice_worth_nb(state, rules, vals):
    """Value of choosing now over choosing last among those without a character."""
    m = 0
    for q in range(state[S.N_PLAYERS]):
        if lowest_character_nb(state, q) == NO_CHARACTER:
            m += 1
    best = -1e18
    # the m-th best bank value: count, for each bank card, the bank cards worth more
    mth = 1e18
    for k in range(rules[R.N_CHARACTERS]):
        if state[S.CHAR_OWNER + k] != BANK:
            continue
        v = char_value_nb(vals, k)
        if v > best:
            best = v
        above = 0
        for j in range(rules[R.N_CHARACTERS]):
            if j != k and state[S.CHAR_OWNER + j] == BANK:
                w = char_value_nb(vals, j)
                if w > v or (w == v and j < k):
                    above += 1
        if above == m - 1:
            mth = v
    if mth > best:
        mth = best
    return best - mth


@njit_static(cache=True)
def value_bid_nb(state, rules, seat, vals, gold_per_value, cap):
    """The lowest legal bid if it is worth it (worth x gold_per_value, at most cap and the
    own gold), else PASS. Opening at 0 is always worth it."""
    worth = first_choice_worth_nb(state, rules, vals) * gold_per_value
    limit = int(worth)
    if limit > cap:
        limit = cap
    if limit > state[S.GOLD + seat]:
        limit = state[S.GOLD + seat]
    lowest = state[S.AUC_BID] + 1
    return lowest if lowest <= limit else PASS


@njit_static(cache=True)
def random_bid_nb(state, seat, rng):
    """Uniform over PASS and the legal bids up to 3 above the lowest one."""
    lowest = state[S.AUC_BID] + 1
    top = lowest + 3
    if top > state[S.GOLD + seat]:
        top = state[S.GOLD + seat]
    if top < lowest:
        return PASS
    i = randint_nb(rng, 0, top - lowest + 2)
    return PASS if i == 0 else lowest + i - 1
