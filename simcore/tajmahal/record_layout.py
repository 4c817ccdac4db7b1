"""Columns of the per-(game, seat) record the batch kernel writes (results.py types them)."""

from simcore.core.contract.layout import Layout

from .enums import ACTION_NAMES, N_ACTS, N_SYMBOLS, SYMBOL_NAMES

ACTION_COLUMNS = tuple(f"act_{name}" for name in ACTION_NAMES)
PRIZE_COLUMNS = tuple(f"prizes_{name}" for name in SYMBOL_NAMES)

_R = Layout("tajmahal records")
STRATEGY = _R.take("strategy")
RANK = _R.take("rank")  # seats with more points, 0 = a winner (T-E2)
POINTS = _R.take("points")
PTS_BONUS = _R.take("bonus_points")  # T-P1
PTS_PALACE = _R.take("palace_points")  # T-P2
PTS_PROVINCE = _R.take("province_points")  # T-P3
PTS_SPECIAL = _R.take("special_points")  # T-A1c
PTS_HAND = _R.take("hand_points")  # T-P4
PALACES = _R.take("palaces")  # palaces placed
TILES = _R.take("tiles")  # province tiles won (T-A5)
COMMODITIES = _R.take("commodities")  # commodities held at the end
SPECIALS_HELD = _R.take("specials_held")  # bit t: special card of influence type t (T-R4)
SPECIALS_END = _R.take("specials_end")  # special cards held at the end (0..4)
EXCHANGES = _R.take("exchanges")  # special cards gained
IMMEDIATE = _R.take("immediate")  # withdrawals without a play (T-A7)
PLAYS = _R.take("plays")
WHITE_PLAYED = _R.take("white_played")
SPECIALS_PLAYED = _R.take("specials_played")  # special cards played
POSITION = _R.take("position")  # seats after the start player of visit 1 (T-S6, T-R5)
VISITS = _R.take("visits")  # visits begun
END_REASON = _R.take("end_reason")  # END_*
TIE = _R.take("tie")  # TIE_*
ERRORS = _R.take("errors")  # illegal answers in the game (should be 0)
HAND_CARDS = _R.take("hand_cards")  # cards in hand at the end (the T-E2 what-if tie-break)
PRIZES = _R.take("prizes", N_SYMBOLS, PRIZE_COLUMNS)  # prizes won per symbol
ACTS = _R.take("acts", N_ACTS, ACTION_COLUMNS)  # actions per type (enums.ACT_*)
N_REC = _R.done()
RECORD_COLUMNS = tuple(_R.columns)
