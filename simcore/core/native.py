"""Calls between separately compiled numba functions by symbol, not by linking.

numba links the code of every jitted callee into its caller, then optimises and emits
the whole again: a generated driver (simcore/core/driver.py) whose loop, search and
batch functions sit five to ten levels above the engine and the strategies compiled
each of them that many more times, most of a cold compile. A *unit* (module, function,
signature) is instead compiled on its own, cached like any function, and called through
`native()`: an intrinsic that calls an external symbol with numba's own calling
convention (arguments, status and exceptions as for a linked call). `link()` compiles
or loads the units (simcore/core/precompile.py: on several cores) and binds each symbol
to its machine code; it must run before a caller is compiled or loaded from the cache.
The call itself is an ordinary direct call; only inlining across it is lost (a call per
decision: `python -m bench.engine --compare` shows no change for the registered
strategies, and about 12% fewer games/s for the bench's trivial one, which does nothing).
"""

from __future__ import annotations

import ctypes
import hashlib
import importlib
from collections.abc import Sequence

Unit = tuple[str, str, str]  # (module, function, numba signature)

_BOUND: dict[str, int] = {}
# set in a precompile worker (simcore/core/precompile.py): it compiles callers only for the
# cache, so their units' symbols are bound to a placeholder (machine code in the cache
# refers to symbols by name; the process that runs it binds the real ones)
PLACEHOLDERS = False


def jit_disabled() -> bool:
    from numba.core import config  # noqa: PLC0415

    return bool(config.DISABLE_JIT)


def symbol(unit: Unit) -> str:
    """The unit's external name (its signature hashed in: one symbol, one overload)."""
    module, func, sig = unit
    return f"palace_lab.{module}.{func}.{hashlib.sha256(sig.encode()).hexdigest()[:12]}"


def native(module: str, func: str, sig: str):
    """A callable for jitted code that calls unit (module, func, sig) by its symbol
    (`link` binds it); with NUMBA_DISABLE_JIT the Python function itself."""
    if jit_disabled():
        return getattr(importlib.import_module(module), func)
    return _caller(symbol((module, func, sig)), sig)


def link(units: Sequence[Unit]) -> None:
    """Compile (or load from numba's cache) every unit and bind its symbol; units not yet
    cached are compiled in parallel first (simcore/core/precompile.py)."""
    if jit_disabled():
        return
    todo = [u for u in dict.fromkeys(units) if symbol(u) not in _BOUND]
    if not todo:
        return
    from llvmlite import binding  # noqa: PLC0415
    from numba.core import sigutils  # noqa: PLC0415

    from simcore.core.precompile import mark, precompile  # noqa: PLC0415

    if PLACEHOLDERS:
        for unit in todo:
            binding.add_symbol(symbol(unit), _placeholder())
            _BOUND[symbol(unit)] = 0
        return
    precompile(todo)
    for unit in todo:
        module, func, sig = unit
        dispatcher = getattr(importlib.import_module(module), func)
        args = tuple(sigutils.normalize_signature(sig)[0])
        if args not in dispatcher.overloads:  # (one with explicit signatures compiles no more)
            dispatcher.compile(sig)
        cres = dispatcher.overloads[args]
        address = cres.library.get_pointer_to_function(cres.fndesc.llvm_func_name)
        binding.add_symbol(symbol(unit), address)
        _BOUND[symbol(unit)] = address
    mark(todo)


def _placeholder() -> int:
    """An address that is never called (a worker's compiled code only goes to the cache)."""
    return ctypes.addressof(_PLACE)


_PLACE = (ctypes.c_char * 16)()


def _caller(name: str, sig: str):
    """An intrinsic of the signature's arity: the call, with the callee's error status
    (a raised exception) propagated as numba does for its own calls."""
    from numba.core import cgutils, sigutils, types  # noqa: PLC0415
    from numba.extending import intrinsic  # noqa: PLC0415

    args, restype = sigutils.normalize_signature(sig)

    def typer(given):
        if tuple(types.unliteral(a) for a in given) != tuple(args):
            raise TypeError(f"{name}: arguments {given}, the unit takes {args}")

        def codegen(context, builder, _sig, values):
            values = [context.cast(builder, v, a, b) for v, a, b in zip(values, given, args)]
            fnty = context.call_conv.get_function_type(restype, args)
            fn = cgutils.get_or_insert_function(builder.module, fnty, name)
            status, res = context.call_conv.call_function(builder, fn, restype, args, values)
            with cgutils.if_unlikely(builder, status.is_error):
                context.call_conv.return_status_propagate(builder, status)
            return res

        return restype(*given), codegen  # (a literal argument is cast to its type)

    # numba types an intrinsic by its Python signature: one named parameter per argument
    names = ", ".join(f"a{i}" for i in range(len(args)))
    scope = {"typer": typer}
    exec(f"def call(typingctx, {names}):\n    return typer(({names},))", scope)  # noqa: S102
    return intrinsic(scope["call"])
