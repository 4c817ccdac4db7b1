"""Maharaja (Kramer & Kiesling, 2004): the first game plug-in of palace-lab (see plugin.py)."""
