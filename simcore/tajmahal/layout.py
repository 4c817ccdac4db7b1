"""The Taj Mahal game state: one flat int64 vector with named offsets, checked at import.

Use it namespaced, `from simcore.tajmahal import layout as S`, then `state[S.POINTS + p]`;
numba folds the module attributes into constants. A lookahead copy is `state.copy()`.
Per-seat blocks hold MAX_SEATS entries in seat order; per-kind and per-symbol blocks are
seat-major (`S.HAND + p * MAX_KINDS + k`). Offsets are handed out by `_Blocks` in
declaration order, so blocks can neither overlap nor be forgotten in STATE_SIZE.

    header     players, phase, pending decision, turn, visit, court, pile and display
               counters, the running withdrawal, the engine's random stream
    table      province tiles, bonus tiles, palaces per city, special-card holders,
               display, draw pile (order hidden, T-I1), discard counts
    per seat   hand (hidden, T-I1) and its public size, cards and symbols played this
               visit, colour, influence tiles, commodities, palaces, score parts, rank,
               statistics for the results

Hands are never shown to other seats (T-I1); table talk (T-I5) is outside the engine.
"""

from .data_layout import MAX_CITIES, MAX_KINDS, MAX_PROV, N_NORMAL_CARDS, N_SPECIAL
from .enums import N_COMMODITIES, N_INFLUENCE, N_SYMBOLS

MAX_SEATS = 5  # T-S4: 3 to 5 players
MAX_DISPLAY = 16  # rules.display_size <= 15
MAX_WON_BONUS = 4  # bonus tiles one withdrawal can take: one per normal palace (T-A3)
P = MAX_SEATS


class _Blocks:
    """Offsets in declaration order; `done()` is the size (the import-time check)."""

    def __init__(self) -> None:
        self.used = 0
        self.names: dict[str, tuple[int, int]] = {}

    def take(self, name: str, n: int = 1) -> int:
        if name in self.names or n < 1:
            raise ValueError(f"tajmahal layout: bad block {name!r} ({n})")
        self.names[name] = (self.used, n)
        self.used += n
        return self.used - n

    def done(self) -> int:
        spans = sorted(self.names.values())
        for (a, n), (b, _) in zip(spans, spans[1:]):
            if a + n != b:
                raise ValueError("tajmahal layout: blocks overlap or leave a gap")
        return self.used


