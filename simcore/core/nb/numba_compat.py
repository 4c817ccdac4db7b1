"""Every use of numba's private internals, in one module, checked against a tested range.

palace-lab leans on numba beyond its public API in three ways, all of them here:

- calls by symbol (simcore/core/nb/native.py): a compiled overload's machine-code address
  (`Dispatcher.overloads`, `CompileResult.library`, `fndesc.llvm_func_name`), whether a
  dispatcher still compiles (`_can_compile`: not once explicit signatures compiled it),
  and an intrinsic that calls an external symbol with numba's own calling convention
  (`context.call_conv`);
- the inliner's copy of a callee's IR (`install_inline_patch`, below: compile time);
- the linkage of the callees linked into a library (`install_private_linking`, below:
  run time, the strategies about 1.6 times as fast);
- `_nrt=False`, a private option of `njit`: a function that never allocates compiled
  without numba's runtime, so that no call passes arrays through atomic reference-count
  updates (they took a third of the run time). `njit_static` is that decorator;
- a cache locator (`install_cache_locator`, below): the freshness of a cached function
  is its file's import closure (simcore/core/nb/source_closure.py), not its file alone.

`TESTED` is the numba range these were checked against (the same as pyproject.toml's
pin; each name below exists with the same meaning in 0.60 through 0.68). Outside it
`check()` warns once; the inline patch, an optimisation only, is then not installed, and
a call by symbol that no longer finds what it needs fails with a message naming the
range. PALACE_LAB_NUMBA_PATCHES (a comma list of patches, default `inline,private`; 0
for none) leaves numba as it is (for a comparison or a numba release that breaks them).
"""

from __future__ import annotations

import copy
import os
import types
import warnings
from collections.abc import Callable
from typing import Any

TESTED = ((0, 60), (0, 69))  # numba >= 0.60, < 0.69 (pyproject.toml)
PATCHES_ENV = "PALACE_LAB_NUMBA_PATCHES"

PATCHES = ("inline", "private")  # install_inline_patch, install_private_linking

_WARNED: list[bool] = []


def patch_wanted(name: str) -> bool:
    """Whether patch `name` is to be installed: numba in the tested range and the name
    in PALACE_LAB_NUMBA_PATCHES (a comma list; default every patch, 0 none)."""
    wanted = os.environ.get(PATCHES_ENV, ",".join(PATCHES)).split(",")
    return name in wanted and check()


def numba_version() -> tuple[int, int]:
    import numba  # noqa: PLC0415

    major, minor = numba.__version__.split(".")[:2]
    return int(major), int("".join(c for c in minor if c.isdigit()) or 0)


def supported() -> bool:
    """Whether the installed numba is in the tested range."""
    return TESTED[0] <= numba_version() < TESTED[1]


def check() -> bool:
    """Warn once if numba is outside the tested range; returns whether it is inside."""
    ok = supported()
    if not ok and not _WARNED:
        _WARNED.append(True)
        lo, hi = (".".join(map(str, v)) for v in TESTED)
        warnings.warn(
            f"palace-lab was tested with numba >= {lo}, < {hi}; this is numba "
            f"{'.'.join(map(str, numba_version()))} (its calls by symbol may fail)",
            RuntimeWarning,
            stacklevel=2,
        )
    return ok


def _broken(what: str) -> RuntimeError:
    lo, hi = (".".join(map(str, v)) for v in TESTED)
    return RuntimeError(
        f"numba {'.'.join(map(str, numba_version()))} no longer provides {what}, which "
        f"palace-lab relies on; install numba >= {lo}, < {hi}"
    )


# --- configuration --------------------------------------------------------------------


def jit_disabled() -> bool:
    """NUMBA_DISABLE_JIT: every jitted function runs as Python."""
    from numba.core import config  # noqa: PLC0415

    return bool(config.DISABLE_JIT)


def cache_dir() -> str:
    """numba's cache directory ('' if none is set)."""
    from numba.core import config  # noqa: PLC0415

    return config.CACHE_DIR or ""


def njit_static(*args: Any, **kwargs: Any) -> Callable:
    """`njit` for a function that never allocates: without numba's runtime (`_nrt=False`),
    so that its calls pass arrays without reference counting. A function that allocates
    (np.zeros, .copy()) must use plain `njit`: numba refuses to compile it this way."""
    from numba import njit  # noqa: PLC0415

    return njit(*args, _nrt=False, **kwargs)


