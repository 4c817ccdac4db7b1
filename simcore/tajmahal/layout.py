"""The Taj Mahal game state: one flat int64 vector with named offsets, checked at import.

Use it namespaced, `from simcore.tajmahal import layout as S`, then `state[S.POINTS + p]`;
numba folds the module attributes into constants. A lookahead copy is `state.copy()`.
Per-seat blocks hold MAX_SEATS entries in seat order; per-kind and per-symbol blocks are
seat-major (`S.HAND + p * MAX_KINDS + k`). Offsets are handed out by the core layout
(simcore/core/contract/layout.py state_layout) in declaration order, after the common
header, so blocks can neither overlap nor be forgotten in STATE_SIZE.

    header     the common one (players, the visit as the round, phase, the decision asked,
               end reason, errors, events logged), then turn, court, pile and display
               counters, the running withdrawal, the engine's random stream
    table      province tiles, bonus tiles, palaces per city, special-card holders,
               display, draw pile (order hidden, T-I1), discard counts
    per seat   hand (hidden, T-I1) and its public size, cards and symbols played this
               visit, colour, influence tiles, commodities, palaces, score parts, rank,
               statistics for the results

Hands are never shown to other seats (T-I1); table talk (T-I5) is outside the engine.
"""

from simcore.core.contract.layout import *  # noqa: F403  (the common header: S.ROUND, S.PHASE, ...)
from simcore.core.contract.layout import HEADER, state_layout

from .data_layout import MAX_CITIES, MAX_KINDS, MAX_PROV, N_NORMAL_CARDS, N_SPECIAL
from .enums import N_ACTS, N_COMMODITIES, N_INFLUENCE, N_SYMBOLS

MAX_SEATS = 5  # T-S4: 3 to 5 players
MAX_DISPLAY = 16  # rules.display_size <= 15
MAX_WON_BONUS = 4  # bonus tiles one withdrawal can take: one per normal palace (T-A3)
P = MAX_SEATS


