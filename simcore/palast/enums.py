"""Integer codes shared by the Palast engine, its strategies and its logs (plain ints so
numba folds them into constants)."""

from simcore.core.nb.event_log_nb import LOG_TIME as LOG_TIME

# P-C3 resources; the order is the state's and the data files'.
ALABASTER, SANDSTONE, EBONY, GOLD = 0, 1, 2, 3
N_RES = 4
RES_NAMES = ("alabaster", "sandstone", "ebony", "gold")

# P-C8 quarters; stonemason..goldsmith produce one resource each (QUARTER_RES).
STONEMASON, CARPENTER, MASON, GOLDSMITH, EXCHANGE, BAZAAR = 0, 1, 2, 3, 4, 5
N_QUARTERS = 6
QUARTER_NAMES = ("stonemason", "carpenter", "mason", "goldsmith", "exchange", "bazaar")
QUARTER_RES = (ALABASTER, EBONY, SANDSTONE, GOLD)  # P-C8: what quarters 0..3 give

# P-C1b harbour sides a..d and fields; P-C4 elements.
SIDE_A, SIDE_B, SIDE_C, SIDE_D = 0, 1, 2, 3
N_SIDES = 4
SIDE_NAMES = ("a", "b", "c", "d")
N_FIELDS = 4
N_GARDENS = 8
N_ELEMENTS = 3
ELEMENT_NAMES = ("", "arch", "fountain", "column")  # value 1..3 (P-C4)
N_DISPLAY = 3  # building fields 5.1, 5.2, 5.3 (P-C1)
MAX_SERAGLIO = 6  # P-A7

# Building deck cards (P-C5): 0..23 palace cards (data order), then these.
N_PALACE = 24
TREASURY_1 = 24
TREASURY_2 = 25
END_CARD = 26
N_BCARDS = 27

# Answer codes of DK_FREE, DK_BUILD and DK_VIZIER_ACT (P-F, P-A2..P-A4).
PASS = 0  # nothing more now
FA_PRODUCE = 1  # + q (q = 0..3): the quarter's resource (P-C8)
FA_GOLD_TO = 5  # + t (t = 0..2): exchange 1 own gold for t
FA_TO_GOLD = 8  # + t: exchange 1 own t for gold
FA_BAZAAR = 11  # + a * 3 + b (a != b, both non-gold): bazaar, own a for b
FA_CARD = 20  # + t: play an action card showing t (P-F2)
BUILD_SLOT = 24  # + k: play the card on building field 5.(k+1) (P-A2, P-A3, P-A4)
N_CODES = 27
NONE = -1  # DK_PLACE, DK_SEAL, optional DK_REMOVE: none

# Decision kinds (P-D); the legal answers are listed in the state (S.LEGAL, S.LEGAL_N),
# LEGAL[0] is the default an illegal answer is replaced by.
DK_SETUP = 0  # P-D0: resource type for seat state[S.SETUP_NEXT]
DK_FREE = 1  # P-D6: a free action or PASS (before the harbour, after the quarter step)
DK_HARBOUR = 2  # P-D1: the side a..d (one of the two face-up sides)
DK_REMOVE = 3  # P-D1 "b": building field 0..2 whose palace card leaves
DK_VIZIER = 4  # P-D1 "c": quarter the Vizier moves to
DK_VIZIER_ACT = 5  # P-D1 "c": the destination quarter's action (FA code) or PASS
DK_BUILD = 6  # P-D2..P-D4, P-D6: BUILD_SLOT + k, a free action, or PASS (step over)
DK_FIGURE = 7  # P-A2a / P-A3: quarter whose own figure goes up (supply empty)
DK_SEAL = 8  # P-D9 (P-V3): resource type to seal the garden with, or NONE
DK_PLACE = 9  # P-D5: quarter for a figure, or NONE
DK_DROP_CARD = 10  # P-D8: action-card type to discard
DK_DROP_RES = 11  # P-D8: resource type to give back
N_KINDS = 12
KIND_NAMES = ("setup", "free", "harbour", "remove", "vizier", "vizier action", "build",
              "figure", "seal", "place", "drop card", "drop resource")  # fmt: skip
# dk_* result columns: decisions of each kind answered per seat
DECISION_KIND_NAMES = tuple(name.replace(" ", "_") for name in KIND_NAMES)
MAX_LEGAL = 32

