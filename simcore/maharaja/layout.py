"""The Maharaja game state: one flat int64 vector with named offsets.

A batch of games is a 2-D array (one row per game) and a lookahead copy is
`state.copy()`. Player blocks hold MAX_PLAYERS entries (seat order); city and
village blocks are sized for the largest board the loader accepts.

    header        the common one (simcore/core/contract/layout.py: players, round, phase, the
                  decision asked, end reason, errors, events logged), then Maharaja's
                  city, the acting seat, the auction's slots
    per player    gold, architect, supply, quarry (own houses left in the bank),
                  palaces built, acted flag, the two picks, chips, statistics
                  (incl. turns per character and actions done per action type)
    turn          the acting player's slots: action, parts still to do
    characters    owner of each character card (seat, BANK or OUT_OF_GAME)
    governors     track position of each city's governor (0 = next to the arrow,
                  n_cities - 1 + f = round field f)
    cities        houses per (city, seat), inner palace owner, outer palaces
                  per (city, seat) and neutral, outer sites used
    villages      houses per (village, seat), total houses per village
"""

from simcore.core.contract.layout import *  # noqa: F403  (the common header: S.ROUND, S.PHASE, ...)
from simcore.core.contract.layout import state_layout

from .data_layout import MAX_CITIES, MAX_VILLAGES
from .enums import N_ACTIONS, N_CHARACTERS_MAX, N_DECISION_KINDS, N_SLOTS
from .rules import MAX_PLAYERS

P = MAX_PLAYERS
_S = state_layout("maharaja")

# header
MAHARAJA = _S.take("MAHARAJA")  # city of the Maharaja, -1 = on the start place
TURN_PLAYER = _S.take("TURN_PLAYER")  # seat acting now, -1 outside turns
CHIPS_BANK = _S.take("CHIPS_BANK")  # action chips in the bank (M-A5y)
# track position where this round's governor landed (M-R2)
GOV_PLACED = _S.take("GOV_PLACED")
TURN_INDEX = _S.take("TURN_INDEX")  # how many turns have begun this round (M-R4)
LAST_PALACE = _S.take("LAST_PALACE")  # 1 once someone built their last palace (M-E1)
FIRST_CHOOSER = _S.take("FIRST_CHOOSER")  # seat that chose a character first (M-S3)
STEPS = _S.take("STEPS")  # operations in the current turn (guards strategy loops)
# progress inside the phase (chooser index, house index, picking seat, robbed seat)
CURSOR = _S.take("CURSOR")
# auction (M-V3): seat asked to bid, AUC_NEW / AUC_OVER (nb/auction_nb.py)
AUC_TURN = _S.take("AUC_TURN")
AUC_BID = _S.take("AUC_BID")  # highest bid of the running auction, -1 = none yet
AUC_LEADER = _S.take("AUC_LEADER")  # seat holding the highest bid, -1 = none
AUC_OPENER = _S.take("AUC_OPENER")  # seat that opened the running auction
# bit q set once seat q passed in the running auction (a pass is final)
AUC_PASSED = _S.take("AUC_PASSED")
# 1 while the acting architect has travelled onto S this turn (M-F3: pass only)
ON_START = _S.take("ON_START")

# per player [P] blocks
GOLD = _S.take("GOLD", P)
ARCH = _S.take("ARCH", P)  # junction of the architect
SUPPLY = _S.take("SUPPLY", P)  # houses ready to build (M-S5)
QUARRY = _S.take("QUARRY", P)  # own houses still in the bank (M-A5)
PALACES = _S.take("PALACES", P)  # palaces built
ACTED = _S.take("ACTED", P)  # 1 once the player's turn began this round (M-R4)
PICK0 = _S.take("PICK0", P)  # secret picks (M-R3); public only once ACTED is set
PICK1 = _S.take("PICK1", P)
CHIPS = _S.take("CHIPS", P)  # action chips held (M-A5y)
CHIP_ROUND = _S.take("CHIP_ROUND", P)  # round in which a chip was last used
START_CHAR = _S.take("START_CHAR", P)  # lowest character held after setup
ORDER1 = _S.take("ORDER1", P)  # position in the first round's turn order
RANK = _S.take("RANK", P)  # final rank, 0 = winner (M-E2)
BID_PAID = _S.take("BID_PAID", P)  # gold paid in the auction (M-V3)
FEES_PAID = _S.take("FEES_PAID", P)  # travel fees paid by the player (M-F1)
FEES_RECEIVED = _S.take("FEES_RECEIVED", P)
FORFEITS = _S.take("FORFEITS", P)  # forfeits committed (M-F2)
SCORE_GOLD = _S.take("SCORE_GOLD", P)  # gold received from scoring (M-P2, M-P3)
CHIPS_GAINED = _S.take("CHIPS_GAINED", P)
CHIPS_USED = _S.take("CHIPS_USED", P)
SWAPS = _S.take("SWAPS", P)  # Character actions done
HOUSES_BUILT = _S.take("HOUSES_BUILT", P)
# position in the setup character choice, -1 if dealt
CHOICE_ORDER = _S.take("CHOICE_ORDER", P)
# own turns begun holding each character, per seat
TURNS = _S.take("TURNS", P * N_CHARACTERS_MAX)
ACTS = _S.take("ACTS", P * N_ACTIONS)  # actions fully done, per action type

# the acting player's turn [N_SLOTS]
T_ACTION = _S.take("T_ACTION", N_SLOTS)  # action of each slot, -1 = empty
T_HOUSES_LEFT = _S.take("T_HOUSES_LEFT", N_SLOTS)  # house parts still to do
T_PALACE_LEFT = _S.take("T_PALACE_LEFT", N_SLOTS)  # palace part still to do
T_OTHER_LEFT = _S.take("T_OTHER_LEFT", N_SLOTS)  # any other part still to do
T_VILLAGE_HOUSES = _S.take("T_VILLAGE_HOUSES", N_SLOTS)  # houses of the slot built in villages
T_PARTIAL = _S.take("T_PARTIAL", N_SLOTS)  # 1 if a part was done only in part

# characters
CHAR_OWNER = _S.take("CHAR_OWNER", N_CHARACTERS_MAX)

# governors
GOV_POS = _S.take("GOV_POS", MAX_CITIES)

# cities
CITY_HOUSES = _S.take("CITY_HOUSES", MAX_CITIES * P)  # [MAX_CITIES * P], index c * P + p
INNER = _S.take("INNER", MAX_CITIES)  # seat or -1
OUTER = _S.take("OUTER", MAX_CITIES * P)
OUTER_NEUTRAL = _S.take("OUTER_NEUTRAL", MAX_CITIES)  # (M-V2)
OUTER_USED = _S.take("OUTER_USED", MAX_CITIES)

# villages
VIL = _S.take("VIL", MAX_VILLAGES * P)  # [MAX_VILLAGES * P], index v * P + p
VIL_TOTAL = _S.take("VIL_TOTAL", MAX_VILLAGES)

# decisions answered per seat and decision kind (dk_* columns); last, so that adding them
# moved no other offset
DKS = _S.take("DKS", P * N_DECISION_KINDS)

STATE_SIZE = _S.done()
