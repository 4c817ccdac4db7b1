"""Integer codes shared by the Maharaja engine, its strategies and its logs.

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

# Characters are stored 0-based: index k is the card numbered k + 1 (M-K1..M-K7).
MOGUL = 0
MERCHANT = 1
SADHU = 2
MONK = 3
BUILDER = 4
ARTIST = 5
YOGI = 6
N_CHARACTERS_MAX = 7
CHARACTER_NAMES = ("Mogul", "Merchant", "Sadhu", "Monk", "Builder", "Artist", "Yogi")

# Owner markers in the character and palace arrays.
BANK = -1
OUT_OF_GAME = -2
NEUTRAL = -3
NOBODY = -1

# The nine actions of the action disc (M-A1..M-A9).
A_GOLD = 0
A_HOUSE = 1
A_TWO_HOUSES = 2
A_MOVE_HOUSE = 3
A_QUARRY = 4
A_PALACE = 5
A_PALACE_HOUSE = 6
A_GOVERNOR = 7
A_CHARACTER = 8
N_ACTIONS = 9
ACTION_NAMES = (
    "Gold",
    "House",
    "Two houses",
    "Move house",
    "Quarry",
    "Palace",
    "Palace+house",
    "Governor",
    "Character",
)

# Turn slots: the two disc arrows, the action chip's extra action, the Builder's free house.
SLOT_PICK0 = 0
SLOT_PICK1 = 1
SLOT_CHIP = 2
SLOT_BUILDER = 3
N_SLOTS = 4

# Turn-step operations a strategy returns in out[0]; arguments follow in out[1..].
OP_END = 0  # end the turn; unfinished action parts are forfeited (M-F2)
OP_ROAD = 1  # out[1] = road: move the architect along one road to its other end (M-F1)
OP_GOLD = 2  # out[1] = slot
OP_HOUSE = 3  # out[1] = slot, out[2] = location (see LOC_*)
OP_MOVE_HOUSE = 4  # out[1] = slot, out[2] = from location, out[3] = to location
OP_QUARRY = 5  # out[1] = slot
OP_PALACE = 6  # out[1] = slot, out[2] = site (SITE_INNER / SITE_OUTER); city = architect's
OP_GOVERNOR = 7  # out[1] = slot, out[2] = city whose governor moves down
OP_CHARACTER = 8  # out[1] = slot, out[2] = character to take, out[3] = character to give (M-V4)
# With several characters (M-V4) and an empty bank, out[3] >= 0 exchanges out[2] for the own
# character out[3]; out[3] = LURE lures a character from the holder of out[2], who chooses it.
LURE = -1
OP_CHIP = 9  # out[1] = action declared for the chip's extra action (M-A5y)
N_OPS = 10
OP_NAMES = (
    "end",
    "road",
    "gold",
    "house",
    "move-house",
    "quarry",
    "palace",
    "governor",
    "character",
    "chip",
)

# House locations: villages are 0..n_villages-1, city c is LOC_CITY0 + c.
LOC_CITY0 = 1000

SITE_INNER = 0
SITE_OUTER = 1

# Decision kinds: the calls the engine makes into a strategy.
DK_CHARACTER = 0  # setup character choice (M-S3): return a character index
DK_SETUP_HOUSE = 1  # initial house (M-S4): return a village
DK_PICK = 2  # secret pick of two actions (M-R3): write out[0], out[1]
DK_STEP = 3  # next operation of the own turn (M-R4): write an OP_* into out
DK_REPLACE = 4  # robbed by a swap (M-A9): return a bank character
DK_BID = 5  # auction bid (M-V3): return gold bid, -1 = pass
DK_GIVE = 6  # several characters (M-V4): return the character to give away
N_DECISION_KINDS = 7
# Decision kinds counted per seat (dk_* result columns: decisions of that kind answered).
DECISION_KIND_NAMES = ("character", "setup_house", "pick", "step", "replace", "bid", "give")

# End reasons (M-E1, M-V1, M-A8 [choice] cap).
END_RUNNING = 0
END_PALACES = 1
END_FIELD10 = 2
END_ROUND_LIMIT = 3
END_CAP = 4
END_ERROR = 5
END_REASON_NAMES = ("running", "palaces", "field10", "round_limit", "cap", "error")

# Error codes (returned by ops, recorded in the state; never raised in nopython code).
E_OK = 0
E_BAD_OP = 1
E_BAD_SLOT = 2
E_SLOT_DONE = 3
E_WRONG_ACTION = 4
E_NO_GOLD = 5
E_NO_SUPPLY = 6
E_VILLAGE_FULL = 7
E_NO_ARCHITECT = 8
E_BAD_LOCATION = 9
E_NO_HOUSE = 10
E_ROAD_CLOSED = 11
E_NOT_ADJACENT = 12
E_NO_SITE = 13
E_NO_PALACE_LEFT = 14
E_BAD_GOVERNOR = 15
E_BAD_CHARACTER = 16
E_TWO_VILLAGES = 17
E_CHIP = 18
E_TOO_MANY_STEPS = 19
E_BAD_DECISION = 20
E_STRATEGY = 21
E_BAD_BID = 22
E_STOP_ON_START = 23  # M-F3: travel ends in a city; S may only be passed through
ERROR_NAMES = (
    "ok",
    "bad op",
    "bad slot",
    "slot already done",
    "action does not allow this",
    "not enough gold",
    "no house in supply",
    "village full",
    "architect not in that city",
    "bad location",
    "no own house there",
    "road closed",
    "road not at the architect",
    "no free palace site",
    "no palace left",
    "bad governor move",
    "bad character",
    "two houses both in villages",
    "chip not usable",
    "too many steps in one turn",
    "bad decision",
    "unknown strategy",
    "bid not allowed",
    "travel would end on the start place",
)

# Event log rows: the columns of simcore/core/nb/event_log_nb.py; the time column is the round.
LOG_ROUND = LOG_TIME

EV_GOVERNORS = 0  # a = city, b = start position (M-S2)
EV_CHOOSE = 1  # seat, a = character, b = gold paid (M-S3, M-V3), c = 1 if dealt (`deal`)
EV_SETUP_HOUSE = 2  # seat, a = village (M-S4)
EV_ROUND = 3  # a = round
EV_MAHARAJA = 4  # a = city (M-R1)
EV_GOV_PLACED = 5  # a = city, b = position (M-R2)
EV_TURN = 6  # seat, a = pick0, b = pick1, c = lowest character (M-R4)
EV_MERCHANT = 7  # seat, a = gold (M-K2)
EV_ROAD = 8  # seat, a = road, b = from, c = to, d = fee (M-F1)
EV_FEE = 9  # seat pays, a = owner, b = amount, c = village, d = 1 if the bank paid (M-K4)
EV_GOLD = 10  # seat, a = gold (M-A1)
EV_HOUSE = 11  # seat, a = location, b = cost, c = slot (M-A2, M-A3, M-K5)
EV_MOVE_HOUSE = 12  # seat, a = from, b = to, c = slot (M-A4, M-K5)
EV_QUARRY = 13  # seat, a = houses taken (M-A5)
EV_PALACE = 14  # seat, a = city, b = site, c = cost (M-A6, M-A7)
EV_GOVERNOR = 15  # seat, a = city, b = from, c = to (M-A8)
EV_CHARACTER = 16  # seat, a = taken, b = from seat (-1 bank), c = given back (-1 none), d = SWAP_*
# How a Character action moved cards (EV_CHARACTER column d).
SWAP_BASIC = 0  # M-A9: take from the bank or a player, own card back to the bank
SWAP_BANK = 1  # M-V4: take a bank card, give nothing back
SWAP_EXCHANGE = 2  # M-V4: bank empty, take a named card and give one of the own
SWAP_LURE = 3  # M-V4: bank empty, the holder with more cards gives one of their choice
EV_REPLACE = 17  # seat, a = character taken from the bank (M-A9)
EV_FORFEIT = 18  # seat, a = actions not fully done, b = gold to each other (M-F2)
EV_SCORE = 19  # seat, a = city, b = points, c = rank, d = gold (M-P1, M-P2)
EV_MONOPOLY = 20  # seat, a = city, b = gold (M-P3)
EV_END = 21  # a = end reason, b = round (M-E1)
EV_RANK = 22  # seat, a = rank, b = palaces, c = gold, d = lowest character (M-E2)
EV_ERROR = 23  # seat, a = error code, b = op (strategy asked for something illegal)
EV_CHIP_GAIN = 24  # seat, a = chips held (M-A5y)
EV_CHIP_USE = 25  # seat, a = action (M-A5y)
EV_BID = 26  # seat, a = bid (-1 = pass) (M-V3)
EV_NAMES = (
    "governors",
    "choose",
    "setup-house",
    "round",
    "maharaja",
    "governor-placed",
    "turn",
    "merchant",
    "road",
    "fee",
    "gold",
    "house",
    "move-house",
    "quarry",
    "palace",
    "governor",
    "character",
    "replace",
    "forfeit",
    "score",
    "monopoly",
    "end",
    "rank",
    "error",
    "chip-gain",
    "chip-use",
    "bid",
)
