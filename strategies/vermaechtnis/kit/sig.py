"""The one numba signature of every Vermächtnis strategy's decide_nb."""

from simcore.vermaechtnis.nb.sig import F1, I1, U1

# decide_nb(kind, seat, state, cards, rules, params, rng, scratch, out) -> int64
DECIDE_SIG = f"int64(int64, int64, {I1}, {I1}, {I1}, {F1}, {U1}, {I1}, {I1})"
