"""Offsets of the packed card-table array (int64): antique values (V-C2) and the
collection cards (V-C4, V-V1d), filled by `CardTable.pack()`.

Use it namespaced: `from simcore.vermaechtnis import data_layout as T`;
`cards[T.VALUE + a]` is antique a's points, `cards[T.COLL + k * T.COLL_W + T.C_POINTS]`
collection card k's.
"""

from .enums import N_ANTIQUES, N_SORTS, N_TYPES

MAX_COLL = 16  # collection cards a table may hold (a bit mask per seat)

N_COLL = 0  # collection cards in the table
VALUE = 1  # [N_ANTIQUES] points of antique t * 6 + c (V-C2)
LARGE_MASK = VALUE + N_ANTIQUES  # [N_SORTS] bit mask of the large cards of each sort (V-A3c)
SMALL_MASK = LARGE_MASK + N_SORTS  # [N_SORTS] bit mask of the small cards of each sort
COLL = SMALL_MASK + N_SORTS  # [MAX_COLL * COLL_W] one record per collection card

# fields of a collection card's record
C_SORT = 0  # 0..5 a type, ASSORTED
C_LARGE = 1  # 1 = large card (V-A3c)
C_REQ = 2  # REQ_COUNTS or REQ_DIFFERENT (V-C4)
C_DIFFERENT = 3  # REQ_DIFFERENT: types needed
C_POINTS = 4  # beige side (V-P2)
C_GREY_POINTS = 5  # grey side (V-V1d)
C_GIVE_UP = 6  # bit mask of the types one of which is given up, 0 = none (V-A3b)
C_EFFECT = 7  # grey-side effect FX_* (V-V1)
C_NEED = 8  # [N_TYPES] REQ_COUNTS: antiques needed per type
C_N_NEEDED = C_NEED + N_TYPES  # REQ_COUNTS: how many types have a need > 0
C_NEEDED = C_N_NEEDED + 1  # [N_TYPES] those types, ascending (checks skip the others)
COLL_W = C_NEEDED + N_TYPES

CARDS_SIZE = COLL + MAX_COLL * COLL_W
