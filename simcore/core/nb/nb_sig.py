"""numba signature strings every game shares: the arrays of the driver protocol and the one
signature of a strategy's decide_nb (explicit signatures compile each function once,
eagerly, instead of once per literal argument type)."""

I1 = "int64[::1]"  # state, board/data, rules, scratch, out
I2 = "int64[:, ::1]"  # event log
U1 = "uint64[::1]"  # random streams
F1 = "float64[::1]"  # strategy parameters

# decide_nb(kind, seat, state, board, rules, params, rng, scratch, out) -> int64
DECIDE_SIG = f"int64(int64, int64, {I1}, {I1}, {I1}, {F1}, {U1}, {I1}, {I1})"
