"""Columns of the per-(game, seat) result record the batch kernel writes.

One row per seat keeps the per-seat view that balance analysis needs; the
Python side turns the (games, seats, columns) block into typed columns.
"""

from .enums import ACTION_NAMES, CHARACTER_NAMES, N_ACTIONS, N_CHARACTERS_MAX

STRATEGY = 0
START_CHAR = 1  # lowest character after setup (M-S3)
END_CHAR = 2  # lowest character held at the end
PALACES = 3
GOLD = 4
RANK = 5  # 0 = winner (M-E2)
ROUNDS = 6
END_REASON = 7
ORDER1 = 8  # position in round 1's actual turn order (0 = acted first)
FEES_PAID = 9
FEES_RECEIVED = 10
FORFEITS = 11
SCORE_GOLD = 12
HOUSES_BUILT = 13
SWAPS = 14
CHIPS_GAINED = 15
CHIPS_USED = 16
BID_PAID = 17
CHARS_HELD = 18  # bit mask of characters held at the end (M-V4)
ERRORS = 19  # illegal requests by strategies in this game (should be 0)
CHOICE_ORDER = 20  # position in the setup character choice (M-S3, M-V3), -1 if dealt
TURNS = 21  # [N_CHARACTERS_MAX] own turns begun holding each character (M-R4)
ACTS = TURNS + N_CHARACTERS_MAX  # [N_ACTIONS] actions fully done, per action type
N_REC = ACTS + N_ACTIONS

TURN_COLUMNS = tuple(f"turns_{name}" for name in CHARACTER_NAMES)
ACTION_COLUMNS = tuple(f"act_{name}" for name in ACTION_NAMES)

RECORD_COLUMNS = (
    "strategy",
    "start_character",
    "end_character",
    "palaces",
    "gold",
    "rank",
    "rounds",
    "end_reason",
    "first_order",
    "fees_paid",
    "fees_received",
    "forfeits",
    "score_gold",
    "houses_built",
    "swaps",
    "chips_gained",
    "chips_used",
    "bid_paid",
    "characters_held",
    "errors",
    "choice_order",
    *TURN_COLUMNS,
    *ACTION_COLUMNS,
)
