"""Type strings for explicit numba signatures (each helper compiles once, eagerly)."""

I1 = "int64[::1]"  # state, cards, rules, scratch, out
I2 = "int64[:, ::1]"  # event log
U1 = "uint64[::1]"  # random streams
F1 = "float64[::1]"  # strategy parameters
