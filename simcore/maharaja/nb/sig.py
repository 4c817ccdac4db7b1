"""Type strings for explicit numba signatures.

Explicit signatures compile each helper once, eagerly, instead of once per
literal argument type (which doubled the cold compile in an earlier engine).
"""

I1 = "int64[::1]"  # state, board, rules, scratch, out
I2 = "int64[:, ::1]"  # event log
U1 = "uint64[::1]"  # random streams
F1 = "float64[::1]"  # strategy parameters
