"""Offsets of the packed data array (int64) the engine reads: the map (T-C1, T-C1b), the
province tiles (T-C2), the bonus-tile mix (T-C3) and the card kinds (T-C5), filled from the
three data files (game_data.py). Each file packs into its own block of fixed size (map,
then tiles, then cards), so `--data NAME=FILE` replaces one block and every offset below
stays a constant (simcore/core/contract/datafile.py DataSet).

Use it namespaced: `from simcore.tajmahal import data_layout as D`,
`data[D.ADJ + city]` is the bit mask of the cities joined to `city` by a road.
"""

from .enums import N_BONUS_KINDS, N_COMMODITIES, N_SYMBOLS

MAX_CITIES = 62  # a city set is one int64 bit mask (bit 63 left unused)
MAX_PROV = 16  # provinces = province tiles = visits
MAX_KINDS = 64  # card kinds, the 4 special cards included (hand rows are counts per kind)
N_NORMAL_CARDS = 96  # T-C5: the shuffled deck (+ 4 special cards = 100)
N_SPECIAL = 4  # T-C6: one special card per influence type

# map block (map.toml)
N_PROV = 0  # provinces (= province tiles, = visits)
N_CITIES = 1
AGRA_PROV = 2  # province of the Taj Mahal city: gets the highest tile (T-S1)
TAJ_CITY = 3  # city of the Taj Mahal tile (T-S2)
CITY_PROV = 4  # [MAX_CITIES] province of each city
CITY_FORT = CITY_PROV + MAX_CITIES  # [MAX_CITIES] 1 = fortified (T-C1)
ADJ = CITY_FORT + MAX_CITIES  # [MAX_CITIES] bit mask of road neighbours
PROV_MASK = ADJ + MAX_CITIES  # [MAX_PROV] bit mask of a province's cities
MAP_SIZE = PROV_MASK + MAX_PROV

# tiles block (tiles.toml)
N_BONUS = MAP_SIZE  # square bonus tiles placed on the other fortified cities (T-S2)
BONUS_POOL = N_BONUS + 1  # [N_BONUS_KINDS] square bonus tiles of each kind (B_TAJ unused)
TILE_COMM = BONUS_POOL + N_BONUS_KINDS  # [MAX_PROV * N_COMMODITIES] tile number t: row t - 1
TILES_SIZE = TILE_COMM + MAX_PROV * N_COMMODITIES - MAP_SIZE

# cards block (cards.toml)
N_KINDS = MAP_SIZE + TILES_SIZE  # normal card kinds; special card i is kind N_KINDS + i
KIND_COLOUR = N_KINDS + 1  # [MAX_KINDS] colour, WHITE or SPECIAL
KIND_SYM = KIND_COLOUR + MAX_KINDS  # [MAX_KINDS * N_SYMBOLS] printed symbols per kind
KIND_COUNT = KIND_SYM + MAX_KINDS * N_SYMBOLS  # [MAX_KINDS] cards of each kind
DATA_SIZE = KIND_COUNT + MAX_KINDS
CARDS_SIZE = DATA_SIZE - N_KINDS
