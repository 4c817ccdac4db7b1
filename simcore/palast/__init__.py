"""Saba - Palast der Königin (Fiore & Happel, Goldsieber 2007) as a palace-lab game.

Rule ids P-… refer to `shared/rules/palast-der-koenigin.md`; `plugin.py` is the table of
contents, docs/games/palast.md maps every rule id to code and tests.
"""
