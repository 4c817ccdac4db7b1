"""Offsets of the packed rules array (int64) that the jitted engine reads.

`RuleSet.pack()` fills it; every rule value the engine uses comes from here,
so a designer changes numbers, never code.
"""

MAX_PLAYERS = 5

START_GOLD = 0  # M-S1
PALACES = 1  # M-C3/M-E1, already 6 when the short game (M-V1) is on
ROUND_LIMIT = 2  # M-V1: last round of the short game, 0 = none
HOUSE_COST = 3  # M-A2
PALACE_COST = 4  # M-A6
ARTIST_PALACE_COST = 5  # M-K6
GOLD_ACTION = 6  # M-A1
QUARRY_HOUSES = 7  # M-A5
MERCHANT_INCOME = 8  # M-K2
MONOPOLY_BONUS = 9  # M-P3
FORFEIT_PENALTY = 10  # M-F2: gold each other player takes
FORFEIT_PER_PART = 11  # M-F2 [choice]: 0 = once per unfinished action, 1 = per undone part
VILLAGE_CAP = 12  # M-S4
VILLAGE_CAP_2P = 13  # M-S4 with two players
HOUSES_PER_COLOUR = 14  # M-C3
START_HOUSES = 15  # M-S1/M-S4: houses in hand, placed in setup
SETUP_SUPPLY = 16  # M-S5
OUTER_SITES = 17  # M-C2
INNER_POINTS = 18  # M-P1
OUTER_POINTS = 19
SADHU_OUTER_POINTS = 20  # M-K3
ARCHITECT_POINTS = 21
HOUSE_POINTS = 22
END_FIELD = 23  # M-E1: the game ends when a governor is placed on this field
ROUND_CAP = 24  # M-A8 [choice]: safety cap on rounds, end reason `cap`
GOVERNOR_STEPS = 25  # M-A8
GOVERNOR_CLAMP = 26  # M-A8 [choice]: 1 = move as far down as it can, 0 = must move full steps
FIRST_CHOOSER = 27  # M-S3 [choice]: seat that chooses first, -1 = random per game
N_CHARACTERS = 28  # 6 in the basic game, 7 with the Yogi (M-A5y)
V_YOGI = 29  # M-A5y switch
V_NEUTRAL = 30  # M-V2 switch
V_AUCTION = 31  # M-V3 switch
V_HOME = 32  # M-A7h switch
V_MULTI = 33  # M-V4 switch
HOME_POINTS = 34  # M-A7h
CHIPS_TOTAL = 35  # M-A5y
SHORT_GAME = 36  # M-V1 switch (already folded into PALACES and ROUND_LIMIT)
DEAL = 37  # M-S3 [choice]: DEAL_CHOOSE, DEAL_RANDOM or DEAL_FIXED (rules.py parses `deal`)
DEAL_N = 38  # DEAL_FIXED: number of characters listed (at least the number of players)
PAYOUT = 40  # M-P2: [MAX_PLAYERS * MAX_PLAYERS], row = players - 1, column = rank
DEAL_CHAR = PAYOUT + MAX_PLAYERS * MAX_PLAYERS  # DEAL_FIXED: [MAX_PLAYERS] character per seat
RULES_SIZE = DEAL_CHAR + MAX_PLAYERS

# Values of DEAL: how the characters reach the players at setup (M-S3).
DEAL_CHOOSE = 0  # the strategies choose, from the first chooser clockwise (the rulebook)
DEAL_RANDOM = 1  # a uniform random deal of distinct characters in play, one per seat
DEAL_FIXED = 2  # DEAL_CHAR + seat gives each seat's character
