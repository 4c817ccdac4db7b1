"""The Maharaja game state: one flat int64 vector with named offsets.

A batch of games is a 2-D array (one row per game) and a lookahead copy is
`state.copy()`. Player blocks hold MAX_PLAYERS entries (seat order); city and
village blocks are sized for the largest board the loader accepts.

    header        round, Maharaja's city, players, end reason, error, turn
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

from .board_layout import MAX_CITIES, MAX_VILLAGES
from .enums import N_ACTIONS, N_CHARACTERS_MAX, N_SLOTS
from .rules_layout import MAX_PLAYERS

P = MAX_PLAYERS

# header
ROUND = 0  # current round, 1-based once play starts (0 during setup)
MAHARAJA = 1  # city of the Maharaja, -1 = on the start place
N_PLAYERS = 2
END_REASON = 3  # END_* code, 0 while running
ERROR = 4  # first error code met, 0 if none
N_ERRORS = 5
TURN_PLAYER = 6  # seat acting now, -1 outside turns
CHIPS_BANK = 7  # action chips in the bank (M-A5y)
GOV_PLACED = 8  # track position where this round's governor landed (M-R2)
TURN_INDEX = 9  # how many turns have begun this round (M-R4)
LAST_PALACE = 10  # 1 once someone built their last palace (M-E1)
LOG_N = 11  # events written to the log
FIRST_CHOOSER = 12  # seat that chose a character first (M-S3)
STEPS = 13  # operations in the current turn (guards strategy loops)
PHASE = 14  # where the engine stands (PH_* in nb/game_nb.py)
CURSOR = 15  # progress inside the phase (chooser index, house index, picking seat, robbed seat)
ASK_KIND = 16  # decision kind the engine waits for (DK_*), -1 = none
ASK_SEAT = 17  # seat that must decide
AUC_TURN = 18  # auction (M-V3): seat asked to bid, AUC_NEW / AUC_OVER (nb/auction_nb.py)
AUC_BID = 19  # highest bid of the running auction, -1 = none yet
AUC_LEADER = 20  # seat holding the highest bid, -1 = none
AUC_OPENER = 21  # seat that opened the running auction
AUC_PASSED = 22  # bit q set once seat q passed in the running auction (a pass is final)
ON_START = 23  # 1 while the acting architect has travelled onto S this turn (M-F3: pass only)

# per player [P] blocks
GOLD = 24
ARCH = GOLD + P  # junction of the architect
SUPPLY = ARCH + P  # houses ready to build (M-S5)
QUARRY = SUPPLY + P  # own houses still in the bank (M-A5)
PALACES = QUARRY + P  # palaces built
ACTED = PALACES + P  # 1 once the player's turn began this round (M-R4)
PICK0 = ACTED + P  # secret picks (M-R3); public only once ACTED is set
PICK1 = PICK0 + P
CHIPS = PICK1 + P  # action chips held (M-A5y)
CHIP_ROUND = CHIPS + P  # round in which a chip was last used
START_CHAR = CHIP_ROUND + P  # lowest character held after setup
ORDER1 = START_CHAR + P  # position in the first round's turn order
RANK = ORDER1 + P  # final rank, 0 = winner (M-E2)
BID_PAID = RANK + P  # gold paid in the auction (M-V3)
FEES_PAID = BID_PAID + P  # travel fees paid by the player (M-F1)
FEES_RECEIVED = FEES_PAID + P
FORFEITS = FEES_RECEIVED + P  # forfeits committed (M-F2)
SCORE_GOLD = FORFEITS + P  # gold received from scoring (M-P2, M-P3)
CHIPS_GAINED = SCORE_GOLD + P
CHIPS_USED = CHIPS_GAINED + P
SWAPS = CHIPS_USED + P  # Character actions done
HOUSES_BUILT = SWAPS + P
CHOICE_ORDER = HOUSES_BUILT + P  # position in the setup character choice, -1 if dealt
TURNS = CHOICE_ORDER + P  # [P * N_CHARACTERS_MAX] own turns begun holding each character
ACTS = TURNS + P * N_CHARACTERS_MAX  # [P * N_ACTIONS] actions fully done, per action type

# the acting player's turn [N_SLOTS]
T_ACTION = ACTS + P * N_ACTIONS  # action of each slot, -1 = empty
T_HOUSES_LEFT = T_ACTION + N_SLOTS  # house parts still to do
T_PALACE_LEFT = T_HOUSES_LEFT + N_SLOTS  # palace part still to do
T_OTHER_LEFT = T_PALACE_LEFT + N_SLOTS  # any other part still to do
T_VILLAGE_HOUSES = T_OTHER_LEFT + N_SLOTS  # houses of the slot built in villages
T_PARTIAL = T_VILLAGE_HOUSES + N_SLOTS  # 1 if a part was done only in part

# characters
CHAR_OWNER = T_PARTIAL + N_SLOTS  # [N_CHARACTERS_MAX]

# governors
GOV_POS = CHAR_OWNER + N_CHARACTERS_MAX  # [MAX_CITIES]

# cities
CITY_HOUSES = GOV_POS + MAX_CITIES  # [MAX_CITIES * P], index c * P + p
INNER = CITY_HOUSES + MAX_CITIES * P  # [MAX_CITIES] seat or -1
OUTER = INNER + MAX_CITIES  # [MAX_CITIES * P]
OUTER_NEUTRAL = OUTER + MAX_CITIES * P  # [MAX_CITIES] (M-V2)
OUTER_USED = OUTER_NEUTRAL + MAX_CITIES  # [MAX_CITIES]

# villages
VIL = OUTER_USED + MAX_CITIES  # [MAX_VILLAGES * P], index v * P + p
VIL_TOTAL = VIL + MAX_VILLAGES * P  # [MAX_VILLAGES]

STATE_SIZE = VIL_TOTAL + MAX_VILLAGES
