"""Strategy plug-ins: each module registers jitted decision functions by name."""

from strategies.registry import (
    default_strategy,
    driver_for,
    register,
    resolve,
    seat_arrays,
    strategies,
)

__all__ = ["default_strategy", "driver_for", "register", "resolve", "seat_arrays", "strategies"]
