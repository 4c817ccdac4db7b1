"""The Vermächtnis game state: one flat int64 vector with named offsets.

Use it namespaced, `from simcore.vermaechtnis import layout as S`, then
`state[S.MONEY + p]`; numba folds the module attributes into constants. A lookahead
copy is `state.copy()`. Player blocks hold MAX_SEATS entries in seat order (seat 0 is
the start player, V-S5); per-type and per-colour blocks are seat-major (p * 6 + t).

    header       the common one (simcore/core/contract/layout.py: players, the day as the round,
                 phase, the decision asked, end reason, errors, events logged), then the
                 active seat, turns, flags
    market       draw pile (order hidden, V-I1), offer slots, coins and prices of the
                 trade cards, where every antique is, supply of collection cards
    per seat     money, antiques per type and per colour, collection cards (bit mask),
                 score parts, rank, statistics for the results
"""

from simcore.core.contract.layout import *  # noqa: F403  (the common header: S.ROUND, S.PHASE, ...)
from simcore.core.contract.layout import HEADER, state_layout

from .enums import N_ACTS, N_ANTIQUES, N_COLOURS, N_KINDS, N_TYPES
from .rules import MAX_TRADE

MAX_SEATS = 4
MAX_OFFER = 6
P = MAX_SEATS
DAY = HEADER["ROUND"]  # the game's clock is the sales day, 1-based (V-R)
_S = state_layout("vermaechtnis")

# header
PLAYER = _S.take("PLAYER")  # seat whose turn it is
TURNS = _S.take("TURNS")  # turns begun, extra turns included (V-R4, V-V1b)
# 1 once the running day has ended (V-R1); the turn still finishes
DAY_OVER = _S.take("DAY_OVER")
# 1 during an extra turn (V-V1b: another one earned is forfeited)
IN_EXTRA = _S.take("IN_EXTRA")
# 1 if the active seat plays an extra turn next (V-V1b)
EXTRA_PENDING = _S.take("EXTRA_PENDING")
# collection card taken this turn, -1 = none (V-V1: its effect is pending)
TOOK = _S.take("TOOK")
N_TRADE = _S.take("N_TRADE")  # trade cards in use (V-S2)
DECK_N = _S.take("DECK_N")  # antiques in the draw pile at the start (36)
DECK_POS = _S.take("DECK_POS")  # next card drawn is DECK[DECK_POS]
OFFER_N = _S.take("OFFER_N")  # antiques still in the offer
# bit mask of the collection cards in the general supply (V-S3)
SUPPLY = _S.take("SUPPLY")
TIE = _S.take("TIE")  # TIE_*: how first place was settled (V-E2)
N_WINNERS = _S.take("N_WINNERS")
# DK_COLLECT pending: bit mask of the cards the seat may take (public)
ELIGIBLE = _S.take("ELIGIBLE")
# DK_GIVE_UP pending: the collection card the give-up is for
GIVE_CARD = _S.take("GIVE_CARD")

# market
# draw pile, DECK[DECK_POS..DECK_N-1] face down (order hidden: V-I1)
DECK = _S.take("DECK", N_ANTIQUES)
OFFER = _S.take("OFFER", MAX_OFFER)  # antique per slot, -1 = empty
COIN = _S.take("COIN", MAX_TRADE)  # 1 = the trade card holds its gold coin
PRICE = _S.take("PRICE", MAX_TRADE)  # printed value of each trade card, left to right
WHERE = _S.take("WHERE", N_ANTIQUES)  # W_* or the owning seat

# per seat
MONEY = _S.take("MONEY", P)  # rupees (V-C6, public)
START_MONEY = _S.take("START_MONEY", P)  # rupees at the start (V-S5)
OWN_TYPE = _S.take("OWN_TYPE", P * N_TYPES)  # antiques owned per type
OWN_COLOUR = _S.take("OWN_COLOUR", P * N_COLOURS)  # antiques owned per colour
N_OWNED = _S.take("N_OWNED", P)  # antiques owned
COLL = _S.take("COLL", P)  # bit mask of the collection cards held (V-A3d)
POINTS = _S.take("POINTS", P)  # final score (V-P2, V-P3)
ANTIQUE_POINTS = _S.take("ANTIQUE_POINTS", P)
COLL_POINTS = _S.take("COLL_POINTS", P)
MONEY_POINTS = _S.take("MONEY_POINTS", P)
SCORED = _S.take("SCORED", P)  # antiques left after V-P1
TIE_COUNT = _S.take("TIE_COUNT", P)  # antiques the V-E2 tie-break counts
RANK = _S.take("RANK", P)  # 0 = a winner (V-E2)
LONE_CARDS = _S.take("LONE_CARDS", P)  # antiques given up as lone colours (V-P1)
LONE_POINTS = _S.take("LONE_POINTS", P)  # their points
GAVE_UP = _S.take("GAVE_UP", P)  # antiques given up for collection cards (V-A3b)
TAXES = _S.take("TAXES", P)  # rupees paid as taxes (V-A4)
SPENT = _S.take("SPENT", P)  # rupees paid for antiques (V-A2)
OWN_TURNS = _S.take("OWN_TURNS", P)  # turns played, extra turns included
EXTRA_TURNS = _S.take("EXTRA_TURNS", P)  # extra turns played (V-V1b)
ACTS = _S.take("ACTS", P * N_ACTS)  # actions done per type (act_* columns)
# 1: no card was eligible at the seat's last check and its antiques have not changed
# since (so none is now, V-A3)
NOTHING_ELIGIBLE = _S.take("NOTHING_ELIGIBLE", P)

# decisions answered per seat and kind (dk_* columns); last, so that adding them moved
# no other offset
DKS = _S.take("DKS", P * N_KINDS)

STATE_SIZE = _S.done()
