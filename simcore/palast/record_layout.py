"""Columns of the per-(game, seat) record the batch kernel writes (results.py types them)."""

from simcore.core.contract.layout import Layout

from .enums import ACTION_NAMES, DECISION_KIND_NAMES, N_ACTS, N_KINDS

ACTION_COLUMNS = tuple(f"act_{name}" for name in ACTION_NAMES)
DECISION_COLUMNS = tuple(f"dk_{name}" for name in DECISION_KIND_NAMES)

_R = Layout("palast records")
STRATEGY = _R.take("strategy")
RANK = _R.take("rank")  # 0 for every winner (P-E2: a shared first place has several)
FIGURES = _R.take("figures")  # P-E2: figures on balconies + treasury (+ P-V2)
BALCONIES = _R.take("balconies")
TREASURY = _R.take("treasury_figures")
SER_FIGURE = _R.take("seraglio_figure")  # P-V2
MARKERS_IN = _R.take("seraglio_markers")  # markers in the seraglio at the end
SER_NEAREST = _R.take("seraglio_nearest")  # field of the nearest marker (1..6), 0 none
QUARTER_FIGS = _R.take("quarter_figures")
RESOURCES = _R.take("resources")  # held at the end
CARDS = _R.take("cards")  # action cards held at the end
START_TYPE = _R.take("start_type")  # P-S3: resource type received (0..3), -1 none
START_RES = _R.take("start_resources")  # P-S3: 1, or 2 with the bonus
TREASURY_1 = _R.take("treasury_1_leader")  # 1 if this seat led scoring 1 (P-A3)
TREASURY_2 = _R.take("treasury_2_leader")
ENDED = _R.take("played_end_card")  # P-A4
OWN_TURNS = _R.take("own_turns")
TURNS = _R.take("turns")
GONE = _R.take("cards_gone")  # palace cards built or removed (P-E1)
END_REASON = _R.take("end_reason")
TIE = _R.take("tie")
ERRORS = _R.take("errors")
ACTS = _R.take("acts", N_ACTS, ACTION_COLUMNS)
DKS = _R.take("dks", N_KINDS, DECISION_COLUMNS)  # decisions answered per kind
N_REC = _R.done()
RECORD_COLUMNS = tuple(_R.columns)
