"""Taj Mahal strategies: one module per strategy, registered under game "tajmahal"; shared
pieces of game knowledge in `kit/`."""
