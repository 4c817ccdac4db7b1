"""Columns of the per-seat result record (int64) written by `write_records_nb`; the
results table of the plug-in (next step) names and types them."""

from .enums import N_SYMBOLS

STRATEGY = 0
RANK = 1  # seats with more points, 0 = a winner (T-E2)
POINTS = 2
PTS_BONUS = 3  # T-P1
PTS_PALACE = 4  # T-P2
PTS_PROVINCE = 5  # T-P3
PTS_SPECIAL = 6  # T-A1c
PTS_HAND = 7  # T-P4
PALACES = 8  # palaces placed
TILES = 9  # province tiles won (T-A5)
COMMODITIES = 10  # commodities held at the end
SPECIALS_HELD = 11  # bit mask of the special cards held at the end (T-R4)
EXCHANGES = 12  # special cards gained
IMMEDIATE = 13  # withdrawals without a play (T-A7)
PLAYS = 14
WHITE_PLAYED = 15
SPECIALS_PLAYED = 16  # special cards played
START_SEAT = 17  # 1 if the seat started visit 1 (T-S6)
VISITS = 18  # visits begun
END_REASON = 19  # END_*
TIE = 20  # TIE_*
ERRORS = 21  # illegal answers in the game
PRIZES = 22  # [N_SYMBOLS] prizes won per symbol
N_REC = PRIZES + N_SYMBOLS
