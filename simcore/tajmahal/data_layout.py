"""Offsets of the packed data array (int64) the engine reads: the map (T-C1, T-C1b), the
province tiles (T-C2), the bonus-tile mix (T-C3) and the card kinds (T-C5), filled by
`GameData.pack()` from the three data files (game_data.py).

Use it namespaced: `from simcore.tajmahal import data_layout as D`,
`data[D.ADJ + city]` is the bit mask of the cities joined to `city` by a road.
"""

from .enums import N_BONUS_KINDS, N_COMMODITIES, N_SYMBOLS

MAX_CITIES = 62  # a city set is one int64 bit mask (bit 63 left unused)
MAX_PROV = 16  # provinces = province tiles = visits
MAX_KINDS = 64  # card kinds, the 4 special cards included (hand rows are counts per kind)
N_NORMAL_CARDS = 96  # T-C5: the shuffled deck (+ 4 special cards = 100)
N_SPECIAL = 4  # T-C6: one special card per influence type

N_PROV = 0  # provinces (= province tiles, = visits)
N_CITIES = 1
N_KINDS = 2  # normal card kinds; special card i is kind N_KINDS + i
AGRA_PROV = 3  # province of the Taj Mahal city: gets the highest tile (T-S1)
TAJ_CITY = 4  # city of the Taj Mahal tile (T-S2)
N_BONUS = 5  # square bonus tiles placed on the other fortified cities (T-S2)
BONUS_POOL = 8  # [N_BONUS_KINDS] square bonus tiles of each kind (B_TAJ entry unused)
CITY_PROV = BONUS_POOL + N_BONUS_KINDS  # [MAX_CITIES] province of each city
CITY_FORT = CITY_PROV + MAX_CITIES  # [MAX_CITIES] 1 = fortified (T-C1)
ADJ = CITY_FORT + MAX_CITIES  # [MAX_CITIES] bit mask of road neighbours
PROV_MASK = ADJ + MAX_CITIES  # [MAX_PROV] bit mask of a province's cities
TILE_COMM = PROV_MASK + MAX_PROV  # [MAX_PROV * N_COMMODITIES] tile number t: row t - 1
KIND_COLOUR = TILE_COMM + MAX_PROV * N_COMMODITIES  # [MAX_KINDS] colour, WHITE or SPECIAL
KIND_SYM = KIND_COLOUR + MAX_KINDS  # [MAX_KINDS * N_SYMBOLS] printed symbols per kind
KIND_COUNT = KIND_SYM + MAX_KINDS * N_SYMBOLS  # [MAX_KINDS] cards of each kind
DATA_SIZE = KIND_COUNT + MAX_KINDS
