"""The Vermächtnis game state: one flat int64 vector with named offsets.

Use it namespaced, `from simcore.vermaechtnis import layout as S`, then
`state[S.MONEY + p]`; numba folds the module attributes into constants. A lookahead
copy is `state.copy()`. Player blocks hold MAX_SEATS entries in seat order (seat 0 is
the start player, V-S5); per-type and per-colour blocks are seat-major (p * 6 + t).

    header       players, phase, pending decision, active seat, day, turns, flags
    market       draw pile (order hidden, V-I1), offer slots, coins and prices of the
                 trade cards, where every antique is, supply of collection cards
    per seat     money, antiques per type and per colour, collection cards (bit mask),
                 score parts, rank, statistics for the results
"""

from .enums import N_ANTIQUES, N_COLOURS, N_TYPES
from .rules_layout import MAX_TRADE

MAX_SEATS = 4
MAX_OFFER = 6
P = MAX_SEATS

# header
N_PLAYERS = 0
PHASE = 1  # PH_* of nb/game_nb.py
ASK_KIND = 2  # DK_* the engine waits for, -1 = none
ASK_SEAT = 3
PLAYER = 4  # seat whose turn it is
DAY = 5  # sales day, 1-based (V-R)
TURNS = 6  # turns begun, extra turns included (V-R4, V-V1b)
END_REASON = 7  # END_*, 0 while running
N_ERRORS = 8  # illegal answers replaced by defaults
LOG_N = 9  # events written (counts past the log's capacity)
DAY_OVER = 10  # 1 once the running day has ended (V-R1); the turn still finishes
IN_EXTRA = 11  # 1 during an extra turn (V-V1b: another one earned is forfeited)
EXTRA_PENDING = 12  # 1 if the active seat plays an extra turn next (V-V1b)
TOOK = 13  # collection card taken this turn, -1 = none (V-V1: its effect is pending)
N_TRADE = 14  # trade cards in use (V-S2)
DECK_N = 15  # antiques in the draw pile at the start (36)
DECK_POS = 16  # next card drawn is DECK[DECK_POS]
OFFER_N = 17  # antiques still in the offer
SUPPLY = 18  # bit mask of the collection cards in the general supply (V-S3)
TIE = 19  # TIE_*: how first place was settled (V-E2)
N_WINNERS = 20
FIRST_ERROR = 21  # first E_* met, 0 if none
ELIGIBLE = 22  # DK_COLLECT pending: bit mask of the cards the seat may take (public)
GIVE_CARD = 23  # DK_GIVE_UP pending: the collection card the give-up is for

# market
DECK = 24  # [N_ANTIQUES] draw pile, DECK[DECK_POS..DECK_N-1] face down (order hidden: V-I1)
OFFER = DECK + N_ANTIQUES  # [MAX_OFFER] antique per slot, -1 = empty
COIN = OFFER + MAX_OFFER  # [MAX_TRADE] 1 = the trade card holds its gold coin
PRICE = COIN + MAX_TRADE  # [MAX_TRADE] printed value of each trade card, left to right
WHERE = PRICE + MAX_TRADE  # [N_ANTIQUES] W_* or the owning seat

# per seat
MONEY = WHERE + N_ANTIQUES  # rupees (V-C6, public)
START_MONEY = MONEY + P  # rupees at the start (V-S5)
OWN_TYPE = START_MONEY + P  # [P * N_TYPES] antiques owned per type
OWN_COLOUR = OWN_TYPE + P * N_TYPES  # [P * N_COLOURS] antiques owned per colour
N_OWNED = OWN_COLOUR + P * N_COLOURS  # antiques owned
COLL = N_OWNED + P  # bit mask of the collection cards held (V-A3d)
POINTS = COLL + P  # final score (V-P2, V-P3)
ANTIQUE_POINTS = POINTS + P
COLL_POINTS = ANTIQUE_POINTS + P
MONEY_POINTS = COLL_POINTS + P
SCORED = MONEY_POINTS + P  # antiques left after V-P1
TIE_COUNT = SCORED + P  # antiques the V-E2 tie-break counts
RANK = TIE_COUNT + P  # 0 = a winner (V-E2)
LONE_CARDS = RANK + P  # antiques given up as lone colours (V-P1)
LONE_POINTS = LONE_CARDS + P  # their points
GAVE_UP = LONE_POINTS + P  # antiques given up for collection cards (V-A3b)
TAXES = GAVE_UP + P  # rupees paid as taxes (V-A4)
SPENT = TAXES + P  # rupees paid for antiques (V-A2)
OWN_TURNS = SPENT + P  # turns played, extra turns included
EXTRA_TURNS = OWN_TURNS + P  # extra turns played (V-V1b)
ACTS = EXTRA_TURNS + P  # [P * N_ACTS] actions done per type (act_* columns)
NOTHING_ELIGIBLE = ACTS + P * 2  # 1: no card was eligible at the seat's last check and its
#                                  antiques have not changed since (so none is now, V-A3)

STATE_SIZE = NOTHING_ELIGIBLE + P
