"""The state fields the strategies read, checked at import, and the kit's scratch block.

The strategies read the engine's state only through `simcore.tajmahal.layout` names (the
offsets move with the shared skeleton, the names stay). What a seat may read is the
public table and its own hand (T-I1, T-I2); `PUBLIC` lists every per-seat field read for
other seats, `OWN` the fields read only for the deciding seat, and the check below fails
at import if the engine stops providing one of them or resizes a block the kit walks with
its own strides. The kit keeps its per-visit value cache at the start of each seat's
scratch (`CACHE_*`); a strategy declares its own blocks after `KIT_USED`.
"""

from simcore.core.contract.layout import Layout
from simcore.tajmahal import data_layout as D
from simcore.tajmahal import layout as S
from simcore.tajmahal.enums import N_COMMODITIES, N_INFLUENCE, N_SYMBOLS
from simcore.tajmahal.nb.game_nb import SCRATCH_SIZE

# per-seat blocks read for every seat (public, T-I2): (name, entries per seat)
PUBLIC = (
    ("HAND_N", 1),
    ("KNOWN", D.MAX_KINDS),
    ("PLAYED", D.MAX_KINDS),
    ("SYM", N_SYMBOLS),
    ("COLOUR", 1),
    ("ACTIVE", 1),
    ("OVALS", N_INFLUENCE),
    ("COMM", N_COMMODITIES),
    ("PALACES", 1),
    ("POINTS", 1),
    ("SEAT_PLAYS", 1),
)
OWN = (("HAND", D.MAX_KINDS),)  # read for the deciding seat only (T-I1)
TABLE = ("N_PLAYERS", "VISIT", "N_ACTIVE", "COURT", "CUR_PROV", "CUR_TILE", "N_KINDS",
         "PROV_TILE", "TILE_OWNER", "BONUS_AT", "CITY_NORMAL", "CITY_CROWNED",
         "SPECIAL_HOLDER", "DISPLAY", "DISCARD", "W_SEAT", "W_PENDING", "W_PLACED",
         "END_REASON", "CROWN_CITY", "RANK", "N_WINNERS", "PILE", "PILE_N", "RNG")  # fmt: skip


def _check() -> None:
    """Every name exists; where the state's layout lists its blocks, each per-seat block
    the kit walks has MAX_SEATS rows of the width it assumes."""
    for name in TABLE:
        if not isinstance(getattr(S, name, None), int):
            raise ImportError(f"tajmahal strategies: state field {name} missing")
    blocks = getattr(getattr(S, "_S", None), "fields", {})
    for name, width in PUBLIC + OWN:
        if not isinstance(getattr(S, name, None), int):
            raise ImportError(f"tajmahal strategies: state field {name} missing")
        if name in blocks and blocks[name][1] != S.MAX_SEATS * width:
            raise ImportError(f"tajmahal strategies: block {name} is not {S.MAX_SEATS} x {width}")
    if D.MAX_CITIES > 62 or D.MAX_KINDS > 64:
        raise ImportError("tajmahal strategies: city and kind sets must fit one int64 mask")


_check()

_K = Layout("tajmahal kit scratch", SCRATCH_SIZE)  # simcore/core/contract/layout.py
CACHE_KEY = _K.take("cache_key")  # visit and palaces in its province the values hold for
CACHE_VAL = _K.take("cache_val", N_SYMBOLS)  # worth of each prize (fixed point)
CACHE_BASE = _K.take("cache_base")  # worth of placing any palace at all (T-P2: 1 + chain)
CACHE_CITY = _K.take("cache_city", N_SYMBOLS)  # best city per prize (-1 none), for reports
FUTURE_KEY = _K.take("future_key")  # visit the two below hold for
FUTURE_CITIES = _K.take("future_cities")  # cities of the provinces still to be visited
FUTURE_COMM = _K.take("future_comm", N_COMMODITIES)  # commodities of each kind to come
HERE_N = _K.take("here_n")  # cities of the current province (key FUTURE_KEY)
HERE = _K.take("here", 8)  # ... their ids
COLOURS = _K.take("colours", 6)  # the deciding seat's cards per colour (WHITE, SPECIAL too)
WORK_MINE = _K.take("work_mine", N_SYMBOLS)  # the seat's symbols this visit (T-A2)
WORK_BEST = _K.take("work_best", N_SYMBOLS)  # the most any other seat still in has
MAX_ADD = 4  # symbols one play adds to one symbol: 0..3 (2 on a card, 1 white or special)
TAB_GAIN = _K.take("tab_gain", N_SYMBOLS * MAX_ADD)  # worth of the lead after adding a
TAB_KEEP = _K.take("tab_keep", N_SYMBOLS * MAX_ADD)  # its chance to be kept (palace prizes)
MAX_COMPANIONS = 16  # white and special kinds in a hand (6 + 4 with the default cards)
COMPANIONS = _K.take("companions", 4 * MAX_COMPANIONS)  # kind, symbol, effect, net worth
PRIOR_RNG = _K.take("prior_rng")  # a search prior's stream (on a copy; noise only)
KIT_USED = _K.done()
FIX = 1 << 16  # fixed point of the cached worths
