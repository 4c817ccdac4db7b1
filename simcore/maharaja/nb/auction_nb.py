"""Character auction at setup (M-V3, rulebook 11.2.5).

Auctions repeat among the players still without a character. Each opens at the
first seat without one, clockwise from the first chooser ([choice] the rulebook
only names the youngest player for the first auction). Bids go clockwise and
must exceed the last bid; a pass is final. The opener may pass too ([choice]
the digest allows it): if nobody bids at all, the opener chooses for 0, as the
rulebook says for an opening 0 that everyone passes. A bid above the bidder's
gold or not above the last bid is an error and counts as a pass. The winner pays
the bank and chooses a bank character (DK_CHARACTER); the last player without a
character chooses for free.
"""

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.skeleton_nb import log_nb

from .. import layout as S
from ..enums import E_BAD_BID, E_OK, EV_BID
from .characters_nb import NO_CHARACTER, lowest_character_nb

AUC_NEW = -1  # S.AUC_TURN: the next auction has not started
AUC_OVER = -2  # S.AUC_TURN: bidding is over, the winner chooses
PASS = -1  # a DK_BID answer that passes


@njit_static(cache=True)
def bidding_nb(state, q):
    """True if q takes part in the running auction (has no character, has not passed)."""
    return lowest_character_nb(state, q) == NO_CHARACTER and (state[S.AUC_PASSED] >> q) & 1 == 0


@njit_static(cache=True)
def start_auction_nb(state):
    """Open the next auction; returns the number of players without a character.

    With one left, that player chooses for free at once (S.AUC_TURN = AUC_OVER)."""
    n = state[S.N_PLAYERS]
    state[S.AUC_PASSED] = 0
    state[S.AUC_LEADER] = -1
    state[S.AUC_BID] = -1
    count = 0
    opener = -1
    for i in range(n):
        q = (state[S.FIRST_CHOOSER] + i) % n
        if lowest_character_nb(state, q) == NO_CHARACTER:
            count += 1
            if opener < 0:
                opener = q
    state[S.AUC_OPENER] = opener
    if count == 1:
        state[S.AUC_LEADER] = opener
        state[S.AUC_BID] = 0
        state[S.AUC_TURN] = AUC_OVER
    elif count > 1:
        state[S.AUC_TURN] = opener
    return count


@njit_static(cache=True)
def min_bid_nb(state, q):
    """Lowest legal bid now: 0 to open, else one more than the last bid."""
    return state[S.AUC_BID] + 1


@njit_static(cache=True)
def bid_error_nb(state, q, bid):
    """E_OK if q may bid `bid` now (PASS is always allowed)."""
    if bid == PASS:
        return E_OK
    if bid < min_bid_nb(state, q) or bid > state[S.GOLD + q]:
        return E_BAD_BID
    return E_OK


@njit_static(cache=True)
def next_bidder_nb(state, q):
    """The next bidder clockwise after q, or AUC_OVER when only the leader (or nobody) is left."""
    n = state[S.N_PLAYERS]
    for i in range(1, n + 1):
        r = (q + i) % n
        if bidding_nb(state, r):
            return AUC_OVER if r == state[S.AUC_LEADER] else r
    return AUC_OVER


@njit_static(cache=True)
def answer_bid_nb(state, log, q, bid):
    """Apply q's bid or pass; an illegal bid counts as a pass. Returns the error code."""
    err = bid_error_nb(state, q, bid)
    if err != E_OK or bid < 0:
        state[S.AUC_PASSED] |= 1 << q
        log_nb(state, log, q, EV_BID, PASS, 0, 0, 0)
    else:
        state[S.AUC_BID] = bid
        state[S.AUC_LEADER] = q
        log_nb(state, log, q, EV_BID, bid, 0, 0, 0)
    state[S.AUC_TURN] = next_bidder_nb(state, q)
    return err


@njit_static(cache=True)
def auction_winner_nb(state):
    """Winner of the finished auction; with no bid at all the opener, for 0."""
    if state[S.AUC_LEADER] < 0:
        state[S.AUC_LEADER] = state[S.AUC_OPENER]
        state[S.AUC_BID] = 0
    return state[S.AUC_LEADER]
