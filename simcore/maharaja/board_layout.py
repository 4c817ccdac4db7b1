"""Offsets of the packed board array (int64) that the jitted engine reads.

Junctions 0..n_cities-1 are the cities in board-file order; junction n_cities
is the start place S. Villages are numbered road by road, in the order of the
board file, each road's villages listed from its end `a` to its end `b`.
"""

MAX_CITIES = 8
MAX_JUNCTIONS = MAX_CITIES + 1
MAX_ROADS = 40
MAX_VILLAGES = 64
MAX_DEGREE = 8
MAX_VILLAGES_PER_ROAD = 2
N_HOME_SLOTS = 7  # one home city per character (M-A7h)

B_N_CITIES = 0
B_N_JUNCTIONS = 1
B_START = 2
B_N_ROADS = 3
B_N_VILLAGES = 4
B_ROAD_A = 8
B_ROAD_B = B_ROAD_A + MAX_ROADS
B_ROAD_NV = B_ROAD_B + MAX_ROADS
B_ROAD_V0 = B_ROAD_NV + MAX_ROADS  # village next to end a
B_ROAD_V1 = B_ROAD_V0 + MAX_ROADS  # second village (-1 on a one-village road)
B_VIL_ROAD = B_ROAD_V1 + MAX_ROADS  # [MAX_VILLAGES] road of each village
B_DEG = B_VIL_ROAD + MAX_VILLAGES  # [MAX_JUNCTIONS] roads at each junction
B_ADJ_ROAD = B_DEG + MAX_JUNCTIONS  # [MAX_JUNCTIONS * MAX_DEGREE] road ids
B_ADJ_TO = B_ADJ_ROAD + MAX_JUNCTIONS * MAX_DEGREE  # [.. same] other end of that road
B_HOME_CITY = B_ADJ_TO + MAX_JUNCTIONS * MAX_DEGREE  # [N_HOME_SLOTS] city or -1
B_HOPS = B_HOME_CITY + N_HOME_SLOTS  # [MAX_JUNCTIONS**2] road count of shortest path
BOARD_SIZE = B_HOPS + MAX_JUNCTIONS * MAX_JUNCTIONS
