"""A strategy's valuation of the characters, with shared defaults (M-K1..M-K7).

Strategies pass their own vector (one value per character, Mogul first); a
shorter vector (e.g. an empty slice) falls back to DEFAULT_VALUES for the rest.
"""

from simcore.core.nb.numba_compat import njit_static

# the `weighted` strategy's default preferences: Mogul, Merchant, Sadhu, Monk, Builder,
# Artist, Yogi
DEFAULT_VALUES = (5.0, 2.0, 1.5, 2.5, 2.0, 4.0, 1.0)


@njit_static(cache=True)
def char_value_nb(vals, k):
    if k < vals.shape[0]:
        return vals[k]
    if 0 <= k < len(DEFAULT_VALUES):
        return DEFAULT_VALUES[k]
    return 0.0
