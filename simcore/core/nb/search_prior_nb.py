"""The uniform prior hook (simcore/core/nb/search_nb.py's `prior_nb`) for a game whose
policy has no ranking of its candidates: every score 0, so `width` keeps the policy's own
answer and the first candidates. Such a game leaves `width` at 0 (every candidate)."""

from simcore.core.nb.numba_compat import njit_static


@njit_static(cache=True)
def prior_nb(kind, seat, view, board, rules, pparams, scratch, cands, n, scores):
    for c in range(n):
        scores[c] = 0.0
