"""Vermächtnis strategies: one module per strategy, registered under game "vermaechtnis";
shared pieces of game knowledge in `kit/`."""