# --- calls by symbol (simcore/core/nb/native.py) -----------------------------------------


def arg_types(sig: str) -> tuple:
    """The argument types of a numba signature string."""
    from numba.core import sigutils  # noqa: PLC0415

    return tuple(sigutils.normalize_signature(sig)[0])


def can_compile(dispatcher: Any) -> bool:
    """Whether the dispatcher compiles new signatures (not once fixed by explicit ones)."""
    return bool(getattr(dispatcher, "_can_compile", True))


def overload_address(dispatcher: Any, sig: str) -> int:
    """Compile (or load from the cache) the dispatcher's overload for `sig`; its address."""
    args = arg_types(sig)
    if args not in dispatcher.overloads:  # (one with explicit signatures compiles no more)
        dispatcher.compile(sig)
    cres = dispatcher.overloads[args]
    try:
        return cres.library.get_pointer_to_function(cres.fndesc.llvm_func_name)
    except AttributeError as e:  # pragma: no cover - another numba
        raise _broken("a compiled overload's library and function name") from e


def bind_symbol(name: str, address: int) -> None:
    """Make `name` resolve to `address` in code linked from now on (llvmlite's public API)."""
    from llvmlite import binding  # noqa: PLC0415

    binding.add_symbol(name, address)


def symbol_caller(name: str, sig: str) -> Callable:
    """An intrinsic of the signature's arity that calls the external symbol `name` with
    numba's calling convention; the callee's error status (a raised exception) is
    propagated as numba does for its own calls."""
    from numba.core import cgutils, sigutils, types  # noqa: PLC0415
    from numba.extending import intrinsic  # noqa: PLC0415

    args, restype = sigutils.normalize_signature(sig)

    def typer(given):
        if tuple(types.unliteral(a) for a in given) != tuple(args):
            raise TypeError(f"{name}: arguments {given}, the unit takes {args}")

        def codegen(context, builder, _sig, values):
            try:
                conv = context.call_conv
                values = [context.cast(builder, v, a, b) for v, a, b in zip(values, given, args)]
                fnty = conv.get_function_type(restype, args)
                fn = cgutils.get_or_insert_function(builder.module, fnty, name)
                status, res = conv.call_function(builder, fn, restype, args, values)
                with cgutils.if_unlikely(builder, status.is_error):
                    conv.return_status_propagate(builder, status)
            except AttributeError as e:  # pragma: no cover - another numba
                raise _broken("its calling convention (context.call_conv)") from e
            return res

        return restype(*given), codegen  # (a literal argument is cast to its type)

    # numba types an intrinsic by its Python signature: one named parameter per argument
    names = ", ".join(f"a{i}" for i in range(len(args)))
    scope = {"typer": typer}
    exec(f"def call(typingctx, {names}):\n    return typer(({names},))", scope)  # noqa: S102
    return intrinsic(scope["call"])


# --- the inliner's copy of a callee ---------------------------------------------------
#
# numba copies an inlined callee's IR (`inline="always"`) twice per call site, each block
# with its own `copy.deepcopy`: every block copies the whole variable scope again, so a
# copy costs blocks x variables. Here the blocks of one IR share one memo: one copy of the
# scope, as in the original, where every block refers to the same scope. The inliner is
# unchanged otherwise and the machine code is the same (the LLVM IR is identical).

_MEMOS: list[dict[int, dict]] = []  # per inline_ir call being run: scope id -> memo


def install_inline_patch() -> bool:
    """Patch numba's InlineWorker (once); returns whether it is patched. Not patched
    outside the tested range, if PALACE_LAB_NUMBA_PATCHES leaves it out, or if the
    inliner is not laid out as expected."""
    if not patch_wanted("inline"):
        return False
    try:
        from numba.core import inline_closurecall as ic  # noqa: PLC0415
        from numba.core import ir  # noqa: PLC0415
    except ImportError:  # pragma: no cover - numba is a hard dependency
        return False
    worker = getattr(ic, "InlineWorker", None)
    if getattr(worker, "_palace_lab_inline", False):
        return True
    if worker is None or getattr(ic, "copy", None) is not copy:
        return False

    def deepcopy(x, memo=None):
        if memo is None and _MEMOS and isinstance(x, ir.Block):
            # the scope's id is stable: the IR being copied is alive during inline_ir
            memo = _MEMOS[-1].setdefault(id(x.scope), {})
        return copy.deepcopy(x, memo)

    inline_ir = worker.inline_ir

    def shared_memo_inline_ir(self, *args, **kwargs):
        _MEMOS.append({})
        try:
            return inline_ir(self, *args, **kwargs)
        finally:
            _MEMOS.pop()

    # the module's only deepcopy is inline_ir's copy of the callee's blocks
    ic.copy = types.SimpleNamespace(deepcopy=deepcopy)
    worker.inline_ir = shared_memo_inline_ir
    worker._palace_lab_inline = True
    return True


