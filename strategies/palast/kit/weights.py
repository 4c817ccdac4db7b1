"""The weight vector of the parametric Palast player (kit.player_nb): one compiled
function, and each scripted style is a vector (strategies/palast/*.py)."""

import numpy as np

from simcore.core.contract.layout import Params

PARAMS = {
    "fig": 10.0,  # a figure up on a balcony (P-E2 counts figures)
    "threat": 0.5,  # discount per card still to come that would build over it
    "evict": 4.0,  # an opponent's balcony figure sent home (P-A2a)
    "marker": 0.5,  # a seraglio marker for an own figure replaced (P-A7)
    "fee": 0.8,  # per gold of a building field's fee (P-C1a)
    "treasury": 9.0,  # a treasury scoring while leading: a permanent figure (P-A3)
    "end": 100.0,  # the game-end card while winning alone (P-A4)
    "deficit": 2.0,  # choosing the target: per resource it still lacks
    "step": 0.05,  # per free action a payment takes
    "need": 1.0,  # a resource the target lacks
    "res": 0.3,  # any other resource
    "gold": 0.5,  # gold, for the first two held (fees, quarters)
    "now": 0.5,  # harbour: times the best card it lets the seat play this turn
    "card": 0.6,  # harbour "a": an action card (P-F2)
    "remove": 1.0,  # harbour "b": times the best removal's worth
    "protect": 3.0,  # removal: a card that would evict an own balcony figure
    "vizier": 1.0,  # harbour "c": times the best Vizier move's worth
    "block": 0.5,  # Vizier: per opponent figure blocked (own: minus)
    "unblock": 0.7,  # Vizier: per own figure freed where it stood
    "side_d": 0.0,  # harbour "d": a bonus for the four resources
    "prod": 0.25,  # quarter: its resource per own turn left
    "conv": 0.15,  # quarter: an exchange or bazaar use per own turn left
    "pay": 0.6,  # quarter: per gold paid (P-A5)
    "keep": 2.0,  # figures kept in supply for balconies
    "keep_pen": 3.0,  # placing a figure below `keep`
    "swap": 0.3,  # least gain of an exchange or bazaar swap at the end of the turn
    "seal": 1.0,  # P-V3: sealing an own balcony that a card still threatens
    "noise": 0.0,  # Gumbel noise on harbour, build, quarter and Vizier choices
}
_P = Params("palast player", PARAMS)
FIG = _P.index("fig")
THREAT = _P.index("threat")
EVICT = _P.index("evict")
MARKER = _P.index("marker")
FEE = _P.index("fee")
TREASURY = _P.index("treasury")
END = _P.index("end")
DEFICIT = _P.index("deficit")
STEP = _P.index("step")
NEED = _P.index("need")
RES = _P.index("res")
GOLD = _P.index("gold")
NOW = _P.index("now")
CARD = _P.index("card")
REMOVE = _P.index("remove")
PROTECT = _P.index("protect")
VIZIER = _P.index("vizier")
BLOCK = _P.index("block")
UNBLOCK = _P.index("unblock")
SIDE_D = _P.index("side_d")
PROD = _P.index("prod")
CONV = _P.index("conv")
PAY = _P.index("pay")
KEEP = _P.index("keep")
KEEP_PEN = _P.index("keep_pen")
SWAP = _P.index("swap")
SEAL = _P.index("seal")
NOISE = _P.index("noise")
N_WEIGHTS = _P.done()


def vector(**overrides: float) -> dict[str, float]:
    """The weights with some changed by name (a style's defaults)."""
    unknown = set(overrides) - set(PARAMS)
    if unknown:
        raise ValueError(f"palast player: unknown weights {sorted(unknown)}")
    return PARAMS | overrides


DEFAULTS = np.array(list(PARAMS.values()), dtype=np.float64)
