"""The one numba signature of every strategy's decide_nb (docs/STRATEGIES.md; the decision kinds: docs/games/maharaja.md)."""

from simcore.maharaja.nb.sig import F1, I1, U1

# decide_nb(kind, seat, state, board, rules, params, rng, scratch, out) -> int64
DECIDE_SIG = f"int64(int64, int64, {I1}, {I1}, {I1}, {F1}, {U1}, {I1}, {I1})"
