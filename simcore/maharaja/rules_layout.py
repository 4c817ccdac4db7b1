"""Offsets of the packed rules array (int64) that the jitted engine reads.

`RuleSet.pack()` fills it; every rule value the engine uses comes from here,
so a designer changes numbers, never code.
"""

MAX_PLAYERS = 5

R_START_GOLD = 0  # M-S1
R_PALACES = 1  # M-C3/M-E1, already 6 when the short game (M-V1) is on
R_ROUND_LIMIT = 2  # M-V1: last round of the short game, 0 = none
R_HOUSE_COST = 3  # M-A2
R_PALACE_COST = 4  # M-A6
R_ARTIST_PALACE_COST = 5  # M-K6
R_GOLD_ACTION = 6  # M-A1
R_QUARRY_HOUSES = 7  # M-A5
R_MERCHANT_INCOME = 8  # M-K2
R_MONOPOLY_BONUS = 9  # M-P3
R_FORFEIT_PENALTY = 10  # M-F2: gold each other player takes
R_FORFEIT_PER_PART = 11  # M-F2 [choice]: 0 = once per unfinished action, 1 = per undone part
R_VILLAGE_CAP = 12  # M-S4
R_VILLAGE_CAP_2P = 13  # M-S4 with two players
R_HOUSES_PER_COLOUR = 14  # M-C3
R_START_HOUSES = 15  # M-S1/M-S4: houses in hand, placed in setup
R_SETUP_SUPPLY = 16  # M-S5
R_OUTER_SITES = 17  # M-C2
R_INNER_POINTS = 18  # M-P1
R_OUTER_POINTS = 19
R_SADHU_OUTER_POINTS = 20  # M-K3
R_ARCHITECT_POINTS = 21
R_HOUSE_POINTS = 22
R_END_FIELD = 23  # M-E1: the game ends when a governor is placed on this field
R_ROUND_CAP = 24  # M-A8 [choice]: safety cap on rounds, end reason `cap`
R_GOVERNOR_STEPS = 25  # M-A8
R_GOVERNOR_CLAMP = 26  # M-A8 [choice]: 1 = move as far down as it can, 0 = must move full steps
R_FIRST_CHOOSER = 27  # M-S3 [choice]: seat that chooses first, -1 = random per game
R_N_CHARACTERS = 28  # 6 in the basic game, 7 with the Yogi (M-A5y)
R_V_YOGI = 29  # M-A5y switch
R_V_NEUTRAL = 30  # M-V2 switch
R_V_AUCTION = 31  # M-V3 switch
R_V_HOME = 32  # M-A7h switch
R_V_MULTI = 33  # M-V4 switch
R_HOME_POINTS = 34  # M-A7h
R_CHIPS_TOTAL = 35  # M-A5y
R_SHORT_GAME = 36  # M-V1 switch (already folded into R_PALACES and R_ROUND_LIMIT)
R_DEAL = 37  # M-S3 [choice]: DEAL_CHOOSE, DEAL_RANDOM or DEAL_FIXED (rules.py parses `deal`)
R_DEAL_N = 38  # DEAL_FIXED: number of characters listed (at least the number of players)
R_PAYOUT = 40  # M-P2: [MAX_PLAYERS * MAX_PLAYERS], row = players - 1, column = rank
R_DEAL_CHAR = R_PAYOUT + MAX_PLAYERS * MAX_PLAYERS  # DEAL_FIXED: [MAX_PLAYERS] character per seat
RULES_SIZE = R_DEAL_CHAR + MAX_PLAYERS

# Values of R_DEAL: how the characters reach the players at setup (M-S3).
DEAL_CHOOSE = 0  # the strategies choose, from the first chooser clockwise (the rulebook)
DEAL_RANDOM = 1  # a uniform random deal of distinct characters in play, one per seat
DEAL_FIXED = 2  # R_DEAL_CHAR + seat gives each seat's character