# Actions counted per seat (act_* columns): every action and decision the rules offer.
ACT_SIDE = 0  # + side: harbour side a..d used (P-A1)
ACT_REMOVE = 4  # "b": a display card removed
ACT_VIZIER_ACTION = 5  # "c": the destination quarter's action used
ACT_BUILD = 6  # + element - 1: arch, fountain, column built (P-A2)
ACT_FEE_52 = 9  # a card played from 5.2 (fee)
ACT_FEE_53 = 10  # a card played from 5.3
ACT_TREASURY = 11  # P-A3
ACT_END_CARD = 12  # P-A4
ACT_PLACE = 13  # P-A5
ACT_QUARTER = 14  # + q: quarter action used (P-F1)
ACT_CARD = 20  # action card played (P-F2)
ACT_FROM_QUARTER = 21  # a quarter figure moved up (P-A2a, P-A3)
ACT_SEAL = 22  # P-V3
ACT_DROP_CARD = 23  # P-A6
ACT_DROP_RES = 24  # P-A6
N_ACTS = 25
ACTION_NAMES = ("harbour_a", "harbour_b", "harbour_c", "harbour_d", "remove_card",
                "vizier_action", "build_arch", "build_fountain", "build_column", "build_at_52",
                "build_at_53", "treasury", "end_card", "place_figure", "stonemason",
                "carpenter", "mason", "goldsmith", "exchange", "bazaar", "action_card",
                "figure_from_quarter", "seal", "drop_card", "drop_resource")  # fmt: skip

# Why a game ended (P-E1).
END_NONE, END_CARDS, END_CARD_PLAYED, END_CAP, END_STEPS = 0, 1, 2, 3, 4
END_REASON_NAMES = ("", "cards", "end_card", "cap", "steps")

# How first place was settled (P-E2, P-A8).
TIE_NONE, TIE_SERAGLIO, TIE_SHARED = 0, 1, 2
TIE_NAMES = ("none", "seraglio", "shared")

# Error codes of illegal answers (counted, replaced by LEGAL[0]).
E_OK = 0
E_ILLEGAL = 1
ERROR_NAMES = ("ok", "not a legal answer")

# Event log rows (simcore/core/nb/event_log_nb.py); the time column is the turn.
EV_TURN = 0  # a = turn
EV_GIVE = 1  # setup: seat gets a of type b (P-S3)
EV_HARBOUR_FIELD = 2  # a = field, b = type, c = count (P-S4, P-A1r)
EV_HARBOUR = 3  # a = side, b = field, c = type, d = count taken
EV_DRAW = 4  # a = type drawn, b = 1 from side "a"
EV_DISPLAY = 5  # a = field, b = card
EV_REMOVE = 6  # a = field, b = card (side "b")
EV_UNBUILDABLE = 7  # a = card removed at once (P-A2d)
EV_VIZIER = 8  # a = from, b = to
EV_FREE = 9  # a = FA code
EV_BUILD = 10  # a = card, b = field, c = garden, d = element
EV_BALCONY = 11  # a = garden, b = source quarter (-1 supply)
EV_EVICT = 12  # a = garden, b = owner
EV_MARKER = 13  # a = owner, b = seat whose marker went back (-1 none), c = recycled
EV_TREASURY = 14  # a = card, b = leader (-1 none), c = his count, d = source quarter
EV_END_CARD = 15
EV_PLACE = 16  # a = quarter, b = gold paid
EV_DROP_CARD = 17  # a = type
EV_DROP_RES = 18  # a = type
EV_SEAL = 19  # a = garden, b = type; c = 1 released
EV_SER_FIGURE = 20  # a = new leader (-1 none), b = old holder
EV_RESHUFFLE = 21  # a = cards
EV_END = 22  # a = END_*, b = turns
EV_SCORE = 23  # a = figures, b = balconies, c = treasury, d = seraglio figure
EV_RANK = 24  # a = rank, b = figures
EV_ERROR = 25  # a = E_*, b = kind, c = answer
EV_NAMES = ("turn", "give", "harbour_field", "harbour", "draw", "display", "remove",
            "unbuildable", "vizier", "free", "build", "balcony", "evict", "marker",
            "treasury", "end_card", "place", "drop_card", "drop_res", "seal", "ser_figure",
            "reshuffle", "end", "score", "rank", "error")  # fmt: skip
