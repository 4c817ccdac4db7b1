"""Calls between separately compiled numba functions by symbol, not by linking.

numba links the code of every jitted callee into its caller, then optimises and emits
the whole again: a generated driver (simcore/core/nb/driver.py) whose loop, search and
batch functions sit five to ten levels above the engine and the strategies compiled
each of them that many more times, most of a cold compile. A *unit* (module, function,
signature) is instead compiled on its own, cached like any function, and called through
`native()`: an intrinsic that calls an external symbol with numba's own calling
convention (arguments, status and exceptions as for a linked call; numba's internals it
takes are in simcore/core/nb/numba_compat.py). `link()` compiles
or loads the units (simcore/core/nb/precompile.py: on several cores) and binds each symbol
to its machine code; it must run before a caller is compiled or loaded from the cache.
The call itself is an ordinary direct call; only inlining across it is lost, once per
decision: the driver of the commit before units (38432eb^, every strategy linked into the
loop) plays the fastest scripted bot at the same speed (CPU time, 3 processes each: 33,100 against
33,300 games/s). What did cost the strategies their speed was the calls *inside* each
unit, every linked callee kept out of line (simcore/core/nb/numba_compat.py,
install_private_linking).
"""

from __future__ import annotations

import ctypes
import hashlib
import importlib
from collections.abc import Sequence

from simcore.core.nb.numba_compat import (
    bind_symbol,
    jit_disabled,
    overload_address,
    symbol_caller,
)

Unit = tuple[str, str, str]  # (module, function, numba signature)

_BOUND: dict[str, int] = {}
# set in a precompile worker (simcore/core/nb/precompile.py): it compiles callers only for the
# cache, so their units' symbols are bound to a placeholder (machine code in the cache
# refers to symbols by name; the process that runs it binds the real ones)
PLACEHOLDERS = False


def symbol(unit: Unit) -> str:
    """The unit's external name (its signature hashed in: one symbol, one overload)."""
    module, func, sig = unit
    return f"palace_lab.{module}.{func}.{hashlib.sha256(sig.encode()).hexdigest()[:12]}"


def native(module: str, func: str, sig: str):
    """A callable for jitted code that calls unit (module, func, sig) by its symbol
    (`link` binds it); with NUMBA_DISABLE_JIT the Python function itself."""
    if jit_disabled():
        return getattr(importlib.import_module(module), func)
    return symbol_caller(symbol((module, func, sig)), sig)


def link(units: Sequence[Unit]) -> None:
    """Compile (or load from numba's cache) every unit and bind its symbol; units not yet
    cached are compiled in parallel first (simcore/core/nb/precompile.py)."""
    if jit_disabled():
        return
    todo = [u for u in dict.fromkeys(units) if symbol(u) not in _BOUND]
    if not todo:
        return
    from simcore.core.nb.precompile import mark, precompile  # noqa: PLC0415

    if PLACEHOLDERS:
        for unit in todo:
            bind_symbol(symbol(unit), _placeholder())
            _BOUND[symbol(unit)] = 0
        return
    precompile(todo)
    for unit in todo:
        module, func, sig = unit
        address = overload_address(getattr(importlib.import_module(module), func), sig)
        bind_symbol(symbol(unit), address)
        _BOUND[symbol(unit)] = address
    mark(todo)


def _placeholder() -> int:
    """An address that is never called (a worker's compiled code only goes to the cache)."""
    return ctypes.addressof(_PLACE)


_PLACE = (ctypes.c_char * 16)()
