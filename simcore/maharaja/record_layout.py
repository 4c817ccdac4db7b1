"""Columns of the per-(game, seat) result record the batch kernel writes.

One row per seat keeps the per-seat view that balance analysis needs; the Python side
(results.py) turns the (games, seats, columns) block into typed columns named below.
"""

from simcore.core.contract.layout import Layout

from .enums import (
    ACTION_NAMES,
    CHARACTER_NAMES,
    DECISION_KIND_NAMES,
    N_ACTIONS,
    N_CHARACTERS_MAX,
    N_DECISION_KINDS,
)

TURN_COLUMNS = tuple(f"turns_{name}" for name in CHARACTER_NAMES)
ACTION_COLUMNS = tuple(f"act_{name}" for name in ACTION_NAMES)
DECISION_COLUMNS = tuple(f"dk_{name}" for name in DECISION_KIND_NAMES)

_R = Layout("maharaja records")
STRATEGY = _R.take("strategy")
START_CHAR = _R.take("start_character")  # lowest character after setup (M-S3)
END_CHAR = _R.take("end_character")  # lowest character held at the end
PALACES = _R.take("palaces")
GOLD = _R.take("gold")
RANK = _R.take("rank")  # 0 = winner (M-E2)
ROUNDS = _R.take("rounds")
END_REASON = _R.take("end_reason")
ORDER1 = _R.take("first_order")  # position in round 1's actual turn order (0 = acted first)
FEES_PAID = _R.take("fees_paid")
FEES_RECEIVED = _R.take("fees_received")
FORFEITS = _R.take("forfeits")
SCORE_GOLD = _R.take("score_gold")
HOUSES_BUILT = _R.take("houses_built")
SWAPS = _R.take("swaps")
CHIPS_GAINED = _R.take("chips_gained")
CHIPS_USED = _R.take("chips_used")
BID_PAID = _R.take("bid_paid")
CHARS_HELD = _R.take("characters_held")  # bit mask of characters held at the end (M-V4)
ERRORS = _R.take("errors")  # illegal requests by strategies in this game (should be 0)
CHOICE_ORDER = _R.take("choice_order")  # position in the setup choice (M-S3, M-V3), -1 if dealt
# own turns begun holding each character (M-R4), actions fully done per action type
TURNS = _R.take("turns", N_CHARACTERS_MAX, TURN_COLUMNS)
ACTS = _R.take("acts", N_ACTIONS, ACTION_COLUMNS)
DKS = _R.take("dks", N_DECISION_KINDS, DECISION_COLUMNS)  # decisions answered per kind
N_REC = _R.done()
RECORD_COLUMNS = tuple(_R.columns)
