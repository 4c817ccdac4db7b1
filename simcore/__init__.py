"""palace-lab simulation core: game-agnostic machinery and the game plug-ins."""

from simcore.core.nb import numba_cache as _numba_cache
from simcore.core.nb import numba_compat as _numba_compat

_numba_cache.configure()
_numba_compat.install_inline_patch()
_numba_compat.install_private_linking()
