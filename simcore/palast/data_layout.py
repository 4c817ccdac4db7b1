"""Offsets of the packed data array (int64): the three data files in declaration order
(game_data.DATA_FILES), each padded to its fixed size.

Use it namespaced: `from simcore.palast import data_layout as D`;
`data[D.COST + card * 4 + t]` is what card `card` costs in resource t.
"""

from .enums import N_BCARDS, N_FIELDS, N_RES, N_SIDES

MAX_ACTION_CARDS = 40  # P-C6: the unmarked deck (20 in the box) may hold at most this many

# building cards (P-C5): card 0..23 palace, 24/25 treasury, 26 game end
ELEMENT = 0  # [N_BCARDS] 1 arch, 2 fountain, 3 column; 0 treasury / end
GARDEN = ELEMENT + N_BCARDS  # [N_BCARDS] garden field 0..7, -1 treasury / end
COST = GARDEN + N_BCARDS  # [N_BCARDS * N_RES]
CARDS_SIZE = COST + N_BCARDS * N_RES

# harbour (P-C1b, P-C2), from CARDS_SIZE
CAPACITY = CARDS_SIZE  # [N_FIELDS] resources each harbour field holds
SIDE_FIELD = CAPACITY + N_FIELDS  # [N_SIDES] harbour field of side a..d
CARD_SIDES = SIDE_FIELD + N_SIDES  # [2 * 2] harbour card c: side up at start, other side
HARBOUR_SIZE = CARD_SIDES + 4 - CARDS_SIZE

# action cards (P-C6), the last file
ACTION_COUNT = CARDS_SIZE + HARBOUR_SIZE  # [N_RES] unmarked cards per resource
DATA_SIZE = ACTION_COUNT + N_RES
