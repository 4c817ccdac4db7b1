"""Offsets of the packed rules array (int64) the jitted engine reads: `RuleSet.pack()`
fills it in field order, so each offset is the index of its field in rules.RuleSet
(checked at import by rules.py).

Use it namespaced: `from simcore.tajmahal import rules_layout as R`, `rules[R.HAND_SIZE]`.
"""

HAND_SIZE = 0  # T-S4: cards dealt to each player
DISPLAY_SIZE = 1  # T-S4 / T-R5: display cards per visit, 0 = 2n - 1
IMMEDIATE_CARD = 2  # T-A7: withdrawing without a play draws the top card of the pile
TAJ_POINTS = 3  # T-P1: the Taj Mahal tile
PLUS2_POINTS = 4  # T-P1: the gold "+2" bonus tile
SPECIAL_POINTS = 5  # T-A1c: the "+2" special card, each time it is played
SPECIAL_FX = 6  # [4] T-C6 [choice]: FX_* of the special card of vizier, general, monk, princess
RESHUFFLE = 10  # T-R6 [choice]: an empty pile is refilled from the discards
LAST_MIN_SYMBOLS = 11  # T-A2 [choice]: symbols the last player needs to win a prize
OWN_CROWN_CITY_OPEN = 12  # T-A6a [choice]: a normal palace may join the own crowned one
HAND_LIMIT = 13  # T-A7 [choice]: 0 = none; else cards beyond it are not taken
DISCARD_FIRST = 14  # T-P [choice]: discard the played cards before scoring
CROWN_SCORES = 15  # T-P2 [choice]: a crowned palace alone earns palace points
DOUBLE_EACH = 16  # T-P3a [choice]: a doubled commodity counts the held ones twice
EXCHANGE_AFTER_LAST = 17  # T-E1 [choice]: the T-R4 exchange also follows the last visit
TIE_BREAK = 18  # T-E2 [choice]: 0 = shared win, 1 = most hand cards, then shared
PLAY_CAP = 19  # T-R3 [choice]: plays in one visit before the game ends with END_CAP
CROWN = 20  # T-A4 what-if: the crown is in the court (off: moguls win nothing)
HAND_SCORING = 21  # T-P4 what-if: the hands score at the end
RULES_SIZE = 22
