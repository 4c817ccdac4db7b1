"""Integer codes shared by the Taj Mahal engine, its data files, tests and (later) its
strategies and logs. Plain module-level ints so that numba folds them into constants."""

from simcore.core.nb.event_log_nb import LOG_A as LOG_A
from simcore.core.nb.event_log_nb import LOG_B as LOG_B
from simcore.core.nb.event_log_nb import LOG_C as LOG_C
from simcore.core.nb.event_log_nb import LOG_D as LOG_D
from simcore.core.nb.event_log_nb import LOG_EVENT as LOG_EVENT
from simcore.core.nb.event_log_nb import LOG_SEAT as LOG_SEAT
from simcore.core.nb.event_log_nb import LOG_TIME as LOG_TIME
from simcore.core.nb.event_log_nb import LOG_WIDTH as LOG_WIDTH

# T-C5: the six symbols. The first four are the influence types (T-C4, T-A3) and index the
# oval tiles and the special cards (T-C6); MOGUL wins the crown (T-A4), ELEPHANT the
# province tile (T-A5).
VIZIER, GENERAL, MONK, PRINCESS, MOGUL, ELEPHANT = range(6)
N_SYMBOLS = 6
N_INFLUENCE = 4
SYMBOL_NAMES = ("vizier", "general", "monk", "princess", "mogul", "elephant")

# T-C5: card colours; a kind's colour is one of these or WHITE / SPECIAL.
N_COLOURS = 4
COLOUR_NAMES = ("red", "green", "yellow", "purple")
WHITE = 4
SPECIAL = 5

# T-A8 / T-C6: what a special card does when played (a rule maps each influence type to one).
FX_ELEPHANT, FX_MOGUL, FX_POINTS, FX_ANY_COLOUR = range(4)
EFFECT_NAMES = ("elephant", "mogul", "points", "any_colour")

# T-C2 / T-C3: commodities and bonus-tile kinds (a commodity tile's kind is its commodity).
RICE, TEA, SPICE, JEWELS = range(4)
N_COMMODITIES = 4
COMMODITY_NAMES = ("rice", "tea", "spice", "jewels")
B_PLUS2 = 4  # "+2": points (T-P1)
B_CARD = 5  # "+1": draw a card (T-P1)
B_TAJ = 6  # the Taj Mahal tile on Agra (T-S2, T-P1)
N_BONUS_KINDS = 7
BONUS_NAMES = (*COMMODITY_NAMES, "plus2", "card", "taj_mahal")

# Decision kinds a strategy answers (T-D).
DK_TURN = 0  # T-D1: WITHDRAW or play_code(coloured kind, companion kind or NO_CARD)
DK_CROWN = 1  # T-D2: city for the crowned palace (T-A4)
DK_PALACE = 2  # T-D2: city for a normal palace (T-A3)
DK_PICK = 3  # T-D3: display slot to take (T-A7)
N_KINDS = 4
KIND_NAMES = ("turn", "crowned palace", "palace", "display pick")

WITHDRAW = -1  # DK_TURN answer (T-A2)
NO_CARD = -1  # no companion card (T-A1 (a))
PLAY_SHIFT = 8  # play code = coloured | (companion + 1) << PLAY_SHIFT

# Why a game ended.
END_NONE = 0
END_VISITS = 1  # T-E1: the last visit is over
END_CAP = 2  # [choice] T-R3 step cap: a visit reached the cap of plays
END_REASON_NAMES = ("", "visits", "cap")

# How first place was settled (T-E2).
TIE_NONE = 0
TIE_SHARED = 1  # [choice] T-E2 default: tied players share the win
TIE_CARDS = 2  # what-if: most hand cards decides, then shared
TIE_NAMES = ("none", "shared", "hand cards")

