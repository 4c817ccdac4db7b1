"""numba's inliner with the shared-memo copy of the callee, and the guard of numba's
internals (simcore/core/nb/numba_compat.py)."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit
from numba.core import inline_closurecall as ic

from simcore.core.nb import numba_compat


@njit(inline="always")
def _clipped_sum(xs, cap):
    total = 0
    for x in xs:  # several blocks and variables: the copy must keep them apart
        if x > cap:
            total += cap
        elif x < 0:
            total -= x
        else:
            total += x
    return total


@njit
def _twice(xs):
    # two call sites: each inlines its own copy, renamed into this function's scope
    return _clipped_sum(xs, 5) * 100 + _clipped_sum(xs[1:], 2)


def test_installed_at_import_and_once():
    assert getattr(ic.InlineWorker, "_palace_lab_inline", False)
    patched = ic.InlineWorker.inline_ir
    assert numba_compat.install_inline_patch()
    assert ic.InlineWorker.inline_ir is patched  # not wrapped twice


def test_inlined_calls_compute_what_python_does():
    xs = np.array([7, -3, 1, 2, 9], dtype=np.int64)
    python = getattr(_twice, "py_func", _twice)  # (itself with NUMBA_DISABLE_JIT)
    assert _twice(xs) == python(xs) == 16 * 100 + 8
    assert numba_compat._MEMOS == []  # each inline_ir's memos are dropped after it


def test_the_tested_range_is_the_pinned_one():
    """pyproject.toml pins numba to the range numba_compat was checked against."""
    import tomllib  # noqa: PLC0415
    from pathlib import Path  # noqa: PLC0415

    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    deps = tomllib.loads(pyproject.read_text())["project"]["dependencies"]
    (pin,) = [d for d in deps if d.startswith("numba")]
    (lo, hi) = (".".join(map(str, v)) for v in numba_compat.TESTED)
    assert pin.replace(" ", "") == f"numba>={lo},<{hi}"
    assert numba_compat.supported()  # this machine's numba is one of them


def test_outside_the_range_the_patch_is_not_installed(monkeypatch):
    monkeypatch.setattr(numba_compat, "numba_version", lambda: (0, 99))
    monkeypatch.setattr(numba_compat, "_WARNED", [])
    monkeypatch.setattr(ic.InlineWorker, "_palace_lab_inline", False)  # as if not yet
    with pytest.warns(RuntimeWarning, match=r"numba >= 0\.60, < 0\.69"):
        assert not numba_compat.install_inline_patch()


def test_the_patch_can_be_switched_off(monkeypatch):
    monkeypatch.setenv(numba_compat.PATCHES_ENV, "0")
    monkeypatch.setattr(ic.InlineWorker, "_palace_lab_inline", False)
    assert not numba_compat.install_inline_patch()


@njit(_nrt=False)
def _walk(xs, ys, zs, k):
    # big enough that LLVM keeps a linkonce_odr copy out of line (a call, with every
    # array passed as its seven fields)
    total = 0
    for i in range(xs.shape[0]):
        a = xs[i]
        for j in range(ys.shape[0]):
            b = ys[j]
            if a > b:
                total += a * k - b
            elif a == b:
                zs[i % zs.shape[0]] += total
            elif a + b > k:
                total -= zs[j % zs.shape[0]] * 3
            else:
                total ^= a * 7 + b * 11
            if total > 1 << 40:
                total = total % 1000003
        zs[i % zs.shape[0]] = total
    return total


@njit(_nrt=False)
def _walk_once(xs, ys, zs):
    return _walk(xs, ys, zs, 5) + 1


@pytest.mark.skipif(numba_compat.jit_disabled(), reason="inspects machine code")
def test_a_linked_callee_called_once_is_inlined():
    """install_private_linking makes the linked copy internal: LLVM inlines it and drops
    the out-of-line copy (with PALACE_LAB_NUMBA_PATCHES=inline the call stays)."""
    xs = np.arange(6, dtype=np.int64)
    ys = np.array([3, 1, 4, 1, 5], dtype=np.int64)
    zs = np.zeros(3, dtype=np.int64)
    expected = _walk.py_func(xs, ys, zs.copy(), 5) + 1
    assert _walk_once(xs, ys, zs) == expected
    (llvm,) = _walk_once.inspect_llvm().values()
    callee = _walk.overloads[_walk.signatures[0]].fndesc.llvm_func_name
    assert numba_compat.patch_wanted("private")
    calls = [line for line in llvm.splitlines() if " call " in line and callee in line]
    assert calls == []  # (neither the original nor its private copy, ".palace_lab_private")
