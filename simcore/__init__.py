"""palace-lab simulation core: game-agnostic machinery and the game plug-ins."""

from simcore.core import numba_cache as _numba_cache
from simcore.core import numba_inline as _numba_inline

_numba_cache.configure()
_numba_inline.install()
