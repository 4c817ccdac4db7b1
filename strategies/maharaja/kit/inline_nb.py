"""Inlined twins of engine look-ups that strategies call in their hottest loops (speed).

Each is the engine's own Python function compiled again with `inline="always"`, so it
computes exactly what the engine function does, without a call per city and player.
"""

from simcore.core.nb.numba_compat import njit_static
from simcore.maharaja.nb.governor_nb import governor_target_nb
from simcore.maharaja.nb.scoring_nb import city_points_nb
from strategies.maharaja.kit.track_nb import rounds_until_scored_nb


def _inlined(f):
    """f's Python source compiled to be inlined (f itself when jit is disabled)."""
    return njit_static(inline="always")(getattr(f, "py_func", f))


city_points_inl_nb = _inlined(city_points_nb)
governor_target_inl_nb = _inlined(governor_target_nb)
rounds_until_scored_inl_nb = _inlined(rounds_until_scored_nb)
