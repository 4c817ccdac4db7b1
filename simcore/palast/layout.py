"""The Palast game state: one flat int64 vector with named offsets.

Use it namespaced, `from simcore.palast import layout as S`, then `state[S.RES + p * 4 + t]`.
Seat 0 is the start player (P-S3); turns run 0, 1, 2, ... (P-R1). Per-seat blocks are
seat-major. Public: everything except HAND (other seats' cards), ADECK order, DISCARD
and the order inside each phase of BDECK, and RNG (the future reshuffles): P-I1,
nb/hidden_nb.py.
"""

from simcore.core.contract.layout import *  # noqa: F403  (the common header)
from simcore.core.contract.layout import HEADER, state_layout

from .data_layout import MAX_ACTION_CARDS
from .enums import (
    MAX_LEGAL,
    MAX_SERAGLIO,
    N_ACTS,
    N_BCARDS,
    N_DISPLAY,
    N_FIELDS,
    N_GARDENS,
    N_KINDS,
    N_QUARTERS,
    N_RES,
)

MAX_SEATS = 4
P = MAX_SEATS
TURN = HEADER["ROUND"]  # the game's clock is the turn, 1-based
_S = state_layout("palast")

PLAYER = _S.take("PLAYER")  # seat whose turn it is
STEPS = _S.take("STEPS")  # decisions asked so far (step cap)
RNG = _S.take("RNG")  # the game's own random stream (reshuffles), hidden
SETUP_NEXT = _S.take("SETUP_NEXT")  # P-S3: next seat to receive a type
VIZIER = _S.take("VIZIER")  # quarter of the Vizier (P-C7)
BUILT = _S.take("BUILT")  # 1 once a palace element was built this turn
PLAYED_SPECIAL = _S.take("PLAYED_SPECIAL")  # 1 once a treasury card was played this turn
PLACED_Q = _S.take("PLACED_Q")  # quarter of the figure placed this turn, -1 (P-A5)
BUILT_GARDEN = _S.take("BUILT_GARDEN")  # garden built this turn, -1
FIG_PURPOSE = _S.take("FIG_PURPOSE")  # DK_FIGURE: 0 balcony, 1 / 2 treasury scoring 1 / 2
FIG_ARG = _S.take("FIG_ARG")  # DK_FIGURE: the garden (balcony) or the leader (treasury)
LEGAL_N = _S.take("LEGAL_N")  # legal answers of the pending decision
BDECK_POS = _S.take("BDECK_POS")  # next building card drawn is BDECK[BDECK_POS]
ADECK_N = _S.take("ADECK_N")  # action cards in the draw pile (top = ADECK[ADECK_N - 1])
DISCARD_N = _S.take("DISCARD_N")
GONE = _S.take("GONE")  # palace cards built or removed (P-E1: 24 ends)
SER_FIGURE = _S.take("SER_FIGURE")  # P-V2: seat whose figure stands on the seraglio, -1
TIE = _S.take("TIE")
N_WINNERS = _S.take("N_WINNERS")
ENDER = _S.take("ENDER")  # seat that played the game-end card, -1
SCORED_1 = _S.take("SCORED_1")  # leader at treasury scoring 1 (-1 nobody, -2 not played)
SCORED_2 = _S.take("SCORED_2")

RES = _S.take("RES", P * N_RES)  # resources held (public, P-I2)
SUPPLY = _S.take("SUPPLY", N_RES)  # the common supply (P-C3)
HARB_TYPE = _S.take("HARB_TYPE", N_FIELDS)  # harbour field's type (P-S4)
HARB_N = _S.take("HARB_N", N_FIELDS)  # resources on the field
HCARD = _S.take("HCARD", P * 2)  # side up of each seat's two harbour cards (P-C2)
DISPLAY = _S.take("DISPLAY", N_DISPLAY)  # card on 5.1..5.3, -1 empty
BDECK = _S.take("BDECK", N_BCARDS)  # the building deck top to bottom (P-S5)
LEVEL = _S.take("LEVEL", N_GARDENS)  # element value built in each garden, 0 none
BALCONY = _S.take("BALCONY", N_GARDENS)  # owner of the balcony figure, -1
SEAL = _S.take("SEAL", N_GARDENS)  # P-V3: sealed resource type, -1
TREASURY = _S.take("TREASURY", P)  # figures on the treasury (P-A3)
QFIG = _S.take("QFIG", P * N_QUARTERS)  # own figures per quarter (P-A5)
QN = _S.take("QN", N_QUARTERS)  # figures per quarter
USED_Q = _S.take("USED_Q", N_QUARTERS)  # quarter actions used this turn (P-F1)
FIGS = _S.take("FIGS", P)  # figures in supply (P-S2)
MARKERS = _S.take("MARKERS", P)  # seraglio markers in supply
SERAGLIO = _S.take("SERAGLIO", MAX_SERAGLIO)  # owner per field from field 1, -1 (P-A7)
ADECK = _S.take("ADECK", MAX_ACTION_CARDS)  # action draw pile (order hidden)
DISCARD = _S.take("DISCARD", N_RES)  # discard pile per type (hidden)
HAND = _S.take("HAND", P * N_RES)  # action cards per type (contents hidden, P-I1)
HAND_N = _S.take("HAND_N", P)  # hand sizes (public)
FRESH = _S.take("FRESH", N_RES)  # cards of the active seat not playable this turn
LEGAL = _S.take("LEGAL", MAX_LEGAL)  # the pending decision's legal answers
START_TYPE = _S.take("START_TYPE", P)  # P-S3: type received, -1
START_N = _S.take("START_N", P)  # P-S3: resources received
SCORE = _S.take("SCORE", P)  # figures on balconies + treasury (+ P-V2)
RANK = _S.take("RANK", P)  # 0 = a winner
OWN_TURNS = _S.take("OWN_TURNS", P)
ACTS = _S.take("ACTS", P * N_ACTS)  # act_* counts
DKS = _S.take("DKS", P * N_KINDS)  # decisions answered per seat and kind (dk_* counts)

STATE_SIZE = _S.done()