_S = state_layout("tajmahal")
# header
PLAYER = _S.take("PLAYER")  # seat whose turn it is (T-R1)
VISIT = HEADER["ROUND"]  # the game's clock: the visit, 1-based (= its tile number, T-S1)
START_SEAT = _S.take("START_SEAT")  # start player of the visit (T-S6, T-R5)
FIRST_START = _S.take("FIRST_START")  # start player of visit 1 (T-S6)
RNG = _S.take("RNG")  # the engine's random stream (reshuffles, T-R6), hidden
N_ACTIVE = _S.take("N_ACTIVE")  # players still in the visit (T-R1)
PLAYS = _S.take("PLAYS")  # plays this visit (the T-R3 cap)
DECISIONS = _S.take("DECISIONS")  # decisions asked in the game
CUR_PROV = _S.take("CUR_PROV")  # province of the visit
CUR_TILE = _S.take("CUR_TILE")  # its tile number (T-S1)
COURT = _S.take("COURT")  # bit s: the prize of symbol s is still in the court (T-A6)
DISPLAY_SIZE = _S.take("DISPLAY_SIZE")  # cards laid out per visit (T-S4)
DISPLAY_N = _S.take("DISPLAY_N")  # cards in the display now
PILE_N = _S.take("PILE_N")  # cards in the draw pile; the top is PILE[PILE_N - 1]
DISCARD_N = _S.take("DISCARD_N")  # cards in the discard pile
W_SEAT = _S.take("W_SEAT")  # the seat withdrawing (T-A2..T-A7)
W_PENDING = _S.take("W_PENDING")  # palaces still to place: bit t (type t), bit MOGUL crown
W_PLACED = _S.take("W_PLACED")  # normal palaces placed in this withdrawal
W_CROWNED = _S.take("W_CROWNED")  # 1 if the crowned palace was placed in it
W_TILE = _S.take("W_TILE")  # 1 if it won the province tile (T-A5)
W_IMMEDIATE = _S.take("W_IMMEDIATE")  # 1 if the seat played no card this visit (T-A7)
W_LAST = _S.take("W_LAST")  # 1 if the seat was the last in the visit (T-A7)
W_N_BONUS = _S.take("W_N_BONUS")
W_BONUS = _S.take("W_BONUS", MAX_WON_BONUS)  # bonus tiles taken, in order (T-P1)
PLACE_TYPE = _S.take("PLACE_TYPE")  # DK_PALACE: the influence type whose palace is placed
PICKS_LEFT = _S.take("PICKS_LEFT")  # display cards the seat may still take (T-A7)
CROWN_CITY = _S.take("CROWN_CITY")  # city of this visit's crowned palace, -1 = none
TIE = _S.take("TIE")  # TIE_* (T-E2)
N_WINNERS = _S.take("N_WINNERS")
N_KINDS = _S.take("N_KINDS")  # normal card kinds of the data file (special t = N_KINDS + t)
# table
PROV_TILE = _S.take("PROV_TILE", MAX_PROV)  # tile number lying on each province (T-S1)
TILE_PROV = _S.take("TILE_PROV", MAX_PROV)  # province of tile number t at t - 1
TILE_OWNER = _S.take("TILE_OWNER", MAX_PROV)  # tile t - 1: seat, T_OPEN or T_GONE (T-R5)
BONUS_AT = _S.take("BONUS_AT", MAX_CITIES)  # bonus kind on a city, -1 = none (T-S2)
CITY_NORMAL = _S.take("CITY_NORMAL", MAX_CITIES)  # owner of its normal palace, -1 (T-A3)
CITY_CROWNED = _S.take("CITY_CROWNED", MAX_CITIES)  # owner of its crowned palace (T-A4)
SPECIAL_HOLDER = _S.take("SPECIAL_HOLDER", N_SPECIAL)  # seat, -1 = beside the board (T-S3)
DISPLAY = _S.take("DISPLAY", MAX_DISPLAY)  # card kind per slot, -1 = empty (T-S4)
PILE = _S.take("PILE", N_NORMAL_CARDS)  # draw pile, order hidden (T-I1)
DISCARD = _S.take("DISCARD", MAX_KINDS)  # discard pile, face up: counts per kind (T-I2)
# per seat
HAND = _S.take("HAND", P * MAX_KINDS)  # hidden (T-I1): counts per kind
HAND_N = _S.take("HAND_N", P)  # public hand sizes ([choice] T-I1)
KNOWN = _S.take("KNOWN", P * MAX_KINDS)  # public: display picks not provably played (T-I2)
PLAYED = _S.take("PLAYED", P * MAX_KINDS)  # cards in front of the seat this visit (T-A1)
SYM = _S.take("SYM", P * N_SYMBOLS)  # symbols played this visit (T-A2)
COLOUR = _S.take("COLOUR", P)  # colour committed this visit, -1 = none yet (T-A1a)
SEAT_PLAYS = _S.take("SEAT_PLAYS", P)  # plays this visit
ACTIVE = _S.take("ACTIVE", P)  # 1 = still in the visit (T-R1)
OVALS = _S.take("OVALS", P * N_INFLUENCE)  # influence tiles held (T-A3, T-R4)
COMM = _S.take("COMM", P * N_COMMODITIES)  # commodities on bonus and province tiles (T-P1)
PALACES = _S.take("PALACES", P)  # bit mask of the cities holding a palace of the seat
N_PALACES = _S.take("N_PALACES", P)  # palaces placed; unlimited (T-C7: <= 60 per game)
POINTS = _S.take("POINTS", P)  # score (T-P, T-P4)
PTS_BONUS = _S.take("PTS_BONUS", P)  # T-P1
PTS_PALACE = _S.take("PTS_PALACE", P)  # T-P2
PTS_PROVINCE = _S.take("PTS_PROVINCE", P)  # T-P3
PTS_SPECIAL = _S.take("PTS_SPECIAL", P)  # T-A1c
PTS_HAND = _S.take("PTS_HAND", P)  # T-P4
RANK = _S.take("RANK", P)  # seats with more points; 0 = a winner (T-E2)
PRIZES = _S.take("PRIZES", P * N_SYMBOLS)  # prizes won per symbol (T-A3..T-A5)
IMMEDIATE = _S.take("IMMEDIATE", P)  # withdrawals without a play (T-A7)
N_PLAYS = _S.take("N_PLAYS", P)  # plays in the game
WHITE_PLAYED = _S.take("WHITE_PLAYED", P)
SPECIALS_PLAYED = _S.take("SPECIALS_PLAYED", P * N_SPECIAL)
EXCHANGES = _S.take("EXCHANGES", P)  # special cards gained (T-R4)
ACTS = _S.take("ACTS", P * N_ACTS)  # actions per seat, seat-major (act_* columns)
STATE_SIZE = _S.done()

T_OPEN = -1  # TILE_OWNER: not won (yet)
T_GONE = -2  # TILE_OWNER: unclaimed in its visit, out of the game (T-R5)
