"""Shared building blocks for Vermächtnis strategies (legal options, card values); never
registered. Rules are asked from the engine's own jitted helpers, never re-implemented."""