_B = _Blocks()
# header
N_PLAYERS = _B.take("n_players")
PHASE = _B.take("phase")  # PH_* of nb/game_nb.py
ASK_KIND = _B.take("ask_kind")  # DK_* the engine waits for, -1 = none
ASK_SEAT = _B.take("ask_seat")
PLAYER = _B.take("player")  # seat whose turn it is (T-R1)
VISIT = _B.take("visit")  # 1-based (= the current province tile's number, T-S1)
START_SEAT = _B.take("start_seat")  # start player of the visit (T-S6, T-R5)
FIRST_START = _B.take("first_start")  # start player of visit 1 (T-S6)
END_REASON = _B.take("end_reason")  # END_*, 0 while running
N_ERRORS = _B.take("n_errors")  # illegal answers replaced by legal ones
FIRST_ERROR = _B.take("first_error")  # first E_* met, 0 if none
LOG_N = _B.take("log_n")  # events written (counts past the log's capacity)
RNG = _B.take("rng")  # the engine's random stream (reshuffles, T-R6), hidden
N_ACTIVE = _B.take("n_active")  # players still in the visit (T-R1)
PLAYS = _B.take("plays")  # plays this visit (the T-R3 cap)
DECISIONS = _B.take("decisions")  # decisions asked in the game
CUR_PROV = _B.take("cur_prov")  # province of the visit
CUR_TILE = _B.take("cur_tile")  # its tile number (T-S1)
COURT = _B.take("court")  # bit s: the prize of symbol s is still in the court (T-A6)
DISPLAY_SIZE = _B.take("display_size")  # cards laid out per visit (T-S4)
DISPLAY_N = _B.take("display_n")  # cards in the display now
PILE_N = _B.take("pile_n")  # cards in the draw pile; the top is PILE[PILE_N - 1]
DISCARD_N = _B.take("discard_n")  # cards in the discard pile
W_SEAT = _B.take("w_seat")  # the seat withdrawing (T-A2..T-A7)
W_PENDING = _B.take("w_pending")  # palaces still to place: bit t (type t), bit MOGUL crown
W_PLACED = _B.take("w_placed")  # normal palaces placed in this withdrawal
W_CROWNED = _B.take("w_crowned")  # 1 if the crowned palace was placed in it
W_TILE = _B.take("w_tile")  # 1 if it won the province tile (T-A5)
W_IMMEDIATE = _B.take("w_immediate")  # 1 if the seat played no card this visit (T-A7)
W_LAST = _B.take("w_last")  # 1 if the seat was the last in the visit (T-A7)
W_N_BONUS = _B.take("w_n_bonus")
W_BONUS = _B.take("w_bonus", MAX_WON_BONUS)  # bonus tiles taken, in order (T-P1)
PLACE_TYPE = _B.take("place_type")  # DK_PALACE: the influence type whose palace is placed
PICKS_LEFT = _B.take("picks_left")  # display cards the seat may still take (T-A7)
CROWN_CITY = _B.take("crown_city")  # city of this visit's crowned palace, -1 = none
TIE = _B.take("tie")  # TIE_* (T-E2)
N_WINNERS = _B.take("n_winners")
N_KINDS = _B.take("n_kinds")  # normal card kinds of the data file (special t = N_KINDS + t)
# table
PROV_TILE = _B.take("prov_tile", MAX_PROV)  # tile number lying on each province (T-S1)
TILE_PROV = _B.take("tile_prov", MAX_PROV)  # province of tile number t at t - 1
TILE_OWNER = _B.take("tile_owner", MAX_PROV)  # tile t - 1: seat, T_OPEN or T_GONE (T-R5)
BONUS_AT = _B.take("bonus_at", MAX_CITIES)  # bonus kind on a city, -1 = none (T-S2)
CITY_NORMAL = _B.take("city_normal", MAX_CITIES)  # owner of its normal palace, -1 (T-A3)
CITY_CROWNED = _B.take("city_crowned", MAX_CITIES)  # owner of its crowned palace (T-A4)
SPECIAL_HOLDER = _B.take("special_holder", N_SPECIAL)  # seat, -1 = beside the board (T-S3)
DISPLAY = _B.take("display", MAX_DISPLAY)  # card kind per slot, -1 = empty (T-S4)
PILE = _B.take("pile", N_NORMAL_CARDS)  # draw pile, order hidden (T-I1)
DISCARD = _B.take("discard", MAX_KINDS)  # discard pile, face up: counts per kind (T-I2)
# per seat
HAND = _B.take("hand", P * MAX_KINDS)  # hidden (T-I1): counts per kind
HAND_N = _B.take("hand_n", P)  # public hand sizes ([choice] T-I1)
KNOWN = _B.take("known", P * MAX_KINDS)  # public: display picks not provably played (T-I2)
PLAYED = _B.take("played", P * MAX_KINDS)  # cards in front of the seat this visit (T-A1)
SYM = _B.take("sym", P * N_SYMBOLS)  # symbols played this visit (T-A2)
COLOUR = _B.take("colour", P)  # colour committed this visit, -1 = none yet (T-A1a)
SEAT_PLAYS = _B.take("seat_plays", P)  # plays this visit
ACTIVE = _B.take("active", P)  # 1 = still in the visit (T-R1)
OVALS = _B.take("ovals", P * N_INFLUENCE)  # influence tiles held (T-A3, T-R4)
COMM = _B.take("comm", P * N_COMMODITIES)  # commodities on bonus and province tiles (T-P1)
PALACES = _B.take("palaces", P)  # bit mask of the cities holding a palace of the seat
N_PALACES = _B.take("n_palaces", P)  # palaces placed; unlimited (T-C7: <= 60 per game)
POINTS = _B.take("points", P)  # score (T-P, T-P4)
PTS_BONUS = _B.take("pts_bonus", P)  # T-P1
PTS_PALACE = _B.take("pts_palace", P)  # T-P2
PTS_PROVINCE = _B.take("pts_province", P)  # T-P3
PTS_SPECIAL = _B.take("pts_special", P)  # T-A1c
PTS_HAND = _B.take("pts_hand", P)  # T-P4
RANK = _B.take("rank", P)  # seats with more points; 0 = a winner (T-E2)
PRIZES = _B.take("prizes", P * N_SYMBOLS)  # prizes won per symbol (T-A3..T-A5)
IMMEDIATE = _B.take("immediate", P)  # withdrawals without a play (T-A7)
N_PLAYS = _B.take("n_plays", P)  # plays in the game
WHITE_PLAYED = _B.take("white_played", P)
SPECIALS_PLAYED = _B.take("specials_played", P * N_SPECIAL)
EXCHANGES = _B.take("exchanges", P)  # special cards gained (T-R4)
STATE_SIZE = _B.done()

T_OPEN = -1  # TILE_OWNER: not won (yet)
T_GONE = -2  # TILE_OWNER: unclaimed in its visit, out of the game (T-R5)
