"""Shared Palast game knowledge for strategies: a target card, what it still needs, and
the parametric scoring every scripted Palast strategy is a preset of (plan_nb.py)."""
