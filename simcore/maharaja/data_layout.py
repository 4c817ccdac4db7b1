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

N_CITIES = 0
N_JUNCTIONS = 1
START = 2
N_ROADS = 3
N_VILLAGES = 4
ROAD_A = 8
ROAD_B = ROAD_A + MAX_ROADS
ROAD_NV = ROAD_B + MAX_ROADS
ROAD_V0 = ROAD_NV + MAX_ROADS  # village next to end a
ROAD_V1 = ROAD_V0 + MAX_ROADS  # second village (-1 on a one-village road)
VIL_ROAD = ROAD_V1 + MAX_ROADS  # [MAX_VILLAGES] road of each village
DEG = VIL_ROAD + MAX_VILLAGES  # [MAX_JUNCTIONS] roads at each junction
ADJ_ROAD = DEG + MAX_JUNCTIONS  # [MAX_JUNCTIONS * MAX_DEGREE] road ids
ADJ_TO = ADJ_ROAD + MAX_JUNCTIONS * MAX_DEGREE  # [.. same] other end of that road
HOME_CITY = ADJ_TO + MAX_JUNCTIONS * MAX_DEGREE  # [N_HOME_SLOTS] city or -1
HOPS = HOME_CITY + N_HOME_SLOTS  # [MAX_JUNCTIONS**2] road count of shortest path
BOARD_SIZE = HOPS + MAX_JUNCTIONS * MAX_JUNCTIONS
