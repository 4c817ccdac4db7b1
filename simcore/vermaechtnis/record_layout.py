"""Columns of the per-(game, seat) record the batch kernel writes (results.py types them)."""

from simcore.core.contract.layout import Layout

from .enums import ACTION_NAMES, DECISION_KIND_NAMES, N_ACTS, N_KINDS

ACTION_COLUMNS = tuple(f"act_{name}" for name in ACTION_NAMES)
DECISION_COLUMNS = tuple(f"dk_{name}" for name in DECISION_KIND_NAMES)

_R = Layout("vermaechtnis records")
STRATEGY = _R.take("strategy")
RANK = _R.take("rank")  # 0 for every winner (V-E2: a shared first place has several)
POINTS = _R.take("points")
ANTIQUE_POINTS = _R.take("antique_points")
COLL_POINTS = _R.take("collection_points")
MONEY_POINTS = _R.take("money_points")
MONEY = _R.take("money")  # rupees at the end
ANTIQUES = _R.take("antiques")  # antiques scored (after V-P1)
BOUGHT = _R.take("bought")  # antiques bought
COLLECTIONS = _R.take("collections")  # collection cards taken
COLL_MASK = _R.take("collections_taken")  # bit k = collection card k taken
LONE_CARDS = _R.take("lone_discards")
LONE_POINTS = _R.take("lone_points")
GAVE_UP = _R.take("gave_up")
TAXES = _R.take("taxes")
SPENT = _R.take("spent")
OWN_TURNS = _R.take("own_turns")
EXTRA_TURNS = _R.take("extra_turns")
START_MONEY = _R.take("start_money")
TURNS = _R.take("turns")  # the game's turns (V-R4)
DAYS = _R.take("days")
END_REASON = _R.take("end_reason")
TIE = _R.take("tie")  # TIE_* of the game
ERRORS = _R.take("errors")  # illegal answers in this game (should be 0)
ACTS = _R.take("acts", N_ACTS, ACTION_COLUMNS)
DKS = _R.take("dks", N_KINDS, DECISION_COLUMNS)  # decisions answered per kind
N_REC = _R.done()
RECORD_COLUMNS = tuple(_R.columns)
