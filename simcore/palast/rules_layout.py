"""Offsets of the packed rules array (int64) the engine reads; `RuleSet.pack()` fills it.

Use it namespaced: `from simcore.palast import rules_layout as R`, `rules[R.FEE_52]`.
"""

FEE_51 = 0  # P-C1a: gold beside building field 5.1
FEE_52 = 1  # P-C1a [choice]
FEE_53 = 2  # P-C1a
QUARTER_COST_1 = 3  # P-A5: gold for the first figure in a quarter
QUARTER_COST_2 = 4  # P-A5: gold for the second
QUARTER_ROOM = 5  # P-A5: figures a quarter holds
FIGURES = 6  # P-S2
MARKERS = 7  # P-S2
HAND_LIMIT = 8  # P-A6
RES_LIMIT = 9  # P-A6
PER_TYPE = 10  # P-C3
START_BONUS = 11  # P-S3 switch
BONUS_TURN_ORDER = 12  # P-S3 [choice]
REMOVE_COMPULSORY = 13  # P-A1 "b" [choice]
VIZIER_ACTION = 14  # P-A1 "c" translator's note
CARD_AT_ONCE = 15  # P-A1 "a" translator's note
OWN_REPLACED_MARKER = 16  # P-A7 translator's note
EVICT_ALWAYS = 17  # P-A2a [choice]
TREASURY_ALONE = 18  # P-A3 [choice]
QUARTER_IN_VIZIER = 19  # P-A5 [choice]
TURN_CAP = 20  # P-E1 [choice]
SER_FIELDS_2 = 21  # P-A7 (2 players); 3 and 4 players follow
SERAGLIO_FIGURE = 24  # P-V2 switch
SEALED_GARDENS = 25  # P-V3 switch
HAND_LIMIT_ADVANCED = 26  # P-V1 (unavailable, kept for the data)
RULES_SIZE = 27