# --- linked callees private to their caller -------------------------------------------
#
# numba compiles every jitted function into its own library and links the libraries of
# its callees into it, as `linkonce_odr` copies (another library may hold the same
# function). LLVM's inliner then treats every callee as one that may be called from
# elsewhere, and leaves any but the smallest as a call: with numba's calling convention
# each array argument is passed as its seven fields, so a strategy's decision spent
# more time handing its arrays down than in some of the functions it called. Here
# the linked copies are made `internal` (and renamed) before the library is optimised: a
# copy is private to the library (a caller that needs the function links its own copy),
# so LLVM inlines a callee called once and drops the out-of-line copy. The library's own
# functions keep their linkage (calls by symbol, the Python wrapper). Integer and
# float results are the same (no fast-math: LLVM reorders no float operation).


_PRIVATE = ".palace_lab_private"


def install_private_linking() -> bool:
    """Patch numba's CPUCodeLibrary (once); returns whether it is patched. Not patched
    outside the tested range, if PALACE_LAB_NUMBA_PATCHES leaves it out, or if numba's
    code library is not laid out as expected."""
    if not patch_wanted("private"):
        return False
    try:
        import llvmlite.binding as ll  # noqa: PLC0415
        from numba.core import codegen  # noqa: PLC0415
    except ImportError:  # pragma: no cover - numba is a hard dependency
        return False
    library = getattr(codegen, "CPUCodeLibrary", None)
    optimize = getattr(library, "_optimize_final_module", None)
    if optimize is None:
        return False
    if getattr(optimize, "_palace_lab_private", False):
        return True

    def optimize_private(self):
        for fn in self._final_module.functions:
            if not fn.is_declaration and fn.linkage == ll.Linkage.linkonce_odr:
                fn.linkage = ll.Linkage.internal
                # renamed: LLVM may change a private copy's arguments and calling
                # convention, and the JIT finds a function by name in any module (an
                # address looked up by name, a call by symbol, must be the original)
                fn.name = fn.name + _PRIVATE
        return optimize(self)

    optimize_private._palace_lab_private = True
    library._optimize_final_module = optimize_private
    return True


# --- the cache's freshness stamp ------------------------------------------------------
#
# numba finds where a function is cached with the first of its locator classes that
# accepts the function; the one for NUMBA_CACHE_DIR stamps an index with its file's
# content, and an index whose stamp differs is stale: its entries are compiled again and
# written over in place (the cache does not grow with edits). The locator here is that
# one, but with the stamp of `stamp(file)`: the file and every module it imports.


def install_cache_locator(stamp: Callable[[str], Any]) -> bool:
    """Put a locator first among numba's (once) whose source stamp is `stamp(file)`;
    returns whether it is installed (not if numba's caching is not laid out as expected,
    or NUMBA_CACHE_LOCATOR_CLASSES chooses the locators)."""
    try:
        from numba.core import caching  # noqa: PLC0415
    except ImportError:  # pragma: no cover - numba is a hard dependency
        return False
    impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)
    base = getattr(caching, "UserProvidedCacheLocator", None) or getattr(
        caching, "_UserProvidedCacheLocator", None
    )
    classes = getattr(impl, "_locator_classes", None)
    if base is None or not isinstance(classes, list):
        return False
    if classes and getattr(classes[0], "_palace_lab_stamp", None) is not None:
        classes[0]._palace_lab_stamp = staticmethod(stamp)
        return True

    class ClosureStampLocator(base):
        _palace_lab_stamp = staticmethod(stamp)

        def get_source_stamp(self):
            return self._palace_lab_stamp(self._py_file)

    classes.insert(0, ClosureStampLocator)
    return True
