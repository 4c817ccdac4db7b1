"""Taj Mahal (Knizia, alea 2000) as a palace-lab game: rules, data files and engine.

Rule ids T-… refer to `shared/rules/taj-mahal.md`; docs/games/tajmahal.md maps every id to
its code and test. Not registered yet (no plugin.py): the engine is wired onto the shared
game skeleton in a later step.
"""
