"""The weights every Taj Mahal strategy's answers are built from (kit.play_nb).

`weighted` registers them as its parameters (`PARAMS`, tunable per seat); the scripted
styles play fixed vectors of the same names (`style`), each blind to part of the game, so
that one evaluator (one source per rule) serves them all. Indices are checked at import
(`Params`): a name without an index, or an index past the vector, fails at once.
"""

import numpy as np

from simcore.core.contract.layout import Params

PARAMS = {  # tuned head to head (docs/games/tajmahal.md, python -m bench.tajmahal tune)
    "card": 1.175,  # cost of playing a coloured card (points it would be worth later)
    "white": 1.575,  # cost of playing a white card (T-P4: 1 point if kept)
    "risk": 0.45,  # chance of losing a lead of 1 to an opponent still in the visit
    "palace": 0.976,  # per palace point (T-P2: 1 + connected provinces)
    "network": 0.35,  # per road from a palace into a province still to be visited
    "bonus": 0.617,  # per point of a bonus tile (T-P1)
    "commodity": 1.55,  # per commodity point (T-P1, T-P3)
    "future": 0.5,  # per commodity of the same kind still to come (it will score 1 more)
    "pair": 1.2,  # completing an influence pair (T-R4), per visit left / 4 + 1
    "half": 1.475,  # a first influence tile of its type
    "points_card": 0.483,  # the +2 special card: per visit left, times its points / 2
    "crown": 0.3,  # the crowned palace beyond its palace worth
    "immediate": 0.725,  # the card drawn for withdrawing without a play (T-A7)
    "depth": 0.15,  # per card of the colour a first play commits to (T-A1a)
    "pick_elephant": 2.375,  # display pick: per elephant on the card
    "pick_mogul": 0.737,  # per grand mogul
    "pick_influence": 0.883,  # per vizier, general, monk or princess
    "pick_white": 1.475,  # a white card's flexibility (T-A1)
    "pick_colour": 0.03,  # per card of the same colour already in hand (T-P4, T-A1a)
    "noise": 0.0,  # Gumbel noise on every option's worth (0 = deterministic)
}
_P = Params("tajmahal weights", PARAMS)
W_CARD = _P.index("card")
W_WHITE = _P.index("white")
W_RISK = _P.index("risk")
W_PALACE = _P.index("palace")
W_NETWORK = _P.index("network")
W_BONUS = _P.index("bonus")
W_COMMODITY = _P.index("commodity")
W_FUTURE = _P.index("future")
W_PAIR = _P.index("pair")
W_HALF = _P.index("half")
W_POINTS_CARD = _P.index("points_card")
W_CROWN = _P.index("crown")
W_IMMEDIATE = _P.index("immediate")
W_DEPTH = _P.index("depth")
W_PICK_ELEPHANT = _P.index("pick_elephant")
W_PICK_MOGUL = _P.index("pick_mogul")
W_PICK_INFLUENCE = _P.index("pick_influence")
W_PICK_WHITE = _P.index("pick_white")
W_PICK_COLOUR = _P.index("pick_colour")
W_NOISE = _P.index("noise")
N_WEIGHTS = _P.done()


# The untuned starting point the scripted styles change (fixed: tuning `weighted` must
# not move them).
STYLE_BASE = dict(zip(PARAMS, (1.2, 1.6, 0.45, 1.0, 0.35, 1.0, 1.0, 0.3, 1.2, 0.6, 0.8, 0.3,
                               1.2, 0.15, 1.0, 0.8, 0.9, 0.6, 0.12, 0.0), strict=True))  # fmt: skip


def style(**changes: float) -> np.ndarray:
    """A fixed weight vector: STYLE_BASE with `changes` (a scripted style)."""
    unknown = set(changes) - set(PARAMS)
    if unknown:
        raise ValueError(f"unknown weights {sorted(unknown)}")
    return np.array([changes.get(k, v) for k, v in STYLE_BASE.items()], dtype=np.float64)
