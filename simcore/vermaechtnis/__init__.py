"""Das Vermächtnis des Maharaja (Schacht, Abacusspiele 2017) as a palace-lab game.

Rule ids V-… refer to `shared/rules/vermaechtnis.md`; `plugin.py` is the table of contents.
"""