# Error codes of illegal answers (counted, replaced by a legal answer, never raised).
E_OK = 0
E_BAD_PLAY = 1  # not a legal play under T-A1 (replaced by WITHDRAW)
E_BAD_CITY = 2  # not a legal city for the palace (replaced by the first legal one)
E_BAD_PICK = 3  # no such display slot, or an empty one (replaced by the first card)
ERROR_NAMES = ("ok", "illegal play", "illegal city", "illegal display pick")

# Event log rows (simcore/core/nb/event_log_nb.py); the time column is the visit (1-based).
EV_VISIT = 0  # a = province, b = tile number, c = start seat
EV_DISPLAY = 1  # a = slot, b = card kind
EV_PLAY = 2  # a = coloured kind, b = companion kind or -1, c = plays this visit
EV_WITHDRAW = 3  # a = bit mask of prizes won (bit = symbol), b = 1 if no card was played
EV_PALACE = 4  # a = city, b = 1 if crowned, c = bonus kind taken or -1
EV_BONUS = 5  # a = bonus kind, b = points
EV_PALACE_POINTS = 6  # a = points, b = other provinces connected
EV_PROVINCE = 7  # a = tile number, b = points
EV_DRAW = 8  # a = card kind or -1 (both piles empty), b = 1 if blind (pile), c = reason
EV_PICK = 9  # a = slot, b = card kind
EV_EXCHANGE = 10  # a = influence type, b = 1 if the special card changed hands
EV_END = 11  # a = END_*, b = visits finished
EV_HAND = 12  # a = points, b = special, c = white, d = longest colour
EV_RANK = 13  # a = rank, b = points
EV_ERROR = 14  # a = E_*, b = decision kind, c = the answer
EV_SPECIAL_POINTS = 15  # a = points (T-A1c: the +2 special card)
EV_RESHUFFLE = 16  # a = cards shuffled into the new pile (T-R6)
EV_NAMES = (
    "visit",
    "display",
    "play",
    "withdraw",
    "palace",
    "bonus",
    "palace_points",
    "province",
    "draw",
    "pick",
    "exchange",
    "end",
    "hand",
    "rank",
    "error",
    "special_points",
    "reshuffle",
)
DRAW_IMMEDIATE = 0  # EV_DRAW c: T-A7 bonus card for withdrawing without a play
DRAW_BONUS = 1  # EV_DRAW c: the "+1 card" bonus tile (T-P1)
DRAW_DISPLAY = 2  # EV_DRAW c: dealt into the display (T-R5)

# Actions counted per seat for the results' `act_*` columns (analyses/competence.py flags a
# strategy that never uses one): a coloured card of each colour, a white companion, each
# special card's effect (T-A1, T-A1c), withdrawing (with no play: T-A7), each palace kind
# (T-A3, T-A4), the province tile (T-A5), each bonus tile kind taken (T-P1), display picks.
ACT_PLAY = 0  # + colour: a coloured card played (T-A1)
ACT_WHITE = 4  # a white card played with it
ACT_SPECIAL = 5  # + FX_*: a special card played with it (T-A1c)
ACT_WITHDRAW = 9  # T-A2
ACT_IMMEDIATE = 10  # withdrawn without a play this visit (T-A7)
ACT_CROWN = 11  # a crowned palace placed (T-A4)
ACT_PALACE = 12  # a normal palace placed (T-A3)
ACT_TILE = 13  # a province tile won (T-A5)
ACT_BONUS = 14  # + bonus kind: a bonus tile taken (T-A3, T-P1)
ACT_PICK = ACT_BONUS + N_BONUS_KINDS  # a display card taken (T-A7)
N_ACTS = ACT_PICK + 1
ACTION_NAMES = (
    *(f"play_{c}" for c in COLOUR_NAMES),
    "play_white",
    *(f"special_{e}" for e in EFFECT_NAMES),
    "withdraw",
    "withdraw_immediate",
    "crown",
    "palace",
    "province_tile",
    *(f"bonus_{b}" for b in BONUS_NAMES),
    "pick",
)
assert len(ACTION_NAMES) == N_ACTS
