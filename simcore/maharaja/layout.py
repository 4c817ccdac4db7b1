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
S_ROUND = 0  # current round, 1-based once play starts (0 during setup)
S_MAHARAJA = 1  # city of the Maharaja, -1 = on the start place
S_N_PLAYERS = 2
S_END_REASON = 3  # END_* code, 0 while running
S_ERROR = 4  # first error code met, 0 if none
S_N_ERRORS = 5
S_TURN_PLAYER = 6  # seat acting now, -1 outside turns
S_CHIPS_BANK = 7  # action chips in the bank (M-A5y)
S_GOV_PLACED = 8  # track position where this round's governor landed (M-R2)
S_TURN_INDEX = 9  # how many turns have begun this round (M-R4)
S_LAST_PALACE = 10  # 1 once someone built their last palace (M-E1)
S_LOG_N = 11  # events written to the log
S_FIRST_CHOOSER = 12  # seat that chose a character first (M-S3)
S_STEPS = 13  # operations in the current turn (guards strategy loops)
S_PHASE = 14  # where the engine stands (PH_* in nb/game_nb.py)
S_CURSOR = 15  # progress inside the phase (chooser index, house index, picking seat, robbed seat)
S_ASK_KIND = 16  # decision kind the engine waits for (DK_*), -1 = none
S_ASK_SEAT = 17  # seat that must decide
S_AUC_TURN = 18  # auction (M-V3): seat asked to bid, AUC_NEW / AUC_OVER (nb/auction_nb.py)
S_AUC_BID = 19  # highest bid of the running auction, -1 = none yet
S_AUC_LEADER = 20  # seat holding the highest bid, -1 = none
S_AUC_OPENER = 21  # seat that opened the running auction
S_AUC_PASSED = 22  # bit q set once seat q passed in the running auction (a pass is final)
S_ON_START = 23  # 1 while the acting architect has travelled onto S this turn (M-F3: pass only)

# per player [P] blocks
S_GOLD = 24
S_ARCH = S_GOLD + P  # junction of the architect
S_SUPPLY = S_ARCH + P  # houses ready to build (M-S5)
S_QUARRY = S_SUPPLY + P  # own houses still in the bank (M-A5)
S_PALACES = S_QUARRY + P  # palaces built
S_ACTED = S_PALACES + P  # 1 once the player's turn began this round (M-R4)
S_PICK0 = S_ACTED + P  # secret picks (M-R3); public only once S_ACTED is set
S_PICK1 = S_PICK0 + P
S_CHIPS = S_PICK1 + P  # action chips held (M-A5y)
S_CHIP_ROUND = S_CHIPS + P  # round in which a chip was last used
S_START_CHAR = S_CHIP_ROUND + P  # lowest character held after setup
S_ORDER1 = S_START_CHAR + P  # position in the first round's turn order
S_RANK = S_ORDER1 + P  # final rank, 0 = winner (M-E2)
S_BID_PAID = S_RANK + P  # gold paid in the auction (M-V3)
S_FEES_PAID = S_BID_PAID + P  # travel fees paid by the player (M-F1)
S_FEES_RECEIVED = S_FEES_PAID + P
S_FORFEITS = S_FEES_RECEIVED + P  # forfeits committed (M-F2)
S_SCORE_GOLD = S_FORFEITS + P  # gold received from scoring (M-P2, M-P3)
S_CHIPS_GAINED = S_SCORE_GOLD + P
S_CHIPS_USED = S_CHIPS_GAINED + P
S_SWAPS = S_CHIPS_USED + P  # Character actions done
S_HOUSES_BUILT = S_SWAPS + P
S_CHOICE_ORDER = S_HOUSES_BUILT + P  # position in the setup character choice, -1 if dealt
S_TURNS = S_CHOICE_ORDER + P  # [P * N_CHARACTERS_MAX] own turns begun holding each character
S_ACTS = S_TURNS + P * N_CHARACTERS_MAX  # [P * N_ACTIONS] actions fully done, per action type

# the acting player's turn [N_SLOTS]
T_ACTION = S_ACTS + P * N_ACTIONS  # action of each slot, -1 = empty
T_HOUSES_LEFT = T_ACTION + N_SLOTS  # house parts still to do
T_PALACE_LEFT = T_HOUSES_LEFT + N_SLOTS  # palace part still to do
T_OTHER_LEFT = T_PALACE_LEFT + N_SLOTS  # any other part still to do
T_VILLAGE_HOUSES = T_OTHER_LEFT + N_SLOTS  # houses of the slot built in villages
T_PARTIAL = T_VILLAGE_HOUSES + N_SLOTS  # 1 if a part was done only in part

# characters
S_CHAR_OWNER = T_PARTIAL + N_SLOTS  # [N_CHARACTERS_MAX]

# governors
S_GOV_POS = S_CHAR_OWNER + N_CHARACTERS_MAX  # [MAX_CITIES]

# cities
S_CITY_HOUSES = S_GOV_POS + MAX_CITIES  # [MAX_CITIES * P], index c * P + p
S_INNER = S_CITY_HOUSES + MAX_CITIES * P  # [MAX_CITIES] seat or -1
S_OUTER = S_INNER + MAX_CITIES  # [MAX_CITIES * P]
S_OUTER_NEUTRAL = S_OUTER + MAX_CITIES * P  # [MAX_CITIES] (M-V2)
S_OUTER_USED = S_OUTER_NEUTRAL + MAX_CITIES  # [MAX_CITIES]

# villages
S_VIL = S_OUTER_USED + MAX_CITIES  # [MAX_VILLAGES * P], index v * P + p
S_VIL_TOTAL = S_VIL + MAX_VILLAGES * P  # [MAX_VILLAGES]

STATE_SIZE = S_VIL_TOTAL + MAX_VILLAGES
