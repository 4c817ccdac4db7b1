"""Maharaja strategies: one module per strategy, registered under game "maharaja"; shared
pieces of Maharaja knowledge in `kit/`."""
