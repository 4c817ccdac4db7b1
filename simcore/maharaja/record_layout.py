"""Columns of the per-(game, seat) result record the batch kernel writes.

One row per seat keeps the per-seat view that balance analysis needs; the
Python side turns the (games, seats, columns) block into typed columns.
"""

from .enums import ACTION_NAMES, CHARACTER_NAMES, N_ACTIONS, N_CHARACTERS_MAX

REC_STRATEGY = 0
REC_START_CHAR = 1  # lowest character after setup (M-S3)
REC_END_CHAR = 2  # lowest character held at the end
REC_PALACES = 3
REC_GOLD = 4
REC_RANK = 5  # 0 = winner (M-E2)
REC_ROUNDS = 6
REC_END_REASON = 7
REC_ORDER1 = 8  # position in round 1's actual turn order (0 = acted first)
REC_FEES_PAID = 9
REC_FEES_RECEIVED = 10
REC_FORFEITS = 11
REC_SCORE_GOLD = 12
REC_HOUSES_BUILT = 13
REC_SWAPS = 14
REC_CHIPS_GAINED = 15
REC_CHIPS_USED = 16
REC_BID_PAID = 17
REC_CHARS_HELD = 18  # bit mask of characters held at the end (M-V4)
REC_ERRORS = 19  # illegal requests by strategies in this game (should be 0)
REC_CHOICE_ORDER = 20  # position in the setup character choice (M-S3, M-V3), -1 if dealt
REC_TURNS = 21  # [N_CHARACTERS_MAX] own turns begun holding each character (M-R4)
REC_ACTS = REC_TURNS + N_CHARACTERS_MAX  # [N_ACTIONS] actions fully done, per action type
N_REC = REC_ACTS + N_ACTIONS

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
