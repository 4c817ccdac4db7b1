"""numba's inliner with the shared-memo copy of the callee (simcore/core/numba_inline.py)."""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.core import inline_closurecall as ic

from simcore.core import numba_inline


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
    assert numba_inline.install()
    assert ic.InlineWorker.inline_ir is patched  # not wrapped twice


def test_inlined_calls_compute_what_python_does():
    xs = np.array([7, -3, 1, 2, 9], dtype=np.int64)
    python = getattr(_twice, "py_func", _twice)  # (itself with NUMBA_DISABLE_JIT)
    assert _twice(xs) == python(xs) == 16 * 100 + 8
    assert numba_inline._MEMOS == []  # each inline_ir's memos are dropped after it
