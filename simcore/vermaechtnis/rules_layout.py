"""Offsets of the packed rules array (int64) the jitted engine reads: `RuleSet.pack()`
fills it, so every number of the rules comes from here and a designer never edits code.

Use it namespaced: `from simcore.vermaechtnis import rules_layout as R`, `rules[R.TAX_CAP]`.
"""

MAX_TRADE = 9  # trade cards in one set (V-C5: 9 cards in the box)

START_MONEY_FIRST = 0  # V-S5: rupees of the start player (seat 0)
START_MONEY_OTHERS = 1  # V-S5: rupees of every other player
TAX_CAP = 2  # V-A4: money kept after taxes
GOLD_VALUE = 3  # V-A1 / V-C6: rupees of one gold coin
RUPEES_PER_POINT = 4  # V-P3
OFFER_SIZE = 5  # V-S1 / V-R2: antiques laid out per day
LONE_DISCARD = 6  # V-P1 switch
LARGE_BLOCKS_SMALL = 7  # V-A3c switch
GREY_SIDES = 8  # V-V1 switch
GREY_MONEY = 9  # V-V1a: rupees of the money effect
CHECK_BEFORE_GIVE_UP = 10  # V-A3b [choice]: 1 = requirement checked before the give-up
SHORT_OFFER_ENDS = 11  # V-E1 [choice]: 1 = fewer than OFFER_SIZE cards left ends the game
TIE_AFTER_DISCARD = 12  # V-E2 [choice]: 1 = tie-break counts antiques after V-P1
N_PRICES_23 = 13  # V-C5: trade cards with 2 or 3 players
N_PRICES_4 = 14  # V-C5: trade cards with 4 players
PRICES_23 = 16  # [MAX_TRADE] prices left to right (V-S2)
PRICES_4 = PRICES_23 + MAX_TRADE  # [MAX_TRADE]
RULES_SIZE = PRICES_4 + MAX_TRADE
