"""Strategy plug-ins: each module registers jitted decision functions by name."""

from strategies.registry import driver_for, register, resolve, seat_arrays, strategies

__all__ = ["driver_for", "register", "resolve", "seat_arrays", "strategies"]
