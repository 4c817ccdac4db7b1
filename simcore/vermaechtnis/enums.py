"""Integer codes shared by the Vermächtnis engine, its strategies and its logs.

Plain module-level ints so that numba folds them into constants.
"""

from simcore.core.nb.event_log_nb import LOG_A as LOG_A
from simcore.core.nb.event_log_nb import LOG_B as LOG_B
from simcore.core.nb.event_log_nb import LOG_C as LOG_C
from simcore.core.nb.event_log_nb import LOG_D as LOG_D
from simcore.core.nb.event_log_nb import LOG_EVENT as LOG_EVENT
from simcore.core.nb.event_log_nb import LOG_SEAT as LOG_SEAT
from simcore.core.nb.event_log_nb import LOG_TIME
from simcore.core.nb.event_log_nb import LOG_WIDTH as LOG_WIDTH

# V-C1: 6 types x 6 colours; antique id = type * N_COLOURS + colour.
N_TYPES = 6
N_COLOURS = 6
N_ANTIQUES = N_TYPES * N_COLOURS
TYPE_NAMES = ("jug", "knife", "instrument", "jewellery", "statue", "vase")
ASSORTED = N_TYPES  # the seventh collection sort, "Verschiedene" (V-C3)
SORT_NAMES = (*TYPE_NAMES, "assorted")
N_SORTS = N_TYPES + 1

# Where an antique is (state WHERE block); 0..MAX_SEATS-1 = owned by that seat.
W_DECK = -1  # face down in the draw pile (V-S1)
W_OFFER = -2  # face up in the current offer
W_GONE = -3  # out of the game face down: left in the offer (V-R2), given up (V-A3b), V-V1c
W_LONE = -4  # given up at scoring as a lone colour (V-P1)

# Decision kinds a strategy answers (V-D); the answer is decide_nb's return value.
DK_ACTION = 0  # V-D1: GOLD, or the offer slot to buy
DK_COLLECT = 1  # V-D2: NONE, or the collection card to take
DK_GIVE_UP = 2  # V-D3: the own antique to give up
N_KINDS = 3
KIND_NAMES = ("action", "collection card", "give-up")
# dk_* result columns: decisions of each kind answered per seat
DECISION_KIND_NAMES = ("action", "collection_card", "give_up")

GOLD = 100  # DK_ACTION answer: take the leftmost gold coin (V-A1); slots are 0..MAX_OFFER-1
NONE = -1  # DK_COLLECT answer: take no collection card

# Requirement kinds of a collection card (V-C4).
REQ_COUNTS = 0  # at least need[t] antiques of each type t
REQ_DIFFERENT = 1  # at least N different types

# Grey-side effects (V-V1).
FX_NONE = 0
FX_MONEY = 1  # V-V1a
FX_EXTRA_TURN = 2  # V-V1b
FX_CLEAR_OFFER = 3  # V-V1c
EFFECT_NAMES = ("none", "money", "extra_turn", "clear_offer")

# Action types counted per seat (act_* result columns).
ACT_TAKE_GOLD = 0
ACT_BUY = 1
N_ACTS = 2
ACTION_NAMES = ("take_gold", "buy")

# Why a game ended.
END_NONE = 0
END_DECK = 1  # V-E1: the draw pile cannot fill another offer
END_REASON_NAMES = ("", "deck")

# How first place was settled (V-E2).
TIE_NONE = 0  # one player had the most points
TIE_ANTIQUES = 1  # equal points, most antiques decided
TIE_SHARED = 2  # still equal: several winners
TIE_NAMES = ("none", "antiques", "shared")

# Error codes of illegal answers (counted, replaced by a legal default).
E_OK = 0
E_BAD_SLOT = 1  # no such offer slot, or an empty one
E_CANNOT_PAY = 2  # money < price (V-A2)
E_NOT_ELIGIBLE = 3  # collection card not in the supply or not met (V-A3)
E_BAD_GIVE_UP = 4  # not an own antique of a pictured type (V-A3b)
ERROR_NAMES = ("ok", "bad slot", "cannot pay", "collection card not eligible", "bad give-up")

# Event log rows: the columns of simcore/core/nb/event_log_nb.py; the time column is the day.
LOG_DAY = LOG_TIME

EV_DAY = 0  # a = day
EV_OFFER = 1  # a = slot, b = antique
EV_GOLD = 2  # a = trade card, b = rupees, c = money after
EV_BUY = 3  # a = slot, b = antique, c = price, d = money after
EV_COLLECT = 4  # a = collection card
EV_GIVE_UP = 5  # a = antique
EV_TAX = 6  # a = rupees paid, b = money after
EV_EFFECT = 7  # a = FX_*, b = 1 if an extra turn was forfeited
EV_EXTRA_TURN = 8  # the seat takes its extra turn (V-V1b)
EV_DAY_END = 9  # a = antiques left in the offer (out of the game)
EV_END = 10  # a = END_*, b = turns
EV_LONE = 11  # a = antique given up as a lone colour (V-P1)
EV_SCORE = 12  # a = points, b = antique points, c = collection points, d = money points
EV_RANK = 13  # a = rank, b = points, c = antiques
EV_ERROR = 14  # a = E_*, b = decision kind, c = the answer
EV_NAMES = (
    "day",
    "offer",
    "gold",
    "buy",
    "collect",
    "give_up",
    "tax",
    "effect",
    "extra_turn",
    "day_end",
    "end",
    "lone",
    "score",
    "rank",
    "error",
)
