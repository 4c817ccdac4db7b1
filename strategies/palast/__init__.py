"""Palast strategies: one module per strategy, registered under game "palast"."""
