"""palace-lab simulation core: game-agnostic machinery and the game plug-ins."""

from simcore.core import numba_cache as _numba_cache

_numba_cache.configure()
