"""Columns of the per-(game, seat) record the batch kernel writes (results.py types them)."""

from .enums import ACTION_NAMES, N_ACTS

STRATEGY = 0
RANK = 1  # 0 for every winner (V-E2: a shared first place has several)
POINTS = 2
ANTIQUE_POINTS = 3
COLL_POINTS = 4
MONEY_POINTS = 5
MONEY = 6  # rupees at the end
ANTIQUES = 7  # antiques scored (after V-P1)
BOUGHT = 8  # antiques bought
COLLECTIONS = 9  # collection cards taken
COLL_MASK = 10  # bit k = collection card k taken
LONE_CARDS = 11
LONE_POINTS = 12
GAVE_UP = 13
TAXES = 14
SPENT = 15
OWN_TURNS = 16
EXTRA_TURNS = 17
START_MONEY = 18
TURNS = 19  # the game's turns (V-R4)
DAYS = 20
END_REASON = 21
TIE = 22  # TIE_* of the game
ERRORS = 23  # illegal answers in this game (should be 0)
ACTS = 24  # [N_ACTS]
N_REC = ACTS + N_ACTS

ACTION_COLUMNS = tuple(f"act_{name}" for name in ACTION_NAMES)
RECORD_COLUMNS = (
    "strategy",
    "rank",
    "points",
    "antique_points",
    "collection_points",
    "money_points",
    "money",
    "antiques",
    "bought",
    "collections",
    "collections_taken",
    "lone_discards",
    "lone_points",
    "gave_up",
    "taxes",
    "spent",
    "own_turns",
    "extra_turns",
    "start_money",
    "turns",
    "days",
    "end_reason",
    "tie",
    "errors",
    *ACTION_COLUMNS,
)
assert len(RECORD_COLUMNS) == N_REC
